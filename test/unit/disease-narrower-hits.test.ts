// A search hit narrower than the typed disease (its name holds the text and more words) is below
// the context, a subtype, never the context itself; a "benign" hit or MeSH heading is neither for a
// disease typed without the word; a subtype is named as one of the disease it is below (the best
// hit), not of the text. Reproduced: for "breast cancer" with hits [breast cancer, TNBC, HER2+],
// a TNBC withdrawal cancelled bevacizumab's breast cancer approval ("withdrawn for breast cancer"),
// ChEMBL's "Triple Negative Breast Neoplasms" read "the context disease", trastuzumab's HER2+
// approval read "the context disease"; "metastatic breast cancer" named HER2+ "a subtype of
// metastatic breast cancer"; "brain cancer" took in "benign brain tumor".
import { describe, expect, it } from 'vitest';
import { buildDrugCandidates, type GeneDrugEvidence } from '../../src/analysis/drug-candidates.js';
import { diseaseMatcher } from '../../src/analysis/top-drugs.js';
import type { ChemblIndication } from '../../src/sources/chembl.js';
import type { DiseaseHit, DiseaseOntology } from '../../src/sources/opentargets.js';
import { alreadyApprovedFor } from '../../src/tools/repurposing/output.js';
import { bestAndRelated, splitDiseaseHits } from '../../src/tools/shared/disease.js';
import { byName, details, drugContextOfHits, ot } from '../support/drug-evidence.js';

const hit = (id: string, name: string): DiseaseHit => ({ id, name }) as DiseaseHit;
const names = (hits: readonly DiseaseHit[]) => hits.map((h) => h.name);
const BREAST = hit('MONDO_0007254', 'breast cancer');
const TNBC = hit('EFO_0005537', 'triple-negative breast carcinoma');
const HER2 = hit('EFO_1000294', 'HER2 Positive Breast Carcinoma');
const onto = (d: DiseaseHit, dbXRefs: string[], ancestors: string[], descendants: string[] = []): DiseaseOntology => ({ id: d.id, name: d.name, dbXRefs, ancestors, descendants, ancestorXRefs: [] });
const ONTOLOGY = [onto(BREAST, ['EFO:0000305', 'MESH:D001943'], ['MONDO_0004992']), onto(TNBC, ['MESH:D064726'], [BREAST.id]), onto(HER2, [], [BREAST.id])];
const meshRow = (molecule: string, meshId: string, heading: string): ChemblIndication => ({ moleculeChemblId: molecule, parentMoleculeChemblId: molecule, efoId: null, efoTerm: null, meshId, meshHeading: heading, maxPhase: 4 });

const contextOf = (hits: DiseaseHit[], text: string, ontology: DiseaseOntology[] | null = ONTOLOGY) => drugContextOfHits(hits, text, ontology);

const genes: GeneDrugEvidence[] = [
  {
    gene: 'ERBB2',
    association: 0.3,
    candidates: [ot('CHEMBL1201585', 'TRASTUZUMAB', { stage: 'APPROVAL', drugType: 'Antibody' }), ot('CHEMBL1201583', 'BEVACIZUMAB', { stage: 'APPROVAL', drugType: 'Antibody' }), ot('CHEMBL939', 'GEFITINIB', { stage: 'APPROVAL' })],
  },
];
const drugs = new Map([
  ['CHEMBL1201585', details('CHEMBL1201585', 'TRASTUZUMAB', [[HER2, 'APPROVAL']])],
  ['CHEMBL1201583', details('CHEMBL1201583', 'BEVACIZUMAB', [[BREAST, 'APPROVAL'], [TNBC, 'WITHDRAWAL']])],
]);
const chemblIndications = new Map([['CHEMBL939', [meshRow('CHEMBL939', 'D064726', 'Triple Negative Breast Neoplasms')]]]);

