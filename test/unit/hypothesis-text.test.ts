// Reading a hypothesis: gene, drug and disease words, the mechanism asked about, and the role each
// gene plays. Every rule has the case that should fool it.
import { describe, expect, it } from 'vitest';
import { geneTokens, looksLikeDrug, looksLikeGene, mentionRoles, negationOf, primaryMechanism, readHypothesis } from '../../src/analysis/hypothesis-text.js';

function roles(text: string): Record<string, string[]> {
  const r = readHypothesis(text);
  const out: Record<string, string[]> = {};
  for (const m of r.genes) out[m.token] = [...new Set([...(out[m.token] ?? []), ...mentionRoles(text, m, r.cues)])].sort();
  return out;
}

describe('gene words', () => {
  it('takes symbols, aliases and p53-style names; strips joined modifiers; leaves disease abbreviations, techniques and variants out', () => {
    const r = readHypothesis('Inhibiting EGFR reduces proliferation of EGFR-mutant NSCLC cells with KRAS G12C, shown by CRISPR and IHC; HER2-positive tumours and p53 loss differ.');
    expect(geneTokens(r)).toEqual(['EGFR', 'KRAS', 'HER2', 'p53']);
    expect(looksLikeGene('PD-L1')).toBe(true);
    expect(looksLikeGene('c-Myc')).toBe(true);
    for (const w of ['NSCLC', 'DNA', 'IC50', 'G12C', 'V600E', 'T790M', 'A', 'II', 'Inhibiting', 'cells', '5FU']) expect(looksLikeGene(w), w).toBe(false);
  });

  it('gives a gene the role of its hyphen modifier, of a following protein change, or of the nearest cue in its clause', () => {
    expect(roles('Inhibiting EGFR reduces proliferation in EGFR-mutant NSCLC')).toEqual({ EGFR: ['inhibited', 'mutated'] });
    expect(roles('PARP1 inhibition is synthetically lethal in BRCA1-deficient breast cancer')).toEqual({ PARP1: ['inhibited'], BRCA1: ['lost'] });
    expect(roles('Loss of PTEN drives resistance to PI3K inhibition in breast cancer')).toEqual({ PTEN: ['lost'], PI3K: ['inhibited'] });
    expect(roles('HER2 amplification predicts response to trastuzumab')).toEqual({ HER2: ['overexpressed'] });
    expect(roles('KRAS G12C tumours respond to sotorasib')).toEqual({ KRAS: ['mutated'] });
  });

  it('does not hand a cue across a verb or a comma to a distant gene', () => {
    // "inhibition" is EGFR's; KRAS is only the mutated background.
    expect(roles('EGFR inhibition causes loss of viability in KRAS G12C colorectal cancer')).toEqual({ EGFR: ['inhibited'], KRAS: ['mutated'] });
    expect(roles('MYC is amplified, while CDK4 is not')).toEqual({ MYC: ['overexpressed'], CDK4: [] });
  });
});

describe('drug words', () => {
  it('are words with a drug-name (INN) ending, not biology words that share one', () => {
    expect(readHypothesis('Olaparib and talazoparib, unlike gefitinib, need BRCA1 loss').drugs.map((d) => d.token)).toEqual(['Olaparib', 'talazoparib', 'gefitinib']);
    for (const w of ['pembrolizumab', 'osimertinib', 'alpelisib', 'palbociclib']) expect(looksLikeDrug(w), w).toBe(true);
    for (const w of ['peptide', 'nucleotide', 'concept', 'inhibition', 'mutation', 'tumour']) expect(looksLikeDrug(w), w).toBe(false);
  });
});

