// Tiers and the evidence-quality flag of a drug candidate (DESIGN.md section 4).
//
// Tier rules, checked in this order:
//   III  withdrawn (ChEMBL withdrawn flag, or Open Targets stage WITHDRAWAL with no approval):
//        kept and flagged, never recommended; buildDrugCandidates can drop them instead.
//   III  interaction evidence only: DGIdb lists the pair but neither Open Targets nor a ChEMBL
//        mechanism does (DGIdb aggregates text-mined and biomarker claims).
//   I    approved, acting on a panel gene (every remaining candidate does), and approved for the
//        disease context (an indication matching a context disease id, at phase 4).
//   II   in phase 2-3 (incl. PREAPPROVAL) for the disease context, or approved for another
//        indication (repurposing).
//   III  anything else: an earlier phase, or no phase known.
// "Approved for the disease" uses Open Targets' per-disease stage (drugIndications) when the
// input carries it; otherwise the stage of the candidate row that lists the disease, which
// Open Targets gives per target, not per disease (an over-estimate the reason states).
//
// Evidence quality counts the independent sources that link the drug to a panel gene: an Open
// Targets candidate row, a ChEMBL mechanism, a DGIdb interaction. All three -> high, two ->
// moderate, one -> low. Literature and ADMET do not count: they say nothing about the target.

export type Tier = 'I' | 'II' | 'III';
export type EvidenceQuality = 'high' | 'moderate' | 'low';

/** A context indication: the disease, and the phase reached for it (null when unknown). */
export interface MatchedIndication {
  id: string | null;
  name: string;
  phase: number | null;
  /** 'indications' when from the per-disease stages, 'candidate' when from the target row. */
  basis: 'indications' | 'candidate';
}

/** What the tier rules look at; built by buildDrugCandidates. */
export interface TierFacts {
  approved: boolean;
  /** Where approval was read ("Open Targets", "ChEMBL max_phase 4", "DGIdb"). */
  approvedBy: string | null;
  withdrawn: boolean;
  withdrawnBy: string | null;
  interactionOnly: boolean;
  maxPhase: number | null;
  matching: readonly MatchedIndication[];
  genes: readonly string[];
  actionTypes: readonly string[];
  diseaseName: string;
}

export interface TierResult {
  tier: Tier;
  reason: string;
}

/** Highest phase reached for the disease context, or null. */
export function contextPhase(matching: readonly MatchedIndication[]): number | null {
  const phases = matching.map((m) => m.phase).filter((p): p is number => p !== null);
  return phases.length ? Math.max(...phases) : null;
}

/** A phase on ChEMBL's scale in words: 2.5 -> "phase 2/3", 3.5 -> "pre-approval (filed)". */
export function phaseText(phase: number): string {
  if (phase >= 4) return 'approved';
  if (phase === 3.5) return 'pre-approval (filed)';
  if (phase === 0.5) return 'early phase 1';
  if (phase === 0) return 'preclinical';
  if (!Number.isInteger(phase)) return `phase ${Math.floor(phase)}/${Math.ceil(phase)}`;
  return `phase ${phase}`;
}

function acting(f: TierFacts): string {
  const genes = f.genes.join(', ');
  return f.actionTypes.length ? `acting on ${genes} (${f.actionTypes.join(', ').toLowerCase()})` : `acting on ${genes}`;
}

/** Applies the tier rules in order; the reason is one sentence. */
export function tierOf(f: TierFacts): TierResult {
  if (f.withdrawn) return { tier: 'III', reason: `Withdrawn from the market (${f.withdrawnBy ?? 'source'}); shown for reference, not as a candidate.` };
  if (f.interactionOnly) {
    const approved = f.approved ? ' for an approved drug' : '';
    return { tier: 'III', reason: `Interaction evidence only${approved} (DGIdb with ${f.genes.join(', ')}), with no curated mechanism or clinical record.` };
  }
  const best = f.matching.reduce<MatchedIndication | null>((a, m) => ((m.phase ?? -1) > (a?.phase ?? -1) ? m : a), null);
  const phase = contextPhase(f.matching);
  if (f.approved && phase !== null && phase >= 4 && best) {
    const caveat = best.basis === 'candidate' ? ' (Open Targets; its stage is per target, not per disease)' : '';
    return { tier: 'I', reason: `Approved drug ${acting(f)}, indicated for ${best.name}${caveat}.` };
  }
  if (phase !== null && phase >= 2 && best) {
    const also = f.approved ? `, and approved for other indications (${f.approvedBy})` : '';
    return { tier: 'II', reason: `Reached ${phaseText(phase)} for ${best.name}, ${acting(f)}${also}.` };
  }
  if (f.approved) {
    const here = !f.matching.length
      ? `no recorded indication for ${f.diseaseName}`
      : phase === null
        ? `listed for ${f.diseaseName} without a stage`
        : `only ${phaseText(phase)} for ${f.diseaseName}`;
    return { tier: 'II', reason: `Approved for another indication (${f.approvedBy}; ${here}): a repurposing candidate ${acting(f)}.` };
  }
  if (f.maxPhase === null) return { tier: 'III', reason: `Clinical phase unknown and not approved; ${acting(f)}.` };
  const forDisease = phase !== null ? ` (${phaseText(phase)} for ${f.diseaseName})` : '';
  return { tier: 'III', reason: `Earlier-stage compound: highest ${phaseText(f.maxPhase)}${forDisease}, ${acting(f)}.` };
}

/** Which link sources agree on the drug-gene pair. */
export interface LinkSources {
  opentargets: boolean;
  chembl: boolean;
  dgidb: boolean;
}

/** high: 3 link sources agree; moderate: 2; low: 1. */
export function evidenceQualityOf(s: LinkSources): { quality: EvidenceQuality; reason: string } {
  const named = [s.opentargets && 'Open Targets', s.chembl && 'ChEMBL mechanism', s.dgidb && 'DGIdb'].filter((x): x is string => !!x);
  const quality: EvidenceQuality = named.length >= 3 ? 'high' : named.length === 2 ? 'moderate' : 'low';
  const reason = named.length === 1 ? `only ${named[0]} links the drug to the panel` : `${named.join(' + ')} agree on the target`;
  return { quality, reason };
}

/** Tier order for sorting: I before II before III. */
export const TIER_ORDER: Readonly<Record<Tier, number>> = { I: 0, II: 1, III: 2 };
