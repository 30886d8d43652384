// A search hit broader than the typed disease is above the context, never the context: "breast
// cancer" for "triple-negative breast cancer", "lung cancer" for "non-small cell lung carcinoma".
// Once it joined the context, with its subtypes and cross-references, so an approval for a sibling
// subtype (HER2-positive breast carcinoma, small cell lung carcinoma) read "approved for the
// disease", and the full name and the abbreviation of one disease gave opposite tiers.
import { describe, expect, it } from 'vitest';
import { buildDrugCandidates, type GeneDrugEvidence } from '../../src/analysis/drug-candidates.js';
import type { DiseaseHit, DiseaseOntology } from '../../src/sources/opentargets.js';
import { parseDiseaseOntology } from '../../src/sources/opentargets-drugs.js';
import { bestAndRelated, splitDiseaseHits, type MatchedDiseases } from '../../src/tools/shared/disease.js';
import { byName, chemblInd, details, drugContextOf, ot } from '../support/drug-evidence.js';
import { ownJson } from '../support/shared.js';

const hit = (id: string, name: string): DiseaseHit => ({ id, name }) as DiseaseHit;
const names = (hits: readonly DiseaseHit[]) => hits.map((h) => h.name);
const TNBC = hit('EFO_0005537', 'triple-negative breast carcinoma');
const BREAST = hit('MONDO_0007254', 'breast cancer');
const HER2 = { id: 'EFO_1000294', name: 'HER2 Positive Breast Carcinoma' };
const SCLC = { id: 'MONDO_0008433', name: 'small cell lung carcinoma' };

describe('the context diseases of a search', () => {
  it('leaves a broader hit out of the context and sets it apart', () => {
    expect(names(bestAndRelated([TNBC, BREAST], 'triple-negative breast cancer'))).toEqual(['triple-negative breast carcinoma']);
    expect(splitDiseaseHits([TNBC, BREAST], 'triple-negative breast cancer').broader).toEqual([BREAST]);
    // The project's doc-shaped NSCLC search: the full name and the abbreviation give one context.
    const nsclc = ownJson<{ data: { search: { hits: DiseaseHit[] } } }>('opentargets', 'search-disease-nsclc-doc-shaped.json').data.search.hits;
    expect(names(bestAndRelated(nsclc, 'non-small cell lung carcinoma'))).toEqual(['non-small cell lung carcinoma']);
    expect(names(bestAndRelated(nsclc, 'NSCLC'))).toEqual(['non-small cell lung carcinoma']);
    expect(names(splitDiseaseHits(nsclc, 'non-small cell lung carcinoma').broader)).toEqual(['lung cancer']);
  });

  it('matches whole words only, hyphens and carcinoma/cancer folded', () => {
    const best = hit('X_1', 'non-small cell lung cancer');
    expect(names(bestAndRelated([best, hit('X_2', 'small cell lung cancer')], 'non-small cell lung cancer'))).toEqual(['non-small cell lung cancer']);
    expect(names(bestAndRelated([hit('X_3', 'lung adenocarcinoma'), hit('X_4', 'adenocarcinoma'), hit('X_5', 'carcinoma')], 'lung adenocarcinoma'))).toEqual(['lung adenocarcinoma']);
    // Same disease written otherwise, and narrower ones, stay.
    expect(names(bestAndRelated([hit('A', 'breast cancer'), hit('B', 'breast carcinoma'), hit('C', 'HER2-positive breast carcinoma'), hit('D', 'triple negative breast cancer')], 'breast cancer'))).toEqual([
      'breast cancer',
      'breast carcinoma',
      'HER2-positive breast carcinoma',
      'triple negative breast cancer',
    ]);
    expect(names(bestAndRelated([TNBC, hit('E', 'Triple Negative Breast Cancer')], 'triple-negative breast cancer'))).toEqual(['triple-negative breast carcinoma', 'Triple Negative Breast Cancer']);
  });
});

const contextOf = (diseases: MatchedDiseases, text: string, ontology: DiseaseOntology[]) => drugContextOf(diseases, text, ontology);

