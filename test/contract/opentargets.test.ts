import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import type { UpstreamClient } from '../../src/sources/http.js';
import {
  CLINICAL_STAGES,
  OpenTargets,
  STAGE_PHASE,
  mergeSaltForms,
  parentName,
  parseDiseaseOntology,
  parseDiseaseSearch,
  parseDrugDetails,
  parseDrugsDetails,
  parseMapIds,
  parseTargetBrief,
  parseTargetClinicalContext,
  parseTargetSearch,
  parseTargetsDrugContext,
  parseTargetsTractability,
  parseTractability,
  stagePhase,
} from '../../src/sources/opentargets.js';
import { describeShared, ownFixture, sharedJson } from '../support/shared.js';

const own = (file: string) => JSON.parse(ownFixture('opentargets', file)) as { data?: unknown };
const shared = (file: string) => sharedJson<{ data: unknown }>('opentargets', file).data;

/** An UpstreamClient stand-in answering every request with one body (graphql() reads json()). */
function answering(body: unknown): UpstreamClient {
  // As the real client: the caller's parser (GraphQL errors/data check) runs on the body.
  return { json: async (_req: unknown, parse?: (json: unknown) => unknown) => (parse ? parse(body) : body) } as unknown as UpstreamClient;
}

describeShared('Open Targets parsers on recorded August-2026 answers', () => {
  it('reads associations and candidates of EGFR (26.06 drugAndClinicalCandidates)', () => {
    const ctx = parseTargetClinicalContext(shared('target-clinical-context-EGFR-ENSG00000146648.json'), 'ENSG00000146648');
    expect(ctx?.ensemblId).toBe('ENSG00000146648');
    expect(ctx?.associations[0]).toEqual({ diseaseId: 'MONDO_0005233', diseaseName: 'non-small cell lung carcinoma', score: 0.8525670184292347 });
    expect(ctx?.associations).toHaveLength(5);
    expect(ctx?.candidateRows).toBe(82);
    const names = ctx?.candidates.map((c) => c.name) ?? [];
    // Salt forms merged under their parent: 82 rows, 10 of them salts of a listed parent.
    const salts = ctx?.candidates.flatMap((c) => c.saltForms.map((s) => s.name)).sort();
    expect(salts).toEqual([
      'ABIVERTINIB MALEATE', 'AFATINIB DIMALEATE', 'CANERTINIB DIHYDROCHLORIDE', 'DACOMITINIB ANHYDROUS', 'ERLOTINIB HYDROCHLORIDE',
      'LAPATINIB DITOSYLATE', 'LAZERTINIB MESYLATE', 'MOBOCERTINIB SUCCINATE', 'NERATINIB MALEATE', 'OSIMERTINIB MESYLATE',
    ]);
    for (const salt of salts ?? []) expect(names).not.toContain(salt);
    expect(names).toContain('CETUXIMAB SAROTALOCAN'); // a conjugate, not a salt
    expect(names).toContain('DEPATUXIZUMAB MAFODOTIN');
    expect(ctx?.candidates).toHaveLength(82 - 10);
    const afatinib = ctx?.candidates.find((c) => c.name === 'AFATINIB');
    expect(afatinib).toMatchObject({ drugId: 'CHEMBL1173655', saltForms: [{ drugId: 'CHEMBL2105712', name: 'AFATINIB DIMALEATE' }] });
    // The recording selected only drug { id name }: unselected fields read as null / empty.
    expect(afatinib).toMatchObject({ stage: null, phase: null, approved: false, indications: [], mechanisms: [] });
  });

  it('parses every recorded clinical context, including BRCA1 with no candidates', () => {
    for (const file of ['target-clinical-context-BRAF.json', 'target-clinical-context-ERBB2.json', 'target-clinical-context-BRCA1.json']) {
      const ctx = parseTargetClinicalContext(shared(file), 'ENSG-requested');
      expect(ctx?.associations.length).toBe(5);
      for (const a of ctx?.associations ?? []) expect(a.score).toBeGreaterThan(0);
    }
    const brca1 = parseTargetClinicalContext(shared('target-clinical-context-BRCA1.json'), 'ENSG00000012048');
    expect(brca1?.candidates).toEqual([]);
    expect(brca1?.candidateRows).toBe(0);
    const braf = parseTargetClinicalContext(shared('target-clinical-context-BRAF.json'), 'ENSG00000157764');
    const dabrafenib = braf?.candidates.find((c) => c.name === 'DABRAFENIB');
    expect(dabrafenib?.saltForms.map((s) => s.name)).toEqual(['DABRAFENIB MESYLATE']);
  });

  it('reads the 28 tractability rows of EGFR', () => {
    const rows = parseTractability(shared('target-druggability-tractability-safety-EGFR.json'));
    expect(rows).toHaveLength(28);
    expect(rows?.[0]).toEqual({ label: 'Approved Drug', modality: 'SM', value: true });
    expect(new Set(rows?.map((r) => r.modality))).toEqual(new Set(['SM', 'AB', 'PR', 'OC']));
  });

  it('reads the target brief (clinical context and tractability in one answer) as the two queries it replaces', () => {
    // The union of two recorded answers for EGFR: what TargetBrief asks is exactly their fields.
    const clinical = shared('target-clinical-context-EGFR-ENSG00000146648.json') as { target: Record<string, unknown> };
    const tractable = shared('target-druggability-tractability-safety-EGFR.json') as { target: Record<string, unknown> };
    const both = { target: { ...clinical.target, tractability: tractable.target.tractability } };
    const brief = parseTargetBrief(both, 'ENSG00000146648');
    expect(brief?.clinical).toEqual(parseTargetClinicalContext(clinical, 'ENSG00000146648'));
    expect(brief?.tractability).toEqual(parseTractability(tractable));
    // Without its tractability the answer is not the one asked for: a schema error, not "none".
    expect(() => parseTargetBrief(clinical, 'ENSG00000146648')).toThrow(UpstreamError);
  });

  it('reads drug indications with their stage (pembrolizumab)', () => {
    const drug = parseDrugDetails(shared('drug-sections-pembrolizumab-CHEMBL3137343.json'));
    expect(drug).toMatchObject({ chemblId: 'CHEMBL3137343', name: 'PEMBROLIZUMAB' });
    expect(drug?.indications).toHaveLength(266);
    const first = drug?.indications[0];
    expect(first).toEqual({ diseaseId: null, diseaseName: 'chronic myelogenous leukemia, BCR-ABL1 positive', stage: 'PHASE_2', phase: 2 });
    expect(drug?.indications.some((i) => i.stage === 'APPROVAL' && i.phase === 4)).toBe(true);
    expect(drug?.targetSymbols).toContain('PDCD1');
    // Warnings the recording did not select read as not known (null), never as "no warning".
    expect(drug?.warnings).toBeNull();
    expect(drug?.stage).toBeNull();
  });

  it('turns a recording with the candidates field removed into a schema error, not an empty list', () => {
    const data = structuredClone(shared('target-clinical-context-EGFR-ENSG00000146648.json')) as { target: Record<string, unknown> };
    delete data.target.drugAndClinicalCandidates;
    let caught: unknown;
    try {
      parseTargetClinicalContext(data, 'ENSG00000146648');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(UpstreamError);
    expect(caught).toMatchObject({ source: 'opentargets', failure: 'schema' });
    expect((caught as Error).message).toContain('drugAndClinicalCandidates');
    expect((caught as UpstreamError).hint).toContain('knownDrugs');
  });
});

describe('Open Targets parsers on documentation-shaped answers', () => {
  it('picks the hit whose approvedSymbol equals the symbol, not the top hit', () => {
    const data = own('search-target-TP53-doc-shaped.json').data;
    expect(parseTargetSearch(data, 'tp53')).toEqual({ ensemblId: 'ENSG00000141510', symbol: 'TP53', name: 'TP53', score: 1498.2 });
    expect(parseTargetSearch(data, 'TP63')).toBeNull();
  });

  it('maps symbols in batch and reports unmapped terms as null', () => {
    const m = parseMapIds(own('map-ids-targets-doc-shaped.json').data, ['EGFR', 'braf', 'NOTAGENE1']);
    expect(m.get('EGFR')?.ensemblId).toBe('ENSG00000146648');
    expect(m.get('braf')?.ensemblId).toBe('ENSG00000157764');
    expect(m.get('NOTAGENE1')).toBeNull();
  });

  it('returns disease ids, names and scores', () => {
    expect(parseDiseaseSearch(own('search-disease-breast-cancer-doc-shaped.json').data)).toEqual([
      { id: 'MONDO_0007254', name: 'breast cancer', score: 3104.5 },
      { id: 'MONDO_0004989', name: 'breast carcinoma', score: 2876.1 },
    ]);
  });

  it('keys the batched drug context by id whatever the order, unknown ids -> null; an empty Bs answer is a list, not undefined', () => {
    const ids = ['ENSG00000146648', 'ENSG00000012048', 'ENSG00000073756', 'ENSG00000000000'];
    const m = parseTargetsDrugContext(own('targets-drug-context-EGFR-BRCA1-PTGS2-doc-shaped.json').data, ids, true);
    expect(m.get('ENSG00000012048')?.symbol).toBe('BRCA1');
    expect(m.get('ENSG00000012048')?.associations).toEqual([]);
    expect(m.get('ENSG00000000000')).toBeNull();
    const egfr = m.get('ENSG00000146648');
    expect(egfr?.associations).toEqual([{ diseaseId: 'MONDO_0005233', diseaseName: 'non-small cell lung carcinoma', score: 0.8525670184292347 }]);
    expect(egfr?.candidateRows).toBe(5);
    expect(egfr?.candidates.map((c) => [c.name, c.phase, c.approved])).toEqual([
      ['AFATINIB', 4, true],
      ['ERLOTINIB', 4, true],
      ['ROCILETINIB', 2.5, false],
      ['CETUXIMAB SAROTALOCAN', 1, false],
    ]);
    const afatinib = egfr?.candidates[0];
    // Parent id and name win over the salt that came first; diseases are the union.
    expect(afatinib?.drugId).toBe('CHEMBL1173655');
    expect(afatinib?.indications.map((d) => d.id)).toEqual(['MONDO_0005233', 'MONDO_0010150']);
    expect(afatinib?.mechanisms).toEqual([{ mechanismOfAction: 'Epidermal growth factor receptor erbB1 inhibitor', actionType: 'INHIBITOR' }]);
    expect(egfr?.candidates[3]).toMatchObject({ drugStage: 'APPROVAL', drugPhase: 4 });
    // COSMIC hallmarks: the role in cancer and hallmark PMIDs; null when Open Targets has none.
    expect(egfr?.hallmarks).toEqual({
      attributes: [{ name: 'role in cancer', description: 'oncogene', pmid: null }],
      cancerHallmarks: [{ label: 'proliferative signalling', impact: 'promotes', pmid: '15118073' }],
    });
    expect(m.get('ENSG00000073756')?.hallmarks).toBeNull();
    expect(m.get('ENSG00000073756')?.candidates.find((c) => c.name === 'ROFECOXIB')).toMatchObject({ withdrawn: true, approved: false, stage: 'WITHDRAWAL' });
    // Asked without diseases, associations are absent (not "none").
    const bare = parseTargetsDrugContext({ targets: [{ id: 'ENSG00000012048', approvedSymbol: 'BRCA1', drugAndClinicalCandidates: null, hallmarks: null }] }, ['ENSG00000012048'], false);
    expect(bare.get('ENSG00000012048')).toEqual({ ensemblId: 'ENSG00000012048', symbol: 'BRCA1', candidateRows: 0, candidates: [], hallmarks: null });
  });

  it('reads drug details in batch: per-disease stages, withdrawal warnings, mechanism targets', () => {
    const m = parseDrugsDetails(own('drugs-details-ERLOTINIB-ROFECOXIB-doc-shaped.json').data, ['chembl553', 'CHEMBL122', 'CHEMBL0']);
    expect(m.get('CHEMBL0')).toBeNull();
    expect(m.get('chembl553')?.indications.map((i) => [i.diseaseId, i.stage, i.phase])).toEqual([
      ['MONDO_0005233', 'APPROVAL', 4],
      ['MONDO_0006047', 'APPROVAL', 4],
      ['MONDO_0005575', 'PHASE_2', 2],
    ]);
    expect(m.get('chembl553')?.targetSymbols).toEqual(['EGFR']);
    expect(m.get('CHEMBL122')).toMatchObject({ stage: 'WITHDRAWAL', phase: 4, warnings: [{ type: 'Withdrawn', country: null, year: 2004 }] });
  });

  it('reads the disease ontology: cross-references, ancestors, descendants', () => {
    const [crc] = parseDiseaseOntology(own('disease-ontology-colorectal-cancer-doc-shaped.json').data);
    expect(crc).toMatchObject({ id: 'MONDO_0005575', dbXRefs: expect.arrayContaining(['EFO:0005842']), ancestors: expect.arrayContaining(['MONDO_0004992']) });
    expect(crc?.descendants.length).toBeGreaterThan(0);
  });

  it('reads tractability in batch', () => {
    const data = { targets: [{ id: 'ENSG00000146648', approvedSymbol: 'EGFR', tractability: [{ label: 'Approved Drug', modality: 'AB', value: true }] }] };
    const m = parseTargetsTractability(data, ['ENSG00000146648', 'ENSG00000000000']);
    expect(m.get('ENSG00000146648')).toEqual([{ label: 'Approved Drug', modality: 'AB', value: true }]);
    expect(m.get('ENSG00000000000')).toBeNull();
  });

  it('returns null for an unknown target', () => {
    const data = own('target-unknown-doc-shaped.json').data;
    expect(parseTargetClinicalContext(data, 'ENSG00000000000')).toBeNull();
    expect(parseTractability(data)).toBeNull();
    expect(parseTargetBrief(data, 'ENSG00000000000')).toBeNull();
  });

  it('rejects malformed answers as schema errors', () => {
    expect(() => parseTargetClinicalContext({}, 'X')).toThrow(/field "target" is missing/);
    expect(() => parseTractability({ target: { tractability: null } })).toThrow(UpstreamError);
    expect(() => parseTargetSearch({ search: { hits: 'none' } }, 'TP53')).toThrow(UpstreamError);
    const bad = { target: { id: 'E', associatedDiseases: { rows: [{ score: 'high', disease: { id: 'D', name: 'd' } }] }, drugAndClinicalCandidates: { rows: [] } } };
    expect(() => parseTargetClinicalContext(bad)).toThrow(/association.score is not a number/);
  });

  it('surfaces a GraphQL error (removed knownDrugs field) as an UpstreamError', async () => {
    const ot = new OpenTargets(answering(JSON.parse(ownFixture('opentargets', 'graphql-error-knownDrugs-doc-shaped.json'))));
    const err = await ot.targetBrief('ENSG00000146648').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ source: 'opentargets', failure: 'graphql' });
    expect((err as Error).message).toContain('Cannot query field "knownDrugs" on type "Target"');
  });
});

