import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ascendingOrder, ascendingOrderInto } from '../../src/analysis/argsort.js';
import { bhAdjust, bhAdjustDistinct, bhAdjustTyped } from '../../src/analysis/multiple-testing.js';
import { hypergeomUpperTail, hypergeomUpperTailsUnchecked, logFactorialTable } from '../../src/analysis/stats.js';

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

// A small deterministic PRNG so the random cases are the same on every run.
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

describe('hypergeomUpperTailsUnchecked (several k of one K, walked) vs the per-k tail', () => {
  const grouped = (ks: number[], K: number, n: number, N: number): number[] => {
    const out = new Float64Array(ks.length);
    hypergeomUpperTailsUnchecked(Int32Array.from(ks), ks.length, K, n, N, logFactorialTable(N), out);
    return Array.from(out);
  };
  const single = (ks: number[], K: number, n: number, N: number): number[] => ks.map((k) => hypergeomUpperTail(k, K, n, N));
  const expectClose = (got: number[], want: number[], tol: number): void => {
    got.forEach((g, i) => {
      const w = want[i] as number;
      if (w >= MIN_NORMAL || w === 0 || w === 1) expect(relDiff(g, w), `k index ${i}: ${g} vs ${w}`).toBeLessThan(tol);
      else expect(Math.abs(Math.log(g) - Math.log(w))).toBeLessThan(1e-6); // subnormal: few bits either way
    });
  };

  it('agrees within 1e-12 on random (ks, K, n, N), both sides of the mean', () => {
    const rnd = lcg(7);
    let worst = 0;
    for (let t = 0; t < 400; t++) {
      const N = 50 + Math.floor(rnd() * (t % 4 === 0 ? 1_000_000 : 30_000));
      const K = 1 + Math.floor(rnd() * Math.min(N - 1, 2000));
      const n = 1 + Math.floor(rnd() ** 2 * Math.min(N - 1, 3000));
      const top = Math.min(n, K);
      const ks = [...new Set(Array.from({ length: 1 + Math.floor(rnd() * 12) }, () => Math.floor(rnd() ** 2 * (top + 2))))].sort((a, b) => a - b);
      const got = grouped(ks, K, n, N);
      const want = single(ks, K, n, N);
      expectClose(got, want, 1e-12);
      got.forEach((g, i) => {
        const w = want[i] as number;
        if (w >= MIN_NORMAL) worst = Math.max(worst, relDiff(g, w));
      });
    }
    expect(worst).toBeLessThan(1e-12);
    // 400 exact tail walks: a few seconds alone, much longer on a loaded 2-core machine. The limit
    // only guards against a hang; nothing here measures speed.
  }, 180_000);

  it('covers every k of the support, long walks (> 64 steps) and p near 1', () => {
    for (const [K, n, N] of [
      [300, 400, 5000],
      [2000, 3000, 20000],
      [50, 9000, 10000], // n + K > N: the support minimum is above 0, so small k give exactly 1
      [5, 1, 20000], // mean 2.5e-4: k = 1 is the cancellation case R computes as 1 - P(X = 0)
    ] as const) {
      const ks = Array.from({ length: Math.min(n, K) + 3 }, (_, i) => i);
      expectClose(grouped(ks, K, n, N), single(ks, K, n, N), 1e-12);
    }
  });

  it('keeps relative accuracy for tails down to 1e-300 and into the subnormal range', () => {
    const N = 20000;
    const ks = [60, 100, 111, 112, 113, 150, 200];
    const got = grouped(ks, 200, 200, N);
    const want = single(ks, 200, 200, N);
    expect(want[3]).toBeGreaterThan(1e-320); // some of these are subnormal or far below 1e-300
    expectClose(got, want, 1e-12);
  });

  it('writes 1 below the support and 0 above it', () => {
    expect(grouped([0, 10, 11, 21], 10, 20, 100)).toEqual([1, hypergeomUpperTail(10, 10, 20, 100), 0, 0]);
    expect(grouped([14, 15, 16], 95, 20, 100).slice(0, 2)).toEqual([1, 1]);
  });
});

