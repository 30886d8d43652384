// Reviewer's reproductions of how splitDiseaseHits reads search hits (analysis/disease-hits.ts):
// 1. a hit narrower than the text but not than the best hit is a sibling of the disease the answer
//    is about, not below it: "lung cancer" read as NSCLC once named SCLC "a subtype of non-small
//    cell lung carcinoma", and "breast cancer" read as HER2+ put TNBC under HER2+;
// 3. "neoplasm"/"tumour" are not "cancer" (a neoplasm may be benign): "brain neoplasm" once joined
//    the context of "brain cancer" silently, and through its descendants a benign tumour approval
//    read tier I;
// 4. "pre-" stays one word with what follows, as "non-" does, and en/em dashes are hyphens.
import { describe, expect, it } from 'vitest';
import { buildDrugCandidates, type GeneDrugEvidence } from '../../src/analysis/drug-candidates.js';
import { diseaseKey, phraseWords, typedFirst } from '../../src/analysis/disease-hits.js';
import { associationFactor } from '../../src/analysis/drug-scoring.js';
import type { GeneAssociation } from '../../src/analysis/drug-merge.js';
import { diseaseMatcher } from '../../src/analysis/top-drugs.js';
import type { DiseaseHit, DiseaseOntology } from '../../src/sources/opentargets.js';
import { alreadyApprovedFor } from '../../src/tools/repurposing/output.js';
import { diseaseMatchNote, splitDiseaseHits } from '../../src/tools/shared/disease.js';
import { drugEvidence } from '../../src/tools/shared/drugs.js';
import type { Gather } from '../../src/tools/shared/gather.js';
import { byName, details, drugContextOfHits, ot } from '../support/drug-evidence.js';

const hit = (id: string, name: string): DiseaseHit => ({ id, name }) as DiseaseHit;
const names = (hits: readonly DiseaseHit[]) => hits.map((h) => h.name);
const onto = (d: DiseaseHit, descendants: string[] = [], ancestors: string[] = []): DiseaseOntology => ({ id: d.id, name: d.name, dbXRefs: [], ancestors, descendants, ancestorXRefs: [] });

const contextOf = (hits: DiseaseHit[], text: string, ontology: DiseaseOntology[] | null) => drugContextOfHits(hits, text, ontology);

const NSCLC = hit('MONDO_0005233', 'non-small cell lung carcinoma');
const LUNG = hit('MONDO_0008903', 'lung cancer');
const SCLC = hit('MONDO_0008433', 'small cell lung carcinoma');
const HER2 = hit('EFO_1000294', 'HER2-positive breast carcinoma');
const BREAST = hit('MONDO_0007254', 'breast cancer');
const TNBC = hit('EFO_0005537', 'triple-negative breast carcinoma');

describe('1. a sibling of the best hit is not below it', () => {
  it('"lung cancer" read as NSCLC: SCLC is neither context nor narrower', () => {
    const split = splitDiseaseHits([NSCLC, LUNG, SCLC], 'lung cancer');
    expect(names(split.narrower)).toEqual([]);
    expect(names(split.matched)).not.toContain(SCLC.name);
    expect([...diseaseMatcher('lung cancer', [NSCLC, LUNG, SCLC]).below]).toEqual([]);
    // Narrower than the best hit is still below it.
    expect(names(splitDiseaseHits([NSCLC, hit('X', 'metastatic non-small cell lung carcinoma')], 'lung cancer').narrower)).toEqual(['metastatic non-small cell lung carcinoma']);
    // The text in another word order than the best hit: a hit holding it is below.
    expect(names(splitDiseaseHits([hit('L', 'lung non-small cell carcinoma'), hit('M', 'metastatic non-small cell lung cancer')], 'non-small cell lung cancer').narrower)).toEqual(['metastatic non-small cell lung cancer']);
  });

  it('an SCLC approval is another indication, not "a subtype of non-small cell lung carcinoma" (ontology failed)', async () => {
    const disease = await contextOf([NSCLC, LUNG, SCLC], 'lung cancer', null);
    const genes: GeneDrugEvidence[] = [{ gene: 'EGFR', association: 0.5, candidates: [ot('CHEMBL1173655', 'AFATINIB', { stage: 'APPROVAL' })] }];
    const drugs = new Map([['CHEMBL1173655', details('CHEMBL1173655', 'AFATINIB', [[SCLC, 'APPROVAL']])]]);
    const afa = byName(buildDrugCandidates({ genes, disease, drugs }), 'AFATINIB');
    expect(afa.tierReason).not.toMatch(/subtype of non-small cell/);
    expect(afa.tier).toBe('II');
    expect(alreadyApprovedFor('lung cancer')(afa).indication).not.toMatch(/subtype of non-small cell/);
  });

  it('"breast cancer" read as HER2+: TNBC is not under HER2+', async () => {
    const split = splitDiseaseHits([HER2, BREAST, TNBC], 'breast cancer');
    expect(names(split.narrower)).toEqual([]);
    const disease = await contextOf([HER2, BREAST, TNBC], 'breast cancer', null);
    const genes: GeneDrugEvidence[] = [{ gene: 'ERBB2', association: 0.5, candidates: [ot('CHEMBL1', 'DRUGX', { stage: 'APPROVAL' })] }];
    const drugs = new Map([['CHEMBL1', details('CHEMBL1', 'DRUGX', [[TNBC, 'APPROVAL']])]]);
    expect(byName(buildDrugCandidates({ genes, disease, drugs }), 'DRUGX').tierReason).not.toMatch(/subtype of HER2/);
  });
});

