// The evidence brief after the evidence check and beside failed drug sources (a review,
// 2026-11-28): a statement its own cited abstract contradicts read as plain fact in every audience;
// a failed Open Targets read "0 approved drugs already indicated"; the student summary fell silent
// about failed or skipped drug sources, or said "no approved drug" beside approved tier III drugs;
// the executive counted drugs that "may already be approved" as repurposing options; every student
// pair "worked together", STRING edge or not.
import { describe, expect, it } from 'vitest';
import type { DrugCandidate } from '../../src/analysis/drug-candidates.js';
import { VIA_ABOVE, type MatchedIndication } from '../../src/analysis/drug-indications.js';
import { AUDIENCES, canonicalStatements, renderBrief, type BriefFacts, type CanonicalStatement } from '../../src/analysis/evidence-brief.js';
import type { Hypothesis } from '../../src/analysis/hypotheses.js';

const here = (name = 'breast cancer'): MatchedIndication => ({ id: 'MONDO_0007254', name, phase: 4, approved: true, source: 'Open Targets indications', via: 'the context disease', level: 'context' });

function drug(name: string, tier: 'I' | 'II' | 'III', extra: Partial<DrugCandidate> = {}): DrugCandidate {
  return {
    name, chemblId: `CHEMBL_${name}`, targetGenes: ['EGFR'], interactionOnly: [], tier, score: 0.5, actionTypes: ['INHIBITOR'], maxPhase: tier === 'III' ? 1 : 4, pmids: [], withdrawn: false,
    mechanisms: [{ gene: 'EGFR', source: 'opentargets', mechanismOfAction: null, actionType: 'INHIBITOR', direct: null }],
    status: tier === 'III' ? 'investigational' : 'approved', approved: tier !== 'III', approvalsKnown: true, broaderApproval: null, roleConflicts: [], withdrawnReason: null,
    matchingIndications: tier === 'I' ? [here()] : [],
    ...extra,
  } as unknown as DrugCandidate;
}

const pair = (stringScore: number | null): Hypothesis =>
  ({ genes: ['EGFR', 'ERBB2'], statement: 'EGFR and ERBB2 may act together', stringScore, supportingPmids: ['2004'], rationale: 'r.', confidence: 0.5, confidenceLabel: 'moderate', novel: false, basis: [] }) as unknown as Hypothesis;

const base: BriefFacts = {
  disease: 'breast cancer',
  genes: ['EGFR', 'ERBB2'],
  geneLiterature: [{ gene: 'EGFR', count: 1520, pmids: ['2001'], association: 0.5 }],
  drugLiterature: [],
  candidates: [],
  hypotheses: [],
  pathways: [],
  strategies: [],
};

const render = (f: BriefFacts, audience: (typeof AUDIENCES)[number], status?: CanonicalStatement['status']) =>
  renderBrief(f, canonicalStatements(f).map((s) => (status ? { ...s, status } : s)), audience);

describe('a statement its own cited abstract contradicts', () => {
  it('reads as contradicted in every audience, contested likewise; unjudged stays plain', () => {
    for (const audience of AUDIENCES) {
      const text = render(base, audience, 'contradicted').statements[0]!.text;
      expect(text, audience).toContain('(its cited abstract contradicts this)');
      expect(text, audience).not.toMatch(/has been linked to breast cancer in published studies/);
      expect(text, audience).toMatch(/\[PMID 2001\]$/);
      expect(render(base, audience, 'contested').statements[0]!.text, audience).toContain('(contested: its cited abstracts both support and contradict this)');
      expect(render(base, audience, 'unjudged').statements[0]!.text, audience).not.toMatch(/contradict|contested/);
    }
    expect(render(base, 'student', 'contradicted').statements[0]!.text).toBe('EGFR is associated with breast cancer (its cited abstract contradicts this). [PMID 2001]');
    expect(render(base, 'student').statements[0]!.text).toBe('EGFR, a human gene, has been linked to breast cancer in published studies. [PMID 2001]');
    const several = renderBrief(base, canonicalStatements({ ...base, geneLiterature: [{ gene: 'EGFR', count: 1, pmids: ['1', '2'], association: null }] }).map((s) => ({ ...s, status: 'contradicted' as const })), 'executive');
    expect(several.statements[0]!.text).toContain('(a cited abstract contradicts this and none supports it)');
  });

  it('a contradicted drug statement keeps its clinical standing and withdrawal, with the verdict beside the claim', () => {
    const f = { ...base, drugLiterature: [{ drug: 'GEFITINIB', gene: 'EGFR', pmids: ['7'] }], candidates: [drug('GEFITINIB', 'I')] };
    const clinician = render(f, 'clinician', 'contradicted').statements.find((s) => s.kind === 'drug-target')!.text;
    expect(clinician).toMatch(/^Gefitinib inhibits EGFR \(tier I, approved, score 0\.50\) \(its cited abstract contradicts this\): approved for breast cancer/);
  });
});

