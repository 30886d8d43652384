import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEnrichmentWorkspace } from '../../src/analysis/enrichment-workspace.js';
import { parseGmt } from '../../src/analysis/gmt.js';
import { enrich, enrichMany, enrichScores, oddsRatio, type EnrichmentRow } from '../../src/analysis/enrichment.js';
import { prepareLibrary, setLink } from '../../src/analysis/enrichment-library.js';
import { bhAdjust } from '../../src/analysis/multiple-testing.js';
import { hypergeomUpperTail } from '../../src/analysis/stats.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const genesetDir = path.join(path.resolve(repoRoot, '../shared'), 'genesets');
const haveShared = existsSync(genesetDir);
if (!haveShared) console.warn(`[enrichment.test] skipping end-to-end R comparison: ${genesetDir} not found`);

const relDiff = (a: number, b: number): number => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)));
const genes = (prefix: string, count: number): string[] => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

// 7 sets over a 60-gene universe: two too small to test (but their genes still count in N), one too large for maxSize 30.
const gmt = [
  `SMALL\t\tA1\tA2\tA3\tX1`, // 4 genes: not tested, X1 only appears here
  `A_SET\tdesc\t${genes('A', 10).join('\t')}`,
  `B_SET\t\t${genes('B', 8).join('\t')}\tA1`,
  `C_SET\t\t${genes('C', 12).join('\t')}`,
  `BIG\t\t${genes('D', 31).join('\t')}`,
  `EDGE5\t\tA1\tA2\tB1\tC1\tD1`,
  `TINY\t\tC1`,
].join('\n');
const lib = prepareLibrary(parseGmt(gmt), { name: 'toy', source: 'hand-made', date: '2024-01-01' }, { maxSize: 30 });

describe('prepareLibrary', () => {
  it('counts the universe over all sets and tests only sizes within [min, max]', () => {
    expect(lib.N).toBe(10 + 8 + 12 + 31 + 1); // A, B, C, D genes + X1
    expect(lib.setCount).toBe(7);
    expect(lib.testedCount).toBe(4); // A_SET, B_SET, C_SET, EDGE5
    expect(lib.setIds).toEqual(['A_SET', 'B_SET', 'C_SET', 'EDGE5']);
    expect(lib.minSize).toBe(5);
    expect(lib.maxSize).toBe(30);
    expect(lib.source).toBe('hand-made');
  });
  it('defaults to 5..2000', () => {
    const d = prepareLibrary(parseGmt(gmt), { name: 'toy' });
    expect([d.minSize, d.maxSize, d.testedCount]).toEqual([5, 2000, 5]);
    expect(d.source).toBeUndefined();
  });
});

