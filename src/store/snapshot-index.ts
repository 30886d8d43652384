// The in-memory search index over snapshot summaries. Pure data structure, no I/O: the store feeds
// it from the `snapshot_index` namespace and keeps it in sync (see snapshot-sync.ts).
//
// Why it is fast at 100,000 snapshots:
// - entries are kept in ascending (createdAt, id) order, so "newest first" is a backwards walk;
//   records almost always arrive in order, and the rare late one only marks the list for a sort
//   at the next search;
// - gene search reads a posting list (upper-cased symbol -> entries), not every panel;
// - disease text is interned: a substring query is tested once per DISTINCT disease context
//   (hundreds or thousands), then entries are checked with one typed-array lookup each.
// Memory: gene symbols, tools and disease texts are interned (one string per distinct value, not
// one per panel), which roughly halves the heap of a 100,000-snapshot index.
//
// A base part may sit under the entries: the index as it was saved to disk, in columns
// (snapshot-index-frozen.ts). Searches walk both newest first; entries added since (rows written
// after the file) live in the structures below. A CLI search then builds no object per snapshot.
import type { FrozenPart } from './snapshot-index-frozen.js';

export interface SnapshotSummary {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  tool: string;
  genes: string[];
  diseaseContext: string;
  qualityScore: number;
}

/** Who saved a snapshot: `local` (the operator: CLI, stdio), `anonymous`, or `key:<key id>`. */
export type SnapshotOwner = string;
export const LOCAL_OWNER: SnapshotOwner = 'local';
export const ANONYMOUS_OWNER: SnapshotOwner = 'anonymous';

/** A summary with the owner its record names (what the frozen index keeps per entry). */
export interface OwnedSummary {
  summary: SnapshotSummary;
  owner: SnapshotOwner;
}

export interface IndexQuery {
  /** Only snapshots of this owner; omitted: every snapshot (the local operator's view). */
  owner?: SnapshotOwner;
  /** Case-insensitive substring of the disease context. */
  disease?: string;
  /** Exact symbol, compared upper-cased. */
  gene?: string;
  limit: number;
}

export interface IndexHits {
  snapshots: SnapshotSummary[];
  total: number;
}

interface Entry {
  summary: SnapshotSummary;
  /** createdAt in ms: numbers compare much faster than strings when 100,000 entries are sorted. */
  t: number;
  disease: number;
  owner: SnapshotOwner;
}

interface GeneSlot {
  name: string;
  key: string;
  /** Shared by every spelling with the same key (TP53, tp53). */
  list: Entry[];
}

export class SnapshotIndex {
  private readonly byId = new Map<string, Entry>();
  private entries: Entry[] = [];
  private sorted = true;
  private readonly byGene = new Map<string, Entry[]>();
  private readonly unsortedGenes = new Set<string>();
  private readonly diseaseIds = new Map<string, number>();
  private readonly diseases: string[] = [];
  /** Symbol as stored -> its canonical string, search key and posting list (one lookup per gene). */
  private readonly geneNames = new Map<string, GeneSlot>();
  private readonly strings = new Map<string, string>();
  private base: FrozenPart | undefined;

  get size(): number {
    return this.byId.size + (this.base?.count ?? 0);
  }

  has(id: string): boolean {
    return this.byId.has(id) || (this.base?.ids().has(id) ?? false);
  }

  hasGene(symbol: string, owner?: SnapshotOwner): boolean {
    const key = geneKey(symbol);
    const list = this.byGene.get(key);
    if (list && (owner === undefined || list.some((e) => e.owner === owner))) return true;
    const base = this.base;
    if (!base?.hasKey(key)) return false;
    if (owner === undefined) return true;
    const wanted = base.ownerIndex(owner);
    return wanted !== undefined && base.entriesOf(key).some((e) => base.ownerOf(e) === wanted);
  }

  /** Clears the index and puts `base` (read from disk) under it. */
  setBase(base: FrozenPart): void {
    this.clear();
    this.base = base;
  }

  /** Entries added on top of the base (what a fresh save of the index would add). */
  get added(): number {
    return this.byId.size;
  }

  /** Every summary with its owner, in chronological order (createdAt, then id): what is saved to disk. */
  all(): OwnedSummary[] {
    const out: OwnedSummary[] = [];
    const base = this.base;
    if (base) for (let e = 0; e < base.count; e++) out.push({ summary: base.summary(e), owner: base.ownerName(base.ownerOf(e)) });
    for (const entry of this.sortedEntries()) out.push({ summary: entry.summary, owner: entry.owner });
    return base && this.byId.size ? out.sort((a, b) => bySummaryOrder(a.summary, b.summary)) : out;
  }

  /** Adds a summary; false when that id is already indexed (index records never change). */
  add(summary: SnapshotSummary, owner: SnapshotOwner = LOCAL_OWNER): boolean {
    if (this.has(summary.id)) return false;
    const slots = summary.genes.map((g) => this.gene(g));
    const stored: SnapshotSummary = {
      id: summary.id,
      createdAt: summary.createdAt,
      tool: this.intern(summary.tool),
      genes: slots.map((slot) => slot.name),
      diseaseContext: this.intern(summary.diseaseContext),
      qualityScore: summary.qualityScore,
    };
    const entry: Entry = {
      summary: stored,
      t: Date.parse(stored.createdAt) || 0,
      disease: this.internDisease(stored.diseaseContext),
      owner: this.intern(owner),
    };
    this.byId.set(stored.id, entry);
    const last = this.entries[this.entries.length - 1];
    if (last && before(entry, last)) this.sorted = false;
    this.entries.push(entry);
    for (const { key, list } of slots) {
      const tail = list[list.length - 1];
      if (tail === entry) continue; // the same symbol twice in one panel
      if (tail && before(entry, tail)) this.unsortedGenes.add(key);
      list.push(entry);
    }
    return true;
  }

