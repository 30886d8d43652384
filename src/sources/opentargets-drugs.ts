// Pure parsers of the drug-side Open Targets answers (26.06 schema): candidate rows, the batched
// drug context of many targets (association with the context diseases, candidates, COSMIC
// hallmarks), drug details (per-disease indications, warnings, mechanisms) and the disease
// ontology (ancestors, descendants). They take the GraphQL `data` object.
// @see https://platform-docs.opentargets.org/data-access/graphql-api
import { mergeSaltForms, stagePhase, type CandidateRow, type ClinicalCandidate } from '../analysis/clinical-candidates.js';
import type { Hallmarks } from '../analysis/gene-role.js';
import { optNum, optStr, shapeOf, type Obj } from './shape.js';

const { field, obj, arr, str, num } = shapeOf(
  'opentargets',
  'The Open Targets schema may have changed; run `npm run test:live` to check for drift.',
);

export interface DiseaseAssociation {
  diseaseId: string;
  diseaseName: string;
  /** Overall association score, 0-1. */
  score: number;
}

export interface TargetDrugContext {
  ensemblId: string;
  symbol: string | null;
  /**
   * Associations with the asked diseases only (a `Bs`-filtered answer): an empty list means Open
   * Targets answered and lists no association. Undefined when no disease was asked.
   */
  associations?: DiseaseAssociation[];
  candidateRows: number;
  candidates: ClinicalCandidate[];
  /** COSMIC hallmarks; null when Open Targets has none for the target. */
  hallmarks: Hallmarks | null;
}

export interface DrugWarning {
  /** "Withdrawn" or "Black Box Warning" (ChEMBL's warning types). */
  type: string;
  country: string | null;
  year: number | null;
}

export interface DrugIndication {
  diseaseId: string | null;
  diseaseName: string;
  stage: string | null;
  phase: number | null;
}

/** One drug as Open Targets describes it (drugs(chemblIds:)). */
export interface DrugDetails {
  chemblId: string;
  name: string;
  drugType: string | null;
  /** Furthest stage over all indications (raw enum), and as a phase. */
  stage: string | null;
  phase: number | null;
  /**
   * ChEMBL's drug warnings as Open Targets serves them (withdrawals among them); null when the
   * answer has no drugWarnings field or gives null: whether the drug was withdrawn is then not known
   * from it, which an empty list (none recorded) would claim.
   */
  warnings: DrugWarning[] | null;
  /** Indications with the stage reached for each disease. */
  indications: DrugIndication[];
  mechanisms: { mechanismOfAction: string; actionType: string | null; targetSymbols: string[] }[];
  targetSymbols: string[];
}

export interface DiseaseOntology {
  id: string;
  name: string;
  /** Cross-references as Open Targets writes them ("EFO:0003060", "DOID:3908", ...). */
  dbXRefs: string[];
  ancestors: string[];
  descendants: string[];
  /**
   * The ancestors' cross-references (resolvedAncestors.dbXRefs): ChEMBL writes a parent disease by
   * one of them ("EFO:0000311" for cancer, which Open Targets lists as MONDO_0004992). Empty when
   * the answer does not carry them.
   */
  ancestorXRefs: string[];
}

/** A list a narrower selection may not have asked for: absent or null read as empty. */
function list(v: unknown, what: string): unknown[] {
  return v === undefined || v === null ? [] : arr(v, what);
}

function pmidOf(v: unknown): string | null {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return String(v);
  return typeof v === 'string' && /^\d+$/.test(v) ? v : null;
}

