// Ranking, disease matching, DGIdb joining and ADMET assembly of a brief's top drugs
// (src/analysis/top-drugs.ts), and the statements the brief sends to the integrity pipeline.
import { describe, expect, it } from 'vitest';
import {
  admetView,
  approvedSubtype,
  diseaseMatcher,
  matchInteraction,
  needsPubchem,
  rankCandidates,
  studiedFor,
  topDrugView,
  withIndications,
} from '../../src/analysis/top-drugs.js';
import type { ChemblMolecule, ChemblProperties } from '../../src/sources/chembl.js';
import type { DrugGeneInteraction } from '../../src/sources/dgidb.js';
import { stagePhase, type ClinicalCandidate } from '../../src/sources/opentargets.js';
import { briefStatements } from '../../src/tools/target-brief/integrity.js';
import { drugStageText } from '../../src/tools/target-brief/summary.js';
import { chemblInd, details } from '../support/drug-evidence.js';

function candidate(name: string, stage: string | null, indications: [string, string][] = [], extra: Partial<ClinicalCandidate> = {}): ClinicalCandidate {
  return {
    drugId: `CHEMBL_${name.replace(/\W/g, '')}`,
    name,
    drugType: 'Small molecule',
    stage,
    phase: stagePhase(stage),
    approved: stage === 'APPROVAL' || stage === 'PHASE_4',
    withdrawn: stage === 'WITHDRAWAL',
    drugStage: stage,
    drugPhase: stagePhase(stage),
    mechanisms: [],
    indications: indications.map(([id, n]) => ({ id, name: n })),
    saltForms: [],
    ...extra,
  };
}

const NSCLC: [string, string] = ['MONDO_0005233', 'non-small cell lung carcinoma'];
const LUAD: [string, string] = ['MONDO_0005061', 'lung adenocarcinoma'];
const CRC: [string, string] = ['MONDO_0005575', 'colorectal cancer'];
const hits = [
  { id: 'MONDO_0008903', name: 'lung cancer', score: 10 },
  { id: 'MONDO_0000001', name: 'familial lung cancer', score: 5 },
  { id: 'MONDO_0005061', name: 'lung adenocarcinoma', score: 4 },
];

describe('disease context matching', () => {
  it('resolves to the best hit; a hit narrower than the context (its name holds the text and more) is below it, not the context', () => {
    const m = diseaseMatcher('Lung cancer', hits);
    expect(m.resolved?.id).toBe('MONDO_0008903');
    expect([...m.ids]).toEqual(['MONDO_0008903']);
    expect([...m.below]).toEqual(['MONDO_0000001']);
    // The same disease written otherwise is the context.
    expect([...diseaseMatcher('lung cancer', [...hits, { id: 'X_1', name: 'Lung Carcinoma', score: 1 }]).ids]).toEqual(['MONDO_0008903', 'X_1']);
  });

  it('says a drug was studied for the context when its target row lists a context disease, a descendant, or the exact name', () => {
    const ontology = [{ id: 'MONDO_0008903', name: 'lung cancer', dbXRefs: [], ancestors: [], descendants: [NSCLC[0]], ancestorXRefs: [] }];
    const m = diseaseMatcher('lung cancer', hits, ontology);
    expect(studiedFor(candidate('A', 'APPROVAL', [CRC, ['MONDO_0000001', 'familial lung cancer']]), m)).toBe('familial lung cancer (MONDO_0000001: a subtype of the context disease)');
    expect(studiedFor(candidate('B', 'APPROVAL', [NSCLC]), m)).toBe('non-small cell lung carcinoma (MONDO_0005233: a subtype of the context disease)');
    // Name containment is not enough: "small cell lung cancer" is another disease.
    expect(studiedFor(candidate('C', 'APPROVAL', [['EFO_1', 'small cell lung cancer']]), m)).toBeNull();
    expect(studiedFor(candidate('D', 'APPROVAL', [LUAD]), diseaseMatcher('lung cancer', hits))).toBeNull();
  });
});

