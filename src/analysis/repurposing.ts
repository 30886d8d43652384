// Drug repurposing (svc_prioritize_repurposing): which of the ranked drug candidates are
// repurposing candidates, and what a scientist needs to weigh each one. Pure: the tool gathers,
// this decides and explains. The candidates themselves (tiers, six-factor score, ADMET, evidence
// quality, withdrawal) come from the shared drug engine (drug-candidates.ts), unchanged.
//
// Decisions (tests pin them):
// - A repurposing candidate is approved somewhere, withdrawn (kept so that it is seen flagged), or
//   reached at least phase 2/3 (LATE_PHASE) for some indication; and it is NOT approved for the
//   disease context (tier I: an approved per-disease indication for the context, a descendant or
//   a cross-reference). Those are listed apart as `alreadyApproved`. So no candidate is ever tier I:
//   tierFilter "I" returns none, and says why.
// - A candidate whose indications could not be read (Open Targets drugs and ChEMBL drug_indication
//   both failed for it, or it was beyond the detail cap), or an approved one whose records name no
//   approved indication at all, is not listed when it is, or may be (phase unknown), late-stage: it
//   may already be approved for the disease. It is counted in `unchecked`.
// - Ranking is the engine's: tier II before tier III, then drugs without a role conflict, then the
//   six-factor score.
// - A drug's action on a target gene is checked against the gene's role (gene-role.ts: COSMIC via
//   Open Targets) by the engine (drug-roles.ts); an inhibitor of a tumour suppressor or an activator
//   of an oncogene is flagged with the reason, never silently kept or dropped, and earns no
//   directness. Only per-gene curated action types count.
// - A source that failed reads "not checked", never "no trials" or "no boxed warning".
import { lookedUp, lookupDrug, rankForTier, type DrugCandidate, type DrugCandidateInput } from './drug-candidates.js';
import type { IndicationRef } from './drug-indications.js';
import { approvedIndications } from './drug-indications.js';
import type { ChemblIndication } from '../sources/chembl.js';
import type { TrialSearch } from '../sources/clinicaltrials.js';
import type { DrugLabel } from '../sources/openfda.js';
import type { DrugDetails } from '../sources/opentargets.js';
import { TIER_FILTERS, type TierFilter } from './tier-filters.js';

export { TIER_FILTERS, type TierFilter };
export * from './repurposing-rationale.js';

/** Phase 2/3 on ChEMBL's scale: the lowest phase called late-stage here. */
export const LATE_PHASE = 2.5;

export interface RepurposingSelection {
  /** Repurposing candidates within the tier filter, ranked (tier, then score). */
  candidates: DrugCandidate[];
  /** Approved for the disease context already (tier I): not repurposing candidates. */
  alreadyApproved: DrugCandidate[];
  counts: {
    /** Drug candidates the engine ranked (panel and neighbourhood). */
    considered: number;
    alreadyApproved: number;
    /** Neither approved anywhere, withdrawn, nor past phase 2. */
    earlyStage: number;
    /** Phase or indications could not be read: possibly approved for the disease already. */
    unchecked: number;
    /** Eligible, but outside the tier filter. */
    outsideTierFilter: number;
  };
}

/**
 * Whether the drug's per-disease indications were looked up (Open Targets drugs or ChEMBL
 * drug_indication answered for it) and say where an approved drug is approved. An approved drug
 * whose records name no approved indication at all may be approved for this very disease: it is
 * as unknown as one whose records could not be read.
 */
export function indicationsLookedUp(c: Pick<DrugCandidate, 'chemblId' | 'otherChemblIds' | 'name' | 'approved'>, input: Pick<DrugCandidateInput, 'drugs' | 'chemblIndications'>): boolean {
  const drug = { chemblIds: [c.chemblId, ...c.otherChemblIds].filter((x): x is string => !!x), name: c.name };
  if (!lookedUp(input.drugs, drug) && !lookedUp(input.chemblIndications, drug)) return false;
  return !c.approved || approvedIndications(lookupDrug(input.drugs, drug), lookupDrug(input.chemblIndications, drug)).length > 0;
}

/** Approved anywhere, withdrawn, or at least phase 2/3 for some indication. */
export function isLateStage(c: Pick<DrugCandidate, 'approved' | 'withdrawn' | 'maxPhase'>): boolean {
  return c.approved || c.withdrawn || (c.maxPhase ?? 0) >= LATE_PHASE;
}

export function selectRepurposing(all: readonly DrugCandidate[], options: { indicationsChecked: (c: DrugCandidate) => boolean; tierFilter: TierFilter }): RepurposingSelection {
  const alreadyApproved: DrugCandidate[] = [];
  const eligible: DrugCandidate[] = [];
  let earlyStage = 0;
  let unchecked = 0;
  for (const c of all) {
    const checked = options.indicationsChecked(c);
    if (c.indicatedForDisease) alreadyApproved.push(c);
    // Not looked up: a late-stage drug may be approved here, and a drug of unknown phase may be late-stage.
    else if (!checked && (isLateStage(c) || c.maxPhase === null)) unchecked++;
    else if (!isLateStage(c)) earlyStage++;
    else eligible.push(c);
  }
  const candidates = rankForTier(eligible, options.tierFilter);
  return {
    candidates,
    alreadyApproved: rankForTier(alreadyApproved, 'all'),
    counts: { considered: all.length, alreadyApproved: alreadyApproved.length, earlyStage, unchecked, outsideTierFilter: eligible.length - candidates.length },
  };
}

