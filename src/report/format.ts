// Number formatting shared by the report sections: fixed digits for scores, scientific notation
// for the small p and q values of enrichment (toFixed would print them as 0.000).

export function fixed(x: number | null | undefined, digits = 2): string {
  return x === null || x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(digits);
}

export { pValue } from '../text.js';

export function percent(x: number, digits = 0): string {
  return Number.isFinite(x) ? `${(x * 100).toFixed(digits)}%` : 'n/a';
}

/** -log10(q), floored at 1e-300 so that a q that underflowed to 0 still draws a finite bar. */
export function negLog10(x: number): number {
  return -Math.log10(Math.max(x, 1e-300));
}

export function integer(x: number): string {
  return Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : 'n/a';
}