describe('a broader hit in the drug tiers (drugs.ts)', () => {
  const onto = (id: string, name: string, dbXRefs: string[], ancestors: string[], descendants: string[] = []): DiseaseOntology => ({ id, name, dbXRefs, ancestors, descendants, ancestorXRefs: [] });
  const ontology = [
    onto(TNBC.id, TNBC.name, ['MESH:D064726'], ['MONDO_0004992', 'EFO_0000616']),
    onto(BREAST.id, BREAST.name, ['EFO:0000305', 'MESH:D001943'], ['MONDO_0004992'], [TNBC.id, HER2.id]),
  ];
  const genes: GeneDrugEvidence[] = [{ gene: 'ERBB2', association: 0.3, candidates: [ot('CHEMBL1201585', 'TRASTUZUMAB', { stage: 'APPROVAL', drugType: 'Antibody' }), ot('CHEMBL554', 'LAPATINIB', { stage: 'APPROVAL' })] }];

  it('a sibling subtype approval is not "approved for the disease"; a broader approval reads "check the label"', async () => {
    const text = 'triple-negative breast cancer';
    const { matched, broader } = splitDiseaseHits([TNBC, BREAST], text);
    const { disease, asked } = await contextOf(Object.assign(matched, { broader }), text, ontology);
    // One ontology request, the broader hit asked too for its cross-references.
    expect(asked).toEqual([[TNBC.id, BREAST.id]]);
    expect(disease.ids).toEqual([TNBC.id]);
    expect(disease.related).not.toContain(HER2.id);
    const list = buildDrugCandidates({
      genes,
      disease,
      drugs: new Map([['CHEMBL1201585', details('CHEMBL1201585', 'TRASTUZUMAB', [[HER2, 'APPROVAL']])]]),
      // ChEMBL writes breast cancer as EFO:0000305 (breast carcinoma): a cross-reference of the broader hit.
      chemblIndications: new Map([['CHEMBL554', [chemblInd('CHEMBL554', 'EFO:0000305', 'breast carcinoma', 4)]]]),
    });
    expect(byName(list, 'TRASTUZUMAB')).toMatchObject({ tier: 'II' });
    expect(byName(list, 'TRASTUZUMAB').tierReason).toMatch(/^Approved for another indication/);
    expect(byName(list, 'LAPATINIB')).toMatchObject({ tier: 'II', approvalsKnown: false, broaderApproval: { name: 'breast carcinoma' } });
    expect(byName(list, 'LAPATINIB').tierReason).toMatch(/a broader disease that includes triple-negative breast cancer: .* may already cover/);
  });

  it('the full name and the abbreviation of one disease give the same tier (topotecan, small cell lung carcinoma)', async () => {
    const nsclc = ownJson<{ data: { search: { hits: DiseaseHit[] } } }>('opentargets', 'search-disease-nsclc-doc-shaped.json').data.search.hits;
    const lungOntology = [
      onto('MONDO_0005233', 'non-small cell lung carcinoma', ['EFO:0003060'], ['MONDO_0008903', 'MONDO_0004992'], ['MONDO_0005061']),
      onto('MONDO_0008903', 'lung cancer', ['EFO:0001071'], ['MONDO_0004992'], ['MONDO_0005233', 'MONDO_0005061', SCLC.id]),
    ];
    const topo: GeneDrugEvidence[] = [{ gene: 'TOP1', association: 0.2, candidates: [ot('CHEMBL84', 'TOPOTECAN', { stage: 'APPROVAL' })] }];
    const tiers = await Promise.all(
      ['non-small cell lung carcinoma', 'NSCLC'].map(async (text) => {
        const { matched, broader } = splitDiseaseHits(nsclc, text);
        const { disease } = await contextOf(Object.assign(matched, { broader }), text, lungOntology);
        const list = buildDrugCandidates({ genes: topo, disease, drugs: new Map([['CHEMBL84', details('CHEMBL84', 'TOPOTECAN', [[SCLC, 'APPROVAL']])]]) });
        return byName(list, 'TOPOTECAN').tier;
      }),
    );
    expect(tiers).toEqual(['II', 'II']);
  });

  it("an ancestor's cross-reference counts as the ancestor (resolvedAncestors.dbXRefs, same request)", async () => {
    // ChEMBL writes "thoracic disease" by an EFO id Open Targets lists only as an ancestor's
    // cross-reference; its words are not the context's, so only the cross-reference can place it.
    const withXrefs = [{ ...onto(BREAST.id, BREAST.name, ['EFO:0000305'], ['MONDO_0004992']), ancestorXRefs: ['EFO:0009676'] }];
    const { disease, asked } = await contextOf([BREAST], BREAST.name, withXrefs);
    expect(asked).toHaveLength(1);
    const list = buildDrugCandidates({
      genes,
      disease,
      chemblIndications: new Map([['CHEMBL554', [chemblInd('CHEMBL554', 'EFO:0009676', 'thoracic disease', 4)]]]),
    });
    expect(byName(list, 'LAPATINIB')).toMatchObject({ tier: 'II', approvalsKnown: false, broaderApproval: { name: 'thoracic disease' } });
  });
});

describe('parseDiseaseOntology: resolvedAncestors', () => {
  it("reads the ancestors' cross-references, and none when the answer does not carry them", () => {
    const data = (extra: object) => ({ diseases: [{ id: BREAST.id, name: BREAST.name, dbXRefs: [], ancestors: ['MONDO_0004992'], descendants: [], ...extra }] });
    expect(parseDiseaseOntology(data({ resolvedAncestors: [{ dbXRefs: ['EFO:0000311', 'DOID:162'] }, { dbXRefs: null }] }))[0]!.ancestorXRefs).toEqual(['EFO:0000311', 'DOID:162']);
    expect(parseDiseaseOntology(data({}))[0]!.ancestorXRefs).toEqual([]);
  });
});
