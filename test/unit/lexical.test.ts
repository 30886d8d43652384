import { describe, expect, it } from 'vitest';
import { createLexicalJudge, LEXICAL_METHOD, lexicalJudgement } from '../../src/evidence/lexical.js';
import type { Judgement } from '../../src/evidence/judge.js';

const sum = (j: Judgement) => j.entailment + j.neutral + j.contradiction;
const PREMISE = 'In a randomized trial of 4,000 adults, metformin reduced all-cause mortality in type 2 diabetes.';

describe('lexical fallback judge', () => {
  it('is named as a fallback and not as NLI', async () => {
    const judge = createLexicalJudge();
    expect(judge.nliEnabled).toBe(false);
    expect(judge.method).toBe(LEXICAL_METHOD);
    expect(await judge.score(PREMISE, 'Metformin reduces mortality')).toEqual(
      lexicalJudgement(PREMISE, 'Metformin reduces mortality'),
    );
  });

  it('supports a claim whose content terms are all covered', () => {
    const j = lexicalJudgement(PREMISE, 'Metformin reduces mortality in type 2 diabetes');
    expect(j.entailment).toBeCloseTo(0.95, 6);
    expect(j.contradiction).toBe(0);
    expect(sum(j)).toBeCloseTo(1, 12);
  });

  it('scales with coverage squared', () => {
    // 2 of 4 terms covered (metformin, mortality; not aspirin, stroke).
    const j = lexicalJudgement(PREMISE, 'Metformin aspirin stroke mortality');
    expect(j.entailment).toBeCloseTo(0.95 * 0.25, 6);
    expect(j.entailment).toBeLessThan(0.45);
    expect(sum(j)).toBeCloseTo(1, 12);
  });

  it('is neutral without overlap or without content terms', () => {
    expect(lexicalJudgement(PREMISE, 'Zebrafish regenerate fins')).toEqual({ entailment: 0, neutral: 1, contradiction: 0 });
    expect(lexicalJudgement(PREMISE, 'it is not the')).toEqual({ entailment: 0, neutral: 1, contradiction: 0 });
  });

  it('turns negated coverage into contradiction', () => {
    const claim = 'Metformin reduces mortality';
    for (const premise of [
      'Metformin did not reduce mortality.',
      "Metformin didn't reduce mortality.",
      'Metformin failed to reduce mortality.',
      'No mortality reduction with metformin was seen.',
    ]) {
      const j = lexicalJudgement(premise, claim);
      expect(j.contradiction, premise).toBeGreaterThan(j.entailment);
      expect(sum(j)).toBeCloseTo(1, 12);
    }
  });

  it('does not let a negation in another sentence count', () => {
    const j = lexicalJudgement('There was no placebo. Metformin reduced mortality.', 'Metformin reduces mortality');
    expect(j.contradiction).toBe(0);
    expect(j.entailment).toBeCloseTo(0.95, 6);
  });

  it('matches polarity when the claim itself is negated', () => {
    const j = lexicalJudgement('Metformin did not reduce mortality.', 'Metformin does not reduce mortality');
    expect(j.entailment).toBeGreaterThan(j.contradiction);
    const k = lexicalJudgement(PREMISE, 'Metformin does not reduce mortality');
    expect(k.contradiction).toBeGreaterThan(k.entailment);
  });

  it('is deterministic', () => {
    expect(lexicalJudgement(PREMISE, 'metformin mortality')).toEqual(lexicalJudgement(PREMISE, 'metformin mortality'));
  });
});
