// Quality score of an analysis (DESIGN.md section 4): a documented weighted mix of how grounded
// its statements are and how much of the evidence base answered.
//   quality = 0.35 * groundedRatio + 0.25 * citeF1 + 0.20 * (1 - hallucinationRate) + 0.20 * sourceCoverage
// sourceCoverage = sources that answered (ok or cached) / sources consulted (skipped ones excluded).
// An analysis with no checkable statement gets groundedRatio = citeF1 = 0: nothing was verified.

export const QUALITY_WEIGHTS = { groundedRatio: 0.35, citeF1: 0.25, notHallucinated: 0.2, sourceCoverage: 0.2 } as const;

export interface QualityInputs {
  groundedRatio: number;
  citeF1: number;
  hallucinationRate: number;
  sources: readonly { status: string }[];
}

export interface Quality {
  qualityScore: number;
  parts: Record<keyof typeof QUALITY_WEIGHTS, number>;
}

export function qualityScore(q: QualityInputs): Quality {
  const consulted = q.sources.filter((s) => s.status !== 'skipped');
  const answered = consulted.filter((s) => s.status === 'ok' || s.status === 'cached').length;
  const parts = {
    groundedRatio: clamp(q.groundedRatio),
    citeF1: clamp(q.citeF1),
    notHallucinated: clamp(1 - q.hallucinationRate),
    sourceCoverage: consulted.length === 0 ? 0 : answered / consulted.length,
  };
  const score = (Object.keys(QUALITY_WEIGHTS) as (keyof typeof QUALITY_WEIGHTS)[]).reduce((s, k) => s + QUALITY_WEIGHTS[k] * parts[k], 0);
  return { qualityScore: Math.round(score * 1000) / 1000, parts };
}

function clamp(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
