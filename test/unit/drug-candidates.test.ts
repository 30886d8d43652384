import { describe, expect, it } from 'vitest';
import { buildDrugCandidates, firstTarget, type GeneDrugEvidence } from '../../src/analysis/drug-candidates.js';
import { clinicalStanding } from '../../src/analysis/evidence-brief.js';
import type { EnrichmentRow } from '../../src/analysis/enrichment.js';
import { VIA_SUBTYPE } from '../../src/analysis/indication-subtype.js';
import { BREAST, byName, chemblInd, colorectal, CRC, details, dgi, HNSCC, lung, mech, molecule, NSCLC, ot, run } from '../support/drug-evidence.js';

// ---------------------------------------------------------------- tiers

describe('tier rules (DESIGN.md 4): tier I needs an approved indication for the disease', () => {
  const genes: GeneDrugEvidence[] = [
    {
      gene: 'EGFR',
      association: 0.85,
      candidates: [
        ot('CHEMBL3353410', 'OSIMERTINIB', { stage: 'APPROVAL', indications: [NSCLC] }),
        ot('CHEMBL1', 'REPURPOSIB', { stage: 'APPROVAL', indications: [BREAST] }),
        ot('CHEMBL2', 'LATESTAGIB', { stage: 'PHASE_3', indications: [NSCLC] }),
        ot('CHEMBL3', 'EARLYTINIB', { stage: 'PHASE_1', indications: [NSCLC] }),
        ot('CHEMBL5', 'OFFLABELIB', { stage: 'PHASE_3', indications: [BREAST] }),
        ot('CHEMBL6', 'ROWONLYNIB', { stage: 'APPROVAL', indications: [NSCLC] }),
      ],
      interactions: [dgi('GEFITINIBOID', { approved: true, types: [['inhibitor', 'INHIBITORY']] })],
    },
  ];
  const drugs = new Map([
    ['CHEMBL3353410', details('CHEMBL3353410', 'OSIMERTINIB', [[NSCLC, 'APPROVAL']])],
    ['CHEMBL1', details('CHEMBL1', 'REPURPOSIB', [[BREAST, 'APPROVAL']])],
    ['CHEMBL2', details('CHEMBL2', 'LATESTAGIB', [[NSCLC, 'PHASE_3']])],
    ['CHEMBL3', details('CHEMBL3', 'EARLYTINIB', [[NSCLC, 'PHASE_1']])],
    ['CHEMBL5', details('CHEMBL5', 'OFFLABELIB', [[BREAST, 'PHASE_3']])],
  ]);
  const list = run(genes, { drugs });

  it('tier I: an Open Targets indication at APPROVAL for the context disease', () => {
    const c = byName(list, 'OSIMERTINIB');
    expect(c).toMatchObject({ tier: 'I', approved: true, indicatedForDisease: true, status: 'approved', maxPhase: 4, actionTypes: ['INHIBITOR'] });
    expect(c.matchingIndications[0]).toEqual({ id: NSCLC.id, name: NSCLC.name, phase: 4, approved: true, source: 'Open Targets indications', via: 'the context disease', level: 'context' });
    expect(c.tierReason).toBe('Approved for non-small cell lung carcinoma (Open Targets indications), acting on EGFR (inhibitor).');
  });

  it('never tier I from the target row: an approved drug whose row lists the disease, indications unread', () => {
    const c = byName(list, 'ROWONLYNIB');
    expect(c).toMatchObject({ tier: 'II', approved: true, indicatedForDisease: false });
    expect(c.matchingIndications).toEqual([{ id: NSCLC.id, name: NSCLC.name, phase: null, approved: false, source: 'Open Targets target row', via: 'the context disease', level: 'context' }]);
    // Not "approved for another indication": where it is approved is not known, and the row names this disease.
    expect(c.tierReason).toBe(
      'Approved (Open Targets); its indications could not be checked (Open Targets lists it for non-small cell lung carcinoma on the target, without a stage for that disease), so it may already be approved for non-small cell lung carcinoma; acting on EGFR (inhibitor).',
    );
  });

  it('tier II: approved for another indication (repurposing), or phase 2-3 for this disease', () => {
    expect(byName(list, 'REPURPOSIB')).toMatchObject({ tier: 'II', approved: true, indicatedForDisease: false });
    expect(byName(list, 'REPURPOSIB').tierReason).toMatch(/^Approved for another indication \(Open Targets; no indication recorded for non-small cell lung carcinoma\)/);
    // Approved, looked up, and the records name no approved indication: where it is approved is not known.
    const nowhere = run([{ gene: 'EGFR', association: 0.5, candidates: [ot('CHEMBL77', 'NOWHERENIB', { stage: 'APPROVAL' })] }], { drugs: new Map([['CHEMBL77', details('CHEMBL77', 'NOWHERENIB', [])]]) });
    expect(byName(nowhere, 'NOWHERENIB')).toMatchObject({ tier: 'II', approved: true });
    expect(byName(nowhere, 'NOWHERENIB').tierReason).toMatch(/^Approved \(Open Targets\), but no source names where, so it may already be approved for non-small cell lung carcinoma; acting on EGFR/);
    expect(byName(list, 'LATESTAGIB')).toMatchObject({ tier: 'II', approved: false, status: 'investigational' });
    expect(byName(list, 'LATESTAGIB').tierReason).toBe('Reached phase 3 for non-small cell lung carcinoma (Open Targets indications), acting on EGFR (inhibitor).');
  });

  it('tier III: earlier phase, phase 3 elsewhere only, or interaction evidence only', () => {
    expect(byName(list, 'EARLYTINIB')).toMatchObject({ tier: 'III', approved: false, indicatedForDisease: false });
    expect(byName(list, 'EARLYTINIB').tierReason).toMatch(/highest phase 1 \(phase 1 for non-small cell lung carcinoma\)/);
    expect(byName(list, 'OFFLABELIB')).toMatchObject({ tier: 'III', maxPhase: 3 });
    const dgOnly = byName(list, 'GEFITINIBOID');
    expect(dgOnly).toMatchObject({ tier: 'III', approved: true, maxPhase: 4, evidenceQuality: 'low', sources: ['dgidb'] });
    expect(dgOnly.tierReason).toMatch(/^Interaction evidence only for an approved drug \(DGIdb with EGFR\)/);
  });

  it('erlotinib is not tier I "indicated for colorectal cancer": approved elsewhere, phase 2 there', () => {
    const egfr = [{ gene: 'EGFR', association: 0.3, candidates: [ot('CHEMBL553', 'ERLOTINIB', { stage: 'APPROVAL', indications: [NSCLC, CRC] })] }];
    const erlotinib = details('CHEMBL553', 'ERLOTINIB', [[NSCLC, 'APPROVAL'], [CRC, 'PHASE_2']]);
    const [c] = run(egfr, { drugs: new Map([['CHEMBL553', erlotinib]]) }, colorectal);
    expect(c).toMatchObject({ tier: 'II', indicatedForDisease: false, approved: true });
    expect(c!.tierReason).toBe('Reached phase 2 for colorectal cancer (Open Targets indications), acting on EGFR (inhibitor); approved for other indications (Open Targets).');
    expect(c!.tierReason).not.toMatch(/indicated/);
    // The same drug is tier I in the disease it is approved for.
    expect(run(egfr, { drugs: new Map([['CHEMBL553', erlotinib]]) })[0]).toMatchObject({ tier: 'I', indicatedForDisease: true });
  });

  it('ChEMBL drug_indication at max_phase_for_ind 4 makes tier I, through a cross-reference (EFO vs MONDO)', () => {
    const rows = [{ gene: 'EGFR', candidates: [ot('CHEMBL939', 'GEFITINIB', { stage: 'APPROVAL' })] }];
    const chemblIndications = new Map([['CHEMBL939', [chemblInd('CHEMBL939', 'EFO:0003060', 'non-small cell lung carcinoma', 4)]]]);
    // Without the cross-reference EFO_0003060 -> MONDO_0005233 the names still agree exactly.
    expect(run(rows, { chemblIndications })[0]).toMatchObject({ tier: 'I', matchingIndications: [{ source: 'ChEMBL drug_indication', via: 'same name as the context' }] });
    const renamed = new Map([['CHEMBL939', [chemblInd('CHEMBL939', 'EFO:0003060', 'carcinoma, non-small-cell lung', 4)]]]);
    expect(run(rows, { chemblIndications: renamed })[0]?.tier).toBe('II');
    const withXref = { ...lung, related: ['EFO:0003060'] };
    expect(run(rows, { chemblIndications: renamed }, withXref)[0]).toMatchObject({ tier: 'I', matchingIndications: [{ via: 'a cross-reference of the context disease' }] });
    // The approved indication is itself the approval when no other source says so.
    const onlyIndication = run([{ gene: 'EGFR', candidates: [ot('CHEMBL939', 'GEFITINIB', { stage: 'PHASE_3', drugStage: 'PHASE_3' })] }], { chemblIndications })[0]!;
    expect(onlyIndication).toMatchObject({ tier: 'I', approved: true, status: 'approved', indicatedForDisease: true });
    // Phase 3 in ChEMBL for the disease, approved for another disease: tier II, not I.
    const phase3 = new Map([['CHEMBL939', [chemblInd('CHEMBL939', 'EFO:0003060', 'non-small cell lung carcinoma', 3), chemblInd('CHEMBL939', 'EFO:0000305', 'breast carcinoma', 4)]]]);
    expect(run(rows, { chemblIndications: phase3 })[0]?.tierReason).toMatch(/^Reached phase 3 for non-small cell lung carcinoma \(ChEMBL drug_indication; same name as the context\)/);
  });

  it('an approved indication for a descendant of the context counts; a broader or sibling one does not', () => {
    const rows = [{ gene: 'EGFR', candidates: [ot('CHEMBL9', 'SUBTYPIB', { stage: 'APPROVAL' })] }];
    const lungCancer = { ids: ['MONDO_0008903'], name: 'lung cancer', related: [NSCLC.id] };
    const drugs = new Map([['CHEMBL9', details('CHEMBL9', 'SUBTYPIB', [[NSCLC, 'APPROVAL']])]]);
    expect(run(rows, { drugs }, lungCancer)[0]).toMatchObject({ tier: 'I', matchingIndications: [{ id: NSCLC.id, via: VIA_SUBTYPE, level: 'below' }] });
    // Descendants unknown (lookup failed): only the context ids themselves and exact names match.
    expect(run(rows, { drugs }, { ...lungCancer, related: null })[0]?.tier).toBe('II');
    // "lung cancer" must not match "small cell lung cancer" by name.
    const sclc = new Map([['CHEMBL9', details('CHEMBL9', 'SUBTYPIB', [[{ id: null, name: 'small cell lung cancer' }, 'APPROVAL']])]]);
    expect(run(rows, { drugs: sclc }, { ids: [], name: 'lung cancer' })[0]?.tier).toBe('II');
    // An id-less record matches by the exact context name.
    const named = new Map([['CHEMBL9', details('CHEMBL9', 'SUBTYPIB', [[{ id: null, name: 'Lung Cancer' }, 'APPROVAL']])]]);
    expect(run(rows, { drugs: named }, { ids: [], name: 'lung cancer' })[0]?.tier).toBe('I');
  });
});

