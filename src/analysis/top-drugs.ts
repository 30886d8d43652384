// The top drugs of a target brief: Open Targets drug and clinical candidates (salt forms already
// merged by the source) ranked for a disease context, joined with DGIdb interaction types,
// ChEMBL/PubChem ADMET and the per-disease indications of the top drugs. Pure functions;
// tools/target-brief/gather.ts does the fetching.
//
// Ranking, in order: clinical phase on this target (furthest first, unknown last); approved
// before withdrawn at the same phase; approved for the disease context; listed on the target for
// the context (the candidate row names a context disease); the drug's furthest phase on any
// target; then name. The candidates are first ranked without the per-disease indications (the
// TOP_DRUGS kept are the ones whose indications are then fetched), and re-ranked with them.
//
// "Approved for the disease context" (indicatedForDisease) follows the tier I rule of the panel
// tools (drug-tiers.ts): an Open Targets drug indication at APPROVAL / PHASE_4, or a ChEMBL
// drug_indication at max_phase_for_ind 4, for the context disease, a disease below it or one
// cross-referenced to it (drug-indications.ts). A candidate row naming the disease only says the
// drug was developed for it on this target (studiedFor), at a stage Open Targets gives per target.
// Not read is not "no": indicatedForDisease is null when no indication source answered, withdrawn
// null when neither the Open Targets drug details nor the ChEMBL molecule was read. A withdrawal
// Open Targets places in named countries keeps an approval (it says nothing of elsewhere).
import { admetOf, type Admet, type PropertyLookups } from './admet.js';
import type { ChemblIndication, ChemblMolecule } from '../sources/chembl.js';
import type { DrugGeneInteraction } from '../sources/dgidb.js';
import { parentName, type ClinicalCandidate } from './clinical-candidates.js';
import { broaderApprovals, contextMatcher, matchDisease, matchIndications, VIA_ABOVE, normDiseaseId, openTargetsWithdrawal, type ContextMatcher, type MatchedIndication } from './drug-indications.js';
import { approvedIndication } from './drug-tiers.js';
import { splitDiseaseHits } from './disease-hits.js';
import type { DiseaseHit, DiseaseOntology, DrugDetails } from '../sources/opentargets.js';
import type { CompoundProperties } from '../sources/pubchem.js';

export const TOP_DRUGS = 10;

export interface DiseaseMatcher {
  query: string;
  /** The disease the context resolved to (the best Open Targets search hit), if any. */
  resolved: DiseaseHit | null;
  /** The context ids: the resolved disease and search hits with the same words as the text or it. */
  ids: Set<string>;
  /** Search hits narrower than the text (a subtype): below the context, never in it. */
  below: Set<string>;
  context: ContextMatcher;
}

/**
 * The context from the disease search hits and, when known, their ontology (descendants,
 * cross-references), by the panel tools' rule (disease-hits.ts splitDiseaseHits): "small cell lung
 * carcinoma" once held "non-small cell lung carcinoma" (its "non-small" read "non small") and took
 * in its approvals; a narrower hit (TNBC for "breast cancer") once joined the context.
 */
export function diseaseMatcher(query: string, hits: readonly DiseaseHit[] | null | undefined, ontology?: readonly DiseaseOntology[] | null): DiseaseMatcher {
  const resolved = hits?.[0] ?? null;
  const split = splitDiseaseHits(hits ?? [], query);
  const ids = new Set(split.context.map((h) => h.id));
  const below = new Set(split.narrower.map((h) => h.id));
  const related = (ontology ?? []).filter((d) => ids.has(d.id)).flatMap((d) => [...d.descendants, ...d.dbXRefs]);
  // Above the context: its ontology ancestors (and their cross-references, which ChEMBL writes) and
  // the search hits broader than the text. An approval there may already cover the context.
  const ancestors = [...(ontology ?? []).filter((d) => ids.has(d.id)).flatMap((d) => [...d.ancestors, ...d.ancestorXRefs]), ...split.broader.map((h) => h.id)];
  const under = [...below, ...(ontology ?? []).filter((d) => below.has(d.id)).flatMap((d) => [...d.descendants, ...d.dbXRefs])];
  const names = split.context.map((h) => h.name);
  return { query, resolved, ids, below, context: contextMatcher({ ids: [...ids], name: query, names, related, ancestors, below: under, belowNames: split.narrower.map((h) => h.name) }) };
}

