// Tiers of a drug candidate (DESIGN.md section 4). Rules, checked in this order:
//
//   III  withdrawn (ChEMBL withdrawn flag, an Open Targets "Withdrawn" warning, or the stage
//        WITHDRAWAL with no approval): kept, marked, never recommended.
//   III  interaction evidence only: DGIdb lists the pair but neither an Open Targets candidate row
//        nor a ChEMBL mechanism does (DGIdb also aggregates biomarker and text-mined claims).
//   I    approved for the disease context: an Open Targets drug indication at stage APPROVAL or
//        PHASE_4, or a ChEMBL drug_indication with max_phase_for_ind 4, for a context disease, a
//        descendant of one or a cross-reference of one (drug-indications.ts); a descendant is named
//        as a subtype of the context, never as the context. Nothing else is ever called
//        "indicated": an approved drug whose target row merely lists the disease is not.
//   II   approved, but withdrawn for the disease context or a disease above it (an Open Targets
//        indication at stage WITHDRAWAL, which outranks an approval another record gives for that
//        disease): said first, never "no indication recorded" (III when approved nowhere else). An
//        approval for a subtype that the withdrawal does not outrank stays tier I, the withdrawal said.
//   II   approved where the records cannot say for which diseases (not read, or naming no
//        approved indication): the reason says it may already be approved for the context, never
//        "another indication", whatever phase a record gives for the context; likewise when an
//        approved indication is a disease above the context ("neoplasm" above "breast cancer": a
//        tissue-agnostic label may already cover it).
//   II   phase 2-3 (pre-approval included) for the disease context, read from the same
//        per-disease records; or approved for another indication (repurposing).
//   III  anything else: an earlier phase, or no phase known. With no phase known the reason says
//        whether every record that could give one was read ("none records a phase or an
//        approval") or which were not (then approval is "not known", never "not approved").
// A drug whose curated action contradicts a target's role (drug-roles.ts) keeps its tier, and its
// reason ends with the conflict.

import { isWithdrawalRow, VIA_ABOVE, type MatchedIndication } from './drug-indications.js';
import { conflictText, type RoleConflict } from './drug-roles.js';
import { isSubtypeRow } from './indication-subtype.js';

export type Tier = 'I' | 'II' | 'III';
export type { MatchedIndication } from './drug-indications.js';

/** What the tier rules look at; built by buildDrugCandidates. */
export interface TierFacts {
  /** Approved somewhere and not withdrawn. */
  approved: boolean;
  /** Where approval was read ("Open Targets", "ChEMBL max_phase 4", "DGIdb"). */
  approvedBy: string | null;
  withdrawn: boolean;
  withdrawnBy: string | null;
  interactionOnly: boolean;
  maxPhase: number | null;
  matching: readonly MatchedIndication[];
  /** Per-disease indications were looked up for this drug (Open Targets or ChEMBL answered). */
  indicationsChecked: boolean;
  /**
   * Those records name at least one approved indication, for any disease. An approved drug whose
   * records name none may be approved for the context: "approved for another indication" would be
   * a guess.
   */
  approvalsNamed: boolean;
  /** An approved indication for a disease above the context (drug-indications.ts broaderApprovals), or null. */
  broaderApproval: { name: string; source: string } | null;
  /**
   * An approval ChEMBL records under a MeSH heading that cannot be placed against the context (more
   * words than it: "Triple Negative Breast Neoplasms" for breast cancer), or null: it may be the
   * context or a subtype, so the drug is no plain "approved for another indication".
   */
  unplacedApproval?: { name: string; source: string } | null;
  genes: readonly string[];
  actionTypes: readonly string[];
  /** Targets whose role the drug's action contradicts; absent or [] when none. */
  roleConflicts?: readonly RoleConflict[];
  diseaseName: string;
  /**
   * Records that could give a phase or an approval but were not read for this drug (a failed
   * source, or details not asked for it), each in words; [] when every one was read.
   */
  phaseUnread: readonly string[];
  /** A record that would say it was withdrawn was read (ChEMBL molecule, Open Targets drug warnings); absent: true. */
  withdrawalChecked?: boolean;
}

export interface TierResult {
  tier: Tier;
  reason: string;
}

/** Per-disease records (not the target row, whose stage is per target). */
export function perDisease(matching: readonly MatchedIndication[]): MatchedIndication[] {
  return matching.filter((m) => m.source !== 'Open Targets target row');
}