describe('withdrawn drugs: marked, never approved, never tier I or II', () => {
  const genes: GeneDrugEvidence[] = [
    {
      gene: 'EGFR',
      candidates: [
        ot('CHEMBL10', 'GONEMAB', { stage: 'WITHDRAWAL', indications: [NSCLC] }),
        ot('CHEMBL11', 'FLAGGED', { stage: 'APPROVAL', indications: [NSCLC] }),
        ot('CHEMBL12', 'WARNEDIB', { stage: 'APPROVAL', indications: [NSCLC] }),
      ],
    },
  ];
  const molecules = new Map([['CHEMBL11', molecule('CHEMBL11', { withdrawn: true, maxPhase: 4 })]]);
  // Approved for the very disease, in both sources: still withdrawn.
  const drugs = new Map([
    ['CHEMBL11', details('CHEMBL11', 'FLAGGED', [[NSCLC, 'APPROVAL']])],
    ['CHEMBL12', details('CHEMBL12', 'WARNEDIB', [[NSCLC, 'APPROVAL']], { withdrawn: { country: 'European Union', year: 2004 } })],
  ]);
  const chemblIndications = new Map([['CHEMBL12', [chemblInd('CHEMBL12', null, NSCLC.name, 4)]]]);

  it('marks them with the source that says so, demotes them and halves the phase factor', () => {
    const list = run(genes, { molecules, drugs, chemblIndications });
    const gone = byName(list, 'GONEMAB');
    expect(gone).toMatchObject({ withdrawn: true, approved: false, status: 'withdrawn', tier: 'III', maxPhase: 4, withdrawnReason: 'Open Targets stage WITHDRAWAL' });
    expect(gone.tierReason).toBe('Withdrawn (Open Targets stage WITHDRAWAL): never tier I or II here, never recommended; the records do not say whether it is still marketed elsewhere.');
    // ChEMBL's flag is a withdrawal in at least one country, not necessarily everywhere: the reason says so.
    expect(byName(list, 'FLAGGED').tierReason).toMatch(/^Withdrawn \(ChEMBL withdrawn flag: withdrawn in at least one country\): never tier I or II here/);
    expect(gone.factors.clinicalPhase.value).toBe(0.5);
    expect(byName(list, 'FLAGGED')).toMatchObject({ withdrawn: true, approved: false, tier: 'III', indicatedForDisease: false, withdrawnReason: 'ChEMBL withdrawn flag' });
    expect(byName(list, 'WARNEDIB')).toMatchObject({ withdrawn: true, tier: 'III', indicatedForDisease: false, withdrawnReason: 'Open Targets drug warning: withdrawn in European Union (2004)' });
    for (const c of list) expect(['I', 'II']).not.toContain(c.tier);
  });

  it('drops them with excludeWithdrawn', () => {
    expect(buildDrugCandidates({ genes, disease: lung, molecules, drugs }, { excludeWithdrawn: true })).toEqual([]);
  });
});

