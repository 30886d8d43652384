// ALCE citation recall/precision cases (../shared/notes/alce.md): each expectation is computed by
// hand from ALCE's eval.py rules, with an oracle φ so only the bookkeeping is under test.
import { describe, expect, it } from 'vitest';
import { alceScores, f1Score, type EntailsFn } from '../../src/evidence/citations.js';

/** φ from a table: "ids sorted|text" entails. Records every call. */
function oracle(entailing: string[]): EntailsFn & { calls: string[] } {
  const calls: string[] = [];
  const set = new Set(entailing);
  const fn = (async (ids: readonly string[], text: string) => {
    const key = `${[...ids].sort().join(',')}|${text}`;
    calls.push(key);
    return set.has(key);
  }) as EntailsFn & { calls: string[] };
  fn.calls = calls;
  return fn;
}

const docs = new Set(['a', 'b', 'c', 'd', 'e']);

describe('ALCE citation metrics', () => {
  it('single supported citation: P = R = 1', async () => {
    const r = await alceScores([{ text: 's1', citations: ['a'] }], docs, oracle(['a|s1']));
    expect(r).toMatchObject({ recall: 1, precision: 1, f1: 1 });
  });

  it('uncited statements count against recall but not precision', async () => {
    const r = await alceScores(
      [
        { text: 's1', citations: ['a'] },
        { text: 's2', citations: [] },
      ],
      docs,
      oracle(['a|s1']),
    );
    expect(r.recall).toBe(0.5);
    expect(r.precision).toBe(1);
    expect(r.statements[1]?.skipped).toBe('uncited');
  });

  it('over-citation: a citation that neither entails alone nor is needed is imprecise', async () => {
    // {a,b} entails s1, a alone entails, b alone does not and {a} (the rest without b) entails.
    const phi = oracle(['a,b|s1', 'a|s1']);
    const r = await alceScores([{ text: 's1', citations: ['a', 'b'] }], docs, phi);
    expect(r.recall).toBe(1);
    expect(r.statements[0]?.credits).toEqual([1, 0]);
    expect(r.precision).toBe(0.5);
    expect(r.f1).toBeCloseTo(f1Score(0.5, 1), 12);
  });

  it('citations needed jointly are both precise', async () => {
    const r = await alceScores([{ text: 's1', citations: ['a', 'b'] }], docs, oracle(['a,b|s1']));
    expect(r.statements[0]?.credits).toEqual([1, 1]);
    expect(r.precision).toBe(1);
  });

  it('out-of-range citations zero recall and are not added to the precision denominator', async () => {
    const r = await alceScores(
      [
        { text: 's1', citations: ['a', 'zz'] },
        { text: 's2', citations: ['b'] },
      ],
      docs,
      oracle(['a|s1', 'b|s2']),
    );
    expect(r.statements[0]).toMatchObject({ recall: 0, skipped: 'out_of_range', judged: [] });
    expect(r.recall).toBe(0.5);
    expect(r.precision).toBe(1); // only s2's single citation is in T
  });

  it('judges only the first 3 citations of a statement', async () => {
    const phi = oracle(['d|s1', 'a,b,c|s1']);
    const r = await alceScores([{ text: 's1', citations: ['a', 'b', 'c', 'd'] }], docs, phi);
    expect(r.statements[0]?.judged).toEqual(['a', 'b', 'c']);
    expect(phi.calls.some((c) => c.includes('d'))).toBe(false);
    expect(r.recall).toBe(1);
    // each of a, b, c: alone no; the other two without it: no -> needed jointly -> precise
    expect(r.precision).toBe(1);
  });

  it('unsupported statements: every citation counts as imprecise', async () => {
    const r = await alceScores(
      [
        { text: 's1', citations: ['a', 'b', 'c'] },
        { text: 's2', citations: ['d'] },
      ],
      docs,
      oracle(['d|s2']),
    );
    expect(r.recall).toBe(0.5);
    expect(r.precision).toBe(0.25); // T = 4, credited 1
    expect(r.f1).toBeCloseTo((2 * 0.25 * 0.5) / 0.75, 12);
  });

  it('no statements and no citations give zeros, not NaN', async () => {
    expect(await alceScores([], docs, oracle([]))).toMatchObject({ recall: 0, precision: 0, f1: 0 });
    expect(f1Score(0, 0)).toBe(0);
  });
  it('counts duplicate citations as ALCE does, and leaves out only the first occurrence when testing over-citation', () => {
    // ALCE: ref = [int(r[1:]) - 1 for r in re.findall(r"\[\d+", sent)] keeps [1][2][1] as three
    // citations, and subset_exclude.remove(psgs_id) drops only the first occurrence.
    return alceScores([{ text: 's1', citations: ['a', 'b', 'a'] }], docs, oracle(['a,a,b|s1', 'a,b|s1'])).then((r) => {
      expect(r.statements[0]?.judged).toEqual(['a', 'b', 'a']);
      expect(r.recall).toBe(1);
      // a: alone no; without its first copy {b, a} still entails -> over-cited (0). b: alone no;
      // without it {a, a} does not entail -> needed (1). The second a is judged like the first.
      expect(r.statements[0]?.credits).toEqual([0, 1, 0]);
      expect(r.precision).toBeCloseTo(1 / 3, 12);
    });
  });
});
