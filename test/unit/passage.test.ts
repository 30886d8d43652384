import { describe, expect, it } from 'vitest';
import { contentTerms, contentWords, selectPassage, stem, words } from '../../src/evidence/passage.js';

const ABSTRACT = [
  'Background: Type 2 diabetes is common and costly worldwide.',
  'Many drugs are used for glucose control in primary care.',
  'Methods: We enrolled 4,000 adults in a randomized trial.',
  'Results: Metformin reduced all-cause mortality by 20% compared with placebo (p < 0.01).',
  'Metformin also lowered cardiovascular events.',
  'Conclusions: These findings support first-line use.',
].join(' ');

describe('stem / words / contentTerms', () => {
  it('conflates common inflections', () => {
    expect(stem('reduces')).toBe(stem('reduced'));
    expect(stem('reducing')).toBe(stem('reduce'));
    expect(stem('mortality')).toBe(stem('mortalities'));
    expect(stem('patients')).toBe('patient');
    expect(stem('studies')).toBe('study');
    expect(stem('il6')).toBe('il6');
  });

  it('drops stop words and splits contractions', () => {
    expect([...contentTerms('The drug did not reduce the risk')]).toEqual(['drug', stem('reduce'), 'risk']);
    expect(words("didn't").map((w) => w.word)).toEqual(['did', 'not']);
    expect(contentTerms('drug-induced')).toEqual(contentTerms('drug induced'));
  });

  it('contentWords keeps words as written for search queries', () => {
    expect(contentWords("IL-6 inhibition doesn't reduce Alzheimer's risk in the elderly")).toEqual([
      'IL-6', 'inhibition', 'reduce', 'Alzheimer', 'risk', 'elderly',
    ]);
  });
});

describe('selectPassage', () => {
  it('returns the whole abstract when it fits', () => {
    expect(selectPassage(ABSTRACT, 'metformin mortality', ABSTRACT.length)).toBe(ABSTRACT);
    expect(selectPassage('short', 'anything', 200)).toBe('short');
  });

  it('picks the sentence-aligned window with most claim overlap', () => {
    const passage = selectPassage(ABSTRACT, 'Metformin reduces mortality', 150);
    expect(passage.length).toBeLessThanOrEqual(150);
    expect(passage.startsWith('Results: Metformin reduced all-cause mortality')).toBe(true);
    expect(passage.endsWith('.')).toBe(true);
    expect(ABSTRACT.includes(passage)).toBe(true);
  });

  it('keeps "p < 0.01" and similar inside a sentence', () => {
    const passage = selectPassage(ABSTRACT, 'placebo', 100);
    expect(passage).toContain('(p < 0.01).');
  });

  it('falls back to the earliest window when nothing overlaps', () => {
    const passage = selectPassage(ABSTRACT, 'unrelated zebrafish', 120);
    expect(passage.startsWith('Background:')).toBe(true);
    expect(passage.length).toBeLessThanOrEqual(120);
  });

  it('splits a sentence longer than the window at word boundaries', () => {
    const long = `${'filler words here '.repeat(30)}metformin reduced mortality ${'more filler text '.repeat(30)}`;
    const passage = selectPassage(long, 'metformin mortality', 60);
    expect(passage.length).toBeLessThanOrEqual(60);
    expect(passage).toContain('metformin reduced mortality');
    expect(passage.startsWith(' ')).toBe(false);
  });

  it('hard-cuts a single word longer than the window', () => {
    const passage = selectPassage('x'.repeat(500), 'x', 100);
    expect(passage).toBe('x'.repeat(100));
    expect(selectPassage('abc def', 'abc', 0)).toBe('');
  });
});