// ---------------------------------------------------------------- association: measured 0 vs unknown

describe('target-disease association', () => {
  const row = (id: string, name: string) => [ot(id, name, { stage: 'PHASE_2', indications: [] })];

  it('scores an unassociated target 0 (measured), so it no longer outranks a weakly associated one', () => {
    const list = run([
      { gene: 'UNASSOC', association: { score: 0 }, candidates: row('CHEMBL21', 'NOASSOCIB') },
      { gene: 'WEAK', association: { score: 0.1, diseaseId: NSCLC.id, diseaseName: NSCLC.name }, candidates: row('CHEMBL22', 'WEAKASSOCIB') },
    ]);
    const none = byName(list, 'NOASSOCIB');
    expect(none.factors.targetDiseaseAssociation).toMatchObject({ value: 0, contribution: 0 });
    expect(none.factors.targetDiseaseAssociation.detail).toBe('Open Targets lists no association of UNASSOC with non-small cell lung carcinoma (asked for exactly this disease)');
    expect(none.missingFactors).not.toContain('targetDiseaseAssociation');
    expect(byName(list, 'WEAKASSOCIB').score).toBeGreaterThan(none.score);
    expect(list[0]?.name).toBe('WEAKASSOCIB');
  });

  it('is unknown only when the source failed (null) or was not asked (undefined)', () => {
    const failed = run([{ gene: 'EGFR', association: null, candidates: row('CHEMBL23', 'FAILIB') }])[0]!;
    expect(failed.factors.targetDiseaseAssociation).toMatchObject({ value: null, detail: 'Open Targets association of EGFR with non-small cell lung carcinoma unknown: the source failed' });
    const notAsked = run([{ gene: 'EGFR', candidates: row('CHEMBL24', 'UNASKEDIB') }])[0]!;
    expect(notAsked.factors.targetDiseaseAssociation.value).toBeNull();
    // One gene unknown, the other answered 0: the unknown one could hold the best score.
    const mixed = run([
      { gene: 'A', association: { score: 0 }, candidates: row('CHEMBL25', 'BOTHIB') },
      { gene: 'B', association: null, candidates: row('CHEMBL25', 'BOTHIB') },
    ])[0]!;
    expect(mixed.factors.targetDiseaseAssociation.value).toBeNull();
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
    const list = run(genes, { literature: new Map([['CHEMBL554', { coMentions: 3, pmids: ['111'], source: 'europepmc' as const }]]) });
    expect(list).toHaveLength(1);
    const c = list[0]!;
    expect(c).toMatchObject({ name: 'LAPATINIB', chemblId: 'CHEMBL554', otherChemblIds: ['CHEMBL1201179'], targetGenes: ['EGFR', 'ERBB2'] });
    expect(c.sources).toEqual(['opentargets', 'chembl', 'dgidb', 'europepmc']);
    // Three sources, one curation: Open Targets and DGIdb's ChEMBL claim both come from ChEMBL.
    expect(c.evidenceQuality).toBe('low');
    expect(c.evidenceQualityReason).toBe('one independent curation: ChEMBL mechanism (via Open Targets, DGIdb, ChEMBL)');
    expect(c.evidenceCurations).toEqual(['ChEMBL mechanism']);
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
    expect(list[0]).toMatchObject({ name: 'LAPATINIB', chemblId: 'CHEMBL554', targetGenes: ['EGFR', 'ERBB2'], evidenceQuality: 'low' });
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
    // No QED without ChEMBL: unknown, never 1 - violations/4; the violations are shown beside it.
    expect(c!.factors.drugLikeness).toEqual({ value: null, weight: 0.1, contribution: null, detail: 'QED unknown: no ChEMBL record (QED comes from ChEMBL only); Ro5 violations 2 (computed from PubChem)' });
    expect(c!.sources).toEqual(['dgidb', 'pubchem']);
  });
});