describe('enrich on a hand-made library', () => {
  const panel = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'B1', 'A1', 'NOPE', 'a2', 'NOPE', 'X1'];
  const res = enrich(panel, lib);

  it('dedupes the panel, matches case-sensitively and reports genes outside the universe', () => {
    expect(res.n).toBe(8); // A1..A6, B1, X1
    expect(res.notInLibrary).toEqual(['NOPE', 'a2']);
    expect(res.N).toBe(62);
    expect(res.tested).toBe(4);
    expect(res.library).toBe('toy');
  });

  it('reports only sets with k >= 1, sorted by p (ties in library order), with alphabetical overlap genes', () => {
    expect(res.rows.map((r) => r.id)).toEqual(['A_SET', 'EDGE5', 'B_SET']);
    const a = res.rows[0];
    expect(a).toMatchObject({ k: 6, K: 10, n: 8, N: 62, overlapGenes: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'] });
    expect(res.rows[1]?.overlapGenes).toEqual(['A1', 'A2', 'B1']);
    expect(res.rows[2]?.overlapGenes).toEqual(['A1', 'B1']);
    for (let i = 1; i < res.rows.length; i++) expect(res.rows[i]?.p).toBeGreaterThanOrEqual(res.rows[i - 1]?.p as number);
  });

  it('uses the hypergeometric tail and BH with m = all tested sets (k = 0 included)', () => {
    const ps = res.rows.map((r) => hypergeomUpperTail(r.k, r.K, r.n, r.N));
    expect(res.rows.map((r) => r.p)).toEqual(ps);
    const q = bhAdjust([...ps, 1]); // C_SET is tested with k = 0
    expect(res.rows.map((r) => r.q)).toEqual(q.slice(0, 3));
    expect(res.rows.map((r) => r.q)).not.toEqual(bhAdjust(ps)); // m = 3 would be wrong
  });

  it('flags significance with a configurable q threshold', () => {
    expect(res.rows.map((r) => r.significant)).toEqual(res.rows.map((r) => r.q <= 0.05));
    const strict = enrich(panel, lib, { qThreshold: 0 });
    expect(strict.rows.every((r) => !r.significant)).toBe(true);
    const loose = enrich(panel, lib, { qThreshold: 1 });
    expect(loose.rows.every((r) => r.significant)).toBe(true);
  });

  it('enrichScores carries the same numbers as the rows, in report order', () => {
    const sc = enrichScores(panel, lib);
    expect(Array.from(sc.sets)).toEqual([0, 3, 1]); // tested-set indices of A_SET, EDGE5, B_SET
    expect(Array.from(sc.sets).map((s) => lib.setIds[s])).toEqual(res.rows.map((r) => r.id));
    expect(Array.from(sc.panelIds)).toEqual([...sc.panelIds].sort((a, b) => a - b));
    expect(Array.from(sc.k)).toEqual(res.rows.map((r) => r.k));
    expect(Array.from(sc.p)).toEqual(res.rows.map((r) => r.p));
    expect(Array.from(sc.q)).toEqual(res.rows.map((r) => r.q));
  });

  it('p-values grouped by (k, K) equal direct evaluation for every (k, K)', () => {
    // 40 sets of sizes 5..44 over a 300-gene universe; the panel hits each with k = 1..4 several times.
    const u = genes('U', 300);
    const lines = Array.from({ length: 40 }, (_, i) => `S${i}\t\t${u.slice(i * 5, i * 5 + 5 + i).join('\t')}`);
    const big = prepareLibrary(parseGmt(lines.join('\n')), { name: 'memo' });
    const r = enrich(u.filter((_, i) => i % 3 === 0), big);
    expect(r.rows.length).toBeGreaterThan(30);
    for (const row of r.rows) expect(row.p).toBe(hypergeomUpperTail(row.k, row.K, row.n, row.N));
  });

  it('returns no rows when no panel gene is in the library', () => {
    const none = enrich(['ZZZ'], lib);
    expect(none).toEqual({ library: 'toy', N: 62, n: 0, tested: 4, withOverlap: 0, notInLibrary: ['ZZZ'], rows: [] });
    expect(enrich([], lib).rows).toEqual([]);
  });

  it('applies BH per library in enrichMany', () => {
    const other = prepareLibrary(parseGmt(`ONLY\t\t${genes('A', 10).join('\t')}`), { name: 'one' });
    const many = enrichMany(panel, [lib, other]);
    expect(many[0]).toEqual(res);
    expect(many[1]).toEqual(enrich(panel, other));
    expect(many[1]?.rows[0]?.q).toBe(many[1]?.rows[0]?.p); // m = 1
  });
});

// A small deterministic PRNG so the random libraries are the same on every run.
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

/** A random library over a `universe`-gene alphabet: many sets share (k, K), some p tie exactly. */
function randomLibrary(seed: number, sets: number, universe: number) {
  const rnd = lcg(seed);
  const u = genes('G', universe);
  const lines = Array.from({ length: sets }, (_, i) => {
    const size = 3 + Math.floor(rnd() ** 2 * Math.min(60, universe - 3));
    const members = new Set<string>();
    while (members.size < size) members.add(u[Math.floor(rnd() * universe)] as string);
    return `S${i}\t\t${[...members].join('\t')}`;
  });
  const panel = u.filter(() => rnd() < 0.3);
  return { lib: prepareLibrary(parseGmt(lines.join('\n')), { name: `random-${seed}` }), panel, parsed: parseGmt(lines.join('\n')) };
}

/** The textbook computation, set by set: k by set intersection, p per set, BH over all tested sets. */
function reference(parsed: ReturnType<typeof parseGmt>, libN: number, panel: readonly string[], universe: ReadonlySet<string>) {
  const inLib = new Set(panel.filter((g) => universe.has(g)));
  const tested = parsed.sets.filter((s) => s.genes.length >= 5 && s.genes.length <= 2000);
  const k = tested.map((s) => s.genes.filter((g) => inLib.has(g)).length);
  const p = tested.map((s, i) => hypergeomUpperTail(k[i] as number, s.genes.length, inLib.size, libN));
  const q = bhAdjust(p);
  return tested.map((s, i) => ({ id: s.id, k: k[i] as number, K: s.genes.length, p: p[i] as number, q: q[i] as number }));
}

describe('enrich on random libraries against a set-by-set reference', () => {
  it.each([1, 2, 3, 4])('seed %i: same rows, k, K, p and q; p order with ties in library order', (seed) => {
    const { lib: l, panel, parsed } = randomLibrary(seed, 400, seed === 4 ? 70 : 600); // seed 4: tiny universe, p = 1 ties
    const universe = new Set(l.genes);
    const ref = reference(parsed, l.N, panel, universe).filter((r) => r.k > 0);
    const res = enrich(panel, l, { rows: 'all' });
    expect(res.withOverlap).toBe(ref.length);
    expect(res.rows).toHaveLength(ref.length);
    const byId = new Map(ref.map((r) => [r.id, r]));
    for (const row of res.rows) {
      const want = byId.get(row.id);
      expect([row.k, row.K]).toEqual([want?.k, want?.K]);
      expect(relDiff(row.p, want?.p as number)).toBeLessThan(1e-12);
      expect(relDiff(row.q, want?.q as number)).toBeLessThan(1e-12);
      expect(row.overlapGenes).toEqual(parsed.sets.find((s) => s.id === row.id)?.genes.filter((g) => panel.includes(g)).sort());
    }
    const position = new Map(l.setIds.map((id, i) => [id, i]));
    for (let i = 1; i < res.rows.length; i++) {
      const a = res.rows[i - 1] as EnrichmentRow;
      const b = res.rows[i] as EnrichmentRow;
      expect(b.p).toBeGreaterThanOrEqual(a.p);
      if (a.p === b.p) expect(position.get(b.id) as number).toBeGreaterThan(position.get(a.id) as number);
    }
  });

  it('keeps library order among exact p ties of different (k, K)', () => {
    // Panel = G1..G35 of a 40-gene universe. A set holding all five non-panel genes has k = K - 5, the
    // support minimum, so p = 1 exactly whatever its size: four such sets with four different (k, K).
    const u = genes('G', 40);
    const out = u.slice(35);
    const lines = [
      `T1\t\t${[...u.slice(0, 7), ...out].join('\t')}`,
      `LOW\t\t${u.slice(0, 30).join('\t')}`,
      `T2\t\t${[...u.slice(3, 7), ...out].join('\t')}`,
      `T3\t\t${[...u.slice(10, 20), ...out].join('\t')}`,
      `MID\t\t${[...u.slice(0, 3), ...u.slice(36, 39)].join('\t')}`,
      `T4\t\t${[...u.slice(20, 25), ...out].join('\t')}`,
    ];
    const l = prepareLibrary(parseGmt(lines.join('\n')), { name: 'ties' });
    const rows = enrich(u.slice(0, 35), l).rows;
    expect(rows.map((r) => r.id)).toEqual(['LOW', 'MID', 'T1', 'T2', 'T3', 'T4']);
    expect(rows.slice(2).map((r) => r.p)).toEqual([1, 1, 1, 1]);
    expect(new Set(rows.slice(2).map((r) => `${r.k}/${r.K}`)).size).toBe(4);
    expect(rows.slice(2).map((r) => r.q)).toEqual([1, 1, 1, 1]);
  });
});

describe("rows: 'significant'", () => {
  it.each([
    [5, 0.05],
    [6, 0.2],
    [7, 1e-4],
    [8, 1],
  ])('seed %i, qThreshold %f: the significant prefix of the all-rows result, same numbers', (seed, qThreshold) => {
    const { lib: l, panel } = randomLibrary(seed, 500, 300);
    const all = enrich(panel, l, { qThreshold, rows: 'all' });
    const sig = enrich(panel, l, { qThreshold, rows: 'significant' });
    expect(sig.rows).toEqual(all.rows.filter((r) => r.significant));
    expect(sig.withOverlap).toBe(all.rows.length);
    expect({ ...sig, rows: [] }).toEqual({ ...all, rows: [] });
  });

  it('builds rows only for the significant sets but still counts every set with k >= 1', () => {
    const res = enrich(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'B1'], lib, { rows: 'significant' });
    const all = enrich(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'B1'], lib);
    expect(all.rows.length).toBeGreaterThan(res.rows.length);
    expect(res.rows.every((r) => r.significant)).toBe(true);
    expect(res.withOverlap).toBe(all.rows.length);
    expect(enrichMany(['A1'], [lib], { rows: 'significant', qThreshold: 0 })[0]?.rows).toEqual([]);
  });

  it('the default is every set with k >= 1', () => {
    const { lib: l, panel } = randomLibrary(9, 200, 300);
    expect(enrich(panel, l)).toEqual(enrich(panel, l, { rows: 'all' }));
  });
});