/** Why the list is empty or short because of the tier filter, or undefined when it is not. */
export function tierFilterNote(filter: TierFilter, s: RepurposingSelection, disease: string): string | undefined {
  if (filter === 'I') {
    return (
      `Tier I means approved for ${disease}; a drug already approved for it is not a repurposing candidate, so tier I is always empty here` +
      ` (${s.counts.alreadyApproved} such drug${s.counts.alreadyApproved === 1 ? ' is' : 's are'} listed in alreadyApproved). Use tierFilter "II" or "all".`
    );
  }
  if (s.counts.outsideTierFilter > 0) return `${s.counts.outsideTierFilter} tier III candidate${s.counts.outsideTierFilter === 1 ? '' : 's'} left out by tierFilter "${filter}".`;
  return undefined;
}

// ---------------------------------------------------------------- targets and their roles

// The engine computes each candidate's conflicts (DrugCandidate.roleConflicts) with this rule.
export { roleConflicts, type RoleConflict } from './drug-roles.js';

// ---------------------------------------------------------------- indications

export { approvedIndications, type IndicationRef } from './drug-indications.js';

/** The indication a non-approved drug got furthest in (phase and source), or null. */
export function furthestIndication(details: DrugDetails | null, chembl: readonly ChemblIndication[] | null): (IndicationRef & { phase: number }) | null {
  const all = [
    // Withdrawn for an indication: it left that market, so its phase there says nothing (as in drug-indications.ts).
    ...(details?.indications ?? []).filter((i) => i.stage !== 'WITHDRAWAL').map((i) => ({ name: i.diseaseName, id: i.diseaseId, phase: i.phase, source: 'Open Targets indications' as const })),
    ...(chembl ?? []).map((i) => ({ name: i.efoTerm ?? i.meshHeading ?? '', id: i.efoId, phase: i.maxPhase, source: 'ChEMBL drug_indication' as const })),
  ].filter((i): i is IndicationRef & { phase: number } => i.phase !== null && i.name !== '');
  return all.sort((a, b) => b.phase - a.phase || a.name.localeCompare(b.name))[0] ?? null;
}

// ---------------------------------------------------------------- trials and labels

export interface TrialsCheck {
  /** 'not-checked': ClinicalTrials.gov could not be asked; then `running` is null, never 0. */
  status: 'checked' | 'not-checked';
  /** Recruiting, active or about-to-start trials of the drug in the disease. */
  running: number | null;
  nctIds: string[];
  maxPhase: number | null;
  /** Why it was not checked. */
  note?: string;
}

/** What ClinicalTrials.gov said; `answer` undefined = not asked or failed (`why` says which). */
export function trialsCheck(answer: TrialSearch | undefined, why: string): TrialsCheck {
  if (!answer) return { status: 'not-checked', running: null, nctIds: [], maxPhase: null, note: `not checked: ${why}` };
  const phases = answer.trials.map((t) => t.phase).filter((p): p is number => p !== null);
  return { status: 'checked', running: answer.total ?? answer.trials.length, nctIds: answer.trials.map((t) => t.nctId), maxPhase: phases.length ? Math.max(...phases) : null };
}

export interface BoxedWarningCheck {
  /** present / absent on the US label; no-label: openFDA has no label by that name; not-checked: not asked or failed. */
  status: 'present' | 'absent' | 'no-label' | 'not-checked';
  text?: string;
  url?: string;
  /** Why it was not checked; or, when checked, that the label is a combination product's. */
  note?: string;
}

/** What openFDA said; `label` undefined = not asked or failed (`why` says which), null = no label found. */
export function boxedWarningCheck(label: DrugLabel | null | undefined, why: string, maxChars = 300): BoxedWarningCheck {
  if (label === undefined) return { status: 'not-checked', note: `not checked: ${why}` };
  if (label === null) return { status: 'no-label' };
  // openFDA matches the name inside longer generic names, so the label found may be a combination
  // product's ("NIVOLUMAB AND RELATLIMAB-RMBW"), whose warning may concern the other ingredient.
  const combination = label.genericNames.find(isCombinationName);
  const note = combination ? { note: `from the label of a combination product (${combination}): its warning may concern another ingredient` } : {};
  if (!label.boxedWarning) return { status: 'absent', url: label.url, ...note };
  const flat = label.boxedWarning.replace(/\s+/g, ' ').trim();
  return { status: 'present', text: flat.length > maxChars ? `${flat.slice(0, maxChars - 1).trimEnd()}…` : flat, url: label.url, ...note };
}

/** A generic name of several ingredients: "A AND B", "A, B, AND C". */
export function isCombinationName(name: string): boolean {
  return /\sAND\s|,/i.test(name);
}

/** Trials and boxed warning in words, as a reader should take them ("not checked" is never "none"). */
export function checksText(t: TrialsCheck, b: BoxedWarningCheck): { trials: string; boxedWarning: string } {
  const trials =
    t.status === 'not-checked'
      ? `trials not checked (${t.note?.replace(/^not checked: /, '') ?? 'ClinicalTrials.gov not asked'})`
      : t.running === 0
        ? 'no recruiting or active trial in this disease (ClinicalTrials.gov)'
        : `${t.running} recruiting or active trial${t.running === 1 ? '' : 's'} in this disease${t.nctIds.length ? `: ${t.nctIds.join(', ')}` : ''} (ClinicalTrials.gov)`;
  const boxedWarning = {
    present: 'BOXED WARNING on the US label (openFDA)',
    absent: 'no boxed warning on the US label (openFDA)',
    'no-label': 'no US label found (openFDA): boxed warning unknown',
    'not-checked': `boxed warning not checked (${b.note?.replace(/^not checked: /, '') ?? 'openFDA not asked'})`,
  }[b.status];
  const combination = b.status !== 'not-checked' && b.note ? ` (${b.note})` : '';
  return { trials, boxedWarning: `${boxedWarning}${combination}` };
}