describe('ranking', () => {
  it('orders by phase, approval (withdrawn after approved), studied for the context, drug phase, then name; unknown phase last', () => {
    const m = diseaseMatcher('non-small cell lung carcinoma', [{ id: NSCLC[0], name: NSCLC[1], score: 1 }]);
    const list = [
      candidate('ZETA', null),
      candidate('BETA', 'APPROVAL', [CRC]),
      candidate('ALPHA', 'APPROVAL', [NSCLC]),
      candidate('GAMMA', 'WITHDRAWAL', [NSCLC]),
      candidate('DELTA', 'PHASE_3', [NSCLC]),
      candidate('EPSILON', 'PHASE_2', [], { drugPhase: 4, drugStage: 'APPROVAL' }),
      candidate('ETA', 'PHASE_2', []),
    ];
    const { top, total } = rankCandidates(list, m);
    expect(total).toBe(7);
    expect(top.map((r) => [r.rank, r.candidate.name])).toEqual([
      [1, 'ALPHA'], [2, 'BETA'], [3, 'GAMMA'], [4, 'DELTA'], [5, 'EPSILON'], [6, 'ETA'], [7, 'ZETA'],
    ]);
    expect(rankCandidates(list, m, 2).top.map((r) => r.candidate.name)).toEqual(['ALPHA', 'BETA']);
  });

  it('calls a drug indicated only on an approved per-disease indication, and re-ranks with it', () => {
    const m = diseaseMatcher('colorectal cancer', [{ id: CRC[0], name: CRC[1], score: 1 }]);
    // Both approved on EGFR and listed for colorectal cancer on the target row.
    const erlotinib = candidate('ERLOTINIB', 'APPROVAL', [NSCLC, CRC], { drugId: 'CHEMBL553' });
    const cetuximab = candidate('CETUXIMAB', 'APPROVAL', [CRC], { drugId: 'CHEMBL1201577' });
    const { top } = rankCandidates([erlotinib, cetuximab], m);
    expect(top.map((r) => [r.candidate.name, r.studied !== null])).toEqual([['CETUXIMAB', true], ['ERLOTINIB', true]]);
    const drugs = new Map([
      ['CHEMBL553', details('CHEMBL553', 'ERLOTINIB', [[{ id: NSCLC[0], name: NSCLC[1] }, 'APPROVAL'], [{ id: CRC[0], name: CRC[1] }, 'PHASE_2']])],
      ['CHEMBL1201577', details('CHEMBL1201577', 'CETUXIMAB', [])],
    ]);
    const chembl = new Map([['CHEMBL1201577', [chemblInd('CHEMBL1201577', null, 'colorectal cancer', 4)]]]);
    const ranked = withIndications(top, m, drugs, chembl);
    const views = ranked.map((r) => topDrugView(r, null, null, null));
    expect(views.map((v) => [v.rank, v.name, v.indicatedForDisease, v.indicationsChecked])).toEqual([
      [1, 'CETUXIMAB', true, true],
      [2, 'ERLOTINIB', false, true],
    ]);
    expect(views[0]?.indicationMatch).toBe('colorectal cancer: approved (ChEMBL drug_indication; same name as the context)');
    expect(views[1]?.studiedFor).toBe('colorectal cancer (MONDO_0005575: the context disease)');
    // Sources unavailable: nothing is called indicated.
    expect(withIndications(top, m, undefined, undefined).every((r) => r.indication === null && !r.indicationsChecked)).toBe(true);
  });

  it('marks a withdrawn drug from the Open Targets warning or ChEMBL flag, and never calls it approved or indicated', () => {
    const m = diseaseMatcher('osteoarthritis', [{ id: 'EFO_0002506', name: 'osteoarthritis', score: 1 }]);
    const rofecoxib = candidate('ROFECOXIB', 'APPROVAL', [['EFO_0002506', 'osteoarthritis']], { drugId: 'CHEMBL122' });
    const drugs = new Map([['CHEMBL122', details('CHEMBL122', 'ROFECOXIB', [[{ id: 'EFO_0002506', name: 'osteoarthritis' }, 'APPROVAL']], { withdrawn: { year: 2004 } })]]);
    const [r] = withIndications(rankCandidates([rofecoxib], m).top, m, drugs, undefined);
    expect(topDrugView(r!, null, null, null)).toMatchObject({ approved: false, withdrawn: true, indicatedForDisease: false, indicationMatch: null, withdrawnReason: 'Open Targets drug warning: withdrawn (2004)' });
    // The text says who says so: a bare "WITHDRAWN" read as gone everywhere.
    expect(drugStageText(topDrugView(r!, null, null, null) as never, 'osteoarthritis')).toBe('WITHDRAWN (Open Targets drug warning: withdrawn (2004))');
    expect(drugStageText({ ...(topDrugView(r!, null, null, null) as object), withdrawnReason: 'ChEMBL withdrawn flag' } as never, 'osteoarthritis')).toBe('WITHDRAWN (ChEMBL withdrawn flag: withdrawn in at least one country)');
  });
});

