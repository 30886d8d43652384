// Gene-set libraries indexed once for the enrichment engine (enrichment.ts): integer ids, CSR sets,
// an inverted index ordered by set size, and log-factorials, so that every query is integer work.
// The size filter (minSize..maxSize) is applied here because it fixes the BH m of the library.
import { createEnrichmentWorkspace, internSymbol, type EnrichmentWorkspace } from './enrichment-workspace.js';
import type { GeneSet, ParsedGmt } from './gmt.js';
import { logFactorialTable, type LogFactorialTable } from './stats.js';

/** A library indexed once so that every query is integer work only; reuse it across requests. */
export interface PreparedLibrary {
  readonly name: string;
  readonly source?: string;
  readonly date?: string;
  /** Universe size: distinct genes in the whole library. */
  readonly N: number;
  readonly setCount: number;
  /** BH m: sets whose size is within [minSize, maxSize]. */
  readonly testedCount: number;
  readonly minSize: number;
  readonly maxSize: number;
  /** Size of the largest tested set (bounds per-query scratch tables). */
  readonly maxTestedSize: number;
  /** Gene id -> symbol, sorted by code unit so overlap lists come out alphabetical for free. */
  readonly genes: readonly string[];
  readonly geneIndex: ReadonlyMap<string, number>;
  /** The workspace the genes are registered in (shared by the libraries of one context), and its
   * symbol id -> gene id (-1: not in this library; ids past the end were first registered after this
   * library, so are not in it either). */
  readonly workspace: EnrichmentWorkspace;
  readonly geneOfSymbol: Int32Array;
  /**
   * Set instead of registering the genes in the workspace (a library read from its prepared index,
   * for one query): the gene id of a symbol by binary search of `genes`, -1 when absent. Registering
   * 100,000 symbols costs more than a one-shot CLI query; a server prepares libraries once and
   * registers them.
   */
  readonly geneIdOf?: (symbol: string) => number;
  /** Tested sets in CSR form: members[offsets[s] .. offsets[s+1]) are sorted gene ids of set s. */
  readonly offsets: Int32Array;
  readonly members: Int32Array;
  /** Tested sets by ascending size, ties in library order ("size rank" = position here), the size at
   * each rank, and the rank of each set. Queries count overlaps by size rank, so their hits come out
   * grouped by K (p depends on k and K only) from a sequential scan. */
  readonly setsBySize: Int32Array;
  readonly sizesBySize: Int32Array;
  readonly sizeRankOf: Int32Array;
  /** Inverted index over tested sets: geneSets[geneOffsets[g] .. geneOffsets[g+1]) are the size ranks of
   * the sets containing gene g (ascending), so a query touches only the postings of its ~500 genes
   * instead of every member of every set. */
  readonly geneOffsets: Int32Array;
  readonly geneSets: Int32Array;
  readonly setIds: readonly string[];
  readonly setNames: readonly string[];
  readonly setLinks: readonly (string | undefined)[];
  /** log(i!) for i <= N, shared by every query on this library. */
  readonly logFact: LogFactorialTable;
}

const MSIGDB_NAME = /^(HALLMARK|REACTOME|KEGG|BIOCARTA|PID|WP|GOBP|GOCC|GOMF|HP)_[A-Z0-9_]+$/;

/** Public web page for a set, so every reported pathway can be checked by a human. */
export function setLink(set: Pick<GeneSet, 'id' | 'name' | 'description'>): string | undefined {
  if (/^R-[A-Z]{3}-\d+$/.test(set.id)) return `https://reactome.org/content/detail/${set.id}`;
  if (/^GO:\d{7}$/.test(set.id)) return `https://amigo.geneontology.org/amigo/term/${set.id}`;
  if (/msigdb\/cards\//i.test(set.description) || MSIGDB_NAME.test(set.name)) {
    return `https://www.gsea-msigdb.org/gsea/msigdb/cards/${encodeURIComponent(set.name)}`;
  }
  return undefined;
}

/** The tested set sizes unless asked otherwise (DESIGN.md 4). */
export const DEFAULT_SET_SIZES = { minSize: 5, maxSize: 2000 } as const;