describe('genes a drug acts on vs genes DGIdb only links it to', () => {
  // As in DGIdb's BRAF answer (fixtures/dgidb/interactions-by-genes-BRAF-EREG.json): cetuximab
  // and lapatinib are linked to BRAF by untyped biomarker and case-report claims (CIViC, OncoKB,
  // JAX-CKB: BRAF V600E predicts resistance to anti-EGFR antibodies), not by any mechanism.
  const biomarker = (name: string, pmid: string) => dgi(name, { approved: true, sources: [['CIViC', 'Expert curated'], ['OncoKB', 'Expert curated'], ['JAX-CKB', 'Expert curated']], pmids: [pmid] });
  const genes: GeneDrugEvidence[] = [
    { gene: 'EGFR', association: 0.1, candidates: [ot('CHEMBL1201577', 'CETUXIMAB', { stage: 'APPROVAL', indications: [CRC], drugType: 'Antibody' })] },
    {
      gene: 'BRAF',
      association: 0.9,
      candidates: [ot('CHEMBL2028663', 'DABRAFENIB', { stage: 'APPROVAL' })],
      interactions: [
        biomarker('CETUXIMAB', '901'),
        biomarker('RIFAMPIN', '902'),
        // A typed pair states an action, whatever its source.
        dgi('TYPEDINIB', { types: [['inhibitor', 'INHIBITORY']], sources: [['TTD', 'Expert curated']] }),
      ],
    },
  ];
  const pathways = [{ id: 'P1', name: 'MAPK', library: 'L', overlapGenes: ['BRAF'], k: 1, K: 10, n: 2, N: 100, oddsRatio: 5, p: 1e-4, q: 1e-3, significant: true } as EnrichmentRow];
  const list = run(genes, { pathways });

  it('names as targets only genes a mechanism links; the biomarker gene is kept apart, out of the score', () => {
    const c = byName(list, 'CETUXIMAB');
    expect(c.targetGenes).toEqual(['EGFR']);
    expect(c.interactionOnly.map((x) => x.gene)).toEqual(['BRAF']);
    expect(c.interactionOnly).toEqual([{ gene: 'BRAF', sources: ['CIViC', 'JAX-CKB', 'OncoKB'], responseTypes: [] }]);
    expect(c.tierReason).not.toMatch(/BRAF/);
    // BRAF's association (0.9) and pathway would have lifted the score: they are not cetuximab's.
    expect(c.factors.targetDiseaseAssociation.detail).toMatch(/^EGFR /);
    expect(c.factors.targetDiseaseAssociation.value).toBe(0.1);
    expect(c.factors.pathwayCentrality.detail).not.toMatch(/BRAF/);
    // Nor do the biomarker claims count as curations of its action, or lend it their PMIDs.
    expect(c.evidenceCurations).toEqual(['ChEMBL mechanism']);
    expect(c.pmids).not.toContain('901');
    // What the drug is still reads every record: DGIdb's approval is the drug's.
    expect(c.sources).toContain('dgidb');
  });

  it('keeps a drug only bare DGIdb pairs link as interaction-only, all its genes apart', () => {
    const c = byName(list, 'RIFAMPIN');
    expect(c).toMatchObject({ tier: 'III', targetGenes: ['BRAF'] });
    expect(c.interactionOnly.map((x) => x.gene)).toEqual(['BRAF']);
    expect(c.tierReason).toMatch(/^Interaction evidence only for an approved drug \(DGIdb with BRAF\)/);
  });

  it('makes no "drug targets gene" claim from a bare DGIdb pair', () => {
    expect(firstTarget(byName(list, 'CETUXIMAB'))).toBe('EGFR');
    expect(firstTarget(byName(list, 'RIFAMPIN'))).toBeUndefined();
  });

  it('takes a typed DGIdb pair as a stated action', () => {
    expect(byName(list, 'TYPEDINIB')).toMatchObject({ targetGenes: ['BRAF'], interactionOnly: [] });
    expect(byName(list, 'DABRAFENIB')).toMatchObject({ targetGenes: ['BRAF'], interactionOnly: [] });
  });
});

