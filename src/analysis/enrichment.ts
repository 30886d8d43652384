// Over-representation analysis (DESIGN.md section 4): one-sided hypergeometric test per gene set,
// Benjamini-Hochberg per library. Pure functions; loading GMT files is the caller's job.
//
// Decisions (tests pin them):
// - Universe N = distinct genes over ALL sets of the library, including sets too small/large to test.
// - A set is tested when minSize <= |set| <= maxSize (default 5..2000). The size filter is applied once,
//   in prepareLibrary, because it fixes the BH m; enrich() has no size options so m cannot drift.
// - BH m = number of tested sets, including those with k = 0 (p = 1), as DESIGN says "over all tested
//   sets of the library". Rows are returned only for k >= 1.
// - Odds ratio = sample odds ratio of (k, n-k, K-k, N-K-n+k); when any cell is 0, 0.5 is added to all
//   four cells (Haldane-Anscombe) so it stays finite; otherwise uncorrected.
// - Panel symbols are deduplicated and matched exactly (see gmt.ts); those absent from the universe go
//   to notInLibrary and do not count in n.
// - Rows are sorted by p ascending; ties keep library (file) order, which is deterministic and cheap.
// - Links: Reactome R-XXX-n ids -> reactome.org, GO ids -> AmiGO, MSigDB names/card URLs -> MSigDB card.
import type { GeneSet, ParsedGmt } from './gmt.js';
import { ascendingOrder, bhAdjustTyped, hypergeomUpperTailUnchecked, logFactorialTable, type LogFactorialTable } from './stats.js';

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
  /** Tested sets in CSR form: members[offsets[s] .. offsets[s+1]) are sorted gene ids of set s. */
  readonly offsets: Int32Array;
  readonly members: Int32Array;
  /** Inverted index over tested sets: geneSets[geneOffsets[g] .. geneOffsets[g+1]) contain gene g, so a
   * query touches only the postings of its ~500 genes instead of every member of every set. */
  readonly geneOffsets: Int32Array;
  readonly geneSets: Int32Array;
  readonly setIds: readonly string[];
  readonly setNames: readonly string[];
  readonly setLinks: readonly (string | undefined)[];
  /** log(i!) for i <= N, shared by every query on this library. */
  readonly logFact: LogFactorialTable;
}

/** One tested set with at least one panel gene; field names follow DESIGN.md's report list. */
export interface EnrichmentRow {
  id: string;
  name: string;
  library: string;
  /** Undefined when the id has no known public page (JSON.stringify then omits it). */
  link?: string | undefined;
  overlapGenes: string[];
  k: number;
  K: number;
  n: number;
  N: number;
  oddsRatio: number;
  p: number;
  q: number;
  significant: boolean;
}

/** Per-library outcome; `tested` is the BH m so a reader can redo the correction. */
export interface EnrichmentResult {
  library: string;
  N: number;
  n: number;
  tested: number;
  notInLibrary: string[];
  rows: EnrichmentRow[];
}

