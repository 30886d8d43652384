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

// log dhyper(x; NR, NB, n) = lC(NR,x) + lC(NB,n-x) - lC(NR+NB,n)
//   = [lf(NR) + lf(NB) + lf(n) + lf(N-n) - lf(N)] - [lf(x) + lf(NR-x) + lf(n-x) + lf(NB-n+x)].
// The first bracket depends only on (K, n, N) (NR and NB are K and N-K in either order), so a run of
// evaluations for one K pays for it once. Both brackets are summed as double-doubles: TwoSum on the hi
// parts, the lo parts added plainly, which keeps ~1e-13 relative on p even where log(N!) is ~1e5.

/** hi + lo of the (K, n, N) bracket; the lo part is left in densityConstantLo (no allocation). */
let densityConstantLo = 0;
function densityConstant(lf: LogFactorialTable, K: number, n: number, N: number): number {
  const { hi, lo } = lf;
  let s = hi[K] as number;
  let c = (lo[K] as number) + (lo[N - K] as number) + (lo[n] as number) + (lo[N - n] as number) - (lo[N] as number);
  let v: number;
  let t: number;
  let bp: number;
  v = hi[N - K] as number; t = s + v; bp = t - s; c += s - (t - bp) + (v - bp); s = t;
  v = hi[n] as number; t = s + v; bp = t - s; c += s - (t - bp) + (v - bp); s = t;
  v = hi[N - n] as number; t = s + v; bp = t - s; c += s - (t - bp) + (v - bp); s = t;
  v = -(hi[N] as number); t = s + v; bp = t - s; c += s - (t - bp) + (v - bp); s = t;
  densityConstantLo = c;
  return s;
}

/** log dhyper(x; NR, NB, n) given the (K, n, N) bracket as cHi + cLo; branch-free TwoSum steps. */
function logDensity(lf: LogFactorialTable, cHi: number, cLo: number, NR: number, NB: number, n: number, x: number): number {
  const { hi, lo } = lf;
  const j0 = x, j1 = NR - x, j2 = n - x, j3 = NB - n + x;
  let s = cHi;
  let c = cLo - ((lo[j0] as number) + (lo[j1] as number) + (lo[j2] as number) + (lo[j3] as number));
  let v: number;
  let t: number;
  let bp: number;
  v = -(hi[j0] as number); t = s + v; bp = t - s; c += s - (t - bp) + (v - bp); s = t;
  v = -(hi[j1] as number); t = s + v; bp = t - s; c += s - (t - bp) + (v - bp); s = t;
  v = -(hi[j2] as number); t = s + v; bp = t - s; c += s - (t - bp) + (v - bp); s = t;
  v = -(hi[j3] as number); t = s + v; bp = t - s; c += s - (t - bp) + (v - bp); s = t;
  return s + c;
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
  // R's phyper(x = k-1, NR = K, NB = N-K, n, lower.tail = FALSE), including its tail swap: above the
  // mean, P(X >= k) is the lower tail of X' = n - X (NR and NB swapped) at n - k, summed directly.
  const cHi = densityConstant(lf, K, n, N);
  const cLo = densityConstantLo;
  const x = k - 1;
  if (x * N > n * K) return lowerTail(lf, cHi, cLo, N - K, K, n, n - k);
  return 0.5 - lowerTail(lf, cHi, cLo, K, N - K, n, x) + 0.5;
}

// Set by lowerTail: the density d(x) it started from, or 0 when d(x) is too small to walk from.
let lastDensity = 0;

// A walk multiplies the density step by step, so it must start from a normal double: one that is
// subnormal (or 0) has lost bits that every later tail would inherit. Below this, re-anchor from logs.
const WALK_MIN_DENSITY = 1e-280;
// Each pmf step adds ~2 ulp; after this many steps a fresh anchor keeps the drift near R's own error.
const WALK_MAX_STEPS = 64;

