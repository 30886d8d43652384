// Small collection helpers shared by every layer (sources, analysis, tools): no I/O, no domain.

/** The first item of each key, in input order. */
export function uniqueBy<T>(items: readonly T[], key: (t: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}