describe('a preclinical compound is measured, not unknown', () => {
  // ChEMBL answered its molecule record with max_phase null (preclinical since ChEMBL 32): the
  // phase factor is a measured 0. Left out as unknown, the weights renormalised over the rest and
  // the compound outscored an approved drug on the same target.
  const genes: GeneDrugEvidence[] = [
    { gene: 'EGFR', association: 0.8, candidates: [ot('CHEMBL553', 'ERLOTINIB', { stage: 'APPROVAL' }), ot('CHEMBL900', 'TOOLCOMPOUND', { stage: null }), ot('CHEMBL901', 'NORECORD', { stage: null })] },
  ];
  const molecules = new Map([
    ['CHEMBL553', molecule('CHEMBL553', { maxPhase: 4, qed: 0.4 })],
    ['CHEMBL900', molecule('CHEMBL900', { maxPhase: 0, qed: 0.4 })],
  ]);
  const list = run(genes, { molecules });

  it('scores the phase 0 and ranks the compound below the approved drug', () => {
    const tool = byName(list, 'TOOLCOMPOUND');
    expect(tool.factors.clinicalPhase).toMatchObject({ value: 0, detail: 'phase 0 = preclinical, no clinical development recorded (ChEMBL molecule max_phase)' });
    expect(tool.missingFactors).not.toContain('clinicalPhase');
    expect(tool.tierReason).toMatch(/^Earlier-stage compound: highest preclinical/);
    expect(tool.score).toBeLessThan(byName(list, 'ERLOTINIB').score);
  });

  it('leaves the phase unknown only where no record gives one', () => {
    expect(byName(list, 'NORECORD').factors.clinicalPhase.value).toBeNull();
    expect(byName(list, 'NORECORD').missingFactors).toContain('clinicalPhase');
  });
});