export function candidateRow(raw: unknown): CandidateRow | null {
  const r = obj(raw, 'drugAndClinicalCandidates.rows[]');
  if (r.drug === null) return null; // a row without a drug cannot be a candidate
  const drug = obj(r.drug, 'candidate.drug');
  const moa = drug.mechanismsOfAction ? list(obj(drug.mechanismsOfAction, 'mechanismsOfAction').rows, 'mechanismsOfAction.rows') : [];
  return {
    drugId: str(drug.id, 'drug.id'),
    name: str(drug.name, 'drug.name'),
    drugType: optStr(drug.drugType),
    stage: optStr(r.maxClinicalStage),
    drugStage: optStr(drug.maximumClinicalStage),
    mechanisms: moa.map((m) => {
      const row = obj(m, 'mechanism');
      return { mechanismOfAction: str(row.mechanismOfAction, 'mechanismOfAction'), actionType: optStr(row.actionType) };
    }),
    indications: list(r.diseases, 'candidate.diseases').flatMap((x) => {
      const d = obj(x, 'candidate.diseases[]').disease;
      if (!d) return [];
      const disease = obj(d, 'candidate disease');
      return [{ id: str(disease.id, 'disease.id'), name: str(disease.name, 'disease.name') }];
    }),
  };
}

/** The candidates of a target object; a nullable object answered null means "none", an absent key is drift. */
export function candidatesOf(t: Obj): { rows: number; candidates: ClinicalCandidate[] } {
  const c = field(t, 'drugAndClinicalCandidates', 'Open Targets renamed knownDrugs to drugAndClinicalCandidates in 26.06');
  const o = c === null ? { rows: [] } : obj(c, 'drugAndClinicalCandidates');
  const rows = arr(o.rows, 'drugAndClinicalCandidates.rows');
  return {
    rows: optNum(o.count) ?? rows.length,
    candidates: mergeSaltForms(rows.map(candidateRow).filter((r): r is CandidateRow => r !== null)),
  };
}

export function associationsOf(t: Obj): { count: number | null; rows: DiseaseAssociation[] } {
  const a = obj(field(t, 'associatedDiseases'), 'associatedDiseases');
  const rows = arr(a.rows, 'associatedDiseases.rows').map((raw) => {
    const r = obj(raw, 'associatedDiseases.rows[]');
    const d = obj(r.disease, 'association.disease');
    return { diseaseId: str(d.id, 'disease.id'), diseaseName: str(d.name, 'disease.name'), score: num(r.score, 'association.score') };
  });
  return { count: optNum(a.count), rows };
}

export function hallmarksOf(t: Obj): Hallmarks | null {
  const h = field(t, 'hallmarks');
  if (h === null) return null;
  const o = obj(h, 'hallmarks');
  return {
    attributes: list(o.attributes, 'hallmarks.attributes').map((raw) => {
      const a = obj(raw, 'hallmarks.attributes[]');
      return { name: str(a.name, 'attribute.name'), description: typeof a.description === 'string' ? a.description : '', pmid: pmidOf(a.pmid) };
    }),
    cancerHallmarks: list(o.cancerHallmarks, 'hallmarks.cancerHallmarks').map((raw) => {
      const c = obj(raw, 'hallmarks.cancerHallmarks[]');
      return { label: str(c.label, 'cancerHallmark.label'), impact: optStr(c.impact), pmid: pmidOf(c.pmid) };
    }),
  };
}

/**
 * The batched drug context; unknown ids are absent from `targets` and map to null. `withDiseases`
 * says whether the query asked for associations (then an empty list is a measured "none").
 */
export function parseTargetsDrugContext(data: unknown, requested: readonly string[], withDiseases: boolean): Map<string, TargetDrugContext | null> {
  const found = new Map<string, TargetDrugContext>();
  for (const raw of arr(field(obj(data, 'data'), 'targets'), 'targets')) {
    if (raw === null) continue;
    const t = obj(raw, 'targets[]');
    const { rows, candidates } = candidatesOf(t);
    const ensemblId = str(t.id, 'target.id');
    found.set(ensemblId, {
      ensemblId,
      symbol: optStr(t.approvedSymbol),
      ...(withDiseases ? { associations: associationsOf(t).rows } : {}),
      candidateRows: rows,
      candidates,
      hallmarks: hallmarksOf(t),
    });
  }
  return new Map(requested.map((id) => [id, found.get(id) ?? null]));
}

