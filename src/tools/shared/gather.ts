// What every source-gathering function of a tool receives: the call (context, tier, signal) and the
// SourceReport that records each source's outcome. Gathering functions degrade (undefined / empty +
// a warning) instead of throwing, unless the answer cannot exist without them.
import type { SourceReport } from '../../sources/report.js';
import type { ToolCall } from '../define.js';

export interface Gather {
  call: ToolCall;
  report: SourceReport;
}

/** Caps on fan-out: each is a number of upstream requests an analysis may spend on one question. */
export const CAPS = {
  /**
   * Genes whose PubMed literature is counted (the first of the panel): 10 with an NCBI key (10
   * requests/s); 6 without one (3/s), which PubMed lets out in the first two seconds, hidden behind
   * the analysis's first rounds, where 10 held the final citation check back by over a second.
   */
  literatureGenes: 10,
  literatureGenesWithoutKey: 6,
  networkGenes: 200,
  drugsForLiterature: 6,
  drugTargetStatements: 3,
  hypothesisPairs: 8,
  /** Draft candidates whose details (Open Targets drugs, ChEMBL molecules, mechanisms, indications) are fetched. */
  drugDetails: 40,
  pubchemFallbacks: 5,
} as const;

/**
 * A promise started early and awaited later: if the call fails before it is awaited (every gene
 * unresolved, say), its rejection must not surface as an unhandled one. Awaiting it still throws.
 */
export function handled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}
