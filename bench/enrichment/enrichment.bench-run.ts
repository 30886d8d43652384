// Enrichment benchmark: our engine vs R (phyper + p.adjust) on the 7 shared GMT libraries.
// Run: npx vitest run --config bench/vitest.bench.config.ts bench/enrichment
// Prints a table and writes bench/enrichment/last-run.json. See bench/enrichment/README.md.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseGmt, type ParsedGmt } from '../../src/analysis/gmt.js';
import { enrichMany, enrichScores } from '../../src/analysis/enrichment.js';
import { prepareLibrary, type PreparedLibrary } from '../../src/analysis/enrichment-library.js';
import { createEnrichmentWorkspace } from '../../src/analysis/enrichment-workspace.js';
import { mulberry32 } from '../support/prng.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const genesetDir = path.join(path.resolve(repoRoot, '../shared'), 'genesets');
const haveShared = existsSync(genesetDir);
const haveR = spawnSync('Rscript', ['--version']).status === 0;
if (!haveShared) console.warn(`[bench] skipping: ${genesetDir} not found`);
if (haveShared && !haveR) console.warn('[bench] Rscript not found: R comparison skipped (apt-get install -y r-base-core)');

const PANEL_SIZE = 500;
const SEED = 20240601;
const RUNS = 31;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};
function time(fn: () => void, runs: number, warmup = 5): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * Panel rule: the genes of HALLMARK_E2F_TARGETS then HALLMARK_G2M_CHECKPOINT in file order, distinct, up to
 * 250 (a real signal, so tiny p-values are exercised); then filled to 500 with draws by mulberry32(20240601)
 * from the union of all genes of the 7 libraries sorted by code unit, skipping repeats.
 */
