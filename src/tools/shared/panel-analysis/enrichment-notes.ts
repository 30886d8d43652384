// The sentences that say enrichment did not run or tested nothing, apart from the zod schema of
// enrichment-status.ts so that the widget bundle can use them without zod: one wording everywhere
// (MCP text, terminal, HTML report, widget).
import type { EnrichmentStatus } from './enrichment-status.js';

/**
 * Libraries loaded, but none holds a panel gene (symbols no library knows, e.g. non-coding genes):
 * nothing could be tested, which is no finding that no pathway is enriched. Undefined otherwise.
 */
export function enrichmentUntestedNote(results: readonly { library: string; n: number }[]): string | undefined {
  if (!results.length || results.some((r) => r.n > 0)) return undefined;
  return `Pathway enrichment tested nothing: no panel gene is in any of the ${results.length} gene-set libraries; this is not a finding that no pathway is enriched.`;
}

/** One sentence for briefs, summaries and reports when enrichment did not run; undefined when it did. */
export function enrichmentNotComputedNote(status: Pick<EnrichmentStatus, 'state' | 'failed'>): string | undefined {
  if (status.state !== 'not_computed') return undefined;
  const which = status.failed.length ? `: ${status.failed.map((f) => f.library).join(', ')} failed` : ': no library was available';
  return `Pathway enrichment could not run (no gene-set library could be loaded${which}); this is not a finding that no pathway is enriched.`;
}
