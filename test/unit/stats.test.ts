import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ascendingOrder, bhAdjust, bhAdjustTyped, hypergeomUpperTail, logFactorialTable } from '../../src/analysis/stats.js';

// Reference values come from R (see test/fixtures/r-reference/*.R and the "commands" field of each JSON).
interface HyperCase { k: number; K: number; n: number; N: number; note: string; p: number; log10p: number | null }
interface BhCase { name: string; m: number; p: number[]; q: number[] }
const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../fixtures/r-reference/${name}`, import.meta.url), 'utf8')) as T;
const hyper = fixture<{ cases: HyperCase[] }>('hypergeom.json').cases;
const bh = fixture<{ cases: BhCase[] }>('bh.json').cases;

const MIN_NORMAL = 2.2250738585072014e-308;
const relDiff = (a: number, b: number): number => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)));

describe('logFactorialTable', () => {
  it('matches exact small factorials and Stirling-level accuracy at 1e6', () => {
    const t = logFactorialTable(1_000_000);
    expect(t.hi[0]).toBe(0);
    expect(t.hi[1]).toBe(0);
    expect(Math.exp((t.hi[10] as number) + (t.lo[10] as number))).toBeCloseTo(3628800, 6);
    // log(1e6!) from R: lfactorial(1e6) = 12815518.384658169
    expect(relDiff((t.hi[1_000_000] as number) + (t.lo[1_000_000] as number), 12815518.384658169)).toBeLessThan(1e-15);
  });
  it('rejects invalid sizes', () => {
    expect(() => logFactorialTable(-1)).toThrow(RangeError);
    expect(() => logFactorialTable(2.5)).toThrow(RangeError);
  });
});

describe('hypergeomUpperTail vs R phyper(k-1, K, N-K, n, lower.tail = FALSE)', () => {
  it.each(hyper.map((c) => [c.note, c] as const))('%s', (_note, c) => {
    const ours = hypergeomUpperTail(c.k, c.K, c.n, c.N);
    if (c.p >= MIN_NORMAL) {
      // 1 - P(X <= k-1) with P near 1 cancels: there R itself is 7.8e-13 off the exact 5/20000.
      expect(relDiff(ours, c.p)).toBeLessThan(c.note.includes('cancellation') ? 1e-10 : 1e-12);
    } else if (c.p > 0) {
      // Denormal range: R multiplies two small densities and loses bits; compare with R's log-scale value.
      expect(ours).toBeGreaterThan(0);
      expect(Math.abs(Math.log10(ours) - (c.log10p as number))).toBeLessThan(1e-6);
    } else {
      // R gives exactly 0 either at or above the support maximum, or when the true value is below 5e-324.
      if (c.log10p !== null) expect(c.log10p).toBeLessThan(-323.3);
      expect(ours).toBe(0);
    }
  });

  it('agrees with the exact closed forms', () => {
    expect(relDiff(hypergeomUpperTail(1, 5, 1, 20000), 5 / 20000)).toBeLessThan(1e-10);
    // k = K = n: p = 1 / choose(N, n)
    expect(relDiff(hypergeomUpperTail(2, 2, 2, 20000), 2 / (20000 * 19999))).toBeLessThan(1e-13);
  });

  it('does not underflow to 0 near 1e-300 (k = K = n)', () => {
    const p = hypergeomUpperTail(112, 112, 112, 20000);
    expect(p).toBeGreaterThan(1e-301);
    expect(p).toBeLessThan(1e-299);
  });

  it('returns 1 for k = 0 and for k at the support minimum, 0 above the maximum', () => {
    expect(hypergeomUpperTail(0, 10, 20, 100)).toBe(1);
    expect(hypergeomUpperTail(15, 95, 20, 100)).toBe(1);
    expect(hypergeomUpperTail(11, 10, 20, 100)).toBe(0);
    expect(hypergeomUpperTail(21, 50, 20, 100)).toBe(0);
  });

  it('reuses a shared table and ignores one that is too short', () => {
    const table = logFactorialTable(20000);
    expect(hypergeomUpperTail(5, 50, 100, 20000, table)).toBe(hypergeomUpperTail(5, 50, 100, 20000));
    const short = logFactorialTable(10);
    expect(hypergeomUpperTail(5, 50, 100, 20000, short)).toBe(hypergeomUpperTail(5, 50, 100, 20000));
  });

  it('rejects non-integer or inconsistent arguments', () => {
    expect(() => hypergeomUpperTail(1.5, 10, 20, 100)).toThrow(RangeError);
    expect(() => hypergeomUpperTail(1, 200, 20, 100)).toThrow(RangeError);
    expect(() => hypergeomUpperTail(1, 10, 200, 100)).toThrow(RangeError);
  });
});

describe('bhAdjust vs R p.adjust(p, "BH", n = m)', () => {
  it.each(bh.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const q = bhAdjust(c.p, c.m);
    expect(q).toHaveLength(c.q.length);
    q.forEach((v, i) => expect(relDiff(v, c.q[i] as number)).toBeLessThan(1e-14));
  });

  it('padding with p = 1 entries is the same as passing m', () => {
    const p = [1e-6, 0.002, 0.01, 0.3];
    const padded = bhAdjust([...p, ...Array<number>(96).fill(1)]).slice(0, 4);
    expect(bhAdjust(p, 100)).toEqual(padded);
  });

  it('handles empty input and rejects m < length or NaN', () => {
    expect(bhAdjust([])).toEqual([]);
    expect(() => bhAdjust([0.1, 0.2], 1)).toThrow(RangeError);
    expect(() => bhAdjust([Number.NaN])).toThrow(RangeError);
  });
});

describe('ascendingOrder (radix argsort used by BH and row order)', () => {
  const byComparator = (v: Float64Array) => Array.from(v.keys()).sort((a, b) => (v[a] as number) - (v[b] as number) || a - b);
  it('equals a stable comparator sort on p-like values, ties, zeros and denormals', () => {
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const n of [0, 1, 2, 7, 50, 1000, 5000]) {
      const v = new Float64Array(n).map(() => {
        const r = rnd();
        if (r < 0.1) return 1;
        if (r < 0.15) return 0;
        if (r < 0.2) return 5e-324 * Math.ceil(rnd() * 1000);
        if (r < 0.3) return 0.25; // ties
        return rnd() ** 12;
      });
      expect(Array.from(ascendingOrder(v))).toEqual(byComparator(v));
    }
  });
  it('orders long runs of values that differ only in their low 32 bits', () => {
    const v = new Float64Array(300).map((_, i) => 0.3 * (1 + ((i * 7919) % 300) * 1e-12));
    expect(Array.from(ascendingOrder(v))).toEqual(byComparator(v));
  });
  it('falls back to a comparator for negative values and rejects NaN', () => {
    const v = new Float64Array([0.5, -1, 0, -0, 2, -3e-10]);
    expect(Array.from(ascendingOrder(v))).toEqual(byComparator(v));
    expect(() => ascendingOrder(new Float64Array([0.1, Number.NaN]))).toThrow(RangeError);
  });
  it('bhAdjustTyped with a given order equals bhAdjust', () => {
    const p = new Float64Array([0.01, 0.2, 0.003, 0.2, 1, 0.04]);
    expect(Array.from(bhAdjustTyped(p, 10, ascendingOrder(p)))).toEqual(bhAdjust(Array.from(p), 10));
  });
});
