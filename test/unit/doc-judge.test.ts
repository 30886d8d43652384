// One cited document against one statement: whole abstract when it fits, else every window judged;
// entailment and contradiction each the strongest over windows; joint premises keep each document's
// own evidence, so a citation added can never lower recall (issue 8).
import { describe, expect, it } from 'vitest';
import { alceScores } from '../../src/evidence/citations.js';
import { DocumentJudge, windowVerdict, type EvidenceDoc } from '../../src/evidence/doc-judge.js';
import { cueJudge } from '../support/cue-judge.js';

const filler = (n: number) => Array.from({ length: n }, (_, k) => `Neutral sentence number ${k} about methods and cohorts.`).join(' ');

function judgeOver(docs: Record<string, EvidenceDoc>, fitChars = 10_000, window = 300) {
  const model = cueJudge(fitChars);
  return { model, judge: new DocumentJudge(model, 0.45, window, (p) => docs[p]) };
}

describe('DocumentJudge', () => {
  it('judges the whole abstract in one pass when it fits the model', async () => {
    const { model, judge } = judgeOver({ a: { title: 'T', abstract: `${filler(20)} ENTAILS.` } });
    const d = await judge.document('a', 'claim');
    expect(d).toMatchObject({ windows: 1, entails: true, contradicts: false });
    expect(model.premises).toEqual([`Title: T\n${filler(20)} ENTAILS.`]);
  });

  it('finds a contradiction in the last window of a long abstract', async () => {
    const { model, judge } = judgeOver({ a: { title: 'T', abstract: `${filler(40)}\nCONCLUSIONS: the drug REFUTES it.` } }, 500, 300);
    const d = await judge.document('a', 'claim');
    expect(d!.windows).toBeGreaterThan(3);
    expect(d!.contradicts).toBe(true);
    expect(d!.contradicting).toContain('CONCLUSIONS: the drug REFUTES it.');
    expect(model.premises.every((p) => p.startsWith('Title: T\n'))).toBe(true);
    expect(model.premises.at(-1)).toContain('CONCLUSIONS');
  });

  it('a background sentence that entails does not hide the result that contradicts: both are seen', async () => {
    const abstract = `BACKGROUND: X is widely believed to improve survival ENTAILS. ${filler(10)}\nRESULTS: X did not improve survival REFUTES.`;
    const { judge } = judgeOver({ a: { title: 'T', abstract } }, 300, 250);
    const d = await judge.document('a', 'X improves survival');
    expect(d).toMatchObject({ entails: true, contradicts: true });
    expect(d!.judgement.entailment).toBe(0.9);
    expect(d!.judgement.contradiction).toBe(0.9);
  });

  it('judges an article without abstract on its title; unknown documents are undefined', async () => {
    const { judge } = judgeOver({ a: { title: 'Title that ENTAILS', abstract: '' } });
    expect((await judge.document('a', 'claim'))?.entails).toBe(true);
    expect(await judge.document('zz', 'claim')).toBeUndefined();
  });

  it('window verdicts: entails at the threshold unless contradiction is higher, and the reverse', () => {
    expect(windowVerdict({ entailment: 0.45, neutral: 0.5, contradiction: 0.05 }, 0.45)).toBe('entails');
    expect(windowVerdict({ entailment: 0.46, neutral: 0.04, contradiction: 0.5 }, 0.45)).toBe('contradicts');
    expect(windowVerdict({ entailment: 0.3, neutral: 0.4, contradiction: 0.3 }, 0.45)).toBe('neutral');
  });
});

describe('joint premises for ALCE recall', () => {
  // Each abstract is long: its supporting sentence sits at its end. The old pipeline split one
  // 1,500-character window between the cited documents, so adding citations cut that sentence off.
  const long = (cue: string) => ({ title: 'T', abstract: `${filler(30)} ${cue}` });
  const docs = { a: long('This ENTAILS the statement.'), b: long('Unrelated.'), c: long('Also unrelated.'), d: long('Nothing here.') };

  it('recall never falls when a citation is added', async () => {
    const { judge } = judgeOver(docs, 600, 400);
    const phi = (ids: readonly string[], text: string) => judge.entails(ids, text);
    const documents = new Set(Object.keys(docs));
    let previous = 0;
    for (const citations of [['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']]) {
      const r = await alceScores([{ text: 's', citations }], documents, phi);
      expect(r.recall, citations.join(',')).toBeGreaterThanOrEqual(previous);
      previous = r.recall;
    }
    expect(previous).toBe(1);
    // Over-citation costs precision instead.
    const r = await alceScores([{ text: 's', citations: ['a', 'b', 'c'] }], documents, phi);
    expect(r.precision).toBeCloseTo(1 / 3, 12);
  });

  it('the joint premise is made of each document\'s own evidence window', async () => {
    const split = { x: { title: 'X', abstract: `${filler(30)} half ENTAI` }, y: { title: 'Y', abstract: `${filler(30)} LS other half` } };
    const { model, judge } = judgeOver(split, 600, 400);
    await judge.entails(['x', 'y'], 's');
    const joint = model.premises.at(-1)!;
    expect(joint.startsWith('Title: X\n')).toBe(true);
    expect(joint).toContain('\nTitle: Y\n');
  });
});