export function drugDetailsOf(d: Obj): DrugDetails {
  const rows = d.indications === null ? [] : arr(obj(field(d, 'indications'), 'indications').rows, 'indications.rows');
  const moa = d.mechanismsOfAction ? list(obj(d.mechanismsOfAction, 'mechanismsOfAction').rows, 'mechanismsOfAction.rows') : [];
  const mechanisms = moa.map((m) => {
    const row = obj(m, 'mechanism');
    const targetSymbols = list(row.targets, 'mechanism.targets')
      .map((t) => optStr(obj(t, 'mechanism target').approvedSymbol))
      .filter((s): s is string => s !== null);
    return { mechanismOfAction: typeof row.mechanismOfAction === 'string' ? row.mechanismOfAction : '', actionType: optStr(row.actionType), targetSymbols };
  });
  const stage = optStr(d.maximumClinicalStage);
  return {
    chemblId: str(d.id, 'drug.id'),
    name: str(d.name, 'drug.name'),
    drugType: optStr(d.drugType),
    stage,
    phase: stagePhase(stage),
    warnings:
      d.drugWarnings === undefined || d.drugWarnings === null
        ? null
        : arr(d.drugWarnings, 'drugWarnings').map((raw) => {
            const w = obj(raw, 'drugWarnings[]');
            return { type: str(w.warningType, 'drugWarning.warningType'), country: optStr(w.country), year: optNum(w.year) };
          }),
    indications: rows.map((raw) => {
      const r = obj(raw, 'indications.rows[]');
      const disease = r.disease === null || r.disease === undefined ? null : obj(r.disease, 'indication.disease');
      const s = optStr(r.maxClinicalStage);
      return { diseaseId: optStr(disease?.id), diseaseName: disease ? str(disease.name, 'indication.disease.name') : 'unnamed disease', stage: s, phase: stagePhase(s) };
    }),
    mechanisms,
    targetSymbols: [...new Set(mechanisms.flatMap((m) => m.targetSymbols))],
  };
}

/** `drug(chemblId:)`: null when Open Targets does not know the drug. */
export function parseDrugDetails(data: unknown): DrugDetails | null {
  const drug = field(obj(data, 'data'), 'drug');
  return drug === null ? null : drugDetailsOf(obj(drug, 'drug'));
}

/** `drugs(chemblIds:)`, keyed by requested id (upper case); ids Open Targets does not know map to null. */
export function parseDrugsDetails(data: unknown, requested: readonly string[]): Map<string, DrugDetails | null> {
  const found = new Map<string, DrugDetails>();
  for (const raw of arr(field(obj(data, 'data'), 'drugs'), 'drugs')) {
    if (raw === null) continue;
    const d = drugDetailsOf(obj(raw, 'drugs[]'));
    found.set(d.chemblId.toUpperCase(), d);
  }
  return new Map(requested.map((id) => [id, found.get(id.toUpperCase()) ?? null]));
}

export function parseDiseaseOntology(data: unknown): DiseaseOntology[] {
  return arr(field(obj(data, 'data'), 'diseases'), 'diseases').flatMap((raw) => {
    if (raw === null) return [];
    const d = obj(raw, 'diseases[]');
    const ids = (v: unknown, what: string) => arr(v, what).map((x) => str(x, `${what}[]`));
    return [
      {
        id: str(d.id, 'disease.id'),
        name: str(d.name, 'disease.name'),
        dbXRefs: ids(field(d, 'dbXRefs'), 'dbXRefs'),
        ancestors: ids(field(d, 'ancestors'), 'ancestors'),
        descendants: ids(field(d, 'descendants'), 'descendants'),
        ancestorXRefs: list(d.resolvedAncestors, 'resolvedAncestors').flatMap((a, i) => list(obj(a, `resolvedAncestors[${i}]`).dbXRefs, 'resolvedAncestors[].dbXRefs').map((x) => str(x, 'resolvedAncestors[].dbXRefs[]'))),
      },
    ];
  });
}
