// Reading which way a hypothesis says its effect goes, and a gene's state in the text's own words
// (plan-direction.ts). Once the templates fixed the direction per mechanism: "Knockdown of EGFR
// reduces proliferation" was planned as "EGFR loss increases proliferation".
import { describe, expect, it } from 'vitest';
import { readHypothesis } from '../../src/analysis/hypothesis-text.js';
import { directionWarnings, effectDirection, planDirection, responseDirection, statedSetting } from '../../src/analysis/plan-direction.js';

const dir = (text: string) => effectDirection(text).direction;

describe('the direction of the effect', () => {
  it('reads the outcome verb and what it acts on', () => {
    expect(dir('Knockdown of EGFR reduces proliferation of EGFR-mutant NSCLC cells')).toBe('decrease');
    expect(dir('Loss of EGFR reduces proliferation in NSCLC')).toBe('decrease');
    expect(dir('Overexpression of PTEN suppresses growth of breast cancer cells')).toBe('decrease');
    expect(dir('Loss of PTEN promotes the growth of breast cancer cells')).toBe('increase');
    expect(dir('Loss of PTEN drives resistance to PI3K inhibition in breast cancer')).toBe('increase');
    // The perturbation's own verb is not the outcome: "Inhibiting" acts on a gene.
    expect(dir('Inhibiting EGFR reduces proliferation in EGFR-mutant NSCLC')).toBe('decrease');
    expect(dir('Inhibiting EGFR in EGFR-mutant NSCLC')).toBeNull();
  });

  it('turns with what the verb acts on: death and drug response count the other way', () => {
    expect(dir('Loss of TP53 reduces apoptosis in colorectal cancer')).toBe('increase');
    expect(dir('Overexpression of BAX induces apoptosis in leukemia')).toBe('decrease');
    expect(dir('Loss of SLFN11 reduces sensitivity to cisplatin')).toBe('increase');
    expect(dir('Knockdown of ATR sensitises ovarian cancer cells to cisplatin')).toBe('decrease');
    expect(dir('In breast cancer, proliferation is reduced by PTEN overexpression')).toBe('decrease');
  });

  it('gives none, saying why, when the text states both directions', () => {
    expect(effectDirection('Loss of CDH1 reduces proliferation and increases invasion')).toEqual({ direction: null, words: '"increases invasion" and "reduces proliferation"' });
  });

  it('reads a biomarker as predicting resistance or response', () => {
    expect(responseDirection('EGFR mutation predicts resistance to cetuximab in NSCLC').direction).toBe('increase');
    expect(responseDirection('EGFR mutation predicts response to gefitinib in NSCLC').direction).toBe('decrease');
    expect(responseDirection('High PD-L1 predicts poor response to pembrolizumab').direction).toBe('increase');
    expect(responseDirection('KRAS status is prognostic in colorectal cancer').direction).toBeNull();
    expect(planDirection('biomarker', 'BRCA1 loss predicts resistance to gefitinib').direction).toBe('increase');
  });
});

describe('direction warnings', () => {
  it('say when a plan that follows the direction cannot read it', () => {
    const [w] = directionWarnings('loss_of_function', effectDirection('Loss of PTEN alters signalling in breast cancer'));
    expect(w).toMatch(/does not say which way the effect goes.*pre-register the direction/);
    expect(directionWarnings('biomarker', responseDirection('KRAS status is prognostic'))[0]).toMatch(/whether the marker predicts response or resistance/);
    expect(directionWarnings('loss_of_function', effectDirection('Loss of PTEN promotes growth'))).toEqual([]);
  });

  it('say when a fixed-direction plan tests the opposite of the hypothesis', () => {
    const [w] = directionWarnings('inhibition', effectDirection('Inhibiting PTEN increases proliferation in breast cancer'));
    expect(w).toContain('says the effect increases growth or survival ("increases proliferation"), but an inhibition plan tests whether it reduces growth or survival');
    expect(directionWarnings('inhibition', effectDirection('Inhibiting EGFR reduces proliferation'))).toEqual([]);
    // An inhibition plan without a stated direction is the therapeutic question itself.
    expect(directionWarnings('inhibition', effectDirection('Inhibiting EGFR in NSCLC'))).toEqual([]);
  });
});

describe("a gene's state in the text's own words", () => {
  const setting = (text: string, token: string) => {
    const m = readHypothesis(text).genes.filter((g) => g.token === token);
    return m.map((x) => statedSetting(text, x)).find((r) => r !== null) ?? null;
  };
  it('reads the modifier, the noun after the gene or the adjective before it', () => {
    expect(setting('Knockdown of EGFR reduces proliferation of EGFR-mutant NSCLC cells', 'EGFR')).toBe('mutated');
    expect(setting('BRCA1 loss predicts resistance to gefitinib in NSCLC', 'BRCA1')).toBe('lost');
    expect(setting('EGFR mutation predicts resistance to cetuximab in NSCLC', 'EGFR')).toBe('mutated');
    expect(setting('EGFR amplification predicts response to gefitinib', 'EGFR')).toBe('overexpressed');
    expect(setting('Inhibiting mutant KRAS reduces growth', 'KRAS')).toBe('mutated');
  });
  it('leaves the experiment ("knockdown of", "loss of") to the cues', () => {
    expect(setting('Knockdown of EGFR reduces proliferation in NSCLC', 'EGFR')).toBeNull();
    expect(setting('Loss of PTEN promotes growth', 'PTEN')).toBeNull();
  });
});