describe('a search hit narrower than the text is below the context', () => {
  it('splitDiseaseHits: the context is the best hit and the same words; narrower hits apart', () => {
    const split = splitDiseaseHits([BREAST, hit('B', 'breast carcinoma'), TNBC, HER2], 'breast cancer');
    expect(names(split.context)).toEqual(['breast cancer', 'breast carcinoma']);
    expect(names(split.narrower)).toEqual([TNBC.name, HER2.name]);
    // Literature and associations still see them (bestAndRelated is unchanged for its callers).
    expect(names(bestAndRelated([BREAST, TNBC], 'breast cancer'))).toEqual(['breast cancer', TNBC.name]);
  });

  for (const [label, ontology] of [['ontology read', ONTOLOGY], ['ontology request failed', null]] as const) {
    it(`TNBC and HER2+ hits are subtypes, not the context (${label})`, async () => {
      const disease = await contextOf([BREAST, TNBC, HER2], 'breast cancer', ontology);
      expect(disease.ids).toEqual([BREAST.id]);
      const list = buildDrugCandidates({ genes, disease, drugs, chemblIndications });
      // A TNBC withdrawal does not cancel the breast cancer approval.
      const bev = byName(list, 'BEVACIZUMAB');
      expect(bev.tier).toBe('I');
      expect(bev.tierReason).toMatch(/^Approved for breast cancer \(Open Targets indications\), but withdrawn for triple-negative breast carcinoma, a subtype of breast cancer/);
      const tras = byName(list, 'TRASTUZUMAB');
      expect(tras.tierReason).toMatch(/^Approved for HER2 Positive Breast Carcinoma \(a subtype of breast cancer; Open Targets indications\)/);
      expect(alreadyApprovedFor('breast cancer')(tras).indication).toBe('HER2 Positive Breast Carcinoma (a subtype of breast cancer)');
      const gef = byName(list, 'GEFITINIB');
      expect(gef.tierReason).not.toMatch(/the context disease by its MeSH heading/);
      if (ontology) expect(gef.tierReason).toMatch(/^Approved for Triple Negative Breast Neoplasms \(a subtype of breast cancer; ChEMBL drug_indication\)/);
    });
  }

  it('the tiers do not depend on whether the narrower hit was among the search hits', async () => {
    const withOntologyOnly = [{ ...ONTOLOGY[0]!, descendants: [TNBC.id, HER2.id] }, ...ONTOLOGY.slice(1)];
    const tiers = async (hits: DiseaseHit[]) => {
      const list = buildDrugCandidates({ genes, disease: await contextOf(hits, 'breast cancer', withOntologyOnly), drugs, chemblIndications });
      return ['BEVACIZUMAB', 'TRASTUZUMAB'].map((n) => [byName(list, n).tier, byName(list, n).tierReason]);
    };
    expect(await tiers([BREAST, TNBC, HER2])).toEqual(await tiers([BREAST]));
  });

  it('a record without an id naming a narrower hit is a subtype (ontology request failed)', async () => {
    const disease = await contextOf([BREAST, TNBC], 'breast cancer', null);
    const list = buildDrugCandidates({ genes, disease, drugs: new Map([['CHEMBL1201583', details('CHEMBL1201583', 'BEVACIZUMAB', [[{ id: null, name: TNBC.name }, 'APPROVAL']])]]) });
    expect(byName(list, 'BEVACIZUMAB').tierReason).toMatch(/^Approved for triple-negative breast carcinoma \(a subtype of breast cancer; Open Targets indications\)/);
  });

  it('the target brief reads the hits by the same rule', () => {
    const m = diseaseMatcher('breast cancer', [BREAST, TNBC, HER2]);
    expect([...m.ids]).toEqual([BREAST.id]);
    expect([...m.below]).toEqual([TNBC.id, HER2.id]);
  });
});

describe('a subtype is named as one of the disease it is below (the best hit), not of the text', () => {
  it('"metastatic breast cancer" read as breast cancer', async () => {
    const disease = await contextOf([BREAST, HER2], 'metastatic breast cancer');
    const tras = byName(buildDrugCandidates({ genes, disease, drugs }), 'TRASTUZUMAB');
    expect(tras.tierReason).toMatch(/^Approved for HER2 Positive Breast Carcinoma \(a subtype of breast cancer; /);
    expect(alreadyApprovedFor('metastatic breast cancer')(tras).indication).toBe('HER2 Positive Breast Carcinoma (a subtype of breast cancer)');
  });

  it('"triple-negative breast cancer" whose best hit is breast cancer: HER2+ is no subtype of TNBC', async () => {
    const disease = await contextOf([BREAST, TNBC], 'triple-negative breast cancer', [{ ...ONTOLOGY[0]!, descendants: [TNBC.id, HER2.id] }, ONTOLOGY[1]!]);
    const tras = byName(buildDrugCandidates({ genes, disease, drugs }), 'TRASTUZUMAB');
    expect(tras.tierReason).not.toMatch(/subtype of triple-negative/);
    expect(tras.tierReason).toMatch(/a subtype of breast cancer/);
    expect(alreadyApprovedFor('triple-negative breast cancer')(tras).indication).toBe('HER2 Positive Breast Carcinoma (a subtype of breast cancer)');
  });
});

describe('"benign" is never the context of, nor below, a disease typed without it', () => {
  it('search hits', () => {
    expect(names(bestAndRelated([hit('A', 'brain cancer'), hit('B', 'benign brain tumor')], 'brain cancer'))).toEqual(['brain cancer']);
    const split = splitDiseaseHits([hit('C', 'cancer'), hit('N', 'neoplasm'), hit('BN', 'benign neoplasm'), hit('BB', 'benign breast tumor'), hit('NM', 'non-malignant neoplasm')], 'cancer');
    // "neoplasm" is no longer folded into "cancer" (a neoplasm may be benign): not the context either.
    expect(names(split.matched)).toEqual(['cancer']);
    // Typed with the word, it counts.
    expect(names(bestAndRelated([hit('BN', 'benign neoplasm'), hit('BB', 'benign neoplasm of brain')], 'benign neoplasm'))).toEqual(['benign neoplasm', 'benign neoplasm of brain']);
  });

  it('a ChEMBL "Neoplasms, Benign" heading under "cancer" is another indication', async () => {
    const cancer = hit('MONDO_0004992', 'cancer');
    const disease = await contextOf([cancer], 'cancer', [onto(cancer, ['MESH:D009369'], [])]);
    const list = buildDrugCandidates({ genes, disease, chemblIndications: new Map([['CHEMBL939', [meshRow('CHEMBL939', 'D009371', 'Neoplasms, Benign')]]]) });
    const gef = byName(list, 'GEFITINIB');
    expect(gef.tier).toBe('II');
    expect(gef.tierReason).toMatch(/^Approved for another indication/);
    expect(gef.matchingIndications).toEqual([]);
  });
});