function makePanel(parsed: Map<string, ParsedGmt>): string[] {
  const hallmark = parsed.get('msigdb_hallmark_v7.0_symbols.gmt')?.sets ?? [];
  const panel = new Set<string>();
  for (const id of ['HALLMARK_E2F_TARGETS', 'HALLMARK_G2M_CHECKPOINT']) {
    for (const g of hallmark.find((s) => s.id === id)?.genes ?? []) if (panel.size < 250) panel.add(g);
  }
  const union = [...new Set([...parsed.values()].flatMap((p) => p.sets.flatMap((s) => s.genes)))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const rnd = mulberry32(SEED);
  while (panel.size < PANEL_SIZE) panel.add(union[Math.floor(rnd() * union.length)] as string);
  return [...panel];
}

describe.skipIf(!haveShared)('enrichment benchmark', () => {
  it('times the engine and compares with R', () => {
    const files = readdirSync(genesetDir).filter((f) => f.endsWith('.gmt')).sort();
    const parsed = new Map<string, ParsedGmt>();
    const libs: PreparedLibrary[] = [];
    // One workspace for all libraries, as the gene-set service of a context does.
    const workspace = createEnrichmentWorkspace();
    const loadRows: { file: string; sets: number; tested: number; N: number; parseMs: number; prepareMs: number }[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(genesetDir, file), 'utf8');
      const parseMs = median(time(() => parsed.set(file, parseGmt(text)), 3, 1));
      const p = parsed.get(file) as ParsedGmt;
      let lib: PreparedLibrary | undefined;
      const prepareMs = median(time(() => (lib = prepareLibrary(p, { name: file }, {}, workspace)), 3, 1));
      libs.push(lib as PreparedLibrary);
      loadRows.push({ file, sets: p.sets.length, tested: lib!.testedCount, N: lib!.N, parseMs, prepareMs });
    }
    const panel = makePanel(parsed);
    expect(panel).toHaveLength(PANEL_SIZE);

    // Medians are the headline; minima are kept because other processes on a shared machine inflate medians.
    // Three forms of the query: the rows callers need by default (significant sets: svc_generate_insights,
    // `biointel enrich`), every set with k >= 1 (`enrich --all`, target briefs), and the numeric core.
    const significantTimes = time(() => enrichMany(panel, libs, { rows: 'significant' }), RUNS);
    const allRowsTimes = time(() => enrichMany(panel, libs, { rows: 'all' }), RUNS);
    const scoreTimes = time(() => libs.forEach((l) => enrichScores(panel, l)), RUNS);
    const oursEnrich = median(significantTimes);
    const oursAllRows = median(allRowsTimes);
    const oursScores = median(scoreTimes);
    const perLib = libs.map((l) => median(time(() => enrichMany(panel, [l], { rows: 'significant' }), RUNS)));
    const results = enrichMany(panel, libs, { rows: 'significant' });
    const oursLoad = loadRows.reduce((a, r) => a + r.parseMs + r.prepareMs, 0);

    const report: Record<string, unknown> = {
      date: new Date().toISOString(),
      machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.release()}` },
      panel: { size: panel.length, seed: SEED, rule: 'E2F_TARGETS+G2M_CHECKPOINT (first 250 distinct) + mulberry32 fill from sorted union' },
      libraries: loadRows.map((r, i) => ({ ...r, n: results[i]?.n, hits: results[i]?.withOverlap, significant: results[i]?.rows.length, queryMs: perLib[i] })),
      ours: {
        enrichManySignificantMedianMs: oursEnrich,
        enrichManyAllRowsMedianMs: oursAllRows,
        enrichScoresMedianMs: oursScores,
        enrichManySignificantMinMs: Math.min(...significantTimes),
        enrichManyAllRowsMinMs: Math.min(...allRowsTimes),
        enrichScoresMinMs: Math.min(...scoreTimes),
        runs: RUNS,
        parseAndPrepareMs: oursLoad,
      },
    };
    const table: Record<string, { ours: string; R: string; ratio: string }> = {}; // filled when R ran

    if (!haveR) {
      console.warn('[bench] Rscript not installed: R comparison skipped');
    } else {
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'biointel-bench-'));
      try {
        for (const f of files) copyFileSync(path.join(genesetDir, f), path.join(tmp, f));
        writeFileSync(path.join(tmp, 'panel.txt'), `${panel.join('\n')}\n`);
        const t0 = performance.now();
        const r = spawnSync('Rscript', [path.join(here, 'enrich.R'), tmp, tmp, '21'], { encoding: 'utf8' });
        const rWallMs = performance.now() - t0;
        if (r.status !== 0) throw new Error(`Rscript failed: ${r.stderr}`);
        const timing = JSON.parse(readFileSync(path.join(tmp, 'timing.json'), 'utf8')) as Record<string, number | string>;
        const lines = readFileSync(path.join(tmp, 'results.tsv'), 'utf8').trim().split('\n').slice(1);

        // Compare set by set in tested order (both sides keep sets of size 5..2000 in file order).
        let maxP = 0;
        let maxQ = 0;
        let compared = 0;
        let rZero = 0;
        let mismatch = 0;
        const byLib = new Map<string, string[][]>();
        for (const l of lines) {
          const f = l.split('\t');
          const list = byLib.get(f[0] as string) ?? [];
          list.push(f);
          byLib.set(f[0] as string, list);
        }
        libs.forEach((lib, li) => {
          const rows = byLib.get(lib.name) ?? [];
          if (rows.length !== lib.testedCount) mismatch++;
          const sc = enrichScores(panel, lib);
          const at = new Map<number, number>();
          sc.sets.forEach((s, h) => at.set(s, h));
          rows.forEach((f, s) => {
            const [, id, k, , n, N, pStr, qStr] = f as [string, string, string, string, string, string, string, string];
            const rp = Number(pStr);
            const rq = Number(qStr);
            const h = at.get(s);
            const ok = id === lib.setIds[s] && Number(n) === sc.n && Number(N) === lib.N;
            const ourK = h === undefined ? 0 : (sc.k[h] as number);
            if (!ok || ourK !== Number(k)) mismatch++;
            if (h === undefined) {
              if (rp !== 1 || rq !== 1) mismatch++;
              return;
            }
            if (rp === 0) {
              rZero++;
              return;
            }
            compared++;
            maxP = Math.max(maxP, Math.abs((sc.p[h] as number) - rp) / rp);
            maxQ = Math.max(maxQ, Math.abs((sc.q[h] as number) - rq) / rq);
          });
          // The rows callers get ('significant': only p <= qThreshold is ranked) must carry R's p and q too.
          const byId = new Map(rows.map((f) => [f[1] as string, f]));
          const rSignificant = rows.filter((f) => Number(f[2]) > 0 && Number(f[7]) <= 0.05).length;
          if (rSignificant !== results[li]?.rows.length) mismatch++;
          for (const row of results[li]?.rows ?? []) {
            const f = byId.get(row.id);
            if (f === undefined || Number(f[2]) !== row.k || Number(f[3]) !== row.K) {
              mismatch++;
              continue;
            }
            const rp = Number(f[6]);
            const rq = Number(f[7]);
            if (rp === 0) continue;
            maxP = Math.max(maxP, Math.abs(row.p - rp) / rp);
            maxQ = Math.max(maxQ, Math.abs(row.q - rq) / rq);
          }
        });
        const rFull = (timing.fullQueryMedianSec as number) * 1000;
        const rStats = (timing.statsOnlyMedianSec as number) * 1000;
        const rNaive = (timing.naiveMedianSec as number) * 1000;
        report.r = {
          version: timing.rVersion,
          fullQueryMedianMs: rFull,
          statsOnlyMedianMs: rStats,
          naiveMedianMs: rNaive,
          fullQueryMinMs: (timing.fullQueryMinSec as number) * 1000,
          statsOnlyMinMs: (timing.statsOnlyMinSec as number) * 1000,
          parseAndPrepareMs: (timing.prepareSec as number) * 1000,
          rTotalMs: (timing.totalSec as number) * 1000,
          wallMsIncludingStartup: rWallMs,
        };
        const rFullMin = (timing.fullQueryMinSec as number) * 1000;
        report.comparison = {
          speedupVsRFullQuery: rFull / oursEnrich,
          speedupVsRFullQueryMinima: rFullMin / Math.min(...significantTimes),
          speedupVsRStatsOnly: rStats / oursEnrich,
          speedupVsRNaive: rNaive / oursEnrich,
          allRowsSpeedupVsRFullQuery: rFull / oursAllRows,
          scoresSpeedupVsRFullQuery: rFull / oursScores,
          scoresSpeedupVsRFullQueryMinima: rFullMin / Math.min(...scoreTimes),
          scoresSpeedupVsRStatsOnly: rStats / oursScores,
          maxRelDiffP: maxP,
          maxRelDiffQ: maxQ,
          setsCompared: compared,
          setsWithRPZero: rZero,
          mismatches: mismatch,
          parseAndPrepareSpeedupVsR: ((timing.prepareSec as number) * 1000) / oursLoad,
        };
        const f = (x: number) => x.toFixed(2);
        const row = (ours: number, r: number) => ({ ours: f(ours), R: f(r), ratio: `${(r / ours).toFixed(1)}x` });
        table["query: enrichMany rows 'significant' vs R vectorised full query, ms"] = row(oursEnrich, rFull);
        table["query: enrichMany rows 'all' vs R vectorised full query, ms"] = row(oursAllRows, rFull);
        table['query: enrichScores (numeric) vs R vectorised full query, ms'] = row(oursScores, rFull);
        table["query: enrichMany 'significant' vs R phyper + p.adjust only, ms"] = row(oursEnrich, rStats);
        table["query: enrichMany 'significant' vs R per-set %in% idiom, ms"] = row(oursEnrich, rNaive);
        table["query, minima: enrichMany 'significant' vs R vectorised full query, ms"] = row(Math.min(...significantTimes), rFullMin);
        table['query, minima: enrichScores vs R vectorised full query, ms'] = row(Math.min(...scoreTimes), rFullMin);
        table["query, minima: enrichMany 'significant' vs R phyper + p.adjust only, ms"] = row(Math.min(...significantTimes), (timing.statsOnlyMinSec as number) * 1000);
        table['parse + prepare all 7 GMT, ms'] = row(oursLoad, (timing.prepareSec as number) * 1000);
        table[`max rel diff vs R in p, over ${compared} sets with R p > 0 (+ the significant rows)`] = { ours: maxP.toExponential(2), R: '-', ratio: '-' };
        table[`max rel diff vs R in q, over ${compared} sets with R p > 0 (+ the significant rows)`] = { ours: maxQ.toExponential(2), R: '-', ratio: '-' };
        expect(mismatch).toBe(0);
        expect(maxP).toBeLessThan(1e-9);
        expect(maxQ).toBeLessThan(1e-9);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    }
    writeFileSync(path.join(here, 'last-run.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.table(table);
    console.log(JSON.stringify(report, null, 2));
  });
});