describe('clinical stage -> phase', () => {
  it('maps every documented stage', () => {
    expect(CLINICAL_STAGES.map((s) => [s, STAGE_PHASE[s]])).toEqual([
      ['UNKNOWN', null], ['PRECLINICAL', 0], ['IND', 0], ['EARLY_PHASE_1', 0.5], ['PHASE_1', 1], ['PHASE_1_2', 1.5],
      ['PHASE_2', 2], ['PHASE_2_3', 2.5], ['PHASE_3', 3], ['PREAPPROVAL', 3.5], ['APPROVAL', 4], ['PHASE_4', 4], ['WITHDRAWAL', 4],
    ]);
    expect(stagePhase('SOMETHING_NEW')).toBeNull();
    expect(stagePhase('toString')).toBeNull();
    expect(stagePhase(null)).toBeNull();
  });

  it('prefers an approved salt form over a withdrawn one, and keeps withdrawn unapproved', () => {
    const row = { drugType: null, drugStage: null, mechanisms: [], indications: [] };
    const [merged] = mergeSaltForms([
      { ...row, drugId: 'C2', name: 'X HYDROCHLORIDE', stage: 'WITHDRAWAL' },
      { ...row, drugId: 'C1', name: 'X', stage: 'APPROVAL' },
    ]);
    expect(merged).toMatchObject({ drugId: 'C1', stage: 'APPROVAL', approved: true, withdrawn: false });
    const [withdrawn] = mergeSaltForms([{ ...row, drugId: 'C3', name: 'Y', stage: 'WITHDRAWAL' }]);
    expect(withdrawn).toMatchObject({ phase: 4, approved: false, withdrawn: true });
  });

  it('strips salt words only', () => {
    expect(parentName('Afatinib Dimaleate')).toBe('AFATINIB');
    expect(parentName('OSIMERTINIB MESYLATE')).toBe('OSIMERTINIB');
    expect(parentName('X MESYLATE MONOHYDRATE')).toBe('X');
    expect(parentName('TRASTUZUMAB EMTANSINE')).toBe('TRASTUZUMAB EMTANSINE');
    expect(parentName('SODIUM')).toBe('SODIUM');
  });
});