describe('no phase known: "not approved" only when every record that could say was read', () => {
  // Found in a recorded run where DGIdb failed: NERATINIB (approved; only DGIdb said so there)
  // read "Clinical phase unknown and not approved", and `approved: false`.
  const egfr = (o: Partial<GeneDrugEvidence> = {}): GeneDrugEvidence => ({ gene: 'EGFR', association: 0.8, candidates: [ot('CHEMBL180022', 'NERATINIB', { stage: null })], ...o });
  const read = { drugs: new Map([['CHEMBL180022', null]]), molecules: new Map([['CHEMBL180022', null]]) };

  it('every record read, none gives a phase: says none records one', () => {
    const c = byName(run([egfr({ interactions: [] })], read), 'NERATINIB');
    expect(c.tier).toBe('III');
    expect(c.tierReason).toBe('No clinical phase or approval recorded by Open Targets, ChEMBL or DGIdb; acting on EGFR (inhibitor).');
  });

  it('DGIdb failed for its gene: approval is not known, and the reason names what was not read', () => {
    const c = byName(run([egfr()], read), 'NERATINIB');
    expect(c).toMatchObject({ tier: 'III', status: 'unknown', maxPhase: null });
    expect(c.tierReason).toBe('Clinical phase and approval not known: DGIdb could not be read for EGFR; acting on EGFR (inhibitor).');
    expect(c.tierReason).not.toMatch(/not approved/);
  });

  it('per-drug records failed or not asked for it, and Open Targets failed for another of its genes', () => {
    const erbb2: GeneDrugEvidence = { gene: 'ERBB2', association: null, mechanisms: [mech('CHEMBL180022')] };
    const failed = byName(run([egfr({ interactions: [] }), erbb2]), 'NERATINIB');
    expect(failed.tierReason).toMatch(
      /^Clinical phase and approval not known: its Open Targets drug record could not be read; its ChEMBL molecule record could not be read; Open Targets candidates of ERBB2 could not be read; DGIdb could not be read for ERBB2; acting on /,
    );
    const notAsked = byName(run([egfr({ interactions: [] })], { drugs: new Map([['CHEMBL1', null]]), molecules: new Map([['CHEMBL180022', null]]) }), 'NERATINIB');
    expect(notAsked.tierReason).toBe('Clinical phase and approval not known: its Open Targets drug record was not looked up (only the best-ranked candidates are); acting on EGFR (inhibitor).');
  });
});