describe('bhAdjustDistinct (BH over distinct values with multiplicities)', () => {
  const expand = (values: number[], counts: number[]): number[] => values.flatMap((v, i) => Array<number>(counts[i] as number).fill(v));

  it('equals bhAdjust of the expanded vector bit for bit, ties, zeros and p = 1 included', () => {
    const rnd = lcg(11);
    for (let t = 0; t < 300; t++) {
      const D = 1 + Math.floor(rnd() * 60);
      const values = [...new Set(Array.from({ length: D }, () => {
        const r = rnd();
        return r < 0.05 ? 0 : r < 0.1 ? 1 : r < 0.2 ? 0.05 : rnd() ** 6;
      }))].sort((a, b) => a - b);
      const counts = values.map(() => 1 + Math.floor(rnd() ** 3 * 20));
      const total = counts.reduce((a, b) => a + b, 0);
      const m = total + Math.floor(rnd() * 3 * total); // the rest are k = 0 sets with p = 1
      const q = Array.from(bhAdjustDistinct(Float64Array.from(values), Int32Array.from(counts), m));
      const full = bhAdjust([...expand(values, counts), ...Array<number>(m - total).fill(1)]);
      const perValue = values.map((_, d) => full[counts.slice(0, d).reduce((a, b) => a + b, 0)] as number);
      expect(q).toEqual(perValue);
      // every copy of a value gets the same q in R too
      values.forEach((_, d) => {
        const from = counts.slice(0, d).reduce((a, b) => a + b, 0);
        for (let j = from; j < from + (counts[d] as number); j++) expect(full[j]).toBe(q[d]);
      });
    }
  });

  it('matches the R fixtures once their ties are collapsed', () => {
    for (const c of bh) {
      const sortedP = [...c.p].sort((a, b) => a - b);
      const values = [...new Set(sortedP)];
      const counts = values.map((v) => sortedP.filter((x) => x === v).length);
      const q = bhAdjustDistinct(Float64Array.from(values), Int32Array.from(counts), c.m);
      c.p.forEach((p, i) => expect(relDiff(q[values.indexOf(p)] as number, c.q[i] as number)).toBeLessThan(1e-14));
    }
  });

  it('writes into a caller buffer over the first D entries and rejects bad input', () => {
    const out = new Float64Array(4).fill(9);
    bhAdjustDistinct(new Float64Array([0.01, 0.02, 7]), new Int32Array([1, 1]), 10, 2, out);
    expect(Array.from(out)).toEqual([0.1, 0.1, 9, 9]);
    expect(() => bhAdjustDistinct(new Float64Array([0.2, 0.1]), new Int32Array([1, 1]), 5)).toThrow(RangeError);
    expect(() => bhAdjustDistinct(new Float64Array([0.1, 0.1]), new Int32Array([1, 1]), 5)).toThrow(RangeError);
    expect(() => bhAdjustDistinct(new Float64Array([0.1]), new Int32Array([0]), 5)).toThrow(RangeError);
    expect(() => bhAdjustDistinct(new Float64Array([0.1]), new Int32Array([6]), 5)).toThrow(RangeError);
  });
});

describe('ascendingOrderInto', () => {
  it('sorts only the first n values into caller arrays', () => {
    const rnd = lcg(3);
    const v = Float64Array.from({ length: 3000 }, () => (rnd() < 0.2 ? 0.5 : rnd() ** 20));
    const out = new Int32Array(4000);
    const tmp = new Int32Array(4000);
    ascendingOrderInto(v, 2500, out, tmp);
    const want = Array.from({ length: 2500 }, (_, i) => i).sort((a, b) => (v[a] as number) - (v[b] as number) || a - b);
    expect(Array.from(out.subarray(0, 2500))).toEqual(want);
  });
});
