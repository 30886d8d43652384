// How a drug candidate reads in the evidence brief (pure): its clinical standing for a clinician,
// the executive's count of opportunities and the student's sentence about drugs. Each claims no
// more than the drug's tier reason: withdrawn (for the disease, or at all), possibly already
// approved, acting against a gene's role and interaction evidence only are said, never counted as
// options.
import { approvedIndication, contextPhase, phaseText, type DrugCandidate } from './drug-candidates.js';
import type { RoleConflict } from './drug-roles.js';
import { WHERE_MARKETED, withdrawalText, withdrawnForText } from './drug-tiers.js';

/** What a drug-target statement knows of its drug: tier and status set the clinical wording. */
export type DrugStanding = Pick<DrugCandidate, 'tier' | 'status' | 'withdrawnReason' | 'matchingIndications' | 'approved' | 'approvalsKnown' | 'maxPhase' | 'broaderApproval'> &
  Partial<Pick<DrugCandidate, 'roleConflicts'>> & {
    /** A curated mechanism (Open Targets or ChEMBL) links it to a panel gene: not interaction evidence only. */
    curated: boolean;
  };

/**
 * The executive's drug opportunities, claiming no more than the tier reasons: a tier I drug with a
 * withdrawal on record for the disease (or one above or below it) is not plainly "already
 * indicated"; a tier II drug whose approvals name no disease, or name a broader one, "may already
 * be approved" here and is no repurposing option; nor is one withdrawn for the disease, or one that
 * acts against a panel gene's role (clinicalStanding says the same per drug).
 */
