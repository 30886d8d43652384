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

export interface SnapshotSummary {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  tool: string;
  genes: string[];
  diseaseContext: string;
  qualityScore: number;
}

export interface IndexQuery {
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
  /** createdAt + id: ISO strings of one format compare chronologically as strings. */
  order: string;
  disease: number;
}

export class SnapshotIndex {
  private readonly byId = new Map<string, Entry>();
  private entries: Entry[] = [];
  private sorted = true;
  private readonly byGene = new Map<string, Entry[]>();
  private readonly unsortedGenes = new Set<string>();
  private readonly diseaseIds = new Map<string, number>();
  private readonly diseases: string[] = [];

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  hasGene(symbol: string): boolean {
    return this.byGene.has(geneKey(symbol));
  }

  /** Adds a summary; false when that id is already indexed (index records never change). */
  add(summary: SnapshotSummary): boolean {
    if (this.byId.has(summary.id)) return false;
    const entry: Entry = { summary, order: `${summary.createdAt} ${summary.id}`, disease: this.internDisease(summary.diseaseContext) };
    this.byId.set(summary.id, entry);
    const last = this.entries[this.entries.length - 1];
    if (last && last.order > entry.order) this.sorted = false;
    this.entries.push(entry);
    for (const gene of new Set(summary.genes.map(geneKey))) {
      let list = this.byGene.get(gene);
      if (!list) {
        list = [];
        this.byGene.set(gene, list);
      }
      const tail = list[list.length - 1];
      if (tail && tail.order > entry.order) this.unsortedGenes.add(gene);
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
  }

  search(query: IndexQuery): IndexHits {
    this.settle();
    const candidates = query.gene === undefined ? this.entries : (this.byGene.get(geneKey(query.gene)) ?? []);
    const mask = query.disease === undefined ? undefined : this.diseaseMask(normaliseDisease(query.disease));
    const snapshots: SnapshotSummary[] = [];
    let total = 0;
    for (let i = candidates.length - 1; i >= 0; i--) {
      const entry = candidates[i] as Entry;
      if (mask && mask[entry.disease] !== 1) continue;
      total++;
      if (snapshots.length < query.limit) snapshots.push(entry.summary);
    }
    return { snapshots, total };
  }

  private settle(): void {
    if (!this.sorted) {
      this.entries.sort(byOrder);
      this.sorted = true;
    }
    for (const gene of this.unsortedGenes) this.byGene.get(gene)?.sort(byOrder);
    this.unsortedGenes.clear();
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

function byOrder(a: Entry, b: Entry): number {
  return a.order < b.order ? -1 : a.order > b.order ? 1 : 0;
}