describe('what was not read, subtypes, local withdrawals', () => {
  const m = diseaseMatcher('non-small cell lung carcinoma', [{ id: NSCLC[0], name: NSCLC[1], score: 1 }], [
    { id: NSCLC[0], name: NSCLC[1], dbXRefs: ['EFO:0003060'], ancestors: [], descendants: [LUAD[0]], ancestorXRefs: [] },
  ]);
  const drug = (id: string) => candidate('GEFITINIB', 'APPROVAL', [NSCLC], { drugId: id });

  it('indications and withdrawal sources unread: indicatedForDisease and withdrawn are null, never false', () => {
    const [r] = withIndications(rankCandidates([drug('CHEMBL939')], m).top, m, undefined, undefined);
    expect(topDrugView(r!, undefined, null, null)).toMatchObject({ approved: true, indicatedForDisease: null, indicationsChecked: false, withdrawn: null });
    // ChEMBL answered with the molecule: it says withdrawn or not.
    const molecule = { chemblId: 'CHEMBL939', prefName: 'GEFITINIB', moleculeType: 'Small molecule', maxPhase: 4, firstApproval: 2003, withdrawn: false, parentChemblId: 'CHEMBL939', properties: null } as unknown as ChemblMolecule;
    expect(topDrugView(r!, molecule, null, null).withdrawn).toBe(false);
    // Open Targets details read, no approval for the context: a "no" from a record read.
    const [read] = withIndications(rankCandidates([drug('CHEMBL939')], m).top, m, new Map([['CHEMBL939', details('CHEMBL939', 'GEFITINIB', [[{ id: CRC[0], name: CRC[1] }, 'APPROVAL']])]]), undefined);
    expect(topDrugView(read!, undefined, null, null)).toMatchObject({ indicatedForDisease: false, indicationsChecked: true, withdrawn: false });
  });

  it('an approval for a descendant is named as a subtype; a cross-reference is the context itself', () => {
    const luad = new Map([['CHEMBL939', details('CHEMBL939', 'GEFITINIB', [[{ id: LUAD[0], name: LUAD[1] }, 'APPROVAL']])]]);
    const [r] = withIndications(rankCandidates([drug('CHEMBL939')], m).top, m, luad, undefined);
    const v = topDrugView(r!, null, null, null);
    expect(v).toMatchObject({ indicatedForDisease: true, indicationMatch: 'lung adenocarcinoma (MONDO_0005061): approved (Open Targets indications; a subtype of the context disease)' });
    expect(approvedSubtype(v)).toBe('lung adenocarcinoma');
    const xref = new Map([['CHEMBL939', [chemblInd('CHEMBL939', 'EFO:0003060', 'non-small cell lung carcinoma', 4)]]]);
    const [x] = withIndications(rankCandidates([drug('CHEMBL939')], m).top, m, undefined, xref);
    expect(approvedSubtype(topDrugView(x!, null, null, null))).toBeNull();
  });

  it('a withdrawal Open Targets places in a country keeps the approval for the disease; one placed nowhere does not', () => {
    const france = new Map([['CHEMBL939', details('CHEMBL939', 'GEFITINIB', [[{ id: NSCLC[0], name: NSCLC[1] }, 'APPROVAL']], { withdrawn: { country: 'France', year: 2019 } })]]);
    const [r] = withIndications(rankCandidates([drug('CHEMBL939')], m).top, m, france, undefined);
    // ChEMBL's flag is the same fact ("at least one country"): the country is the better reason.
    const flagged = { chemblId: 'CHEMBL939', withdrawn: true, properties: null } as unknown as ChemblMolecule;
    expect(topDrugView(r!, flagged, null, null)).toMatchObject({
      approved: true, withdrawn: true, indicatedForDisease: true, withdrawnReason: 'Open Targets drug warning: withdrawn in France (2019)', indicationMatch: expect.stringContaining('non-small cell lung carcinoma'),
    });
    const nowhere = new Map([['CHEMBL939', details('CHEMBL939', 'GEFITINIB', [[{ id: NSCLC[0], name: NSCLC[1] }, 'APPROVAL']], { withdrawn: { year: 2019 } })]]);
    const [g] = withIndications(rankCandidates([drug('CHEMBL939')], m).top, m, nowhere, undefined);
    expect(topDrugView(g!, null, null, null)).toMatchObject({ approved: false, withdrawn: true, indicatedForDisease: false, indicationMatch: null });
  });
});