/** The context disease a candidate row lists on this target, with why it counts; null when none. */
export function studiedFor(candidate: Pick<ClinicalCandidate, 'indications'>, m: DiseaseMatcher): string | null {
  for (const d of candidate.indications) {
    const via = matchDisease(m.context, d.id, d.name);
    if (via) return `${d.name} (${d.id}: ${via})`;
  }
  return null;
}

export interface RankedCandidate {
  candidate: ClinicalCandidate;
  rank: number;
  /** The context disease the target row lists for the drug (stage per target, not per disease). */
  studied: string | null;
  /** The approved context indication (tier I rule); null when none or not checked. */
  indication: MatchedIndication | null;
  /** Whether per-disease indications were read for this drug (Open Targets or ChEMBL answered). */
  indicationsChecked: boolean;
  /** Withdrawn according to the drug details (Open Targets warning or stage); the row stage is in candidate.withdrawn. */
  withdrawnBy: string | null;
  /** Whether Open Targets drug details were read for this drug (what says withdrawn or not, with the ChEMBL molecule). */
  withdrawalChecked?: boolean;
  /**
   * The withdrawal is one Open Targets places (every "Withdrawn" warning names a country): "in
   * France" says nothing of elsewhere, so an approval for the disease stands beside it.
   */
  withdrawnLocally?: boolean;
  /** The approved indication is for a disease below the context (a subtype), not the context itself. */
  indicationBelow?: boolean;
  /** With no approval for the context: one for a disease above it, whose label may already cover it. */
  broaderApproval?: { name: string; id: string | null; source: string } | null;
  /**
   * Which property lookups of the drug failed (admet.ts PropertyLookups), set where they were made
   * (tools/target-brief/gather.ts): its ADMET then reads "not known", never "no properties".
   */
  propertyLookups?: PropertyLookups;
}

function order(a: RankedCandidate, b: RankedCandidate): number {
  return (
    (b.candidate.phase ?? -1) - (a.candidate.phase ?? -1) ||
    Number(b.candidate.approved && !b.withdrawnBy) - Number(a.candidate.approved && !a.withdrawnBy) ||
    Number(b.indication !== null) - Number(a.indication !== null) ||
    Number(b.studied !== null) - Number(a.studied !== null) ||
    (b.candidate.drugPhase ?? -1) - (a.candidate.drugPhase ?? -1) ||
    a.candidate.name.localeCompare(b.candidate.name)
  );
}

export function rankCandidates(candidates: readonly ClinicalCandidate[], m: DiseaseMatcher, cap = TOP_DRUGS): { top: RankedCandidate[]; total: number } {
  const scored = candidates.map((candidate): RankedCandidate => ({ candidate, rank: 0, studied: studiedFor(candidate, m), indication: null, indicationsChecked: false, withdrawnBy: null }));
  scored.sort(order);
  return { top: scored.slice(0, Math.max(0, cap)).map((s, i) => ({ ...s, rank: i + 1 })), total: candidates.length };
}

/**
 * The top drugs with their per-disease indications read (Open Targets drug details, ChEMBL
 * drug_indication; a map is undefined when its source failed), re-ranked.
 */
export function withIndications(
  top: readonly RankedCandidate[],
  m: DiseaseMatcher,
  details: ReadonlyMap<string, DrugDetails | null> | undefined,
  chembl: ReadonlyMap<string, readonly ChemblIndication[]> | undefined,
): RankedCandidate[] {
  const out = top.map((r) => {
    const ids = [r.candidate.drugId, ...r.candidate.saltForms.map((s) => s.drugId)].map((id) => id.toUpperCase());
    const d = ids.map((id) => details?.get(id)).find((x) => x) ?? null;
    const c = ids.flatMap((id) => chembl?.get(id) ?? []);
    const checked = ids.some((id) => details?.has(id) || chembl?.has(id));
    const matching = matchIndications({ records: [{ kind: 'opentargets', gene: '', candidate: r.candidate }] }, d, c, m.context);
    const withdrawnBy = openTargetsWithdrawal(d);
    const approved = approvedIndication(matching);
    const local = withdrawnInCountries(d);
    const gone = (withdrawnBy !== null && !local) || r.candidate.withdrawn;
    const indication = approved && !gone ? approved : null;
    const below = indication?.id ? isBelow(m.context, indication.id) : false;
    // No approval for the context, but one for a disease above it: its label may already cover it.
    const broader = !indication && !gone ? (broaderApprovals(d, c, m.context)[0] ?? null) : null;
    return { ...r, indication, indicationsChecked: checked, withdrawnBy, withdrawalChecked: d !== null, withdrawnLocally: local, indicationBelow: below, broaderApproval: broader };
  });
  return out.sort(order).map((r, i) => ({ ...r, rank: i + 1 }));
}