/** Index a parsed GMT; done once per library because it dominates the cost of a single query. */
export function prepareLibrary(
  parsed: ParsedGmt,
  meta: { name: string; source?: string; date?: string },
  sizes: { minSize?: number; maxSize?: number } = {},
  workspace: EnrichmentWorkspace = createEnrichmentWorkspace(),
): PreparedLibrary {
  const minSize = sizes.minSize ?? DEFAULT_SET_SIZES.minSize;
  const maxSize = sizes.maxSize ?? DEFAULT_SET_SIZES.maxSize;
  const symbolSet = new Set<string>();
  for (const s of parsed.sets) for (const g of s.genes) symbolSet.add(g);
  const genes = [...symbolSet].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const geneIndex = new Map<string, number>();
  genes.forEach((g, i) => geneIndex.set(g, i));
  const symbolIds = genes.map((g) => internSymbol(workspace, g));
  const geneOfSymbol = new Int32Array(workspace.symbols.size).fill(-1);
  symbolIds.forEach((id, g) => (geneOfSymbol[id] = g));

  // Sizes are counted after dedupe (parseGmt already deduplicates; the Set here guards hand-built input).
  const tested: { set: GeneSet; ids: Int32Array }[] = [];
  let total = 0;
  for (const s of parsed.sets) {
    const uniq = new Set<number>();
    for (const g of s.genes) uniq.add(geneIndex.get(g) as number);
    if (uniq.size < minSize || uniq.size > maxSize) continue;
    const ids = Int32Array.from(uniq).sort();
    tested.push({ set: s, ids });
    total += ids.length;
  }
  const offsets = new Int32Array(tested.length + 1);
  const members = new Int32Array(total);
  let pos = 0;
  tested.forEach((t, i) => {
    members.set(t.ids, pos);
    pos += t.ids.length;
    offsets[i + 1] = pos;
  });
  const geneOffsets = new Int32Array(genes.length + 1);
  for (let j = 0; j < total; j++) {
    const at = (members[j] as number) + 1;
    geneOffsets[at] = (geneOffsets[at] as number) + 1;
  }
  for (let g = 0; g < genes.length; g++) geneOffsets[g + 1] = (geneOffsets[g + 1] as number) + (geneOffsets[g] as number);
  const { setsBySize, sizesBySize, sizeRankOf } = orderBySize(offsets);
  const fill = geneOffsets.slice(0, genes.length);
  const geneSets = new Int32Array(total);
  for (let rank = 0; rank < tested.length; rank++) {
    const set = setsBySize[rank] as number;
    for (let j = offsets[set] as number; j < (offsets[set + 1] as number); j++) {
      const g = members[j] as number;
      geneSets[fill[g] as number] = rank;
      fill[g] = (fill[g] as number) + 1;
    }
  }
  const lib: PreparedLibrary = {
    name: meta.name,
    ...(meta.source !== undefined ? { source: meta.source } : {}),
    ...(meta.date !== undefined ? { date: meta.date } : {}),
    N: genes.length,
    setCount: parsed.sets.length,
    testedCount: tested.length,
    minSize,
    maxSize,
    maxTestedSize: tested.reduce((mx, t) => Math.max(mx, t.ids.length), 0),
    genes,
    geneIndex,
    workspace,
    geneOfSymbol,
    offsets,
    members,
    setsBySize,
    sizesBySize,
    sizeRankOf,
    geneOffsets,
    geneSets,
    setIds: tested.map((t) => t.set.id),
    setNames: tested.map((t) => t.set.name),
    setLinks: tested.map((t) => setLink(t.set)),
    logFact: logFactorialTable(genes.length),
  };
  return lib;
}

/** Tested sets sorted by size with a stable counting sort, so equal sizes keep library order. */
function orderBySize(offsets: Int32Array): { setsBySize: Int32Array; sizesBySize: Int32Array; sizeRankOf: Int32Array } {
  const m = offsets.length - 1;
  let maxSize = 0;
  for (let s = 0; s < m; s++) maxSize = Math.max(maxSize, (offsets[s + 1] as number) - (offsets[s] as number));
  const next = new Int32Array(maxSize + 2);
  for (let s = 0; s < m; s++) {
    const at = (offsets[s + 1] as number) - (offsets[s] as number) + 1;
    next[at] = (next[at] as number) + 1;
  }
  for (let K = 1; K < next.length; K++) next[K] = (next[K] as number) + (next[K - 1] as number);
  const setsBySize = new Int32Array(m);
  const sizesBySize = new Int32Array(m);
  const sizeRankOf = new Int32Array(m);
  for (let s = 0; s < m; s++) {
    const K = (offsets[s + 1] as number) - (offsets[s] as number);
    const at = next[K] as number;
    setsBySize[at] = s;
    sizesBySize[at] = K;
    sizeRankOf[s] = at;
    next[K] = at + 1;
  }
  return { setsBySize, sizesBySize, sizeRankOf };
}


/**
 * Every gene of a tested set (the whole set, not only the panel's overlap), by set id; null when the
 * library has no tested set of that id. Used to look past the panel into its enriched pathways.
 */
export function setMembers(lib: PreparedLibrary, setId: string): string[] | null {
  const s = lib.setIds.indexOf(setId);
  if (s < 0) return null;
  const out: string[] = [];
  for (let j = lib.offsets[s] as number; j < (lib.offsets[s + 1] as number); j++) out.push(lib.genes[lib.members[j] as number] as string);
  return out;
}
