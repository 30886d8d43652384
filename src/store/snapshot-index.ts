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

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  hasGene(symbol: string, owner?: SnapshotOwner): boolean {
    const list = this.byGene.get(geneKey(symbol));
    if (!list) return false;
    return owner === undefined || list.some((e) => e.owner === owner);
  }

  /** Adds a summary; false when that id is already indexed (index records never change). */
  add(summary: SnapshotSummary, owner: SnapshotOwner = LOCAL_OWNER): boolean {
    if (this.byId.has(summary.id)) return false;
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
    const candidates = query.gene === undefined ? this.sortedEntries() : this.sortedGene(geneKey(query.gene));
    const mask = query.disease === undefined ? undefined : this.diseaseMask(normaliseDisease(query.disease));
    const snapshots: SnapshotSummary[] = [];
    let total = 0;
    for (let i = candidates.length - 1; i >= 0; i--) {
      const entry = candidates[i] as Entry;
      if (mask && mask[entry.disease] !== 1) continue;
      if (query.owner !== undefined && entry.owner !== query.owner) continue;
      total++;
      // Copies: callers may change what they get without touching the index.
      if (snapshots.length < query.limit) snapshots.push({ ...entry.summary, genes: [...entry.summary.genes] });
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

function byOrder(a: Entry, b: Entry): number {
  return a.t - b.t || (a.summary.id < b.summary.id ? -1 : a.summary.id > b.summary.id ? 1 : 0);
}
