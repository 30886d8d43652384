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
//   `rows: 'all'` (default) returns every set with k >= 1, `rows: 'significant'` only those with
//   q <= qThreshold (a prefix of the p order, since BH q never decreases with p); `withOverlap` always
//   counts the sets with k >= 1.
// - Links: Reactome R-XXX-n ids -> reactome.org, GO ids -> AmiGO, MSigDB names/card URLs -> MSigDB card.
import type { PreparedLibrary } from './enrichment-library.js';
import { f64, i32, type EnrichmentWorkspace } from './enrichment-workspace.js';
import { ascendingOrderInto } from './argsort.js';
import { bhAdjustDistinct } from './multiple-testing.js';
import { hypergeomUpperTailsUnchecked } from './stats.js';

// Why the query code is shaped this way (figures: bench/enrichment, 7 libraries, 500-gene panel, where
// the whole query takes ~1 ms; see its README for where the time goes):
// - Symbols are hashed once per query, not once per library: the libraries of one context register their
//   symbols in a shared EnrichmentWorkspace and keep symbol id -> gene id as a typed array.
// - Overlap counts come from an inverted index (gene -> sets), touching only the panel's postings, and
//   are indexed by size rank, so one sequential scan finds the hits already grouped by K.
// - p depends only on (k, K) for a fixed panel and library: the 9,764 hits of the benchmark have 4,394
//   distinct pairs over 1,992 K, and the pairs of one K share one log-density evaluation per side of the
//   mean (hypergeomUpperTailsUnchecked), at R's accuracy.
// - BH runs over the distinct p values with multiplicities (bhAdjustDistinct, exact, ties included), and
//   the report order is a counting sort of the hits by p group, so no per-set sort remains.
// - Overlap gene lists and row objects are built only for the rows asked for; rows 'significant' also
//   rank only p <= qThreshold (rankPairs says why their q stay exact).

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
  /** Tested sets with k >= 1, whatever `rows` option was used. */
  withOverlap: number;
  notInLibrary: string[];
  rows: EnrichmentRow[];
}