describe('2. the association is the context disease\'s score, not a subtype\'s', () => {
  async function egfr(rows: { diseaseId: string; diseaseName: string; score: number }[]) {
    const { matched, narrower, broader } = splitDiseaseHits([LUNG, NSCLC], 'lung cancer');
    const sources = {
      opentargets: {
        drugContexts: async () => new Map([['ENSG00000146648', { ensemblId: 'ENSG00000146648', symbol: 'EGFR', associationCount: rows.length, associations: rows, candidateRows: 0, candidates: [] }]]),
        diseaseOntology: async () => [],
      },
      dgidb: { interactions: async () => new Map() },
      chembl: { targetsByAccessions: async () => new Map() },
    };
    const g = { call: { ctx: { sources } }, report: { call: (_id: string, fn: () => Promise<unknown>) => fn(), warnings: [] } } as unknown as Gather;
    const panel = { results: [{ symbol: 'EGFR', ensemblGeneId: 'ENSG00000146648' }], symbols: ['EGFR'], unresolved: [] } as never;
    return drugEvidence(g, panel, Object.assign(matched, { narrower, broader }), 'lung cancer');
  }

  it('"lung cancer" with hits [lung cancer, NSCLC]: EGFR scores lung cancer\'s 0.717, not NSCLC\'s 0.853', async () => {
    const r = await egfr([
      { diseaseId: LUNG.id, diseaseName: LUNG.name, score: 0.717 },
      { diseaseId: NSCLC.id, diseaseName: NSCLC.name, score: 0.853 },
    ]);
    expect(r.associations.get('EGFR')).toBe(0.717);
    expect(r.evidence[0]!.association).toEqual({ score: 0.717, diseaseId: LUNG.id, diseaseName: LUNG.name });
  });

  it('listed only for the subtype: 0 for the disease, the note naming the subtype', async () => {
    const r = await egfr([{ diseaseId: NSCLC.id, diseaseName: NSCLC.name, score: 0.853 }]);
    expect(r.associations.get('EGFR')).toBe(0);
    expect(r.evidence[0]!.association).toMatchObject({ score: 0, note: expect.stringContaining('non-small cell lung carcinoma') });
    // "itself" only where a subtype is listed: it once read beside genes listed for nothing at all.
    const listedUnder = associationFactor(['EGFR'], new Map([['EGFR', r.evidence[0]!.association as GeneAssociation]]), 'lung cancer').detail;
    expect(listedUnder).toMatch(/^Open Targets lists no association of EGFR with lung cancer itself \(asked for exactly this disease; listed only for non-small cell lung carcinoma/);
    expect(associationFactor(['EGFR'], new Map([['EGFR', { score: 0 }]]), 'lung cancer').detail).toBe('Open Targets lists no association of EGFR with lung cancer (asked for exactly this disease)');
  });
});

describe('3. a neoplasm or tumour is not the same disease as a cancer', () => {
  const BRAIN = hit('MONDO_0001657', 'brain cancer');
  const BRAIN_NEO = hit('EFO_0003833', 'brain neoplasm');
  const BENIGN = hit('MONDO_0000001', 'benign brain tumor');

  it('search hits: not the context', () => {
    expect(names(splitDiseaseHits([BRAIN, BRAIN_NEO, BENIGN], 'brain cancer').context)).toEqual(['brain cancer']);
    expect(names(splitDiseaseHits([hit('L', 'lung cancer'), hit('LN', 'lung neoplasm')], 'lung cancer').context)).toEqual(['lung cancer']);
    expect(names(splitDiseaseHits([hit('NT', 'neuroendocrine tumor'), hit('NC', 'neuroendocrine carcinoma')], 'neuroendocrine tumor').context)).toEqual(['neuroendocrine tumor']);
    expect(names(splitDiseaseHits([hit('O', 'ovarian cancer'), hit('OT', 'ovarian tumor'), hit('ON', 'ovarian neoplasm')], 'ovarian cancer').context)).toEqual(['ovarian cancer']);
    // carcinoma is still cancer.
    expect(names(splitDiseaseHits([hit('B', 'breast cancer'), hit('BC', 'breast carcinoma')], 'breast cancer').context)).toEqual(['breast cancer', 'breast carcinoma']);
  });

  it('a benign tumour below "brain neoplasm" is no tier I approval for brain cancer', async () => {
    const disease = await contextOf([BRAIN, BRAIN_NEO, BENIGN], 'brain cancer', [onto(BRAIN), onto(BRAIN_NEO, [BENIGN.id])]);
    const genes: GeneDrugEvidence[] = [{ gene: 'MTOR', association: 0.5, candidates: [ot('CHEMBL1908360', 'EVEROLIMUS', { stage: 'APPROVAL' })] }];
    const drugs = new Map([['CHEMBL1908360', details('CHEMBL1908360', 'EVEROLIMUS', [[BENIGN, 'APPROVAL']])]]);
    const eve = byName(buildDrugCandidates({ genes, disease, drugs }), 'EVEROLIMUS');
    expect(eve.tier).toBe('II');
    expect(eve.tierReason).not.toMatch(/subtype of brain cancer/);
  });

  it('the warning says when "brain cancer" is read as "brain neoplasm"', () => {
    expect(diseaseMatchNote('brain cancer', [BRAIN_NEO])).toMatch(/was read as the Open Targets disease "brain neoplasm"/);
    expect(diseaseMatchNote('breast cancer', [hit('BC', 'breast carcinoma')])).toBeUndefined();
  });
});

describe('4. "pre-" is one word with what follows, as "non-" is; en and em dashes are hyphens', () => {
  it('phraseWords', () => {
    expect(phraseWords('pre-eclampsia')).toEqual(['preeclampsia']);
    expect(phraseWords('non–small cell lung carcinoma')).toEqual(['nonsmall', 'cell', 'lung', 'cancer']);
    expect(phraseWords('non—small cell lung carcinoma')).toEqual(['nonsmall', 'cell', 'lung', 'cancer']);
  });

  it('splitDiseaseHits', () => {
    expect(names(splitDiseaseHits([hit('E', 'eclampsia'), hit('P', 'pre-eclampsia')], 'eclampsia').matched)).toEqual(['eclampsia']);
    expect(names(splitDiseaseHits([hit('C', 'cancer'), hit('P', 'pre-malignant cancer')], 'cancer').matched)).toEqual(['cancer']);
    expect(names(splitDiseaseHits([hit('S', 'small cell lung carcinoma'), hit('N', 'non–small cell lung carcinoma')], 'small cell lung carcinoma').matched)).toEqual(['small cell lung carcinoma']);
  });
});

describe('a neoplasm or tumour said to be malignant is a cancer', () => {
  it('"head and neck malignant neoplasia" is head and neck cancer; "malignant brain neoplasm" brain cancer; a plain neoplasm is not', () => {
    expect(diseaseKey('head and neck malignant neoplasia')).toBe(diseaseKey('head and neck cancer'));
    expect(diseaseKey('malignant brain neoplasm')).toBe(diseaseKey('brain cancer'));
    expect(diseaseKey('brain neoplasm')).not.toBe(diseaseKey('brain cancer'));
    const hits = [hit('A', 'brain neoplasm'), hit('B', 'malignant brain neoplasm'), hit('C', 'brain cancer')];
    expect(splitDiseaseHits(typedFirst(hits, 'brain cancer'), 'brain cancer').context.map((h) => h.name)).toEqual(['malignant brain neoplasm', 'brain cancer']);
  });
});