function opportunities(candidates: readonly DrugCandidate[], disease: string) {
  const n = { indicated: 0, indicatedWithdrawal: 0, options: 0, mayBeApproved: 0, withdrawnHere: 0, againstRole: 0 };
  for (const c of candidates) {
    const gone = withdrawnForText(c.matchingIndications, disease) !== null;
    if (c.tier === 'I') {
      if (gone) n.indicatedWithdrawal++;
      else n.indicated++;
    } else if (c.tier === 'II') {
      if (gone) n.withdrawnHere++;
      else if (c.roleConflicts?.length) n.againstRole++;
      else if (c.approved && (c.approvalsKnown === false || c.broaderApproval)) n.mayBeApproved++;
      else n.options++;
    }
  }
  return n;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function executiveDrugs(candidates: readonly DrugCandidate[], disease: string): string {
  const n = opportunities(candidates, disease);
  const parts = [
    `${plural(n.indicated, 'approved drug')} already indicated`,
    n.indicatedWithdrawal ? `${n.indicatedWithdrawal} more approved but recorded as withdrawn for ${disease} or a related disease (check the label)` : '',
    `${plural(n.options, 'repurposing or late-stage option')}`,
    n.mayBeApproved ? `${plural(n.mayBeApproved, 'approved drug')} whose approvals name no disease or a broader one (may already be approved for ${disease})` : '',
    n.withdrawnHere ? `${plural(n.withdrawnHere, 'drug')} recorded as withdrawn for ${disease} or a related disease` : '',
    n.againstRole ? `${plural(n.againstRole, 'drug')} acting against a panel gene's role` : '',
  ].filter(Boolean);
  return parts.join(', ');
}

/**
 * Tier I and II drugs in plain words: approved ones apart from those only in trials for the disease
 * (tier II includes phase 2-3 compounds, which are not "existing drugs"). Approved tier III drugs
 * (linked by weaker evidence, e.g. interaction records only) are said apart, so the sentence never
 * reads "no approved drug" beside them; with a drug source failed, none found is not "none yet".
 */
export function studentDrugs(candidates: readonly DrugCandidate[], disease: string, failed: string | undefined): string {
  const usable = candidates.filter((c) => c.tier === 'I' || c.tier === 'II');
  const approved = usable.filter((c) => c.approved).length;
  const trials = usable.length - approved;
  const weaker = candidates.filter((c) => c.tier === 'III' && c.approved && c.status !== 'withdrawn').length;
  const more = failed ? ` (${failed}: there may be more)` : '';
  const approvedText = approved
    ? `${approved} approved drug${approved === 1 ? '' : 's'} act${approved === 1 ? 's' : ''} on these genes${more}`
    : weaker
      ? `No approved drug is known here to act on these genes through a recorded mechanism${more}`
      : failed
        ? `No approved drug acting on these genes was found, but ${failed}, so there may be some`
        : 'No approved drug acts on these genes yet';
  const weakerText = weaker ? `; ${weaker} approved drug${weaker === 1 ? ' is' : 's are'} linked to them by weaker evidence only (tier III)` : '';
  return `${approvedText}${trials ? `, and ${trials} more ${trials === 1 ? 'is' : 'are'} being tested in ${disease}` : ''}${weakerText}`;
}

/** Status in a few words: approved, withdrawn, phase N, phase unknown. */
export function statusText(c: Pick<DrugCandidate, 'status' | 'maxPhase'>): string {
  if (c.status === 'withdrawn') return 'withdrawn';
  if (c.status === 'approved') return 'approved';
  return c.maxPhase === null ? 'phase unknown' : phaseText(c.maxPhase);
}

/**
 * What a clinician may do with a drug, by tier and status: only a tier I drug is an established
 * option; a withdrawn drug is never one.
 */
export function clinicalStanding(c: DrugStanding | undefined, disease: string): string {
  if (!c) return `its standing in ${disease} is not assessed here`;
  if (c.status === 'withdrawn') return `withdrawn (${withdrawalText(c.withdrawnReason)}): not recommended here; ${WHERE_MARKETED}`;
  // Withdrawn for this very disease (or one above it) is said whatever the tier: beside a subtype's
  // approval, "an established option" read as if nothing had been withdrawn.
  const gone = withdrawnForText(c.matchingIndications, disease);
  // Acting against a panel gene's role (an activated oncogene, an inhibited tumour suppressor): the
  // insights text and table mark it, and the brief once called such a drug "a repurposing hypothesis".
  const against = c.roleConflicts?.length ? `acts against ${c.roleConflicts.map(conflictWords).join(' and ')}` : '';
  if (c.tier === 'I') {
    const name = approvedIndication(c.matchingIndications)?.name ?? disease;
    if (gone) return `approved for ${name}, but ${gone} (its indication records say so): check its current label before treating it as an option${against ? `; it ${against}` : ''}`;
    return `approved for ${name}: an established option to weigh against current guidelines${against ? `, though it ${against}` : ''}`;
  }
  // Withdrawn for this very disease comes first: "approved for another indication" read as untried here.
  if (gone) return `${gone} (its indication records say so): not an option here; ${WHERE_MARKETED}`;
  if (against) return `${against}: not a repurposing hypothesis for ${c.roleConflicts!.length === 1 ? 'it' : 'them'}, whatever its standing elsewhere`;
  // May already be approved here outranks a phase a record gives for the disease (the tier rule):
  // "investigational in breast cancer (phase 2)" read so for a drug whose approvals are not named.
  if (c.tier === 'II' && c.broaderApproval) return `approved for ${c.broaderApproval.name}, a broader disease than ${disease}: its label may already cover ${disease}; check it before treating this as a repurposing hypothesis`;
  if (c.tier === 'II' && c.approved && c.approvalsKnown === false) return `approved, but where is not known here: it may already be approved for ${disease}; check its current label before treating it as a repurposing hypothesis`;
  const phase = contextPhase(c.matchingIndications);
  if (c.tier === 'II' && phase !== null && phase >= 2) return `investigational in ${disease} (${phaseText(phase)}): consider within a clinical trial`;
  if (c.tier === 'II') return `approved for another indication, not for ${disease}: a repurposing hypothesis, not an established option`;
  // No phase known is not "early-stage": the tier reason says whether a source failed.
  if (c.maxPhase === null && !c.approved && c.curated) return 'its clinical stage is not known here: not an option to act on before it is checked';
  return `early-stage or interaction evidence only: not a treatment option`;
}

/** "EGFR's role (an oncogene activated)", from a conflict's reason (drug-roles.ts contradiction). */
function conflictWords(x: RoleConflict): string {
  return `${x.gene}'s role (${x.reason.startsWith('activates') ? 'an oncogene activated' : 'a tumour suppressor inhibited'})`;
}
