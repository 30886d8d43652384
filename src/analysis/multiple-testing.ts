// Benjamini-Hochberg q-values matched to R's p.adjust(p, "BH"), bit for bit (tests pin them to R
// output), over a plain vector or over distinct values with multiplicities.
import { ascendingOrder } from './argsort.js';

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