describe('a workspace shared across libraries', () => {
  it('maps a panel once for libraries prepared at different times, new symbols included', () => {
    const ws = createEnrichmentWorkspace();
    const first = prepareLibrary(parseGmt(`F\t\t${genes('F', 6).join('\t')}`), { name: 'first' }, {}, ws);
    const later = prepareLibrary(parseGmt(`L\t\t${genes('NEWSYM', 6).join('\t')}\tF1`), { name: 'later' }, {}, ws);
    expect(later.workspace).toBe(first.workspace);
    const panel = ['NEWSYM1', 'F1', 'NEWSYM2', 'NEWSYM1', 'nope'];
    const [a, b] = enrichMany(panel, [first, later]);
    expect(a).toEqual(enrich(panel, first));
    expect(b).toEqual(enrich(panel, later));
    expect(a?.notInLibrary).toEqual(['NEWSYM1', 'NEWSYM2', 'nope']);
    expect(b?.notInLibrary).toEqual(['nope']);
    expect([a?.n, b?.n]).toEqual([1, 3]);
    expect(b?.rows[0]?.overlapGenes).toEqual(['F1', 'NEWSYM1', 'NEWSYM2']);
  });

  it('libraries in separate workspaces (separate contexts) give the same answers as in one', () => {
    const parsed = [parseGmt(`F\t\t${genes('F', 6).join('\t')}`), parseGmt(`L\t\t${genes('NEWSYM', 6).join('\t')}\tF1`)];
    const ws = createEnrichmentWorkspace();
    const shared = parsed.map((p, i) => prepareLibrary(p, { name: `l${i}` }, {}, ws));
    const apart = parsed.map((p, i) => prepareLibrary(p, { name: `l${i}` }));
    expect(apart[0]?.workspace).not.toBe(apart[1]?.workspace);
    const panel = ['NEWSYM1', 'F1', 'F2', 'nope'];
    expect(enrichMany(panel, apart)).toEqual(enrichMany(panel, shared));
  });
});

