// Compact answers (DESIGN.md 2.1: about 6,000 tokens at most): a list is cut to its first items,
// and `counts` says how many it holds in all, so a reader knows what was left out.
export interface ListCount {
  shown: number;
  total: number;
}

export class ListCut {
  readonly counts: Record<string, ListCount> = {};

  /** The first `n` items of `list`, counted under `key`. */
  take<T>(key: string, list: readonly T[], n: number): T[] {
    this.counts[key] = { shown: Math.min(n, list.length), total: list.length };
    return list.slice(0, n);
  }

  /** Keys of the lists that lost items. */
  cut(): string[] {
    return Object.entries(this.counts)
      .filter(([, c]) => c.shown < c.total)
      .map(([k]) => k);
  }
}