/** Query options; set-size limits live in prepareLibrary because they define m. */
export interface EnrichOptions {
  /** Significance cut-off on q (default 0.05). */
  qThreshold?: number;
  /** Which rows to build: every set with k >= 1 ('all', default) or only those with q <= qThreshold. */
  rows?: 'all' | 'significant';
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

/** Typed-array outcome of a query, before rows are built; see enrichScores. */
export interface EnrichmentScores {
  n: number;
  notInLibrary: string[];
  /** Panel gene ids present in the library, ascending (so overlap lists come out alphabetical). */
  panelIds: Int32Array;
  /** The sets with k >= 1 in report order (ascending p, ties in library order): tested-set index,
   * k, K, p and q at the same position. */
  sets: Int32Array;
  k: Int32Array;
  K: Int32Array;
  p: Float64Array;
  q: Float64Array;
}

// ---------------------------------------------------------------------------------------------------
// Panel and overlap counts

/** A query panel mapped once to symbol ids: distinct symbols in first-seen order, id -1 if unknown to the index. */
interface PanelSymbols {
  readonly symbols: readonly string[];
  readonly ids: Int32Array;
}

function internPanel(panel: readonly string[], ws: EnrichmentWorkspace): PanelSymbols {
  const symbols: string[] = [];
  const ids: number[] = [];
  const seen = new Uint8Array(ws.symbols.size);
  let unknown: Set<string> | undefined; // symbols in no library are rare; dedupe them by name
  for (const g of panel) {
    const id = ws.symbols.get(g);
    if (id === undefined) {
      unknown ??= new Set();
      if (unknown.has(g)) continue;
      unknown.add(g);
      symbols.push(g);
      ids.push(-1);
    } else if (seen[id] === 0) {
      seen[id] = 1;
      symbols.push(g);
      ids.push(id);
    }
  }
  return { symbols, ids: Int32Array.from(ids) };
}

/** The panel's gene ids in this library (ascending) and, in panel order, the symbols it lacks. */
function panelInLibrary(panel: PanelSymbols, lib: PreparedLibrary): { panelIds: Int32Array; notInLibrary: string[] } {
  const ws = lib.workspace;
  const map = lib.geneOfSymbol;
  const lookup = lib.geneIdOf;
  const ids = i32(ws, 'panel', panel.ids.length);
  const notInLibrary: string[] = [];
  let n = 0;
  for (let i = 0; i < panel.ids.length; i++) {
    const id = panel.ids[i] as number;
    const g = lookup ? lookup(panel.symbols[i] as string) : id >= 0 && id < map.length ? (map[id] as number) : -1;
    if (g >= 0) ids[n++] = g;
    else notInLibrary.push(panel.symbols[i] as string);
  }
  return { panelIds: ids.slice(0, n).sort(), notInLibrary };
}

/** k of every tested set, indexed by size rank, from the postings of the panel genes only. */
function overlapCounts(panelIds: Int32Array, lib: PreparedLibrary): Int32Array {
  const ws = lib.workspace;
  const { geneOffsets, geneSets } = lib;
  const counts = i32(ws, 'counts', lib.testedCount, true);
  for (let i = 0; i < panelIds.length; i++) {
    const g = panelIds[i] as number;
    const end = geneOffsets[g + 1] as number;
    for (let j = geneOffsets[g] as number; j < end; j++) {
      const rank = geneSets[j] as number;
      counts[rank] = (counts[rank] as number) + 1;
    }
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------------
// p per distinct (k, K)

/**
 * Finds the hits (sets with k >= 1), groups them into distinct (k, K) pairs and computes p once per
 * pair, since p depends on nothing else once the panel and library are fixed. Size ranks run by
 * ascending K, so each run of equal K is one group: a first pass tallies its k (kCount[k]), which
 * yields the distinct k already sorted and each pair's multiplicity; their tails are computed together
 * (hypergeomUpperTailsUnchecked: one log-density evaluation per side of the mean instead of one per k);
 * a second pass records each hit and its pair. Neither pass branches per set, because about half of
 * the sets are hits in no pattern a branch predictor learns.
 * Fills hits[0..H) (size ranks), hitPair, pairP and pairMult; returns H and the number of pairs D.
 * Benchmark panel, 7 libraries: 21,229 tested sets, 9,764 hits, 4,394 pairs, 1,992 distinct K.
 */
function pairTails(counts: Int32Array, n: number, lib: PreparedLibrary): { H: number; D: number } {
  const ws = lib.workspace;
  const m = lib.testedCount;
  const sizes = lib.sizesBySize;
  const kLimit = Math.min(n, lib.maxTestedSize) + 1;
  const kCount = i32(ws, 'kCount', kLimit, true);
  const pairOfK = i32(ws, 'pairOfK', kLimit);
  const ks = i32(ws, 'ks', kLimit);
  const tails = f64(ws, 'tails', kLimit);
  const hits = i32(ws, 'hits', m);
  const hitPair = i32(ws, 'hitPair', m);
  const pairP = f64(ws, 'pairP', m);
  const pairMult = i32(ws, 'pairMult', m);
  let H = 0;
  let D = 0;
  for (let a = 0; a < m; ) {
    const K = sizes[a] as number;
    let b = a;
    let kMax = 0;
    for (; b < m && sizes[b] === K; b++) {
      const k = counts[b] as number;
      kCount[k] = (kCount[k] as number) + 1;
      kMax = k > kMax ? k : kMax;
    }
    kCount[0] = 0;
    if (kMax > 0) {
      const distinct = distinctK(counts, a, b, kMax, kCount, ks);
      for (let i = 0; i < distinct; i++) {
        const k = ks[i] as number;
        pairOfK[k] = D + i;
        pairMult[D + i] = kCount[k] as number;
        kCount[k] = 0;
      }
      hypergeomUpperTailsUnchecked(ks, distinct, K, n, lib.N, lib.logFact, tails);
      for (let i = 0; i < distinct; i++) pairP[D + i] = tails[i] as number;
      for (let rank = a; rank < b; rank++) {
        const k = counts[rank] as number;
        hits[H] = rank;
        hitPair[H] = pairOfK[k] as number; // k = 0: a stale entry, in a slot the next set overwrites
        H += -k >>> 31; // 1 when k > 0
      }
      D += distinct;
    }
    a = b;
  }
  return { H, D };
}

/**
 * The distinct k >= 1 among counts[a..b) into ks, ascending, given their tallies in kCount (k <= kMax);
 * returns how many. Scans kCount when kMax is small; a large set with a few big overlaps (kMax in the
 * hundreds, one hit) gathers and sorts the hits' k instead, so the cost stays within the run's size.
 */
function distinctK(counts: Int32Array, a: number, b: number, kMax: number, kCount: Int32Array, ks: Int32Array): number {
  let distinct = 0;
  if (kMax <= 2 * (b - a) + 8) {
    for (let k = 1; k <= kMax; k++) if ((kCount[k] as number) > 0) ks[distinct++] = k;
    return distinct;
  }
  for (let rank = a; rank < b; rank++) {
    const k = counts[rank] as number;
    if (k > 0) ks[distinct++] = k;
  }
  sortSmall(ks, distinct);
  let unique = 0;
  for (let i = 0; i < distinct; i++) if (i === 0 || ks[i] !== ks[i - 1]) ks[unique++] = ks[i] as number;
  return unique;
}

/** Ascending sort of a[0..len): insertion sort for a few entries, native sort beyond. */
function sortSmall(a: Int32Array, len: number): void {
  if (len > 16) {
    a.subarray(0, len).sort();
    return;
  }
  for (let i = 1; i < len; i++) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= 0 && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = v;
  }
}

// ---------------------------------------------------------------------------------------------------
// BH and report order

/**
 * Sorts the p values of the pairs with p <= pMax and merges equal ones into tie groups (R ranks ties
 * as a block), then runs BH over the groups with their sizes in hits. Pairs above pMax get group -1.
 * With pMax = Infinity every q is R's. With pMax = qThreshold (< 1), the q of every set with
 * q <= qThreshold is still exact: such a q is some (m / c_e) v_e <= qThreshold, so v_e <= qThreshold,
 * and c_e counts only p <= v_e (see bhAdjustDistinct), so no excluded pair enters it.
 * Fills groupOf[pair], groupP, groupQ, groupSize and groupPairs (pairs per group: more than one only
 * when different (k, K) give exactly the same p); returns the number of groups.
 */
function rankPairs(ws: EnrichmentWorkspace, D: number, m: number, pMax: number): number {
  const { pairP, pairMult } = ws.work;
  const groupOf = i32(ws, 'groupOf', D);
  const kept = i32(ws, 'kept', D);
  const keptP = f64(ws, 'keptP', D);
  let keptCount = 0;
  for (let pair = 0; pair < D; pair++) {
    const v = pairP[pair] as number;
    groupOf[pair] = -1;
    kept[keptCount] = pair;
    keptP[keptCount] = v;
    keptCount += v <= pMax ? 1 : 0;
  }
  const sorted = ascendingOrderInto(keptP, keptCount, i32(ws, 'sorted', keptCount), i32(ws, 'sortTmp', keptCount));
  const groupP = f64(ws, 'groupP', keptCount);
  const groupSize = i32(ws, 'groupSize', keptCount, true);
  const groupPairs = i32(ws, 'groupPairs', keptCount, true);
  let G = 0;
  for (let r = 0; r < keptCount; r++) {
    const pair = kept[sorted[r] as number] as number;
    const v = pairP[pair] as number;
    if (G === 0 || v !== groupP[G - 1]) groupP[G++] = v;
    groupOf[pair] = G - 1;
    groupSize[G - 1] = (groupSize[G - 1] as number) + (pairMult[pair] as number);
    groupPairs[G - 1] = (groupPairs[G - 1] as number) + 1;
  }
  bhAdjustDistinct(groupP, groupSize, m, G, f64(ws, 'groupQ', G));
  return G;
}

/**
 * The ranked hits in report order, by a counting sort on their p group. Hits are visited by size rank,
 * which keeps library order inside each (k, K) pair; a group that merged several pairs is re-sorted by
 * set. The five outputs share one buffer (one allocation instead of five).
 */
function reportOrder(H: number, G: number, counts: Int32Array, lib: PreparedLibrary): Pick<EnrichmentScores, 'sets' | 'k' | 'K' | 'p' | 'q'> {
  const ws = lib.workspace;
  const { hits, hitPair, groupOf, groupP, groupQ, groupSize, groupPairs } = ws.work;
  const next = i32(ws, 'next', G);
  let ranked = 0;
  for (let g = 0; g < G; g++) {
    next[g] = ranked;
    ranked += groupSize[g] as number;
  }
  const buffer = new ArrayBuffer(28 * ranked);
  const p = new Float64Array(buffer, 0, ranked);
  const q = new Float64Array(buffer, 8 * ranked, ranked);
  const sets = new Int32Array(buffer, 16 * ranked, ranked);
  const k = new Int32Array(buffer, 20 * ranked, ranked);
  const K = new Int32Array(buffer, 24 * ranked, ranked);
  for (let h = 0; h < H; h++) {
    const g = groupOf[hitPair[h] as number] as number;
    if (g < 0) continue; // p above the cut-off
    const at = next[g] as number;
    const rank = hits[h] as number;
    sets[at] = lib.setsBySize[rank] as number;
    k[at] = counts[rank] as number;
    K[at] = lib.sizesBySize[rank] as number;
    next[g] = at + 1;
  }
  // Plain loops: most groups hold 1-3 hits, where a TypedArray#fill call costs more than the fill.
  for (let g = 0, at = 0; g < G; g++) {
    const end = at + (groupSize[g] as number);
    if ((groupPairs[g] as number) > 1) sortBySet(sets, k, K, at, end);
    const pg = groupP[g] as number;
    const qg = groupQ[g] as number;
    for (; at < end; at++) {
      p[at] = pg;
      q[at] = qg;
    }
  }
  return { sets, k, K, p, q };
}

/** Sorts sets[from..to) ascending, k and K with it: library order inside a tie group of several pairs. */
function sortBySet(sets: Int32Array, k: Int32Array, K: Int32Array, from: number, to: number): void {
  const order = Array.from({ length: to - from }, (_, i) => from + i).sort((a, b) => (sets[a] as number) - (sets[b] as number));
  for (const column of [sets, k, K]) column.set(order.map((i) => column[i] as number), from);
}

// ---------------------------------------------------------------------------------------------------
// Queries

/** Scores plus the number of hits, which exceeds sets.length when pMax left some out. */
type LibraryScores = EnrichmentScores & { withOverlap: number };

/** The numeric query on one library; pMax < Infinity ranks only the hits with p <= pMax (see rankPairs). */
function scoreLibrary(panel: PanelSymbols, lib: PreparedLibrary, pMax = Infinity): LibraryScores {
  const { panelIds, notInLibrary } = panelInLibrary(panel, lib);
  const n = panelIds.length;
  const counts = overlapCounts(panelIds, lib);
  const { H, D } = pairTails(counts, n, lib);
  const G = rankPairs(lib.workspace, D, lib.testedCount, pMax);
  return { n, notInLibrary, panelIds, ...reportOrder(H, G, counts, lib), withOverlap: H };
}

/** The numeric core of enrich without building row objects: for batch callers and the benchmark. */
export function enrichScores(panel: readonly string[], lib: PreparedLibrary): EnrichmentScores {
  const { withOverlap: _, ...scores } = scoreLibrary(internPanel(panel, lib.workspace), lib);
  return scores;
}

/**
 * Overlap genes of the first `count` sets in report order, as positions in panelIds, concatenated (set
 * r starts at the sum of the k before it): one more pass over the panel's postings, keeping only those
 * sets. Panel ids ascend, so each list comes out in gene id order, which is alphabetical. Positions
 * rather than gene ids let the caller map them through the panel's ~500 symbols, which stay in cache,
 * instead of the library's whole gene table.
 */
function overlapIds(sc: EnrichmentScores, lib: PreparedLibrary, count: number): Int32Array {
  const ws = lib.workspace;
  const { geneOffsets, geneSets } = lib;
  const rowOf = i32(ws, 'rowOf', lib.testedCount, true); // size rank -> row + 1, 0 = not wanted
  const cursor = i32(ws, 'cursor', count);
  let total = 0;
  for (let r = 0; r < count; r++) {
    rowOf[lib.sizeRankOf[sc.sets[r] as number] as number] = r + 1;
    cursor[r] = total;
    total += sc.k[r] as number;
  }
  const ids = i32(ws, 'overlapIds', total);
  for (let i = 0; i < sc.panelIds.length; i++) {
    const g = sc.panelIds[i] as number;
    const end = geneOffsets[g + 1] as number;
    for (let j = geneOffsets[g] as number; j < end; j++) {
      const r = rowOf[geneSets[j] as number] as number;
      if (r === 0) continue;
      const at = cursor[r - 1] as number;
      ids[at] = i;
      cursor[r - 1] = at + 1;
    }
  }
  return ids;
}

function buildResult(sc: LibraryScores, lib: PreparedLibrary, opts: EnrichOptions): EnrichmentResult {
  const qThreshold = opts.qThreshold ?? 0.05;
  const { N, genes } = lib;
  const { n } = sc;
  // q never decreases along the p order, so the significant rows are a prefix of it.
  let count = sc.sets.length;
  if (opts.rows === 'significant') {
    count = 0;
    while (count < sc.sets.length && (sc.q[count] as number) <= qThreshold) count++;
  }
  const ids = overlapIds(sc, lib, count);
  const panelGenes = Array.from(sc.panelIds, (g) => genes[g] as string);
  const rows: EnrichmentRow[] = new Array(count);
  for (let r = 0, at = 0; r < count; r++) {
    const s = sc.sets[r] as number;
    const k = sc.k[r] as number;
    const K = sc.K[r] as number;
    const q = sc.q[r] as number;
    const overlapGenes: string[] = new Array(k);
    for (let j = 0; j < k; j++) overlapGenes[j] = panelGenes[ids[at + j] as number] as string;
    at += k;
    // One object shape for every row (link may be undefined) keeps V8 on its fast path.
    rows[r] = {
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
      p: sc.p[r] as number,
      q,
      significant: q <= qThreshold,
    };
  }
  return { library: lib.name, N, n, tested: lib.testedCount, withOverlap: sc.withOverlap, notInLibrary: sc.notInLibrary, rows };
}

/** Rows 'significant' need q exactly only where q <= qThreshold, so only p <= qThreshold is ranked. */
function pMaxFor(opts: EnrichOptions): number {
  return opts.rows === 'significant' ? (opts.qThreshold ?? 0.05) : Infinity;
}

/** Test a panel against one library; BH over all tested sets of that library. */
export function enrich(panel: readonly string[], lib: PreparedLibrary, opts: EnrichOptions = {}): EnrichmentResult {
  return buildResult(scoreLibrary(internPanel(panel, lib.workspace), lib, pMaxFor(opts)), lib, opts);
}

/** Several libraries at once; BH stays per library, never pooled across libraries. */
export function enrichMany(
  panel: readonly string[],
  libraries: readonly PreparedLibrary[],
  opts: EnrichOptions = {},
): EnrichmentResult[] {
  // One symbol lookup per panel gene for all libraries sharing a workspace (normally all of them).
  const interned = new Map<EnrichmentWorkspace, PanelSymbols>();
  return libraries.map((lib) => {
    let panelSymbols = interned.get(lib.workspace);
    if (panelSymbols === undefined) {
      panelSymbols = internPanel(panel, lib.workspace);
      interned.set(lib.workspace, panelSymbols);
    }
    return buildResult(scoreLibrary(panelSymbols, lib, pMaxFor(opts)), lib, opts);
  });
}