describe('mechanism', () => {
  const mech = (text: string) => primaryMechanism(readHypothesis(text).cues);

  it('recognises each of the seven mechanisms', () => {
    expect(mech('Inhibiting EGFR reduces proliferation')?.primary).toBe('inhibition');
    expect(mech('Deletion of PTEN drives tumour growth')?.primary).toBe('loss_of_function');
    expect(mech('Activating mutations in PIK3CA transform epithelial cells')?.primary).toBe('gain_of_function');
    expect(mech('MYC overexpression drives proliferation')?.primary).toBe('overexpression');
    expect(mech('PD-L1 expression predicts response to pembrolizumab')?.primary).toBe('biomarker');
    expect(mech('HER2 interacts with EGFR in breast cancer')?.primary).toBe('interaction');
    expect(mech('PARP1 inhibition is synthetically lethal with BRCA1 loss')?.primary).toBe('synthetic_lethality');
  });

  it('lets the most specific mechanism lead and lists the others', () => {
    expect(mech('PARP1 inhibition is synthetically lethal in BRCA1-deficient cells')).toEqual({ primary: 'synthetic_lethality', also: ['inhibition'] });
    expect(mech('Loss of PTEN drives resistance to PI3K inhibition')).toEqual({ primary: 'loss_of_function', also: ['inhibition'] });
  });

  it('is not fooled by "loss of viability", by a gene modifier, or by words that only look like cues', () => {
    expect(mech('EGFR inhibition causes loss of viability')).toEqual({ primary: 'inhibition', also: [] });
    // "BRCA1-deficient" describes the cells; the hypothesis asks about inhibition.
    expect(mech('Inhibiting EGFR slows BRCA1-deficient cells')).toEqual({ primary: 'inhibition', also: [] });
    expect(mech('EGFR in lung cancer')).toBeNull();
    expect(mech('The weather is nice today')).toBeNull();
  });
});

describe('disease', () => {
  const disease = (text: string) => readHypothesis(text).disease;

  it('takes the disease phrase after a preposition, without genes, modifiers or qualifiers', () => {
    expect(disease('PARP1 inhibition is synthetically lethal in BRCA1-deficient breast cancer')).toEqual({ text: 'breast cancer', query: 'breast cancer' });
    expect(disease('Loss of PTEN drives resistance to PI3K inhibition in breast cancer')).toEqual({ text: 'breast cancer', query: 'breast cancer' });
    expect(disease('High PD-L1 expression predicts response to pembrolizumab in metastatic melanoma patients')).toEqual({ text: 'melanoma', query: 'melanoma' });
    expect(disease('EGFR inhibition kills cells of KRAS G12C colorectal cancer in vitro')).toEqual({ text: 'colorectal cancer', query: 'colorectal cancer' });
  });

  it('expands a disease abbreviation, and finds a disease named without a preposition', () => {
    expect(disease('Inhibiting EGFR reduces proliferation in EGFR-mutant NSCLC')).toEqual({ text: 'NSCLC', query: 'non-small cell lung carcinoma' });
    expect(disease('Olaparib kills BRCA1-deficient ovarian cancer cells')).toEqual({ text: 'ovarian cancer', query: 'ovarian cancer' });
  });

  it('finds none where the text names none', () => {
    expect(disease('Inhibiting EGFR reduces proliferation of cells')).toBeNull();
    expect(disease('EGFR binds to ERBB2 in the membrane')).toBeNull();
    // An abbreviation counts only in capitals: "all" is a word, ALL a leukemia.
    expect(disease('Inhibiting EGFR slows all cell lines')).toBeNull();
    expect(disease('Inhibiting FLT3 slows ALL blasts')).toEqual({ text: 'ALL', query: 'acute lymphoblastic leukemia' });
  });
});

describe('negation', () => {
  it('finds the words that deny the effect', () => {
    expect(negationOf('Inhibiting EGFR does not reduce proliferation in NSCLC')).toBe('does not');
    expect(negationOf("EGFR inhibition doesn't reduce growth")).toBe("doesn't");
    expect(negationOf('PARP inhibition is not synthetically lethal in BRCA1-deficient breast cancer')).toBe('is not');
    expect(negationOf('KRAS G12C inhibitors fail to control tumours')).toBe('fail to');
    expect(negationOf('Loss of PTEN has no effect on AKT signalling')).toBe('has no effect');
    expect(negationOf('EGFR cannot drive growth')).toBe('cannot');
    expect(readHypothesis("EGFR inhibition won't help").negation).toBe("won't");
  });

  it('is not fooled by a "not" that denies nothing about the effect', () => {
    expect(negationOf('EGFR inhibition does not only reduce proliferation but also migration')).toBeNull();
    expect(negationOf('EGFR, not MET, drives resistance in NSCLC')).toBeNull();
    expect(negationOf('Inhibiting EGFR reduces proliferation in non-small cell lung cancer')).toBeNull();
    expect(negationOf('PARP1 inhibition is synthetically lethal in BRCA1-deficient breast cancer')).toBeNull();
  });
});
