// The mutable state of the enrichment engine, owned by whoever prepares libraries (the gene-set
// service of a context, a test, the benchmark) rather than by the module:
// - a symbol index shared by the libraries prepared with it, so a query hashes each panel symbol once
//   for all of them and then only indexes each library's symbol id -> gene id array. It grows with the
//   distinct symbols of those libraries (a few 10^4 for the usual collections), never with panels;
// - typed arrays reused by every query on those libraries, grown on demand. A library's query needs
//   about twenty, and allocating one costs 0.5-1 µs, more than several of the loops that use them.
//   Sharing is safe because a query is synchronous (nothing else runs until it returns) and each step
//   clears what it reads before using it. Only the arrays a query returns are allocated per call.

function newWork() {
  return {
    panel: new Int32Array(0),
    counts: new Int32Array(0),
    kCount: new Int32Array(0),
    pairOfK: new Int32Array(0),
    ks: new Int32Array(0),
    hits: new Int32Array(0),
    hitPair: new Int32Array(0),
    pairMult: new Int32Array(0),
    kept: new Int32Array(0),
    sorted: new Int32Array(0),
    sortTmp: new Int32Array(0),
    groupOf: new Int32Array(0),
    groupSize: new Int32Array(0),
    groupPairs: new Int32Array(0),
    next: new Int32Array(0),
    rowOf: new Int32Array(0),
    cursor: new Int32Array(0),
    overlapIds: new Int32Array(0),
    tails: new Float64Array(0),
    pairP: new Float64Array(0),
    keptP: new Float64Array(0),
    groupP: new Float64Array(0),
    groupQ: new Float64Array(0),
  };
}

type Work = ReturnType<typeof newWork>;
type KeysOf<T> = { [K in keyof Work]: Work[K] extends T ? K : never }[keyof Work];

export interface EnrichmentWorkspace {
  /** Symbol -> small integer id. */
  readonly symbols: Map<string, number>;
  readonly work: Work;
}

export function createEnrichmentWorkspace(): EnrichmentWorkspace {
  return { symbols: new Map(), work: newWork() };
}

export function internSymbol(ws: EnrichmentWorkspace, symbol: string): number {
  let id = ws.symbols.get(symbol);
  if (id === undefined) {
    id = ws.symbols.size;
    ws.symbols.set(symbol, id);
  }
  return id;
}

/** work[key] with room for `size` entries; the first `size` are zeroed when asked. */
export function i32(ws: EnrichmentWorkspace, key: KeysOf<Int32Array>, size: number, zero = false): Int32Array {
  let a = ws.work[key];
  if (a.length < size) ws.work[key] = a = new Int32Array(Math.max(size, 2 * a.length));
  else if (zero) a.fill(0, 0, size);
  return a;
}

export function f64(ws: EnrichmentWorkspace, key: KeysOf<Float64Array>, size: number): Float64Array {
  let a = ws.work[key];
  if (a.length < size) ws.work[key] = a = new Float64Array(Math.max(size, 2 * a.length));
  return a;
}
