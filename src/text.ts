// Small text helpers shared by the renderers and the tools.

/** `s` cut to at most `max` characters, ending with an ellipsis when cut. */
export function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}
