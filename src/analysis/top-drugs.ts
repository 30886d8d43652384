// The top drugs of a target brief: Open Targets drug and clinical candidates (salt forms already
// merged by the source) ranked for a disease context, joined with DGIdb interaction types and
// ChEMBL/PubChem ADMET. Pure functions; tools/target-brief/gather.ts does the fetching.
//
// Ranking, in order: clinical phase on this target (furthest first, unknown last); approved
// before withdrawn at the same phase; indicated for the disease context first; the drug's
// furthest phase on any target; then name. The first TOP_DRUGS are kept.
//
// "Indicated for the disease context" without an ontology walk (the Open Targets client asks no
// ancestors): an indication matches when its id is the disease the context resolved to, or a
// disease search hit whose name contains the context text or the resolved name ("HER2-positive
// breast cancer" for "breast cancer"); or when its name contains one of those texts; or, for a
// generic cancer context ("cancer", "neoplasm", "tumor", ...), when its name is an oncology term.
// The match says which rule fired, so a user can judge it.
import { admetOf, type Admet, type Sourced } from './admet.js';
import type { ChemblMolecule } from '../sources/chembl.js';
import type { DrugGeneInteraction } from '../sources/dgidb.js';
import { parentName, type ClinicalCandidate } from './clinical-candidates.js';
import type { DiseaseHit } from '../sources/opentargets.js';
import type { CompoundProperties } from '../sources/pubchem.js';

export const TOP_DRUGS = 10;

/** Contexts so broad that any oncology indication belongs to them. */
const GENERIC_CANCER = new Set(['cancer', 'cancers', 'neoplasm', 'neoplasms', 'malignant neoplasm', 'tumor', 'tumour', 'tumors', 'tumours', 'solid tumor', 'solid tumour', 'malignancy', 'oncology']);
const ONCOLOGY_TERM =
  /\b(cancers?|carcinomas?|neoplasms?|tumou?rs?|malignan\w*|leuka?emias?|lymphomas?|melanomas?|sarcomas?|myelomas?|gliomas?|glioblastomas?|\w+blastomas?|mesotheliomas?|adenocarcinomas?|myelodysplastic)\b/i;

export interface DiseaseMatcher {
  query: string;
  /** The disease the context resolved to (the best Open Targets search hit), if any. */
  resolved: DiseaseHit | null;
  ids: Set<string>;
  /** Lower-cased texts an indication name may contain: the context and the resolved name. */
  texts: string[];
  oncology: boolean;
}

export function diseaseMatcher(query: string, hits: readonly DiseaseHit[] | null | undefined): DiseaseMatcher {
  const resolved = hits?.[0] ?? null;
  const texts = [...new Set([norm(query), ...(resolved ? [norm(resolved.name)] : [])])].filter(Boolean);
  const ids = new Set<string>(resolved ? [resolved.id] : []);
  for (const h of hits ?? []) if (texts.some((t) => containsPhrase(norm(h.name), t))) ids.add(h.id);
  const oncology = texts.some((t) => GENERIC_CANCER.has(t));
  return { query, resolved, ids, texts, oncology };
}

export interface IndicationMatch {
  indicated: boolean;
  /** Which indication matched and why, e.g. "non-small cell lung carcinoma (MONDO_0005233: the context disease)". */
  via: string | null;
}

export function indicationMatch(candidate: Pick<ClinicalCandidate, 'indications'>, m: DiseaseMatcher): IndicationMatch {
  const byId = candidate.indications.find((d) => m.ids.has(d.id));
  if (byId) return { indicated: true, via: `${byId.name} (${byId.id}: ${byId.id === m.resolved?.id ? 'the context disease' : 'a search hit for the context'})` };
  const byName = candidate.indications.find((d) => m.texts.some((t) => containsPhrase(norm(d.name), t)));
  if (byName) return { indicated: true, via: `${byName.name} (${byName.id}: name contains "${m.texts.find((t) => containsPhrase(norm(byName.name), t))}")` };
  if (m.oncology) {
    const onco = candidate.indications.find((d) => ONCOLOGY_TERM.test(d.name));
    if (onco) return { indicated: true, via: `${onco.name} (${onco.id}: an oncology indication, context "${m.query}")` };
  }
  return { indicated: false, via: null };
}

export interface RankedCandidate {
  candidate: ClinicalCandidate;
  rank: number;
  match: IndicationMatch;
}

export function rankCandidates(candidates: readonly ClinicalCandidate[], m: DiseaseMatcher, cap = TOP_DRUGS): { top: RankedCandidate[]; total: number } {
  const scored = candidates.map((candidate) => ({ candidate, match: indicationMatch(candidate, m) }));
  scored.sort(
    (a, b) =>
      (b.candidate.phase ?? -1) - (a.candidate.phase ?? -1) ||
      Number(b.candidate.approved) - Number(a.candidate.approved) ||
      Number(b.match.indicated) - Number(a.match.indicated) ||
      (b.candidate.drugPhase ?? -1) - (a.candidate.drugPhase ?? -1) ||
      a.candidate.name.localeCompare(b.candidate.name),
  );
  return { top: scored.slice(0, Math.max(0, cap)).map((s, i) => ({ ...s, rank: i + 1 })), total: candidates.length };
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
  approved: boolean;
  withdrawn: boolean;
  mechanism: string | null;
  actionType: string | null;
  indicatedForDisease: boolean;
  indicationMatch: string | null;
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
  return {
    rank: ranked.rank,
    name: c.name,
    chemblId: c.drugId,
    drugType: c.drugType ?? molecule?.moleculeType ?? null,
    phase: c.phase,
    stage: c.stage,
    approved: c.approved,
    withdrawn: c.withdrawn,
    mechanism: first?.mechanismOfAction ?? null,
    actionType: first?.actionType ?? null,
    indicatedForDisease: ranked.match.indicated,
    indicationMatch: ranked.match.via,
    indications: c.indications.map((d) => d.name).slice(0, 10),
    saltForms: c.saltForms.map((s) => ({ chemblId: s.drugId, name: s.name })),
    interactionTypes: [...new Set(interaction?.interactionTypes.map((t) => t.type) ?? [])],
    interactionSources: interaction?.sources ?? [],
    interactionPmids: interaction?.pmids ?? [],
    admet: admetView(c, molecule, pubchem),
    sources: ['opentargets', ...(molecule ? ['chembl'] : []), ...(pubchem ? ['pubchem'] : []), ...(interaction ? ['dgidb'] : [])],
  };
}

export function admetView(candidate: Pick<ClinicalCandidate, 'drugType'>, molecule: ChemblMolecule | null | undefined, pubchem: CompoundProperties | null | undefined): TopDrugAdmet {
  return admetOf(molecule, pubchem, candidate.drugType);
}

function norm(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** Whole-word containment on normalised text ("breast cancer" in "hereditary breast cancer", not "cancer" in "noncancer"). */
function containsPhrase(text: string, phrase: string): boolean {
  return phrase.length > 0 && ` ${text} `.includes(` ${phrase} `);
}