/**
 * R's lower tail P(Y <= x), Y ~ Hypergeometric(NR successes, NB failures, n draws), for x at or below
 * the mean (the side R sums): d(x) times pdhyper's series of density ratios going down from x. d(x)
 * comes from logs so p down to ~1e-308 (and subnormals) does not underflow. Leaves d(x) in lastDensity.
 */
function lowerTail(lf: LogFactorialTable, cHi: number, cLo: number, NR: number, NB: number, n: number, x: number): number {
  const logD = logDensity(lf, cHi, cLo, NR, NB, n, x);
  let sum = 0;
  let term = 1;
  let xi = x;
  while (xi > 0 && term >= Number.EPSILON * sum) {
    term *= (xi * (NB - n + xi)) / ((n + 1 - xi) * (NR + 1 - xi)); // R divides twice; one division is cheaper, same value up to rounding
    sum += term;
    xi--;
  }
  const d = Math.exp(logD);
  if (d >= WALK_MIN_DENSITY) {
    lastDensity = d;
    return d * (1 + sum); // R's d * pd
  }
  lastDensity = 0;
  return Math.exp(logD + Math.log1p(sum));
}

/**
 * One side of hypergeomUpperTailsUnchecked: the requested k whose tail R sums as a lower tail, visited
 * so that x increases: ks[at], ks[at + step], ... (count of them). Not swapped: x = k - 1 of
 * Y = X ~ (K, N-K, n), p = 1 - P(Y <= x). Swapped (k above the mean): x = n - k of Y = n - X ~ (N-K, K, n),
 * p = P(Y <= x). The first x is evaluated like R (lowerTail); each next one adds the densities in
 * between, each got from the previous one by the pmf ratio d(x) = d(x-1) (NR-x+1)(n-x+1) / (x (NB-n+x)).
 * All terms are positive, so the sum keeps R's relative accuracy; it re-anchors when the density is not
 * a safe normal double or the gap is long.
 */
function walkSide(
  lf: LogFactorialTable,
  cHi: number,
  cLo: number,
  NR: number,
  NB: number,
  n: number,
  swapped: boolean,
  ks: Int32Array,
  at: number,
  step: number,
  count: number,
  out: Float64Array,
): void {
  let tail = 0;
  let d = 0;
  let prev = 0;
  for (let i = 0, j = at; i < count; i++, j += step) {
    const k = ks[j] as number;
    const x = swapped ? n - k : k - 1;
    if (d === 0 || x - prev > WALK_MAX_STEPS) {
      tail = lowerTail(lf, cHi, cLo, NR, NB, n, x);
      d = lastDensity;
    } else {
      for (let xi = prev + 1; xi <= x; xi++) {
        d *= ((NR - xi + 1) * (n - xi + 1)) / (xi * (NB - n + xi));
        tail += d;
      }
      if (d < WALK_MIN_DENSITY) d = 0;
    }
    prev = x;
    out[j] = swapped ? tail : 0.5 - tail + 0.5;
  }
}

/**
 * hypergeomUpperTailUnchecked(ks[i], K, n, N) for i < count, written to out[i], for several k of one
 * (K, n, N); ks[0..count) must be strictly ascending. Follows R's tail choice per k: the k with
 * k-1 <= mean (x N <= n K) get 1 - lower tail, walked up from the smallest k; the k above the mean
 * get the upper tail summed directly, walked down from the largest k (the lower tail of n - X). So
 * one log-density evaluation serves a whole run of k instead of one per k, with the same accuracy.
 */