describe('an approval for a disease above the context is not "another indication"', () => {
  // Pembrolizumab's recorded Open Targets indications (fixtures/opentargets/drug-sections-
  // pembrolizumab) hold APPROVAL for "neoplasm" (its tissue-agnostic label). For breast cancer,
  // whose ontology ancestors include neoplasm, it read "Approved for another indication: a
  // repurposing candidate", though its label may already cover the context.
  const NEOPLASM = { id: 'EFO_0000616', name: 'neoplasm' };
  const MELANOMA = { id: 'MONDO_0005105', name: 'melanoma' };
  const breastContext = { ids: [BREAST.id], name: BREAST.name, related: [], ancestors: ['MONDO_0004992', NEOPLASM.id] };
  const genes: GeneDrugEvidence[] = [{ gene: 'PDCD1', association: 0.3, candidates: [ot('CHEMBL3137343', 'PEMBROLIZUMAB', { stage: 'APPROVAL', drugType: 'Antibody' }), ot('CHEMBL9', 'ELSEWHEREMAB', { stage: 'APPROVAL' })] }];
  const drugs = new Map([
    ['CHEMBL3137343', details('CHEMBL3137343', 'PEMBROLIZUMAB', [[MELANOMA, 'APPROVAL'], [NEOPLASM, 'APPROVAL']])],
    ['CHEMBL9', details('CHEMBL9', 'ELSEWHEREMAB', [[MELANOMA, 'APPROVAL']])],
  ]);
  const list = buildDrugCandidates({ genes, disease: breastContext, drugs });

  it('says the label may already cover the context, and does not call where it is approved known', () => {
    const pembro = byName(list, 'PEMBROLIZUMAB');
    expect(pembro).toMatchObject({ tier: 'II', approvalsKnown: false, broaderApproval: { name: 'neoplasm', id: NEOPLASM.id, source: 'Open Targets indications' } });
    expect(pembro.tierReason).toMatch(/^Approved for neoplasm \(Open Targets indications\), a broader disease that includes breast cancer: its label \(tissue-agnostic, or a class of diseases\) may already cover breast cancer/);
    expect(pembro.tierReason).not.toMatch(/another indication|repurposing candidate/);
    expect(clinicalStanding({ ...pembro, curated: true }, 'breast cancer')).toBe('approved for neoplasm, a broader disease than breast cancer: its label may already cover breast cancer; check it before treating this as a repurposing hypothesis');
  });

  it('an approval for a sibling disease is still another indication; a context disease above another is not "broader"', () => {
    expect(byName(list, 'ELSEWHEREMAB')).toMatchObject({ tier: 'II', approvalsKnown: true, broaderApproval: null });
    expect(byName(list, 'ELSEWHEREMAB').tierReason).toMatch(/^Approved for another indication/);
    // Breast carcinoma's ancestors include breast cancer, itself a context disease: an approval there is tier I.
    const both = { ids: [BREAST.id, 'MONDO_0004989'], name: BREAST.name, related: [], ancestors: [BREAST.id, NEOPLASM.id] };
    const here = buildDrugCandidates({ genes, disease: both, drugs: new Map([['CHEMBL9', details('CHEMBL9', 'ELSEWHEREMAB', [[BREAST, 'APPROVAL']])]]) });
    expect(byName(here, 'ELSEWHEREMAB')).toMatchObject({ tier: 'I', broaderApproval: null });
  });
});