  clear(): void {
    this.base = undefined;
    this.byId.clear();
    this.entries = [];
    this.sorted = true;
    this.byGene.clear();
    this.unsortedGenes.clear();
    this.diseaseIds.clear();
    this.diseases.length = 0;
    this.geneNames.clear();
    this.strings.clear();
  }

  search(query: IndexQuery): IndexHits {
    const key = query.gene === undefined ? undefined : geneKey(query.gene);
    const candidates = key === undefined ? this.sortedEntries() : this.sortedGene(key);
    const needle = query.disease === undefined ? undefined : normaliseDisease(query.disease);
    const mask = needle === undefined ? undefined : this.diseaseMask(needle);
    const base = this.base;
    const baseHits = base ? (key === undefined ? undefined : base.entriesOf(key)) : new Int32Array(0);
    const baseCount = base ? (baseHits ? baseHits.length : base.count) : 0;
    const baseAt = (j: number) => (baseHits ? (baseHits[j] as number) : j);
    const baseMask = base && needle !== undefined ? base.diseaseMask(needle) : undefined;
    const baseMatches = (e: number) => !baseMask || baseMask[base!.diseaseOf(e)] === 1;
    // The owner as an index into the base's owner table (-1: none of the base's entries is theirs).
    const baseOwner = base && query.owner !== undefined ? (base.ownerIndex(query.owner) ?? -1) : undefined;
    const snapshots: SnapshotSummary[] = [];
    let total = 0;
    // Newest first over both parts: the later of the two heads goes next.
    let i = candidates.length - 1;
    let j = baseCount - 1;
    while (i >= 0 || j >= 0) {
      const entry = i >= 0 ? (candidates[i] as Entry) : undefined;
      const e = j >= 0 ? baseAt(j) : -1;
      const takeBase = e >= 0 && (!entry || baseIsLater(base!, e, entry));
      if (takeBase) {
        j--;
        if (!baseMatches(e)) continue;
        if (baseOwner !== undefined && base!.ownerOf(e) !== baseOwner) continue;
        total++;
        if (snapshots.length < query.limit) snapshots.push(base!.summary(e));
      } else {
        i--;
        if (mask && mask[entry!.disease] !== 1) continue;
        if (query.owner !== undefined && entry!.owner !== query.owner) continue;
        total++;
        // Copies: callers may change what they get without touching the index.
        if (snapshots.length < query.limit) snapshots.push({ ...entry!.summary, genes: [...entry!.summary.genes] });
      }
    }
    return { snapshots, total };
  }

  // Late records are sorted in when a search needs the list, and only that list: after a cold load
  // with many late arrivals, a gene search sorts one posting list, not all of them.
  private sortedEntries(): Entry[] {
    if (!this.sorted) {
      this.entries.sort(byOrder);
      this.sorted = true;
    }
    return this.entries;
  }

  private sortedGene(key: string): Entry[] {
    const list = this.byGene.get(key);
    if (!list) return [];
    if (this.unsortedGenes.delete(key)) list.sort(byOrder);
    return list;
  }

  private gene(symbol: string): GeneSlot {
    let slot = this.geneNames.get(symbol);
    if (!slot) {
      const key = geneKey(symbol);
      let list = this.byGene.get(key);
      if (!list) {
        list = [];
        this.byGene.set(key, list);
      }
      slot = { name: symbol, key, list };
      this.geneNames.set(symbol, slot);
    }
    return slot;
  }

  private intern(text: string): string {
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    this.strings.set(text, text);
    return text;
  }

  private internDisease(text: string): number {
    const key = normaliseDisease(text);
    let id = this.diseaseIds.get(key);
    if (id === undefined) {
      id = this.diseases.length;
      this.diseases.push(key);
      this.diseaseIds.set(key, id);
    }
    return id;
  }

  private diseaseMask(needle: string): Uint8Array {
    const mask = new Uint8Array(this.diseases.length);
    for (let i = 0; i < this.diseases.length; i++) if ((this.diseases[i] as string).includes(needle)) mask[i] = 1;
    return mask;
  }
}

export function geneKey(symbol: string): string {
  return symbol.trim().toUpperCase();
}

/** Lower case, single spaces: "Breast  Cancer" matches "breast cancer". */
export function normaliseDisease(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Chronological: createdAt, then id. */
function before(a: Entry, b: Entry): boolean {
  return a.t < b.t || (a.t === b.t && a.summary.id < b.summary.id);
}

/** Base entry `e` sorts after `entry` (createdAt, then id). */
function baseIsLater(base: FrozenPart, e: number, entry: Entry): boolean {
  const t = base.t[e] as number;
  return t > entry.t || (t === entry.t && base.id(e) > entry.summary.id);
}

function bySummaryOrder(a: SnapshotSummary, b: SnapshotSummary): number {
  const ta = Date.parse(a.createdAt) || 0;
  const tb = Date.parse(b.createdAt) || 0;
  return ta - tb || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function byOrder(a: Entry, b: Entry): number {
  return a.t - b.t || (a.summary.id < b.summary.id ? -1 : a.summary.id > b.summary.id ? 1 : 0);
}