/** The approved context indication that makes a drug tier I, or null. */
export function approvedIndication(matching: readonly MatchedIndication[]): MatchedIndication | null {
  return perDisease(matching).find((m) => m.approved) ?? null;
}

/** Highest phase reached for the disease context in per-disease records, or null. */
export function contextPhase(matching: readonly MatchedIndication[]): number | null {
  const phases = perDisease(matching).map((m) => m.phase).filter((p): p is number => p !== null);
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

/** The same stages for a table column: "4", "2/3" (ChEMBL's 2.5), "filed" (3.5), "early 1" (0.5), "0". */
export function phaseShort(phase: number): string {
  if (phase === 3.5) return 'filed';
  if (phase === 0.5) return 'early 1';
  return Number.isInteger(phase) ? String(phase) : `${Math.floor(phase)}/${Math.ceil(phase)}`;
}

function acting(f: TierFacts): string {
  const genes = f.genes.join(', ');
  return f.actionTypes.length ? `acting on ${genes} (${f.actionTypes.join(', ').toLowerCase()})` : `acting on ${genes}`;
}

function where(m: MatchedIndication): string {
  return m.via === 'the context disease' ? m.source : `${m.source}; ${m.via}`;
}

/**
 * The approval a tier I reason names: one for the context itself (or a cross-reference of it) before
 * one for a subtype, which is named as such ("breast cancer (a subtype of breast disease; Open
 * Targets indications)"): "below or cross-referenced to the context disease" once left a subtype
 * reading as the disease asked.
 */
function approvedText(f: TierFacts, here: MatchedIndication): string {
  const named = perDisease(f.matching).find((m) => m.approved && !isSubtypeRow(m)) ?? here;
  // A subtype of the disease it is below (the best search hit), not of the text: "metastatic breast
  // cancer" read to "breast cancer" once named HER2-positive breast carcinoma a subtype of the text.
  return isSubtypeRow(named) ? `${named.name} (a subtype of ${named.subtypeOf ?? f.diseaseName}; ${named.source})` : `${named.name} (${where(named)})`;
}

/**
 * Per-disease records that say the drug was withdrawn for the context, a disease below it or one
 * above it (drug-indications.ts withdrawalFirst), with the approvals that withdrawal outranks.
 */
export function withdrawnForContext(matching: readonly MatchedIndication[]): MatchedIndication[] {
  return perDisease(matching).filter((m) => m.withdrawnFor);
}

/**
 * For which disease the drug was withdrawn, in words, or null: "withdrawn for breast cancer"; when
 * only a disease above the context records it, "withdrawn for breast cancer, a broader disease that
 * includes HER2-positive breast carcinoma" (once ignored: such a drug read "approved for another
 * indication", or "approved for breast carcinoma, a broader disease" on ChEMBL's row); when only a
 * subtype does, "withdrawn for triple-negative breast cancer, a subtype of breast cancer".
 */
export function withdrawnForText(matching: readonly MatchedIndication[], diseaseName: string): string | null {
  const rows = withdrawnForContext(matching);
  if (!rows.length) return null;
  const withdrawals = rows.filter(isWithdrawalRow);
  const context = withdrawals.length === 0 || withdrawals.some((m) => m.level === 'context');
  if (context) return `withdrawn for ${diseaseName}`;
  const above = withdrawals.find((m) => m.level === 'above');
  if (above) return `withdrawn for ${above.withdrawnFor}, a broader disease that includes ${diseaseName}`;
  return `withdrawn for ${withdrawals[0]!.withdrawnFor}, a subtype of ${withdrawals[0]!.subtypeOf ?? diseaseName}`;
}

/**
 * How the drug was withdrawn, naming every record, or null when it was not:
 * "Open Targets indications record breast cancer at stage WITHDRAWAL; ChEMBL drug_indication records
 * an approval for breast carcinoma, the furthest phase it reached, which that withdrawal outranks".
 */
function withdrawnHere(f: TierFacts): string | null {
  const rows = withdrawnForContext(f.matching);
  if (!rows.length) return null;
  return rows
    .map((m) =>
      isWithdrawalRow(m)
        ? `${m.source} record ${m.withdrawnFor} at stage WITHDRAWAL`
        : m.source === 'ChEMBL drug_indication'
          ? `${m.source} records an approval for ${m.withdrawnFor}, the furthest phase it reached, which that withdrawal outranks`
          : `${m.source} record an approval for ${m.withdrawnFor}, which that withdrawal outranks`,
    )
    .join('; ');
}

/** Where the drug got for the context, after a reason that is about its approval: "; it reached phase 2 for X (source)". */
function studiedHere(f: TierFacts, phase: number | null): string {
  const best = perDisease(f.matching).find((m) => m.phase === phase);
  return phase !== null && best ? `; it reached ${phaseText(phase)} for ${best.name} (${where(best)})` : '';
}

/** What the records say about the context, for a drug that is not tier I (nor withdrawn for it: tierRule says that first). */
function hereText(f: TierFacts, phase: number | null): string {
  if (!f.indicationsChecked) return `its indications for ${f.diseaseName} could not be checked`;
  if (phase !== null) return `only ${phaseText(phase)} for ${f.diseaseName}`;
  if (f.matching.some((m) => m.source === 'Open Targets target row')) return `Open Targets lists it for ${f.diseaseName} on the target, without a stage for that disease`;
  return `no indication recorded for ${f.diseaseName}`;
}

/** Applies the tier rules in order; the reason is one sentence, ending with any role conflict. */
export function tierOf(f: TierFacts): TierResult {
  const r = tierRule(f);
  const also = [
    // Its details were read, but not the part that would say it was withdrawn: not "not withdrawn".
    f.withdrawalChecked === false && f.indicationsChecked ? `; ${WITHDRAWAL_UNKNOWN}` : '',
    f.roleConflicts?.length ? `; against its target's role: ${conflictText(f.roleConflicts)}` : '',
  ].join('');
  return also ? { tier: r.tier, reason: `${r.reason.replace(/\.$/, '')}${also}.` } : r;
}

/** Said of a drug whose ChEMBL molecule and Open Targets drug warnings were not read. */
export const WITHDRAWAL_UNKNOWN = "whether it was withdrawn is not known (neither its ChEMBL molecule record nor Open Targets' drug warnings were read)";

/** `withdrawnReason` in a result for such a drug: null there reads "not withdrawn". */
export const WITHDRAWAL_NOT_CHECKED = `not checked: ${WITHDRAWAL_UNKNOWN}`;

/** A reported withdrawnReason for a drug whose withdrawal was not checked (repurposing and insights results), or null. */
export const reportedWithdrawal = (c: { withdrawalChecked: boolean; withdrawnReason: string | null }): string | null => (c.withdrawalChecked ? c.withdrawnReason : WITHDRAWAL_NOT_CHECKED);

/**
 * A reported drug's withdrawal read back (compact answers, comparisons, diffs): withdrawn, not
 * withdrawn (a record that would say was read), not known ("not checked: ..."), or undefined for a
 * result saved before `withdrawalChecked`, whose bare false said nothing about a record read.
 */
export function withdrawalReading(d: { withdrawn?: boolean; withdrawnReason?: string | null; withdrawalChecked?: boolean }): 'withdrawn' | 'not withdrawn' | 'not known' | undefined {
  if (d.withdrawn === true) return 'withdrawn';
  if (d.withdrawnReason?.startsWith('not checked:')) return 'not known';
  return d.withdrawn === false && d.withdrawalChecked === true ? 'not withdrawn' : undefined;
}

/**
 * An approved drug whose withdrawal was not checked, read from a reported candidate: marked
 * "withdrawal not known" where it is ranked (insights table, HTML report), as "withdrawn" is.
 */
export const withdrawalNotKnown = (c: { withdrawn: boolean; withdrawnReason: string | null; status: string }): boolean => c.status === 'approved' && withdrawalReading(c) === 'not known';

function tierRule(f: TierFacts): TierResult {
  if (f.withdrawn) return { tier: 'III', reason: `Withdrawn (${withdrawalText(f.withdrawnBy)}): never tier I or II here, never recommended; ${WHERE_MARKETED}.` };
  if (f.interactionOnly) {
    const approved = f.approved ? ' for an approved drug' : '';
    return { tier: 'III', reason: `Interaction evidence only${approved} (DGIdb with ${f.genes.join(', ')}), with no curated mechanism or clinical record.` };
  }
  // Withdrawn for this very disease, one below it or one above it: said whatever else holds, and
  // before anything but an approval for the disease that withdrawal did not outrank.
  const gone = f.indicationsChecked ? withdrawnHere(f) : null;
  const goneFor = withdrawnForText(f.matching, f.diseaseName);
  const here = approvedIndication(f.matching);
  if (here) {
    // An approval for a subtype stands beside a withdrawal for the context, whichever source gives it
    // (an Open Targets approval once read plain tier I, a ChEMBL one tier II): the withdrawal is said.
    if (gone) return { tier: 'I', reason: `Approved for ${approvedText(f, here)}, but ${goneFor} (${gone}): check its current label for ${f.diseaseName}; ${acting(f)}.` };
    return { tier: 'I', reason: `Approved for ${approvedText(f, here)}, ${acting(f)}.` };
  }
  const phase = contextPhase(f.matching);
  const best = perDisease(f.matching).find((m) => m.phase === phase);
  if (gone) {
    const status = `${goneFor} (${gone})${studiedHere(f, phase)}: not a new indication here, and ${WHERE_MARKETED} for it`;
    if (f.approved) return { tier: 'II', reason: `Approved (${f.approvedBy}), but ${status}; ${acting(f)}.` };
    return { tier: 'III', reason: `Not approved on record, and ${status}; ${acting(f)}.` };
  }
  // Whether it is approved for the disease is not known: neither "another indication" nor
  // "repurposing", whatever phase a record gives for the disease. These once came after the phase
  // rule, so a drug ChEMBL calls approved (max_phase 4) with no named approval read "investigational"
  // at phase 2 here, though its label may already cover the disease.
  if (f.approved && !f.indicationsChecked) {
    const row = f.matching.some((m) => m.source === 'Open Targets target row') ? ` (Open Targets lists it for ${f.diseaseName} on the target, without a stage for that disease)` : '';
    return { tier: 'II', reason: `Approved (${f.approvedBy}); its indications could not be checked${row}, so it may already be approved for ${f.diseaseName}; ${acting(f)}.` };
  }
  const broader = f.broaderApproval;
  if (f.approved && broader) {
    return {
      tier: 'II',
      reason: `Approved for ${broader.name} (${broader.source}), a broader disease that includes ${f.diseaseName}: its label (tissue-agnostic, or a class of diseases) may already cover ${f.diseaseName}, so check it before calling this repurposing${studiedHere(f, phase)}; ${acting(f)}.`,
    };
  }
  const unplaced = f.unplacedApproval;
  if (f.approved && unplaced) {
    return {
      tier: 'II',
      reason: `Approved for ${unplaced.name} (${unplaced.source}, a MeSH heading not placed against ${f.diseaseName}): it may be ${f.diseaseName} or a subtype of it, so check the label before calling this repurposing${studiedHere(f, phase)}; ${acting(f)}.`,
    };
  }
  if (f.approved && !f.approvalsNamed) {
    return { tier: 'II', reason: `Approved (${f.approvedBy}), but no source names where, so it may already be approved for ${f.diseaseName}${studiedHere(f, phase)}; ${acting(f)}.` };
  }
  if (phase !== null && phase >= 2 && best) {
    const also = f.approved ? `; approved for other indications (${f.approvedBy})` : '';
    return { tier: 'II', reason: `Reached ${phaseText(phase)} for ${best.name} (${where(best)}), ${acting(f)}${also}.` };
  }
  if (f.approved) {
    return { tier: 'II', reason: `Approved for another indication (${f.approvedBy}; ${hereText(f, phase)}): a repurposing candidate ${acting(f)}.` };
  }
  if (f.maxPhase === null) {
    if (f.phaseUnread.length) return { tier: 'III', reason: `Clinical phase and approval not known: ${f.phaseUnread.join('; ')}; ${acting(f)}.` };
    return { tier: 'III', reason: `No clinical phase or approval recorded by Open Targets, ChEMBL or DGIdb; ${acting(f)}.` };
  }
  const forDisease = phase !== null ? ` (${phaseText(phase)} for ${f.diseaseName})` : '';
  return { tier: 'III', reason: `Earlier-stage compound: highest ${phaseText(f.maxPhase)}${forDisease}, ${acting(f)}.` };
}

/**
 * A withdrawal is often one country's (ChEMBL's flag means withdrawn for all uses in at least one
 * country, not necessarily everywhere): the records cannot say a drug is off every market, so the
 * text never says "withdrawn from the market" or "not a treatment option" anywhere.
 */
export const WHERE_MARKETED = 'the records do not say whether it is still marketed elsewhere';

/** The source of a withdrawal with what it means: ChEMBL's flag is "in at least one country". */
export function withdrawalText(by: string | null): string {
  if (!by) return 'source not named';
  return by === 'ChEMBL withdrawn flag' ? 'ChEMBL withdrawn flag: withdrawn in at least one country' : by;
}

/** Tier order for sorting: I before II before III. */
export const TIER_ORDER: Readonly<Record<Tier, number>> = { I: 0, II: 1, III: 2 };
