// Hypergeometric tail and Benjamini-Hochberg, matched to R (phyper / p.adjust) rather than to a
// textbook formula, because DESIGN.md promises R-identical numbers and tests pin them to R output.

/** log(i!) as an unevaluated double-double hi + lo, so differences of values near 1e5..1e7 keep ~1e-13. */
export interface LogFactorialTable {
  readonly hi: Float64Array;
  readonly lo: Float64Array;
}

/**
 * log(i!) for i = 0..n. Built once per library (N is fixed there) and passed around, so the hot path
 * never recomputes log-gamma. A plain double table would carry ~half an ulp of log(N!) as absolute
 * error (1.5e-11 at N = 2e4, 1e-9 at N = 1e6), which is directly the relative error of p; the
 * double-double sum removes that and leaves only Math.log's own rounding.
 */
export function logFactorialTable(n: number): LogFactorialTable {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`logFactorialTable: n must be a non-negative integer, got ${n}`);
  const hi = new Float64Array(n + 1);
  const lo = new Float64Array(n + 1);
  let s = 0;
  let e = 0;
  for (let i = 2; i <= n; i++) {
    const y = Math.log(i);
    const t = s + y; // TwoSum(s, y)
    const bp = t - s;
    e += s - (t - bp) + (y - bp);
    s = t + e; // renormalise (FastTwoSum)
    e -= s - t;
    hi[i] = s;
    lo[i] = e;
  }
  return { hi, lo };
}

// log dhyper(x; NR, NB, n) = lC(NR,x) + lC(NB,n-x) - lC(NR+NB,n): nine table entries summed with
// Neumaier compensation (hi parts) plus the lo parts. Unrolled because it runs once per tested set.
function logDensity(lf: LogFactorialTable, NR: number, NB: number, n: number, x: number): number {
  const { hi, lo } = lf;
  const N = NR + NB;
  const i0 = NR, i1 = NB, i2 = n, i3 = N - n, j0 = x, j1 = NR - x, j2 = n - x, j3 = NB - n + x, j4 = N;
  const l =
    (lo[i0] as number) + (lo[i1] as number) + (lo[i2] as number) + (lo[i3] as number) -
    ((lo[j0] as number) + (lo[j1] as number) + (lo[j2] as number) + (lo[j3] as number) + (lo[j4] as number));
  let s = hi[i0] as number;
  let c = 0;
  let v: number;
  let t: number;
  v = hi[i1] as number; t = s + v; c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s; s = t;
  v = hi[i2] as number; t = s + v; c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s; s = t;
  v = hi[i3] as number; t = s + v; c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s; s = t;
  v = -(hi[j0] as number); t = s + v; c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s; s = t;
  v = -(hi[j1] as number); t = s + v; c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s; s = t;
  v = -(hi[j2] as number); t = s + v; c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s; s = t;
  v = -(hi[j3] as number); t = s + v; c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s; s = t;
  v = -(hi[j4] as number); t = s + v; c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s; s = t;
  return s + (c + l);
}

/**
 * P(X >= k) for X ~ Hypergeometric(population N, K successes, n draws); equals R's
 * `phyper(k - 1, K, N - K, n, lower.tail = FALSE)`. Like R, it sums the tail on the far side of the
 * mean (so the series only decreases and never overflows) and takes 1 - lower tail otherwise; the
 * leading density is evaluated in log space so p down to ~1e-308 (and denormals) does not underflow.
 * Pass the library's `logFactorialTable(N)` to avoid rebuilding it per call.
 */
export function hypergeomUpperTail(k: number, K: number, n: number, N: number, logFact?: LogFactorialTable): number {
  const ints = Number.isInteger(k) && Number.isInteger(K) && Number.isInteger(n) && Number.isInteger(N);
  if (!ints || N < 0 || K < 0 || K > N || n < 0 || n > N) {
    throw new RangeError(`hypergeomUpperTail: invalid arguments k=${k} K=${K} n=${n} N=${N}`);
  }
  const lf = logFact !== undefined && logFact.hi.length > N ? logFact : logFactorialTable(N);
  return hypergeomUpperTailUnchecked(k, K, n, N, lf);
}

/** hypergeomUpperTail without argument checks, for loops whose integers are valid by construction. */
export function hypergeomUpperTailUnchecked(k: number, K: number, n: number, N: number, lf: LogFactorialTable): number {
  if (k <= 0 || k <= n - (N - K)) return 1; // at or below the support minimum
  if (k > n || k > K) return 0; // above the support maximum

  // R's phyper(x = k-1, NR = K, NB = N-K, n, lower.tail = FALSE), including its tail swap.
  let x = k - 1;
  let NR = K;
  let NB = N - K;
  let upper = true;
  if (x * N > n * K) {
    NR = N - K;
    NB = K;
    x = n - x - 1;
    upper = false; // swapped: the lower tail of the swapped variable is the answer itself
  }
  const logD = logDensity(lf, NR, NB, n, x);
  // pdhyper: sum of density ratios going down from x, relative to the density at x.
  let sum = 0;
  let term = 1;
  let xi = x;
  while (xi > 0 && term >= Number.EPSILON * sum) {
    term *= (xi * (NB - n + xi)) / ((n + 1 - xi) * (NR + 1 - xi)); // R divides twice; one division is cheaper, same value up to rounding
    sum += term;
    xi--;
  }
  const lower = Math.exp(logD + Math.log1p(sum));
  return upper ? 0.5 - lower + 0.5 : lower;
}

