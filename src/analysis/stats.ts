// Hypergeometric tail probabilities matched to R's phyper rather than to a textbook formula, because
// DESIGN.md promises R-identical numbers and tests pin them to R output. Benjamini-Hochberg is in
// multiple-testing.ts, the argsort it uses in argsort.ts.

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
