// Quality score of an analysis (DESIGN.md section 4): a documented weighted mix of what was
// verified and how much of the evidence base answered. It rewards only checks that ran:
//
//   quality = 0.35 * groundedRatio + 0.25 * citeF1 + 0.20 * notHallucinated + 0.20 * sourceCoverage
//
//   groundedRatio    share of statements an NLI model found entailed and not contradicted by their
//                    citations; 0 without a model (unjudged evidence verifies nothing)
//   citeF1           ALCE citation F1 from the same model; 0 without a model
//   notHallucinated  1 - hallucinationRate when PubMed checked at least one PMID; 0 when PubMed
//                    could not be reached or there was no PMID to check (existence unknown)
//   sourceCoverage   sources that answered (ok or cached) / sources consulted (skipped ones
//                    excluded); a failed source counts 0, a partial one the share of its calls
//                    that answered
//
// An analysis that verified nothing (no PMID checked and no statement judged by a model) scores 0,
// whatever its sources answered: the score says how much of the answer was checked, not how much
// was fetched. The README works an example through.

export const QUALITY_WEIGHTS = { groundedRatio: 0.35, citeF1: 0.25, notHallucinated: 0.2, sourceCoverage: 0.2 } as const;

export interface QualityInputs {
  /** An NLI model judged the statements (integrity.nliEnabled). */
  nliEnabled: boolean;
  /** Statements the model judged (at least one readable citation). */
  judgedStatements: number;
  /** PubMed answered stage 0 (integrity.pmidsChecked). */
  pmidsChecked: boolean;
  /** Distinct PMIDs stage 0 examined. */
  checkedPmids: number;
  groundedRatio: number;
  citeF1: number;
  hallucinationRate: number;
  sources: readonly { status: string; calls?: number | undefined; failedCalls?: number | undefined }[];
}

export interface Quality {
  qualityScore: number;
  parts: Record<keyof typeof QUALITY_WEIGHTS, number>;
  /** True when nothing was verified (the score is then 0). */
  unverified: boolean;
}

export function qualityScore(q: QualityInputs): Quality {
  const consulted = q.sources.filter((s) => s.status !== 'skipped');
  const answered = consulted.reduce((sum, s) => sum + (s.status === 'ok' || s.status === 'cached' ? 1 : s.status === 'partial' && s.calls ? (s.calls - (s.failedCalls ?? 0)) / s.calls : 0), 0);
  const judged = q.nliEnabled && q.judgedStatements > 0;
  const checked = q.pmidsChecked && q.checkedPmids > 0;
  const parts = {
    groundedRatio: judged ? clamp(q.groundedRatio) : 0,
    citeF1: judged ? clamp(q.citeF1) : 0,
    notHallucinated: checked ? clamp(1 - q.hallucinationRate) : 0,
    sourceCoverage: consulted.length === 0 ? 0 : answered / consulted.length,
  };
  const unverified = !judged && !checked;
  const score = unverified ? 0 : (Object.keys(QUALITY_WEIGHTS) as (keyof typeof QUALITY_WEIGHTS)[]).reduce((s, k) => s + QUALITY_WEIGHTS[k] * parts[k], 0);
  return { qualityScore: Math.round(score * 1000) / 1000, parts, unverified };
}

function clamp(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
