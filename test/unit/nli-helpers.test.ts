import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { mapLabels, nliCacheKey, resolveModelSource, softmax, toJudgement } from '../../src/evidence/nli.js';
import { pairFits, premiseBudget } from '../../src/evidence/nli-load.js';
import { tempDir } from '../support/context.js';
import { writeTinyNli } from '../support/tiny-nli.js';

describe('mapLabels / toJudgement', () => {
  it('reads the order from id2label, case-insensitively', () => {
    expect(mapLabels({ 0: 'contradiction', 1: 'entailment', 2: 'neutral' })).toEqual({ contradiction: 0, entailment: 1, neutral: 2 });
    expect(mapLabels({ 0: 'ENTAILMENT', 1: 'NEUTRAL', 2: 'CONTRADICTION' })).toEqual({ entailment: 0, neutral: 1, contradiction: 2 });
    expect(mapLabels({ 0: 'Entails', 1: 'Neutral', 2: 'Contradicts' })).toEqual({ entailment: 0, neutral: 1, contradiction: 2 });
  });

  it('maps a 2-label model: not_entailment -> neutral, contradiction 0', () => {
    const labels = mapLabels({ 0: 'entailment', 1: 'not_entailment' });
    expect(labels).toEqual({ entailment: 0, notEntailment: 1 });
    expect(toJudgement([0.7, 0.3], labels)).toEqual({ entailment: 0.7, neutral: 0.3, contradiction: 0 });
    expect(mapLabels({ 0: 'NOT ENTAILMENT', 1: 'ENTAILMENT' })).toEqual({ entailment: 1, notEntailment: 0 });
  });

  it('rejects heads that are not NLI', () => {
    expect(() => mapLabels({ 0: 'POSITIVE', 1: 'NEGATIVE' })).toThrow(/not an NLI model/);
    expect(() => mapLabels({ 0: 'entailment', 1: 'neutral' })).toThrow(/not an NLI model/);
    expect(() => mapLabels(undefined)).toThrow(/not an NLI model/);
  });

  it('picks probabilities per label', () => {
    const probs = softmax([1, 2, 3]);
    expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const j = toJudgement(probs, { entailment: 2, neutral: 0, contradiction: 1 });
    expect(j.entailment).toBe(probs[2]);
    expect(j.neutral).toBe(probs[0]);
    expect(j.contradiction).toBe(probs[1]);
    expect(softmax([1000, 1000])).toEqual([0.5, 0.5]);
  });
});

describe('premise budget (truncation guard)', () => {
  // One token per whitespace-separated word, [CLS] A [SEP] B [SEP].
  const m = { counter: { count: (t: string) => t.split(/\s+/).filter(Boolean).length, pairSpecials: 3 }, maxTokens: 32 };
  const claim = 'metformin improved survival in adults';

  it('leaves room for the whole statement and the special tokens', () => {
    expect(premiseBudget(m, claim)).toBe(32 - 3 - 5);
    expect(pairFits(m, 'word '.repeat(24), claim)).toBe(true);
    expect(pairFits(m, 'word '.repeat(25), claim)).toBe(false);
  });
});

describe('nliCacheKey', () => {
  it('depends on model, dtype, passage and claim', () => {
    const base = nliCacheKey('m', 'q8', 'p', 'c');
    expect(base).toMatch(/^v2:[0-9a-f]{64}$/);
    expect(nliCacheKey('m', 'q8', 'p', 'c')).toBe(base);
    for (const other of [nliCacheKey('n', 'q8', 'p', 'c'), nliCacheKey('m', 'fp32', 'p', 'c'), nliCacheKey('m', 'q8', 'p2', 'c'), nliCacheKey('m', 'q8', 'p', 'c2')]) {
      expect(other).not.toBe(base);
    }
    // No ambiguity from concatenation.
    expect(nliCacheKey('m', 'q8', 'ab', 'c')).not.toBe(nliCacheKey('m', 'q8', 'a', 'bc'));
  });
});

describe('resolveModelSource', () => {
  const dataDir = tempDir();
  const cfg = (nliModel: string) => loadConfig({ env: {}, flags: { dataDir, nliModel } });

  it('treats hub ids as hub ids, with the cache in <dataDir>/models', () => {
    expect(resolveModelSource(cfg('Xenova/nli-deberta-v3-xsmall'))).toEqual({
      ref: 'Xenova/nli-deberta-v3-xsmall',
      local: false,
      cacheDir: path.join(dataDir, 'models'),
    });
  });

  it('treats existing directories and path-like values as folders', () => {
    const folder = writeTinyNli(path.join(tempDir(), 'tiny'));
    expect(resolveModelSource(cfg(folder))).toMatchObject({ ref: folder, local: true });
    const rel = path.relative(process.cwd(), folder);
    expect(resolveModelSource(cfg(rel))).toMatchObject({ ref: folder, local: true });
    expect(resolveModelSource(cfg('./missing/model'))).toMatchObject({ ref: path.resolve('missing/model'), local: true });
  });
});