/** Query options; set-size limits live in prepareLibrary because they define m. */
export interface EnrichOptions {
  qThreshold?: number;
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

/** Index a parsed GMT; done once per library because it dominates the cost of a single query. */
export function prepareLibrary(
  parsed: ParsedGmt,
  meta: { name: string; source?: string; date?: string },
  sizes: { minSize?: number; maxSize?: number } = {},
): PreparedLibrary {
  const minSize = sizes.minSize ?? 5;
  const maxSize = sizes.maxSize ?? 2000;
  const symbolSet = new Set<string>();
  for (const s of parsed.sets) for (const g of s.genes) symbolSet.add(g);
  const genes = [...symbolSet].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const geneIndex = new Map<string, number>();
  genes.forEach((g, i) => geneIndex.set(g, i));

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
  const fill = geneOffsets.slice(0, genes.length);
  const geneSets = new Int32Array(total);
  for (let set = 0; set < tested.length; set++) {
    for (let j = offsets[set] as number; j < (offsets[set + 1] as number); j++) {
      const g = members[j] as number;
      geneSets[fill[g] as number] = set;
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
    offsets,
    members,
    geneOffsets,
    geneSets,
    setIds: tested.map((t) => t.set.id),
    setNames: tested.map((t) => t.set.name),
    setLinks: tested.map((t) => setLink(t.set)),
    logFact: logFactorialTable(genes.length),
  };
  return lib;
}

/** Sample odds ratio with Haldane-Anscombe only on zero cells: finite for k = 0 or k = K = n. */
export function oddsRatio(k: number, K: number, n: number, N: number): number {
  let a = k;
  let b = n - k;
  let c = K - k;
  let d = N - K - n + k;
  if (a === 0 || b === 0 || c === 0 || d === 0) {
    a += 0.5;
    b += 0.5;
    c += 0.5;
    d += 0.5;
  }
  return (a * d) / (b * c);
}

const MEMO_K = 4;

/** Typed-array outcome of a query, before rows are built; see enrichScores. */
export interface EnrichmentScores {
  n: number;
  notInLibrary: string[];
  /** Panel gene ids present in the library, ascending. */
  panelIds: Int32Array;
  /** Tested-set index of each set with k >= 1, then its k, p and q at the same position. */
  sets: Int32Array;
  k: Int32Array;
  p: Float64Array;
  q: Float64Array;
  /** Overlap gene ids of sets[h]: overlapIds[overlapOffsets[h] .. overlapOffsets[h+1]), ascending. */
  overlapOffsets: Int32Array;
  overlapIds: Int32Array;
  /** Positions h by ascending p (ties in library order): the report order, computed once for BH. */
  order: Int32Array;
}

/** The numeric core of enrich without building row objects: for batch callers and the benchmark. */
export function enrichScores(panel: readonly string[], lib: PreparedLibrary): EnrichmentScores {
  const { N, offsets, geneOffsets, geneSets } = lib;
  const m = lib.testedCount;
  // Map the panel to ids once; everything below touches only typed arrays.
  const seen = new Uint8Array(N);
  const ids: number[] = [];
  const notInLibrary: string[] = [];
  const missing = new Set<string>();
  for (const g of panel) {
    const id = lib.geneIndex.get(g);
    if (id === undefined) {
      if (!missing.has(g)) {
        missing.add(g);
        notInLibrary.push(g);
      }
    } else if (seen[id] === 0) {
      seen[id] = 1;
      ids.push(id);
    }
  }
  const panelIds = Int32Array.from(ids).sort();
  const n = panelIds.length;

  // Overlap counts from the postings of the panel genes, then the sets with k >= 1 in library order.
  const counts = new Int32Array(m);
  for (let i = 0; i < n; i++) {
    const g = panelIds[i] as number;
    const end = geneOffsets[g + 1] as number;
    for (let j = geneOffsets[g] as number; j < end; j++) {
      const s = geneSets[j] as number;
      counts[s] = (counts[s] as number) + 1;
    }
  }
  let hits = 0;
  for (let s = 0; s < m; s++) if ((counts[s] as number) > 0) hits++;
  const sets = new Int32Array(hits);
  for (let s = 0, h = 0; s < m; s++) if ((counts[s] as number) > 0) sets[h++] = s;
  const k = new Int32Array(hits);
  const p = new Float64Array(hits);
  const overlapOffsets = new Int32Array(hits + 1);
  const slot = counts; // reused: counts[s] becomes the write cursor of set s in overlapIds
  // Most hits have k <= 4 and many share (k, K): memoise those (p > 0 there, so 0 means "not yet").
  const memo = new Float64Array((lib.maxTestedSize + 1) * MEMO_K);
  for (let h = 0; h < hits; h++) {
    const s = sets[h] as number;
    const c = slot[s] as number;
    const K = (offsets[s + 1] as number) - (offsets[s] as number);
    k[h] = c;
    if (c <= MEMO_K) {
      const at = K * MEMO_K + c - 1;
      let v = memo[at] as number;
      if (v === 0) {
        v = hypergeomUpperTailUnchecked(c, K, n, N, lib.logFact);
        memo[at] = v;
      }
      p[h] = v;
    } else {
      p[h] = hypergeomUpperTailUnchecked(c, K, n, N, lib.logFact);
    }
    overlapOffsets[h + 1] = (overlapOffsets[h] as number) + c;
    slot[s] = overlapOffsets[h] as number;
  }
  const overlapIds = new Int32Array(overlapOffsets[hits] as number);
  for (let i = 0; i < n; i++) {
    const g = panelIds[i] as number;
    const end = geneOffsets[g + 1] as number;
    for (let j = geneOffsets[g] as number; j < end; j++) {
      const s = geneSets[j] as number;
      const at = slot[s] as number;
      overlapIds[at] = g;
      slot[s] = at + 1;
    }
  }
  const order = ascendingOrder(p);
  const q = bhAdjustTyped(p, m, order);
  return { n, notInLibrary, panelIds, sets, k, p, q, overlapOffsets, overlapIds, order };
}

/** Test a panel against one library; BH over all tested sets of that library. */
export function enrich(panel: readonly string[], lib: PreparedLibrary, opts: EnrichOptions = {}): EnrichmentResult {
  const qThreshold = opts.qThreshold ?? 0.05;
  const sc = enrichScores(panel, lib);
  const { N, offsets, genes } = lib;
  const { n } = sc;
  // Rows come out in p order straight from the BH argsort; ties keep library order.
  const rows: EnrichmentRow[] = [];
  for (let r = 0; r < sc.order.length; r++) {
    const h = sc.order[r] as number;
    const s = sc.sets[h] as number;
    const from = sc.overlapOffsets[h] as number;
    const to = sc.overlapOffsets[h + 1] as number;
    const overlapGenes = new Array<string>(to - from);
    for (let j = from; j < to; j++) overlapGenes[j - from] = genes[sc.overlapIds[j] as number] as string;
    const k = sc.k[h] as number;
    const K = (offsets[s + 1] as number) - (offsets[s] as number);
    const q = sc.q[h] as number;
    // One object shape for every row (link may be undefined) keeps V8 on its fast path.
    rows.push({
      id: lib.setIds[s] as string,
      name: lib.setNames[s] as string,
      library: lib.name,
      link: lib.setLinks[s],
      overlapGenes,
      k,
      K,
      n,
      N,
      oddsRatio: oddsRatio(k, K, n, N),
      p: sc.p[h] as number,
      q,
      significant: q <= qThreshold,
    });
  }
  return { library: lib.name, N, n, tested: lib.testedCount, notInLibrary: sc.notInLibrary, rows };
}

/** Several libraries at once; BH stays per library, never pooled across libraries. */
export function enrichMany(
  panel: readonly string[],
  libraries: readonly PreparedLibrary[],
  opts: EnrichOptions = {},
): EnrichmentResult[] {
  return libraries.map((lib) => enrich(panel, lib, opts));
}
