// Stable ascending argsort of non-negative doubles (p-values), by radix on their IEEE bit patterns:
// TypedArray#sort boxes every double and was the slowest step of an enrichment query.

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