describe('DGIdb join', () => {
  const row = (drugName: string, chemblId: string | null): DrugGeneInteraction => ({
    drugName, drugConceptId: chemblId ? `chembl:${chemblId}` : null, chemblId, approved: true,
    interactionTypes: [{ type: 'inhibitor', directionality: 'INHIBITORY' }], interactionScore: 1, sources: ['ChEMBL'], sourceTrust: [], pmids: [], attributes: [],
  });

  it('joins on any ChEMBL id of the drug (salt forms included), else on the parent name; conjugates stay apart', () => {
    const afatinib = candidate('AFATINIB', 'APPROVAL', [], { drugId: 'CHEMBL1173655', saltForms: [{ drugId: 'CHEMBL2105712', name: 'AFATINIB DIMALEATE' }] });
    expect(matchInteraction(afatinib, [row('GILOTRIF', 'CHEMBL2105712')])?.drugName).toBe('GILOTRIF');
    expect(matchInteraction(afatinib, [row('AFATINIB DIMALEATE', null)])?.drugName).toBe('AFATINIB DIMALEATE');
    expect(matchInteraction(candidate('CETUXIMAB SAROTALOCAN', 'PHASE_1'), [row('CETUXIMAB', null)])).toBeNull();
  });
});

describe('ADMET of a top drug', () => {
  const props = (p: Partial<ChemblProperties>): ChemblProperties => ({
    fullMwt: 400, mwFreebase: 400, alogp: 3, cxLogp: 3, psa: 80, qedWeighted: 0.6, hba: 6, hbd: 2, rtb: 5, numRo5Violations: 0,
    aromaticRings: 2, heavyAtoms: 30, formula: 'CxHy', ...p,
  });
  const molecule = (moleculeType: string, properties: ChemblProperties | null): ChemblMolecule => ({
    chemblId: 'CHEMBL1', prefName: 'X', moleculeType, maxPhase: 4, firstApproval: 2000, withdrawn: false, parentChemblId: 'CHEMBL1', properties,
  });

  it('asks PubChem only for small molecules lacking a Lipinski input', () => {
    const sm = candidate('X', 'APPROVAL');
    expect(needsPubchem(sm, molecule('Small molecule', props({})))).toBe(false);
    expect(needsPubchem(sm, molecule('Small molecule', props({ cxLogp: null, alogp: null })))).toBe(true);
    expect(needsPubchem(sm, null)).toBe(true);
    expect(needsPubchem({ drugType: null }, undefined)).toBe(true);
    expect(needsPubchem({ drugType: 'Antibody' }, null)).toBe(false);
    expect(needsPubchem(sm, molecule('Protein', null))).toBe(false);
  });

  it('names where the Lipinski count comes from, and why a biologic has none', () => {
    const sm = candidate('X', 'APPROVAL');
    expect(admetView(sm, molecule('Small molecule', props({ numRo5Violations: 1, mwFreebase: 520 })), null).lipinskiViolations).toEqual({ value: 1, source: 'chembl' });
    const computed = admetView(sm, molecule('Small molecule', props({ numRo5Violations: null, mwFreebase: 520, hba: 11 })), null);
    expect(computed).toMatchObject({ lipinskiViolations: { value: 2, source: 'computed' }, lipinskiPass: false });
    expect(admetView({ drugType: 'Antibody' }, null, null)).toMatchObject({ molecularWeight: null, lipinskiViolations: null, note: 'Antibody: rule-of-five properties do not apply' });
  });
});

describe('statements sent to the integrity pipeline', () => {
  it('the first sentence of the function with its PMIDs, and drug statements from DGIdb PMIDs only', () => {
    const s = briefStatements(
      'EGFR',
      { text: 'Receptor tyrosine kinase binding EGF. Known ligands include TGFA.', pmids: ['1', '2'] },
      [
        { name: 'GEFITINIB', interactionTypes: ['inhibitor'], pmids: ['3'] },
        { name: 'PANITUMUMAB', interactionTypes: ['antibody', 'inhibitor'], pmids: [] },
        { name: 'NEWDRUG', interactionTypes: [], pmids: ['4'] },
      ],
    );
    expect(s).toEqual([
      { about: 'function', subject: 'EGFR', text: 'Receptor tyrosine kinase binding EGF.', pmids: ['1', '2'] },
      { about: 'drug', subject: 'GEFITINIB', text: 'GEFITINIB is an inhibitor of EGFR.', pmids: ['3'] },
      { about: 'drug', subject: 'NEWDRUG', text: 'NEWDRUG interacts with EGFR.', pmids: ['4'] },
    ]);
    expect(briefStatements('EGFR', { text: 'Uncited function.', pmids: [] }, [])).toEqual([]);
  });
});