/** Every Open Targets "Withdrawn" warning of the drug names a country (and its stage is not WITHDRAWAL): a withdrawal there, not a word on elsewhere. */
function withdrawnInCountries(d: DrugDetails | null): boolean {
  const w = (d?.warnings ?? []).filter((x) => x.type.trim().toLowerCase() === 'withdrawn');
  return w.length > 0 && w.every((x) => !!x.country?.trim()) && d?.stage !== 'WITHDRAWAL';
}

/** A disease below the context (its descendant), not the context, its cross-reference or its name. */
function isBelow(m: ContextMatcher, id: string): boolean {
  const n = normDiseaseId(id);
  return m.related.has(n) && !m.ids.has(n) && !m.xrefs.has(n);
}

/** `via` of an approved indication for a subtype of the context, as indicationMatch writes it. */
export { VIA_SUBTYPE } from './indication-subtype.js';
import { VIA_SUBTYPE } from './indication-subtype.js';

/**
 * The subtype a top drug is approved for, read from its indicationMatch ("lung adenocarcinoma
 * (MONDO_0005061): approved (...; a subtype of the context disease)"), or null: "approved for this
 * disease" is said only of an approval for the context itself.
 */
export function approvedSubtype(d: Pick<TopDrug, 'indicatedForDisease' | 'indicationMatch'>): string | null {
  const m = d.indicatedForDisease ? d.indicationMatch : null;
  return m?.endsWith(`; ${VIA_SUBTYPE})`) ? matchedDisease(m) : null;
}

/** The disease an indicationMatch names: "X (MONDO_1): approved (...)" -> "X". */
function matchedDisease(m: string): string | null {
  return m.slice(0, m.lastIndexOf(': approved (')).replace(/ \([A-Za-z]+[_:][A-Za-z0-9]+\)$/, '') || null;
}

/**
 * The broader disease a top drug is approved for, read from its indicationMatch when no approval
 * for the context was found ("non-small cell lung carcinoma (MONDO_0005233): approved (...; a
 * broader disease that includes the context): ..."), or null.
 */
export function approvedBroader(d: Pick<TopDrug, 'indicatedForDisease' | 'indicationMatch'>): string | null {
  const m = d.indicatedForDisease === null ? d.indicationMatch : null;
  return m?.includes(`; ${VIA_ABOVE}): `) ? matchedDisease(m) : null;
}

/** DGIdb's row for the candidate: same ChEMBL id (any salt form), else the same parent name. */
export function matchInteraction(candidate: ClinicalCandidate, interactions: readonly DrugGeneInteraction[]): DrugGeneInteraction | null {
  const ids = new Set([candidate.drugId, ...candidate.saltForms.map((s) => s.drugId)].map((id) => id.toUpperCase()));
  const byId = interactions.find((i) => i.chemblId !== null && ids.has(i.chemblId.toUpperCase()));
  if (byId) return byId;
  const names = new Set([candidate.name, ...candidate.saltForms.map((s) => s.name)].map(parentName));
  return interactions.find((i) => names.has(parentName(i.drugName))) ?? null;
}

const SMALL_MOLECULE = /small molecule/i;

/** A biologic by Open Targets' drug type or ChEMBL's molecule type: no rule-of-five properties exist. */
export function isBiologic(candidate: Pick<ClinicalCandidate, 'drugType'>, molecule: ChemblMolecule | null | undefined): boolean {
  const type = molecule?.moleculeType ?? candidate.drugType;
  return type !== null && type !== undefined && !SMALL_MOLECULE.test(type);
}

/** PubChem is asked only for a small molecule (or one of unknown type) whose ChEMBL record lacks a Lipinski input. */
export function needsPubchem(candidate: Pick<ClinicalCandidate, 'drugType'>, molecule: ChemblMolecule | null | undefined): boolean {
  if (isBiologic(candidate, molecule)) return false;
  const p = molecule?.properties;
  if (!p) return true;
  return [p.mwFreebase ?? p.fullMwt, p.cxLogp ?? p.alogp, p.hbd, p.hba].some((v) => v === null);
}

/** The brief shows the same ADMET summary as every other tool. */
export type TopDrugAdmet = Admet;