describe('oddsRatio', () => {
  it('is the plain sample odds ratio when no cell is zero', () => {
    expect(oddsRatio(3, 10, 20, 100)).toBeCloseTo((3 * 73) / (17 * 7), 12);
  });
  it('adds 0.5 to every cell only when a cell is zero', () => {
    // k = K = n: cells (5, 0, 0, 95)
    expect(oddsRatio(5, 5, 5, 100)).toBeCloseTo((5.5 * 95.5) / (0.5 * 0.5), 9);
    // k = 0: cells (0, 10, 20, 70)
    expect(oddsRatio(0, 20, 10, 100)).toBeCloseTo((0.5 * 70.5) / (10.5 * 20.5), 12);
    expect(Number.isFinite(oddsRatio(10, 10, 10, 10))).toBe(true);
  });
});

describe('setLink', () => {
  it.each([
    [{ id: 'R-HSA-164843', name: '2-LTR-circle-formation', description: 'R-HSA-164843' }, 'https://reactome.org/content/detail/R-HSA-164843'],
    [{ id: 'GO:0006103', name: '2-oxoglutarate metabolic process (GO:0006103)', description: '' }, 'https://amigo.geneontology.org/amigo/term/GO:0006103'],
    [{ id: 'GO:0000002', name: 'mitochondrial genome maintenance', description: 'mitochondrial genome maintenance' }, 'https://amigo.geneontology.org/amigo/term/GO:0000002'],
    [{ id: 'HALLMARK_APOPTOSIS', name: 'HALLMARK_APOPTOSIS', description: '' }, 'https://www.gsea-msigdb.org/gsea/msigdb/cards/HALLMARK_APOPTOSIS'],
    [{ id: 'REACTOME_X', name: 'REACTOME_X', description: 'http://www.broadinstitute.org/gsea/msigdb/cards/REACTOME_X' }, 'https://www.gsea-msigdb.org/gsea/msigdb/cards/REACTOME_X'],
    [{ id: 'my set', name: 'my set', description: 'whatever' }, undefined],
  ])('%o', (set, link) => {
    expect(setLink(set)).toBe(link);
  });
  it('is attached to rows when known and absent otherwise', () => {
    const l = prepareLibrary(parseGmt(`P\tR-HSA-1\t${genes('G', 6).join('\t')}\nplain\t\t${genes('G', 5).join('\t')}`), { name: 'x' });
    const rows = enrich(['G1'], l).rows;
    expect(rows.find((r) => r.id === 'R-HSA-1')?.link).toBe('https://reactome.org/content/detail/R-HSA-1');
    expect(rows.find((r) => r.id === 'plain')?.link).toBeUndefined();
    expect(JSON.stringify(rows.find((r) => r.id === 'plain'))).not.toContain('link');
  });
});

