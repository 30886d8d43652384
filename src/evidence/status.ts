// evidenceStatus (DESIGN.md 2.1), failing closed: a missing abstract, an unreachable PubMed or a
// lexical-only judge never yields `grounded`.
import type { IntegrityRun } from './pipeline.js';

export const EVIDENCE_STATUSES = ['grounded', 'supported', 'unsupported', 'contradicted', 'hallucinated', 'unverifiable'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

/** citeF1 at or above this is "well grounded" (a project convention; ALCE defines no F1 threshold). */
export const GROUNDED_F1 = 0.6;

export function evidenceStatus(run: Pick<IntegrityRun, 'integrity' | 'statements' | 'readable' | 'cited'>): EvidenceStatus {
  const { integrity: i, statements, readable, cited } = run;
  if (i.pmidsChecked && cited.length > 0 && i.hallucinated === cited.length) return 'hallucinated';
  if (readable.size === 0) return 'unverifiable';
  const allJudgedReadable = statements.every((s) => s.judged.every((p) => readable.has(p)));
  if (i.citeF1 >= GROUNDED_F1 && i.hallucinated === 0 && i.pmidsChecked && i.nliEnabled && allJudgedReadable) return 'grounded';
  if (statements.some((s) => s.bestEntailment >= i.threshold)) return 'supported';
  if (statements.some((s) => s.contradicted)) return 'contradicted';
  return 'unsupported';
}
