// Ranking, disease matching, DGIdb joining and ADMET assembly of a brief's top drugs
// (src/analysis/top-drugs.ts), and the statements the brief sends to the integrity pipeline.
import { describe, expect, it } from 'vitest';
import {
  admetView,
  diseaseMatcher,
  indicationMatch,
  matchInteraction,
  needsPubchem,
  rankCandidates,
} from '../../src/analysis/top-drugs.js';
import type { ChemblMolecule, ChemblProperties } from '../../src/sources/chembl.js';
import type { DrugGeneInteraction } from '../../src/sources/dgidb.js';
import { stagePhase, type ClinicalCandidate } from '../../src/sources/opentargets.js';
import { briefStatements } from '../../src/tools/target-brief/integrity.js';

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
  it('resolves to the best hit; counts hits naming the context as the context', () => {
    const m = diseaseMatcher('Lung cancer', hits);
    expect(m.resolved?.id).toBe('MONDO_0008903');
    expect([...m.ids]).toEqual(['MONDO_0008903', 'MONDO_0000001']);
    expect(m.texts).toEqual(['lung cancer']);
    expect(m.oncology).toBe(false);
  });

  it('matches by id first, then by name (whole words), then by oncology term for a generic cancer context', () => {
    const m = diseaseMatcher('lung cancer', hits);
    expect(indicationMatch(candidate('A', 'APPROVAL', [CRC, ['MONDO_0000001', 'familial lung cancer']]), m)).toEqual({
      indicated: true,
      via: 'familial lung cancer (MONDO_0000001: a search hit for the context)',
    });
    expect(indicationMatch(candidate('B', 'APPROVAL', [['EFO_1', 'small cell lung cancer']]), m).via).toBe('small cell lung cancer (EFO_1: name contains "lung cancer")');
    expect(indicationMatch(candidate('C', 'APPROVAL', [LUAD]), m)).toEqual({ indicated: false, via: null }); // a search hit, but not named for the context
    const generic = diseaseMatcher('cancer', []);
    expect(generic).toMatchObject({ resolved: null, oncology: true });
    expect(indicationMatch(candidate('D', 'APPROVAL', [LUAD]), generic).via).toBe('lung adenocarcinoma (MONDO_0005061: an oncology indication, context "cancer")');
    expect(indicationMatch(candidate('E', 'APPROVAL', [['X', 'precancerous lesion']]), diseaseMatcher('asthma cancer', [])).indicated).toBe(false);
  });
});

describe('ranking', () => {
  it('orders by phase, approval (withdrawn after approved), indication, drug phase, then name; unknown phase last', () => {
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
});

describe('DGIdb join', () => {
  const row = (drugName: string, chemblId: string | null): DrugGeneInteraction => ({
    drugName, drugConceptId: chemblId ? `chembl:${chemblId}` : null, chemblId, approved: true,
    interactionTypes: [{ type: 'inhibitor', directionality: 'INHIBITORY' }], interactionScore: 1, sources: ['ChEMBL'], pmids: [], attributes: [],
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
