import { describe, expect, it } from 'vitest';
import { buildDrugCandidates, type GeneDrugEvidence } from '../../src/analysis/drug-candidates.js';
import { BREAST, byName, dgi, HNSCC, lung, mech, molecule, NSCLC, ot, run } from '../support/drug-evidence.js';

// ---------------------------------------------------------------- tiers

describe('tier rules (DESIGN.md 4)', () => {
  const genes: GeneDrugEvidence[] = [
    {
      gene: 'EGFR',
      association: 0.85,
      candidates: [
        ot('CHEMBL3353410', 'OSIMERTINIB', { stage: 'APPROVAL', indications: [NSCLC] }),
        ot('CHEMBL1', 'REPURPOSIB', { stage: 'APPROVAL', indications: [BREAST] }),
        ot('CHEMBL2', 'LATESTAGIB', { stage: 'PHASE_3', indications: [NSCLC] }),
        ot('CHEMBL3', 'EARLYTINIB', { stage: 'PHASE_1', indications: [NSCLC] }),
        ot('CHEMBL4', 'ELSEWHEREMAB', { stage: 'PHASE_1', drugStage: 'APPROVAL', indications: [NSCLC], drugType: 'Antibody' }),
        ot('CHEMBL5', 'OFFLABELIB', { stage: 'PHASE_3', indications: [BREAST] }),
      ],
      interactions: [dgi('GEFITINIBOID', { approved: true, types: [['inhibitor', 'INHIBITORY']] })],
    },
  ];
  const list = run(genes);

  it('tier I: approved, acts on a panel gene, indicated for the disease context', () => {
    const c = byName(list, 'OSIMERTINIB');
    expect(c).toMatchObject({ tier: 'I', approved: true, indicatedForDisease: true, maxPhase: 4, stage: 'APPROVAL', actionTypes: ['INHIBITOR'] });
    expect(c.matchingIndications).toEqual([{ id: NSCLC.id, name: NSCLC.name, phase: 4, basis: 'candidate' }]);
    expect(c.tierReason).toBe('Approved drug acting on EGFR (inhibitor), indicated for non-small cell lung carcinoma (Open Targets; its stage is per target, not per disease).');
  });

  it('tier II: approved for another indication (repurposing)', () => {
    const c = byName(list, 'REPURPOSIB');
    expect(c).toMatchObject({ tier: 'II', approved: true, indicatedForDisease: false });
    expect(c.tierReason).toMatch(/^Approved for another indication \(Open Targets; no recorded indication for non-small cell lung carcinoma\)/);
  });

  it('tier II: phase 2-3 for this disease; approved elsewhere but early here is still repurposing', () => {
    expect(byName(list, 'LATESTAGIB')).toMatchObject({ tier: 'II', approved: false });
    expect(byName(list, 'LATESTAGIB').tierReason).toMatch(/^Reached phase 3 for non-small cell lung carcinoma/);
    const elsewhere = byName(list, 'ELSEWHEREMAB');
    expect(elsewhere).toMatchObject({ tier: 'II', approved: true, indicatedForDisease: true, maxPhase: 4 });
    expect(elsewhere.tierReason).toMatch(/only phase 1 for non-small cell lung carcinoma/);
  });

  it('tier III: earlier phase, phase 3 elsewhere only, or interaction evidence only', () => {
    expect(byName(list, 'EARLYTINIB')).toMatchObject({ tier: 'III', approved: false, indicatedForDisease: true });
    expect(byName(list, 'EARLYTINIB').tierReason).toMatch(/highest phase 1 \(phase 1 for non-small cell lung carcinoma\)/);
    expect(byName(list, 'OFFLABELIB')).toMatchObject({ tier: 'III', maxPhase: 3 });
    const dgOnly = byName(list, 'GEFITINIBOID');
    expect(dgOnly).toMatchObject({ tier: 'III', approved: true, maxPhase: 4, evidenceQuality: 'low', sources: ['dgidb'] });
    expect(dgOnly.tierReason).toMatch(/^Interaction evidence only for an approved drug \(DGIdb with EGFR\)/);
  });

  it('prefers the per-disease stage of drugIndications over the stage of the target row', () => {
    const rows = [{ gene: 'EGFR', candidates: [ot('CHEMBL1173655', 'AFATINIB', { stage: 'APPROVAL', indications: [NSCLC, HNSCC] })] }];
    const indications = new Map([
      [
        'CHEMBL1173655',
        {
          chemblId: 'CHEMBL1173655', name: 'AFATINIB', drugType: 'Small molecule', stage: 'APPROVAL', phase: 4, targetSymbols: ['EGFR'],
          indications: [
            { diseaseId: NSCLC.id, diseaseName: NSCLC.name, stage: 'APPROVAL', phase: 4 },
            { diseaseId: HNSCC.id, diseaseName: HNSCC.name, stage: 'PHASE_3', phase: 3 },
          ],
        },
      ],
    ]);
    const [hn] = run(rows, { indications }, { ids: [HNSCC.id], name: 'head and neck cancer' });
    expect(hn).toMatchObject({ tier: 'II', matchingIndications: [{ id: HNSCC.id, phase: 3, basis: 'indications' }] });
    const [nsclc] = run(rows, { indications });
    expect(nsclc).toMatchObject({ tier: 'I', matchingIndications: [{ id: NSCLC.id, phase: 4, basis: 'indications' }] });
    expect(nsclc?.tierReason).not.toMatch(/per target/);
    expect(nsclc?.tierReason).toBe('Approved drug acting on EGFR (inhibitor), indicated for non-small cell lung carcinoma.');
    // Without per-disease stages the row stage is all there is: the reason says so.
    expect(run(rows, {}, { ids: [HNSCC.id], name: 'x' })[0]?.tierReason).toMatch(/per target/);
  });

  it('matches an indication by the context name when the disease id is missing', () => {
    const rows = [{ gene: 'EGFR', candidates: [ot('CHEMBL9', 'NAMEMATCH', { stage: 'APPROVAL', indications: [{ id: 'EFO_0000000', name: 'Lung Cancer' }] })] }];
    expect(run(rows, {}, { ids: [], name: 'lung cancer' })[0]?.tier).toBe('I');
  });
});