export interface TopDrug {
  rank: number;
  name: string;
  chemblId: string;
  drugType: string | null;
  phase: number | null;
  stage: string | null;
  /** Null when no source gave a phase (and nothing else says approved): "not approved" would be a finding. */
  approved: boolean | null;
  /** Null when nothing that would say was read (Open Targets drug details, the ChEMBL molecule). */
  withdrawn: boolean | null;
  withdrawnReason: string | null;
  mechanism: string | null;
  actionType: string | null;
  /** Null when its per-disease indications could not be read (and no approval for the disease is known). */
  indicatedForDisease: boolean | null;
  indicationMatch: string | null;
  indicationsChecked: boolean;
  studiedFor: string | null;
  indications: string[];
  saltForms: { chemblId: string; name: string }[];
  interactionTypes: string[];
  interactionSources: string[];
  interactionPmids: string[];
  admet: TopDrugAdmet;
  sources: string[];
}

export function topDrugView(
  ranked: RankedCandidate,
  molecule: ChemblMolecule | null | undefined,
  pubchem: CompoundProperties | null | undefined,
  interaction: DrugGeneInteraction | null,
): TopDrug {
  const c = ranked.candidate;
  const first = c.mechanisms[0];
  // A withdrawal Open Targets places in named countries is said so (ChEMBL's flag says no more than "at least one country").
  const local = ranked.withdrawnLocally === true && !c.withdrawn;
  const withdrawnReason = local
    ? ranked.withdrawnBy
    : molecule?.withdrawn === true
      ? 'ChEMBL withdrawn flag'
      : (ranked.withdrawnBy ?? (c.withdrawn ? 'Open Targets stage WITHDRAWAL on the target' : null));
  // Not withdrawn only when a source that would say was read: a failed source is no "no".
  const withdrawalRead = ranked.withdrawalChecked === true || (molecule !== null && molecule !== undefined);
  const gone = withdrawnReason !== null && !local;
  const i = ranked.indication;
  const via = i && ranked.indicationBelow ? VIA_SUBTYPE : i?.via;
  const broader = !i && !gone ? (ranked.broaderApproval ?? null) : null;
  return {
    rank: ranked.rank,
    name: c.name,
    chemblId: c.drugId,
    drugType: c.drugType ?? molecule?.moleculeType ?? null,
    phase: c.phase,
    stage: c.stage,
    // Approved on this target, or for the context disease by its per-disease indications.
    approved: gone ? false : c.approved || i !== null ? true : c.phase === null ? null : false,
    withdrawn: withdrawnReason !== null ? true : withdrawalRead ? false : null,
    withdrawnReason,
    mechanism: first?.mechanismOfAction ?? null,
    actionType: first?.actionType ?? null,
    // An approval above the context may already cover it: not known, and said so (never a plain "approved").
    indicatedForDisease: i !== null && !gone ? true : broader ? null : ranked.indicationsChecked ? false : null,
    indicationMatch: i && !gone ? `${i.name}${i.id ? ` (${i.id})` : ''}: approved (${i.source}; ${via})` : broader ? `${broader.name}${broader.id ? ` (${broader.id})` : ''}: approved (${broader.source}; ${VIA_ABOVE}): its label may already cover it, check it` : null,
    indicationsChecked: ranked.indicationsChecked,
    studiedFor: ranked.studied,
    indications: c.indications.map((d) => d.name).slice(0, 10),
    saltForms: c.saltForms.map((s) => ({ chemblId: s.drugId, name: s.name })),
    interactionTypes: [...new Set(interaction?.interactionTypes.map((t) => t.type) ?? [])],
    interactionSources: interaction?.sources ?? [],
    interactionPmids: interaction?.pmids ?? [],
    admet: admetView(c, molecule, pubchem, ranked.propertyLookups),
    sources: ['opentargets', ...(molecule ? ['chembl'] : []), ...(pubchem ? ['pubchem'] : []), ...(interaction ? ['dgidb'] : [])],
  };
}

/** `lookups`: the ChEMBL molecule or PubChem lookup failed for this drug (a failure is not "no record"). */
export function admetView(
  candidate: Pick<ClinicalCandidate, 'drugType'>,
  molecule: ChemblMolecule | null | undefined,
  pubchem: CompoundProperties | null | undefined,
  lookups: PropertyLookups = {},
): TopDrugAdmet {
  return admetOf(molecule, pubchem, candidate.drugType, lookups);
}
