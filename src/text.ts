// Small text helpers shared by the renderers and the tools.

/** `s` cut to at most `max` characters, ending with an ellipsis when cut. */
export function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}

/** p and q values: 3 significant digits, scientific below 0.001 (toFixed would print them as 0.000). */
export function pValue(x: number): string {
  if (!Number.isFinite(x)) return 'n/a';
  if (x === 0) return '0';
  return x < 1e-3 ? x.toExponential(2) : x.toPrecision(3);
}