describe('withdrawn drugs: flagged and kept in tier III by default, or excluded', () => {
  const genes: GeneDrugEvidence[] = [
    { gene: 'EGFR', candidates: [ot('CHEMBL10', 'GONEMAB', { stage: 'WITHDRAWAL', indications: [NSCLC] }), ot('CHEMBL11', 'FLAGGED', { stage: 'APPROVAL', indications: [NSCLC] })] },
  ];
  const molecules = new Map([['CHEMBL11', molecule('CHEMBL11', { withdrawn: true, maxPhase: 4 })]]);

  it('flags, demotes and halves the phase factor', () => {
    const list = run(genes, { molecules });
    const gone = byName(list, 'GONEMAB');
    expect(gone).toMatchObject({ withdrawn: true, approved: false, tier: 'III', maxPhase: 4 });
    expect(gone.tierReason).toMatch(/^Withdrawn from the market \(Open Targets stage WITHDRAWAL\)/);
    expect(gone.factors.clinicalPhase.value).toBe(0.5);
    const flagged = byName(list, 'FLAGGED');
    expect(flagged).toMatchObject({ withdrawn: true, approved: false, tier: 'III' });
    expect(flagged.tierReason).toMatch(/ChEMBL withdrawn flag/);
  });

  it('drops them with excludeWithdrawn', () => {
    expect(buildDrugCandidates({ genes, disease: lung, molecules }, { excludeWithdrawn: true })).toEqual([]);
  });
});

// ---------------------------------------------------------------- merging, quality, sorting