export function hypergeomUpperTailsUnchecked(
  ks: Int32Array,
  count: number,
  K: number,
  n: number,
  N: number,
  lf: LogFactorialTable,
  out: Float64Array,
): void {
  const kMin = Math.max(0, n - (N - K)); // k <= kMin: p = 1 (support minimum)
  const kTop = Math.min(n, K); // k > kTop: p = 0 (above the support)
  let first = 0;
  while (first < count && (ks[first] as number) <= kMin) out[first++] = 1;
  let last = count - 1;
  while (last >= first && (ks[last] as number) > kTop) out[last--] = 0;
  if (first > last) return;
  let split = first; // ks[first..split) are at or below the mean, ks[split..last] above it
  while (split <= last && ((ks[split] as number) - 1) * N <= n * K) split++;
  const cHi = densityConstant(lf, K, n, N);
  const cLo = densityConstantLo;
  if (split > first) walkSide(lf, cHi, cLo, K, N - K, n, false, ks, first, 1, split - first, out);
  if (last >= split) walkSide(lf, cHi, cLo, N - K, K, n, true, ks, last, -1, last - split + 1, out);
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

/**
 * Benjamini-Hochberg over distinct p-values with multiplicities: values[0..D) strictly ascending,
 * counts[d] = how many of the m tested p-values equal values[d]. Tested p-values not listed (at most
 * m - sum(counts)) must be 1, as for enrichment sets with k = 0. Writes q per distinct value to out and
 * returns it; equal to p.adjust(p, "BH", n = m) of the expanded vector, ties included:
 *
 * Let c_d = counts[0] + ... + counts[d], so value d fills ascending ranks c_{d-1}+1 .. c_d. R computes
 * q at rank i as min(1, min over j >= i of fl(fl(m / j) * p_(j))). Inside block d every p_(j) is v_d,
 * and fl(m / j) is non-increasing in j because correctly rounded division and multiplication by
 * v_d >= 0 are monotone, so the block's smallest term is the one at its last rank, fl(fl(m / c_d) * v_d);
 * it does not depend on where i lies inside the block. Hence every rank of block d gets
 * q_d = min(1, min over e >= d of fl(fl(m / c_e) * v_e)), bit for bit. Unlisted p = 1 rank after every
 * v_e < 1 and their terms are >= 1 (m / j >= 1), so pmin(1, .) hides them; a listed v_e = 1 gives 1 too.
 */
export function bhAdjustDistinct(
  values: Float64Array,
  counts: Int32Array,
  m: number,
  D: number = values.length,
  out: Float64Array = new Float64Array(D),
): Float64Array {
  let total = 0;
  for (let d = 0; d < D; d++) {
    const c = counts[d] as number;
    const v = values[d] as number;
    if (!(c >= 1) || !(v >= 0) || (d > 0 && !(v > (values[d - 1] as number)))) {
      throw new RangeError('bhAdjustDistinct: values must be strictly ascending p-values, each with a count >= 1');
    }
    total += c;
  }
  if (total > m) throw new RangeError(`bhAdjustDistinct: m (${m}) must be >= the total count (${total})`);
  let cmin = Infinity;
  let c = total; // c_d, walking down from the largest value
  for (let d = D - 1; d >= 0; d--) {
    const v = (m / c) * (values[d] as number);
    if (v < cmin) cmin = v;
    out[d] = cmin < 1 ? cmin : 1;
    c -= counts[d] as number;
  }
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HI = LITTLE_ENDIAN ? 1 : 0; // index of the high 32-bit word of a double in a Uint32Array view
const LO = 1 - HI;

/**
 * Stable ascending argsort of p-values (ties keep index order). Throws on NaN; negative values fall
 * back to a comparator sort. See ascendingOrderInto for the method.
 */
export function ascendingOrder(values: Float64Array): Int32Array {
  const n = values.length;
  return ascendingOrderInto(values, n, new Int32Array(n), new Int32Array(n));
}

// MSD digits of the high word: sign and exponent (11 bits), then the 20 mantissa bits as 8 + 8 + 4.
// Narrow mantissa digits keep the per-bucket loops short for the mid-sized buckets they split.
const RADIX_SHIFT = [20, 12, 4, 0];
const RADIX_MASK = [2047, 255, 255, 15];
// Bucket counts per level, reused by every call: a level's array is free again once its buckets have
// been visited, and deeper levels use their own.
const radixCounts = RADIX_MASK.map((mask) => new Int32Array(mask + 2));
const SMALL_RUN = 32;

/**
 * ascendingOrder of values[0..n) written to out[0..n) (tmp: scratch of the same length), so hot callers
 * can reuse their arrays. For non-negative doubles the IEEE bit pattern orders like the value, so this
 * is an MSD radix sort on the high 32-bit word: sign and exponent first (p-values spread over a few
 * hundred binades, so most buckets are tiny), then mantissa digits only inside buckets that are still
 * large, and an insertion sort on the full 64 bits for small buckets. Each pass is a stable
 * counting sort, so equal values keep index order. Returns out.
 */
export function ascendingOrderInto(values: Float64Array, n: number, out: Int32Array, tmp: Int32Array): Int32Array {
  let negative = false;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) throw new RangeError('bhAdjust: NaN p-value');
    if (v < 0 || Object.is(v, -0)) negative = true;
    out[i] = i;
  }
  if (n < 2) return out;
  if (negative) {
    out.subarray(0, n).sort((a, b) => (values[a] as number) - (values[b] as number) || a - b);
    return out;
  }
  radixRange(new Uint32Array(values.buffer, values.byteOffset, n * 2), out, tmp, 0, n, 0);
  return out;
}