interface RLib { file: string; N: number; n: number; m: number; notInLibrary: string[]; rows: { id: string; k: number; K: number; p: number; q: number }[] }
interface RE2e { panel: string[]; libraries: RLib[] }

describe.skipIf(!haveShared)('end-to-end against R (test/fixtures/r-reference/enrichment-e2e.R)', () => {
  const ref = JSON.parse(readFileSync(path.join(repoRoot, 'test/fixtures/r-reference/enrichment-e2e.json'), 'utf8')) as RE2e;
  const read = (file: string) => parseGmt(readFileSync(path.join(genesetDir, file), 'utf8'));

  it('derives the same 50-gene panel as the R script', () => {
    const hallmark = read('msigdb_hallmark_v7.0_symbols.gmt').sets;
    const first = (id: string, count: number) => (hallmark.find((s) => s.id === id)?.genes ?? []).slice(0, count);
    const panel = [...new Set([...first('HALLMARK_TNFA_SIGNALING_VIA_NFKB', 30), ...first('HALLMARK_OXIDATIVE_PHOSPHORYLATION', 20)])];
    expect(panel).toHaveLength(50);
    expect(panel).toEqual(ref.panel);
  });

  it.each(ref.libraries.map((l) => [l.file, l] as const))('%s: same sets, k, K, N, n, m; p and q within 1e-9', (file, r) => {
    const res = enrich(ref.panel, prepareLibrary(read(file), { name: file }));
    expect([res.N, res.n, res.tested]).toEqual([r.N, r.n, r.m]);
    expect(res.notInLibrary).toEqual(r.notInLibrary);
    expect(res.rows).toHaveLength(r.rows.length);
    const byId = new Map(res.rows.map((row) => [row.id, row]));
    let maxP = 0;
    let maxQ = 0;
    for (const want of r.rows) {
      const got = byId.get(want.id);
      expect(got, want.id).toBeDefined();
      expect([got?.k, got?.K]).toEqual([want.k, want.K]);
      maxP = Math.max(maxP, relDiff(got?.p as number, want.p));
      maxQ = Math.max(maxQ, relDiff(got?.q as number, want.q));
    }
    expect(maxP).toBeLessThan(1e-9);
    expect(maxQ).toBeLessThan(1e-9);
    expect(res.rows.some((row) => row.significant)).toBe(true);
  });
});