/**
 * Benjamini-Hochberg q-values, equal to R's `p.adjust(p, "BH", n = m)`. `m` (default p.length) lets a
 * caller pass only the p < 1 entries while still correcting for every tested set: omitted sets with
 * p = 1 rank last and cannot lower any q, so the result is identical. p must not contain NaN.
 */
export function bhAdjust(p: ArrayLike<number>, m: number = p.length): number[] {
  return Array.from(bhAdjustTyped(Float64Array.from(p), m));
}

/**
 * bhAdjust on a Float64Array; pass `order` (from ascendingOrder) when the caller needs it anyway.
 * R: pmin(1, cummin(n / i * p[o])) with o = decreasing order, i = lp:1. Tied p values share one q
 * whatever their relative order, so any ascending order gives R's result.
 */
export function bhAdjustTyped(p: Float64Array, m: number = p.length, order: Int32Array = ascendingOrder(p)): Float64Array {
  const lp = p.length;
  if (m < lp) throw new RangeError(`bhAdjust: m (${m}) must be >= p.length (${lp})`);
  const q = new Float64Array(lp);
  let cmin = Infinity;
  for (let r = lp - 1; r >= 0; r--) {
    const i = order[r] as number;
    const v = (m / (r + 1)) * (p[i] as number);
    if (v < cmin) cmin = v;
    q[i] = cmin < 1 ? cmin : 1;
  }
  return q;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Stable ascending argsort of p-values. For non-negative doubles the IEEE bit pattern orders like the
 * value, so an LSD radix sort on the high 32-bit word (three 11-bit digits) orders all but the values
 * that share their top 20 mantissa bits, and a final insertion pass on the low word fixes those short
 * runs. This avoids TypedArray#sort, which boxes every double and was the slowest step of a query.
 * Throws on NaN; negative values fall back to a comparator sort.
 */
export function ascendingOrder(values: Float64Array): Int32Array {
  const n = values.length;
  let idx = new Int32Array(n);
  let negative = false;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) throw new RangeError('bhAdjust: NaN p-value');
    if (v < 0 || Object.is(v, -0)) negative = true;
    idx[i] = i;
  }
  if (n < 2) return idx;
  if (negative) return idx.sort((a, b) => (values[a] as number) - (values[b] as number) || a - b);
  const words = new Uint32Array(values.buffer, values.byteOffset, n * 2);
  const hiW = LITTLE_ENDIAN ? 1 : 0;
  const loW = 1 - hiW;
  let tmp = new Int32Array(n);
  const count = new Int32Array(2048);
  for (let shift = 0; shift < 32; shift += 11) {
    count.fill(0);
    for (let i = 0; i < n; i++) {
      const d = ((words[2 * i + hiW] as number) >>> shift) & 2047;
      count[d] = (count[d] as number) + 1;
    }
    let allSame = false;
    let sum = 0;
    for (let d = 0; d < 2048; d++) {
      const c = count[d] as number;
      if (c === n) allSame = true;
      count[d] = sum;
      sum += c;
    }
    if (allSame) continue; // this digit is constant: the pass would not move anything
    for (let i = 0; i < n; i++) {
      const e = idx[i] as number;
      const d = ((words[2 * e + hiW] as number) >>> shift) & 2047;
      const at = count[d] as number;
      tmp[at] = e;
      count[d] = at + 1;
    }
    const t = idx;
    idx = tmp;
    tmp = t;
  }
  // Runs with equal high words (ties, or values within ~1e-6 relative) are ordered by the low word,
  // then by index so equal values keep input order; long runs (adversarial input) use a real sort.
  const lowOf = (e: number): number => words[2 * e + loW] as number;
  for (let a = 0; a < n; ) {
    const h = words[2 * (idx[a] as number) + hiW] as number;
    let b = a + 1;
    while (b < n && (words[2 * (idx[b] as number) + hiW] as number) === h) b++;
    if (b - a > 32) {
      idx.subarray(a, b).sort((x, y) => lowOf(x) - lowOf(y) || x - y);
    } else {
      for (let i = a + 1; i < b; i++) {
        const e = idx[i] as number;
        const l = lowOf(e);
        let j = i - 1;
        while (j >= a && lowOf(idx[j] as number) > l) {
          idx[j + 1] = idx[j] as number;
          j--;
        }
        idx[j + 1] = e;
      }
    }
    a = b;
  }
  return idx;
}
