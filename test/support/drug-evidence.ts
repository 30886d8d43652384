// Builders of hand-made drug evidence for the drug-candidate tests: Open Targets candidates,
// DGIdb interactions, ChEMBL mechanisms and molecules with only the fields a test cares about.
import { buildDrugCandidates, type DiseaseContext, type DrugCandidate, type DrugCandidateInput, type GeneDrugEvidence } from '../../src/analysis/drug-candidates.js';
import type { ChemblIndication, ChemblMechanism, ChemblMolecule } from '../../src/sources/chembl.js';
import type { DiseaseHit, DiseaseOntology, DrugDetails } from '../../src/sources/opentargets.js';
import { splitDiseaseHits } from '../../src/analysis/disease-hits.js';
import type { MatchedDiseases } from '../../src/tools/shared/disease.js';
import { drugEvidence } from '../../src/tools/shared/drugs.js';
import type { Gather } from '../../src/tools/shared/gather.js';
import type { Directionality, DrugGeneInteraction } from '../../src/sources/dgidb.js';
import { isApprovedStage, stagePhase, type ClinicalCandidate, type DiseaseRef } from '../../src/analysis/clinical-candidates.js';

export const NSCLC: DiseaseRef = { id: 'MONDO_0005233', name: 'non-small cell lung carcinoma' };
export const BREAST: DiseaseRef = { id: 'MONDO_0007254', name: 'breast cancer' };
export const HNSCC: DiseaseRef = { id: 'MONDO_0010150', name: 'head and neck squamous cell carcinoma' };
export const CRC: DiseaseRef = { id: 'MONDO_0005575', name: 'colorectal cancer' };
export const colorectal = { ids: [CRC.id], name: CRC.name };
export const lung = { ids: [NSCLC.id], name: NSCLC.name };

/** Options of ot(). */
export interface CandOpts {
  stage?: string | null;
  drugStage?: string | null;
  indications?: DiseaseRef[];
  action?: string | null;
  drugType?: string;
  salts?: { drugId: string; name: string }[];
}
/** An Open Targets candidate; phase, approval and withdrawal follow the stage as the parser sets them. */
export function ot(drugId: string, name: string, o: CandOpts = {}): ClinicalCandidate {
  const stage = o.stage ?? null;
  const drugStage = o.drugStage === undefined ? stage : o.drugStage;
  return {
    drugId,
    name,
    drugType: o.drugType ?? 'Small molecule',
    stage,
    phase: stagePhase(stage),
    approved: isApprovedStage(stage),
    withdrawn: stage === 'WITHDRAWAL',
    drugStage,
    drugPhase: stagePhase(drugStage),
    mechanisms: o.action === null ? [] : [{ mechanismOfAction: `${name} mechanism`, actionType: o.action ?? 'INHIBITOR' }],
    indications: o.indications ?? [],
    saltForms: o.salts ?? [],
  };
}

/** A DGIdb interaction (rxcui concept id unless a ChEMBL id is given). */
export function dgi(
  drugName: string,
  o: { chemblId?: string; approved?: boolean; types?: [string, Directionality | null][]; pmids?: string[]; sources?: [string, string | null][]; responses?: string[] } = {},
): DrugGeneInteraction {
  const sources = o.sources ?? [['ChEMBL', 'Expert curated']];
  return {
    drugName,
    drugConceptId: o.chemblId ? `chembl:${o.chemblId}` : `rxcui:${drugName.length}`,
    chemblId: o.chemblId ?? null,
    approved: o.approved ?? null,
    interactionTypes: (o.types ?? []).map(([type, directionality]) => ({ type, directionality })),
    interactionScore: 0.5,
    sources: sources.map(([name]) => name),
    sourceTrust: sources.map(([source, level]) => ({ source, level })),
    pmids: o.pmids ?? [],
    attributes: (o.responses ?? []).map((value) => ({ name: 'Response Type', value })),
  };
}

/** A ChEMBL mechanism on EGFR's target, direct INHIBITOR unless told otherwise. */
export function mech(molecule: string, o: { parent?: string; action?: string | null; direct?: boolean | null; maxPhase?: number | null; pmid?: string } = {}): ChemblMechanism {
  return {
    moleculeChemblId: molecule,
    parentMoleculeChemblId: o.parent ?? molecule,
    targetChemblId: 'CHEMBL203',
    mechanismOfAction: 'Epidermal growth factor receptor erbB1 inhibitor',
    actionType: o.action === undefined ? 'INHIBITOR' : o.action,
    maxPhase: o.maxPhase ?? null,
    directInteraction: o.direct === undefined ? true : o.direct,
    diseaseEfficacy: true,
    refs: o.pmid ? [{ type: 'PubMed', id: o.pmid, url: null }] : [],
  };
}

