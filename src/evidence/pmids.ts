// Stage 0: does each cited PMID exist? One batched esummary per 200 ids; a uid with an `error`
// entry or missing from the answer does not exist. When PubMed cannot be reached nothing is
// called hallucinated: existence is then unknown and the result says pmidsChecked: false.
import type { Eutils, PubmedSummary } from '../sources/eutils.js';
import type { SourceReport } from '../sources/report.js';

export interface PmidCheck {
  /** False when PubMed could not be asked (then `exists` is unknown for every PMID). */
  checked: boolean;
  summaries: Map<string, PubmedSummary | null>;
  hallucinated: string[];
}

/** Plausible PMID syntax; anything else cannot exist and is not sent upstream. */
export const PMID_PATTERN = /^[1-9]\d{0,8}$/;

export async function checkPmids(
  eutils: Eutils,
  pmids: readonly string[],
  report: SourceReport,
  signal?: AbortSignal,
): Promise<PmidCheck> {
  const unique = [...new Set(pmids)];
  const wellFormed = unique.filter((p) => PMID_PATTERN.test(p));
  const malformed = unique.filter((p) => !PMID_PATTERN.test(p));
  if (wellFormed.length === 0) {
    return { checked: true, summaries: new Map(malformed.map((p) => [p, null])), hallucinated: malformed };
  }
  const found = await report.call('eutils', () => eutils.summaries(wellFormed, signal), {
    degrades: 'PMID existence could not be checked, so no PMID is called hallucinated',
    essential: true,
    records: (m) => [...m.values()].filter(Boolean).length,
  });
  if (!found) return { checked: false, summaries: new Map(), hallucinated: [] };
  for (const p of malformed) found.set(p, null);
  return { checked: true, summaries: found, hallucinated: unique.filter((p) => !found.get(p)) };
}
