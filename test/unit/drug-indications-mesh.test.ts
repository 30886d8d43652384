// ChEMBL drug_indication rows the context's ids do not place: a row with a MeSH heading only (no
// EFO id), and an approval for a disease above the context under an EFO id that is only an
// ancestor's cross-reference (EFO_0000311 "cancer", where Open Targets' ancestors list MONDO_0004992).
// Both once read "Approved for another indication (...; no indication recorded for breast
// cancer): a repurposing candidate".
import { describe, expect, it } from 'vitest';
import { buildDrugCandidates, type GeneDrugEvidence } from '../../src/analysis/drug-candidates.js';
import { contextMatcher, unplacedApprovals } from '../../src/analysis/drug-indications.js';
import type { ChemblIndication } from '../../src/sources/chembl.js';
import { BREAST, byName, chemblInd, ot } from '../support/drug-evidence.js';

const meshRow = (molecule: string, meshId: string, heading: string, maxPhase = 4): ChemblIndication => ({
  moleculeChemblId: molecule,
  parentMoleculeChemblId: molecule,
  efoId: null,
  efoTerm: null,
  meshId,
  meshHeading: heading,
  maxPhase,
});
// Breast cancer as Open Targets gives it: cross-references include its MeSH id.
const breast = { ids: [BREAST.id], name: BREAST.name, names: [BREAST.name], related: ['MONDO_0004989', 'EFO:0000305', 'MESH:D001943'], ancestors: ['MONDO_0004992', 'EFO_0000616'] };
const genes: GeneDrugEvidence[] = [{ gene: 'EGFR', association: 0.3, candidates: [ot('CHEMBL939', 'GEFITINIB', { stage: 'APPROVAL' }), ot('CHEMBL1', 'OTHERNIB', { stage: 'APPROVAL' })] }];
const run = (rows: Record<string, ChemblIndication[]>, disease = breast) => buildDrugCandidates({ genes, disease, chemblIndications: new Map(Object.entries(rows)) });
const NOT_RECORDED = /no indication recorded for breast cancer/;

describe('a ChEMBL approval recorded with a MeSH heading only', () => {
  it('is placed against the context by its MeSH id (a cross-reference of the context)', () => {
    const list = run({ CHEMBL939: [meshRow('CHEMBL939', 'D001943', 'Breast Neoplasms')], CHEMBL1: [chemblInd('CHEMBL1', 'EFO:0002506', 'osteoarthritis', 4)] });
    const g = byName(list, 'GEFITINIB');
    expect(g.tier).toBe('I');
    expect(g.tierReason).not.toMatch(NOT_RECORDED);
    expect(byName(list, 'OTHERNIB').tierReason).toMatch(/^Approved for another indication/);
  });

  it('is placed by its heading when Open Targets gives no MeSH id ("Breast Neoplasms" is breast cancer)', () => {
    const noMesh = { ...breast, related: ['MONDO_0004989', 'EFO:0000305'] };
    const g = byName(run({ CHEMBL939: [meshRow('CHEMBL939', 'D001943', 'Breast Neoplasms'), chemblInd('CHEMBL939', 'EFO:0003060', 'non-small cell lung carcinoma', 4)] }, noMesh), 'GEFITINIB');
    expect(g.tier).toBe('I');
    expect(g.tierReason).not.toMatch(NOT_RECORDED);
  });

  it('a heading above the context is a broader label to check; one holding more words is not placed', () => {
    const g = byName(run({ CHEMBL939: [meshRow('CHEMBL939', 'D009369', 'Neoplasms'), chemblInd('CHEMBL939', 'EFO:0003060', 'non-small cell lung carcinoma', 4)] }), 'GEFITINIB');
    expect(g).toMatchObject({ tier: 'II', approvalsKnown: false, broaderApproval: { name: 'Neoplasms' } });
    expect(g.tierReason).not.toMatch(NOT_RECORDED);
    const m = contextMatcher(breast);
    expect(unplacedApprovals([meshRow('CHEMBL2', 'D000072656', 'Breast Cancer Lymphedema'), meshRow('CHEMBL2', 'D010003', 'Osteoarthritis'), meshRow('CHEMBL2', 'D001943', 'Breast Neoplasms')], m)).toEqual([
      { name: 'Breast Cancer Lymphedema', id: null, source: 'ChEMBL drug_indication' },
    ]);
  });
});

describe('a ChEMBL approval for a disease above the context under an EFO id', () => {
  it('reads as a broader label to check, not another indication (gefitinib, EFO:0000311 cancer, breast cancer)', () => {
    const g = byName(run({ CHEMBL939: [chemblInd('CHEMBL939', 'EFO:0000311', 'cancer', 4), chemblInd('CHEMBL939', 'EFO:0003060', 'non-small cell lung carcinoma', 4)] }), 'GEFITINIB');
    expect(g).toMatchObject({ tier: 'II', approvalsKnown: false, broaderApproval: { name: 'cancer', id: 'EFO_0000311' } });
    expect(g.tierReason).toMatch(/a broader disease that includes breast cancer/);
    expect(g.tierReason).not.toMatch(NOT_RECORDED);
  });

  it('counts an ancestor cross-reference as the ancestor when the context carries it', () => {
    const withXref = { ...breast, ancestors: [...breast.ancestors, 'EFO:0000311'] };
    const g = byName(run({ CHEMBL939: [chemblInd('CHEMBL939', 'EFO:0000311', 'malignant disease', 4)] }, withXref), 'GEFITINIB');
    expect(g).toMatchObject({ tier: 'II', broaderApproval: { id: 'EFO_0000311' } });
  });
});

describe('a ChEMBL approval under a MeSH heading narrower than the context words can place', () => {
  it('is no plain "approved for another indication": tier II, check the label, and not a known approval set', () => {
    // "Triple Negative Breast Neoplasms" may be breast cancer's subtype; nothing here can say.
    const rows = { CHEMBL939: [meshRow('CHEMBL939', 'D064726', 'Triple Negative Breast Neoplasms'), chemblInd('CHEMBL939', 'EFO:0003060', 'non-small cell lung carcinoma', 4)] };
    const g = byName(run(rows), 'GEFITINIB');
    expect(g.tier).toBe('II');
    expect(g.tierReason).toMatch(/^Approved for Triple Negative Breast Neoplasms \(ChEMBL drug_indication, a MeSH heading not placed against breast cancer\): it may be breast cancer or a subtype of it, so check the label/);
    expect(g.tierReason).not.toMatch(/Approved for another indication/);
    expect(g.approvalsKnown).toBe(false);
  });
});