/** A small-molecule ChEMBL record (MW 400, no Ro5 violation, QED 0.6 unless given). */
export function molecule(chemblId: string, o: Partial<ChemblMolecule> & { qed?: number | null } = {}): ChemblMolecule {
  const { qed, ...rest } = o;
  return {
    chemblId,
    prefName: null,
    moleculeType: 'Small molecule',
    maxPhase: null,
    firstApproval: null,
    withdrawn: false,
    parentChemblId: chemblId,
    properties: {
      fullMwt: 400, mwFreebase: 400, alogp: 3, cxLogp: 3, psa: 80, qedWeighted: qed === undefined ? 0.6 : qed, hba: 6, hbd: 2,
      rtb: 5, numRo5Violations: 0, aromaticRings: 3, heavyAtoms: 30, formula: null,
    },
    ...rest,
  };
}

/** buildDrugCandidates over the genes, for the lung context unless told otherwise. */
export const run = (genes: GeneDrugEvidence[], extra: Partial<DrugCandidateInput> = {}, disease: DiseaseContext = lung) => buildDrugCandidates({ genes, disease, ...extra });
/** The candidate with that name, or a failure listing the names there are. */
export const byName = (list: readonly DrugCandidate[], name: string): DrugCandidate => {
  const c = list.find((x) => x.name === name);
  if (!c) throw new Error(`${name} not among ${list.map((x) => x.name).join(', ')}`);
  return c;
};


/** Open Targets drug details: indications as [disease, stage] pairs (stage APPROVAL, PHASE_2, ...). */
export function details(
  chemblId: string,
  name: string,
  indications: [DiseaseRef | { id: null; name: string }, string][],
  o: { stage?: string; withdrawn?: { country?: string; year?: number } } = {},
): DrugDetails {
  const stage = o.stage ?? (indications.some(([, s]) => isApprovedStage(s)) ? 'APPROVAL' : (indications[0]?.[1] ?? 'UNKNOWN'));
  return {
    chemblId,
    name,
    drugType: 'Small molecule',
    stage,
    phase: stagePhase(stage),
    warnings: o.withdrawn ? [{ type: 'Withdrawn', country: o.withdrawn.country ?? null, year: o.withdrawn.year ?? null }] : [],
    indications: indications.map(([d, s]) => ({ diseaseId: d.id, diseaseName: d.name, stage: s, phase: stagePhase(s) })),
    mechanisms: [],
    targetSymbols: [],
  };
}

/** A ChEMBL drug_indication row (efo id written ChEMBL's way, EFO:...). */
export function chemblInd(molecule: string, efoId: string | null, term: string, maxPhase: number): ChemblIndication {
  return { moleculeChemblId: molecule, parentMoleculeChemblId: molecule, efoId: efoId?.replace(':', '_') ?? null, efoTerm: term, meshId: null, meshHeading: null, maxPhase };
}

/**
 * The drug tiers' disease context for matched search hits, through drugEvidence over an empty panel
 * (only the disease ontology request matters), with the id lists that request was asked for.
 * `ontology` null: the request failed.
 */
export async function drugContextOf(diseases: MatchedDiseases, text: string, ontology: readonly DiseaseOntology[] | null): Promise<{ disease: DiseaseContext; asked: string[][] }> {
  const asked: string[][] = [];
  const sources = {
    opentargets: { diseaseOntology: async (ids: readonly string[]) => (asked.push([...ids]), ontology?.filter((d) => ids.includes(d.id))) },
    dgidb: { interactions: async () => new Map() },
  };
  const g = { call: { ctx: { sources } }, report: { call: (_id: string, fn: () => Promise<unknown>) => fn(), warnings: [] } } as unknown as Gather;
  return { disease: (await drugEvidence(g, { results: [], symbols: [], unresolved: [] }, diseases, text)).disease, asked };
}

/** drugContextOf for raw search hits, split as the tools split them (splitDiseaseHits). */
export async function drugContextOfHits(hits: DiseaseHit[], text: string, ontology: readonly DiseaseOntology[] | null): Promise<DiseaseContext> {
  const { matched, narrower, broader } = splitDiseaseHits(hits, text);
  return (await drugContextOf(Object.assign(matched, { narrower, broader }), text, ontology)).disease;
}
