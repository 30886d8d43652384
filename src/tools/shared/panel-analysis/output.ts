// Assembly of the panel analysis result: the reported shape of pathways, the g:Profiler cross-check
// and drug candidates (with their trials and label).
import { reportedWithdrawal, type DrugCandidate } from '../../../analysis/drug-candidates.js';
import type { EnrichmentRow } from '../../../analysis/enrichment.js';
import { round } from '../../../evidence/pipeline.js';
import { confirmedBy, type CandidateContext, type CrossCheck } from './extras.js';
import type { InsightsOutput } from './schema.js';

export function crossCheckOut(check: CrossCheck | undefined, reported: readonly EnrichmentRow[]): InsightsOutput['enrichmentCrossCheck'] {
  if (!check) return null;
  const confirmed = reported.filter((r) => confirmedBy(check, r)).length;
  return { source: check.source, version: check.version, significantTerms: check.significantTerms, confirmed, checked: reported.length };
}

export function pathwayOut(r: EnrichmentRow, check: CrossCheck | undefined, reactomeSummary: string | null): InsightsOutput['enrichedPathways'][number] {
  return {
    id: r.id,
    name: r.name,
    library: r.library,
    ...(r.link ? { link: r.link } : {}),
    overlapGenes: r.overlapGenes,
    k: r.k,
    K: r.K,
    n: r.n,
    N: r.N,
    oddsRatio: round(r.oddsRatio),
    p: r.p,
    q: r.q,
    confirmedByGprofiler: confirmedBy(check, r),
    ...(reactomeSummary ? { reactomeSummary } : {}),
  };
}

export function candidateOut(c: DrugCandidate, context: CandidateContext | undefined): InsightsOutput['drugCandidates'][number] {
  return {
    name: c.name,
    chemblId: c.chemblId,
    tier: c.tier,
    tierReason: c.tierReason,
    score: c.score,
    factors: c.factors,
    missingFactors: c.missingFactors,
    targetGenes: c.targetGenes,
    ...(c.interactionOnly.length ? { interactionOnly: c.interactionOnly } : {}),
    actionTypes: c.actionTypes,
    ...(c.roleConflicts.length ? { roleConflicts: c.roleConflicts } : {}),
    mechanisms: [...new Set(c.mechanisms.map((m) => m.mechanismOfAction).filter((m): m is string => Boolean(m)))],
    maxPhase: c.maxPhase,
    approved: c.approved,
    withdrawn: c.withdrawn,
    // Not withdrawn as far as no record read can say: "not checked: ...", as the repurposing safety says; null read "not withdrawn".
    withdrawnReason: reportedWithdrawal(c),
    // Saved so that a later diff can tell "not withdrawn" (a record was read) from an older
    // snapshot's bare false, which did not say whether anything was read.
    withdrawalChecked: c.withdrawalChecked === true,
    status: c.status,
    indicatedForDisease: c.indicatedForDisease,
    // `level` decides the wording (a subtype is named as one); the answer states it in `via`.
    matchingIndications: c.matchingIndications.map(({ level: _level, ...m }) => m),
    admet: c.admet,
    evidenceQuality: c.evidenceQuality,
    evidenceQualityReason: c.evidenceQualityReason,
    evidenceCurations: c.evidenceCurations,
    sources: [...c.sources, ...(context?.trials ? ['clinicaltrials'] : []), ...(context?.label ? ['openfda'] : [])],
    pmids: c.pmids,
    ...(context?.trials ? { trials: context.trials } : {}),
    ...(context?.label !== undefined ? { label: context.label } : {}),
  };
}
