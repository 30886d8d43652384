// How a source's entry in a result's `sources[]` reads, for the code that words an answer from it.
// Kept apart from src/sources/ (which holds the clients) so pure analysis code can ask too.

type Entries = readonly { id: string; status: string }[];

/** Whether the source failed outright: what it alone provides is then unknown, not absent. */
export function sourceFailed(sources: Entries, id: string): boolean {
  return sources.some((s) => s.id === id && s.status === 'failed');
}

/**
 * Whether the source failed outright or in part: what it provides may be missing. A partial failure
 * counts where any one of its calls could have held the answer (a literature search, a list).
 */
export function sourceIncomplete(sources: Entries, id: string): boolean {
  return sources.some((s) => s.id === id && (s.status === 'failed' || s.status === 'partial'));
}