describe('the drug headline when drug sources failed', () => {
  it('Open Targets failed, nothing in tier I or II: not known, never "0 approved drugs"', () => {
    const f = { ...base, candidates: [drug('DGIDBMAB', 'III')], drugsIncomplete: 'Open Targets failed' };
    expect(render(f, 'executive').headline).toBe('2-gene panel in breast cancer: approved and late-stage drug opportunities not known (Open Targets failed).');
    expect(render(f, 'clinician').headline).toBe('2-gene panel in breast cancer: tier I and tier II drug candidates not known (Open Targets failed).');
  });

  it('DGIdb failed: the counts are a floor, and say so', () => {
    const f = { ...base, candidates: [drug('LAPATINIB', 'I')], drugsIncomplete: 'DGIdb failed' };
    expect(render(f, 'executive').headline).toBe('2-gene panel in breast cancer: at least 1 approved drug already indicated, 0 repurposing or late-stage options (DGIdb failed: the counts are incomplete).');
    expect(render(f, 'clinician').headline).toBe('2-gene panel in breast cancer: at least 1 tier I and 0 tier II drug candidates (DGIdb failed: the counts are incomplete).');
    expect(render({ ...f, drugsIncomplete: undefined }, 'clinician').headline).toBe('2-gene panel in breast cancer: 1 tier I and 0 tier II drug candidates.');
  });
});

describe('the student drug sentence', () => {
  const student = (f: BriefFacts) => render(f, 'student').summary;

  it('is never silent when the drugs are not known (sources failed, or skipped)', () => {
    const failed = student({ ...base, drugsNote: 'Drug candidates: not known: Open Targets, DGIdb and ChEMBL all failed.' });
    expect(failed).toContain('Whether drugs act on these genes is not known here. Drug candidates: not known: Open Targets, DGIdb and ChEMBL all failed.');
    expect(student({ ...base, drugsNote: 'Drug analysis skipped: includeDrugs is false (pathway-only analysis; no drug sources were called).' })).toContain('Whether drugs act on these genes is not known here. Drug analysis skipped');
  });

  it('Open Targets failed with approved tier III drugs listed: never "no approved drug"', () => {
    const text = student({ ...base, candidates: [drug('APPROVEDMAB', 'III', { approved: true, status: 'approved' }), drug('APPROVEDNIB', 'III', { approved: true, status: 'approved' })], drugsIncomplete: 'Open Targets failed' });
    expect(text).not.toMatch(/No approved drug acts/);
    expect(text).toContain('No approved drug is known here to act on these genes through a recorded mechanism (Open Targets failed: there may be more); 2 approved drugs are linked to them by weaker evidence only (tier III).');
    expect(student({ ...base, candidates: [drug('EARLYMAB', 'III')], drugsIncomplete: 'Open Targets failed' })).toContain('No approved drug acting on these genes was found, but Open Targets failed, so there may be some.');
    expect(student({ ...base, candidates: [drug('EARLYMAB', 'III')] })).toContain('No approved drug acts on these genes yet.');
  });
});

describe('the executive counts claim no more than the tier reasons', () => {
  it('"may already be approved" and withdrawn for the disease are not repurposing options or "already indicated"', () => {
    const withdrawnAbove: MatchedIndication[] = [
      here('HER2-positive breast carcinoma'),
      { id: 'MONDO_X', name: 'carcinoma (withdrawn)', phase: null, approved: false, source: 'Open Targets indications', via: VIA_ABOVE, level: 'above', withdrawnFor: 'carcinoma' },
    ];
    const candidates = [
      drug('INDICATEDIB', 'I'),
      drug('GONEIB', 'I', { matchingIndications: withdrawnAbove }),
      drug('UNNAMEDIB', 'II', { approvalsKnown: false }),
      drug('UNNAMEDMAB', 'II', { approvalsKnown: false }),
      drug('BROADIB', 'II', { approvalsKnown: false, broaderApproval: { id: 'MONDO_Y', name: 'solid tumour', source: 'ChEMBL' } as never }),
      drug('ELSEWHEREIB', 'II'),
      drug('TRIALIB', 'II', { approved: false, status: 'investigational', matchingIndications: [{ ...here(), phase: 3, approved: false }] }),
    ];
    const headline = render({ ...base, candidates }, 'executive').headline;
    expect(headline).toBe(
      '2-gene panel in breast cancer: 1 approved drug already indicated, 1 more approved but recorded as withdrawn for breast cancer or a related disease (check the label), 2 repurposing or late-stage options, 3 approved drugs whose approvals name no disease or a broader one (may already be approved for breast cancer).',
    );
  });
});

describe('student pair wording', () => {
  it('says the proteins work together only when STRING links them', () => {
    const text = (score: number | null) => render({ ...base, geneLiterature: [], hypotheses: [pair(score)] }, 'student').statements[0]!.text;
    expect(text(0.9)).toBe('EGFR interacts with ERBB2: their proteins are thought to work together. [PMID 2004]');
    expect(text(null)).toBe('EGFR and ERBB2 are linked in breast cancer: published studies name them together. [PMID 2004]');
  });
});