function radixRange(words: Uint32Array, idx: Int32Array, tmp: Int32Array, from: number, to: number, level: number): void {
  if (to - from <= SMALL_RUN) {
    insertionByBits(words, idx, from, to);
    return;
  }
  if (level === RADIX_SHIFT.length) {
    // Equal high words: order by the low word, then index (long runs only on adversarial input).
    idx.subarray(from, to).sort((a, b) => (words[2 * a + LO] as number) - (words[2 * b + LO] as number) || a - b);
    return;
  }
  const count = radixCounts[level] as Int32Array;
  const shift = RADIX_SHIFT[level] as number;
  const mask = RADIX_MASK[level] as number;
  let lo = mask;
  let hi = 0;
  for (let i = from; i < to; i++) {
    const d = ((words[2 * (idx[i] as number) + HI] as number) >>> shift) & mask;
    count[d + 1] = (count[d + 1] as number) + 1;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  if (lo === hi) {
    count[lo + 1] = 0;
    radixRange(words, idx, tmp, from, to, level + 1);
    return;
  }
  // count[d] becomes the start of bucket d (relative to from), then its write cursor.
  count[lo] = 0;
  for (let d = lo + 1; d <= hi + 1; d++) count[d] = (count[d] as number) + (count[d - 1] as number);
  for (let i = from; i < to; i++) {
    const e = idx[i] as number;
    const d = ((words[2 * e + HI] as number) >>> shift) & mask;
    const at = count[d] as number;
    tmp[from + at] = e;
    count[d] = at + 1;
  }
  for (let i = from; i < to; i++) idx[i] = tmp[i] as number;
  // After the scatter count[d] is the end of bucket d, so bucket d spans [count[d-1], count[d]).
  let start = from;
  for (let d = lo; d <= hi; d++) {
    const end = from + (count[d] as number);
    count[d] = 0;
    if (end - start > 1) radixRange(words, idx, tmp, start, end, level + 1);
    start = end;
  }
  count[hi + 1] = 0;
}

/** Stable insertion sort of idx[from..to) by the full 64-bit pattern (high word, then low word). */
function insertionByBits(words: Uint32Array, idx: Int32Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const e = idx[i] as number;
    const h = words[2 * e + HI] as number;
    const l = words[2 * e + LO] as number;
    let j = i - 1;
    for (; j >= from; j--) {
      const f = idx[j] as number;
      const fh = words[2 * f + HI] as number;
      if (fh < h || (fh === h && (words[2 * f + LO] as number) <= l)) break;
      idx[j + 1] = f;
    }
    idx[j + 1] = e;
  }
}