describe('merging across genes and sources', () => {
  // EGFR lists the parent with its salt; ERBB2 lists only the salt; ChEMBL's ERBB2 mechanism is
  // recorded on the salt with the parent id; DGIdb knows the drug by name only.
  const genes: GeneDrugEvidence[] = [
    { gene: 'EGFR', association: 0.85, candidates: [ot('CHEMBL554', 'LAPATINIB', { stage: 'APPROVAL', indications: [BREAST], salts: [{ drugId: 'CHEMBL1201179', name: 'LAPATINIB DITOSYLATE' }] })], interactions: [dgi('LAPATINIB', { types: [['inhibitor', 'INHIBITORY']], pmids: ['333'] })] },
    { gene: 'ERBB2', association: 0.5, candidates: [ot('CHEMBL1201179', 'LAPATINIB DITOSYLATE', { stage: 'APPROVAL', indications: [BREAST] })], mechanisms: [mech('CHEMBL1201179', { parent: 'CHEMBL554', maxPhase: 4, pmid: '444' })] },
  ];

  it('makes one candidate hitting both genes, with every source and id', () => {
    const list = run(genes, { literature: new Map([['CHEMBL554', { coMentions: 3, pmids: ['111'] }]]) });
    expect(list).toHaveLength(1);
    const c = list[0]!;
    expect(c).toMatchObject({ name: 'LAPATINIB', chemblId: 'CHEMBL554', otherChemblIds: ['CHEMBL1201179'], targetGenes: ['EGFR', 'ERBB2'] });
    expect(c.sources).toEqual(['opentargets', 'chembl', 'dgidb', 'eutils']);
    expect(c.evidenceQuality).toBe('high');
    expect(c.evidenceQualityReason).toBe('Open Targets + ChEMBL mechanism + DGIdb agree on the target');
    expect(c.pmids).toEqual(['111', '444', '333']);
    expect(c.interactionTypes).toEqual([{ type: 'inhibitor', directionality: 'INHIBITORY' }]);
    expect(c.mechanisms.map((m) => `${m.gene}:${m.source}`)).toEqual(['EGFR:opentargets', 'ERBB2:opentargets', 'ERBB2:chembl']);
    // The best target decides the association factor.
    expect(c.factors.targetDiseaseAssociation.value).toBe(0.85);
  });

  it('joins a DGIdb salt id to its parent through the ChEMBL molecule record', () => {
    const molecules = new Map([['CHEMBL1201179', molecule('CHEMBL1201179', { parentChemblId: 'CHEMBL554', prefName: 'LAPATINIB DITOSYLATE' })], ['CHEMBL554', molecule('CHEMBL554', { prefName: 'LAPATINIB', qed: 0.3 })]]);
    const list = run(
      [
        { gene: 'EGFR', interactions: [dgi('TYKERB', { chemblId: 'CHEMBL1201179', approved: true })] },
        { gene: 'ERBB2', mechanisms: [mech('CHEMBL554')] },
      ],
      { molecules },
    );
    expect(list).toHaveLength(1);
    // No Open Targets row: ChEMBL's preferred name and parent id; ADMET from the parent record.
    expect(list[0]).toMatchObject({ name: 'LAPATINIB', chemblId: 'CHEMBL554', targetGenes: ['EGFR', 'ERBB2'], evidenceQuality: 'moderate' });
    expect(list[0]!.admet.qed).toEqual({ value: 0.3, source: 'chembl' });
  });

  it('keeps conjugates apart from their antibody', () => {
    const list = run([{ gene: 'EGFR', candidates: [ot('CHEMBL1201577', 'CETUXIMAB'), ot('CHEMBL4298088', 'CETUXIMAB SAROTALOCAN')] }]);
    expect(list.map((c) => c.name).sort()).toEqual(['CETUXIMAB', 'CETUXIMAB SAROTALOCAN']);
  });

  it('uses PubChem for ADMET when ChEMBL has no record, and says so in sources', () => {
    const pubchem = new Map([
      ['sometinib', { cid: 1, formula: null, molecularWeight: 520, xlogp: 5.5, tpsa: 90, hbondDonors: 2, hbondAcceptors: 8, rotatableBonds: 4, heavyAtoms: 38, inchiKey: null, url: 'x' }],
    ]);
    const [c] = run([{ gene: 'EGFR', interactions: [dgi('SOMETINIB', { types: [['inhibitor', null]] })] }], { pubchem });
    expect(c!.admet).toMatchObject({ molecularWeight: { value: 520, source: 'pubchem' }, lipinskiViolations: { value: 2, source: 'computed' }, lipinskiPass: false });
    expect(c!.factors.drugLikeness).toEqual({ value: 0.5, weight: 0.1, contribution: expect.any(Number), detail: '2 Lipinski violation(s) of 4 -> 1 - v/4 (PubChem; no QED)' });
    expect(c!.sources).toEqual(['dgidb', 'pubchem']);
  });
});

