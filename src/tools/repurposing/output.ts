// Assembly of one repurposing candidate as reported: the engine's fields plus targets with their
// reach and role, approved indications, the rationale, trials, safety and the checked target claim.
import { actionsOn, actsOn, reportedWithdrawal, standingApprovals, type DrugCandidate } from '../../analysis/drug-candidates.js';
import { approvedIndications, furthestIndication, rationale, reachOf, type RationaleContext } from '../../analysis/repurposing.js';
import { isSubtypeRow, subtypeIndication } from '../../analysis/indication-subtype.js';
import type { StatementStatus } from '../../evidence/status.js';
import type { CandidateChecks } from './gather.js';
import type { RepurposingCandidateOut } from './schema.js';

const MAX_INDICATIONS = 5;
const MAX_MECHANISMS = 4;
const MAX_TARGETS = 6;
const round3 = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 1000);

export interface CandidateFacts {
  rationale: RationaleContext;
  indications: { details: Parameters<typeof approvedIndications>[0]; chembl: Parameters<typeof approvedIndications>[1] };
  checks: CandidateChecks;
  targetClaim: { claim: string; citations: string[]; status: StatementStatus } | null;
}

export function candidateOut(c: DrugCandidate, rank: number, f: CandidateFacts): RepurposingCandidateOut {
  // Not an approval a withdrawal outranked (ChEMBL's breast carcinoma at phase 4 beside Open Targets'
  // breast cancer WITHDRAWAL): once listed, and the rationale read "approved for ... breast
  // carcinoma ..., but withdrawn for breast cancer".
  const approved = standingApprovals(approvedIndications(f.indications.details, f.indications.chembl), c.matchingIndications);
  // The engine read the roles the strategies read (GeneDrugEvidence.role): one rule, one answer.
  const conflicts = new Map(c.roleConflicts.map((x) => [x.gene, x.reason]));
  const ctx = f.rationale;
  return {
    rank,
    name: c.name,
    chemblId: c.chemblId,
    tier: c.tier,
    tierReason: c.tierReason,
    score: c.score,
    factors: Object.fromEntries(Object.entries(c.factors).map(([k, x]) => [k, { value: round3(x.value), detail: x.detail }])) as RepurposingCandidateOut['factors'],
    rationale: rationale(c, ctx, { approved, furthest: c.approved ? null : furthestIndication(f.indications.details, f.indications.chembl) }),
    // Panel genes first: a multi-target drug's neighbourhood targets are the ones cut.
    targets: [...c.targetGenes.filter((x) => ctx.panel.has(x)), ...c.targetGenes.filter((x) => !ctx.panel.has(x))].slice(0, MAX_TARGETS).map((gene) => {
      const conflict = conflicts.get(gene);
      return {
        gene,
        inPanel: ctx.panel.has(gene),
        ...(ctx.panel.has(gene) ? {} : { reach: reachOf(gene, ctx.panel, ctx.neighbours) }),
        actionTypes: actionsOn(c, gene),
        ...(actsOn(c, gene) ? {} : { dgidbClaimOnly: true as const }),
        ...(conflict ? { roleConflict: conflict } : {}),
      };
    }),
    targetsTotal: c.targetGenes.length,
    mechanisms: [...new Set(c.mechanisms.map((m) => m.mechanismOfAction).filter((m): m is string => Boolean(m)))].slice(0, MAX_MECHANISMS),
    maxPhase: c.maxPhase,
    status: c.status,
    approvedIndications: approved.slice(0, MAX_INDICATIONS),
    approvedIndicationsTotal: approved.length,
    trials: f.checks.trials,
    // Not withdrawn as far as no record read can say: the reason says so rather than null, which reads "not withdrawn".
    safety: { withdrawn: c.withdrawn, withdrawnReason: reportedWithdrawal(c), boxedWarning: f.checks.boxedWarning },
    admet: c.admet,
    evidenceQuality: c.evidenceQuality,
    evidenceQualityReason: c.evidenceQualityReason,
    pmids: c.pmids,
    targetClaim: f.targetClaim,
  };
}

type AlreadyApproved = { name: string; chemblId: string | null; indication: string; source: string };

/**
 * Already approved for the disease (tier I): name, id and the approved indication that says so, an
 * approval for the context itself (or a cross-reference of it) before one for a subtype, which is
 * named as such: "breast cancer (a subtype of breast disease)" (once the bare "breast cancer", read
 * as an approval for the disease asked), a subtype of the disease it is below (the best search
 * hit), not of the text: "HER2 Positive Breast Carcinoma (a subtype of metastatic breast cancer)".
 */
export function alreadyApprovedFor(diseaseName: string): (c: DrugCandidate) => AlreadyApproved {
  return (c) => {
    const approved = c.matchingIndications.filter((x) => x.approved && x.source !== 'Open Targets target row');
    const m = approved.find((x) => !isSubtypeRow(x)) ?? approved[0] ?? c.matchingIndications[0];
    const indication = !m ? 'the disease context' : isSubtypeRow(m) ? subtypeIndication(m.name, m.subtypeOf ?? diseaseName) : m.name;
    return { name: c.name, chemblId: c.chemblId, indication, source: m?.source ?? 'drug engine tier I' };
  };
}
