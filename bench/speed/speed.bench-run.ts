// Issue 12's table, every row but HTTP (bench/http) in one run, each beside its reference:
//   insights 500 / 50 / 4 genes, cold, every upstream answer held 300 ms (and 500 genes at 500 ms),
//     beside the critical path (dependent rounds x delay);
//   `biointel --help` and the stdio server answering tools/list, beside `node -e 0`;
//   `biointel enrich` 500 genes x 7 GMT files, beside a minimal R script (bench/enrichment/enrich-min.R);
//   `biointel snapshots search --disease breast` over 100,000 snapshots, beside sqlite3 scanning the rows.
// Medians with min-max; writes bench/speed/last-run.json. See bench/speed/README.md.
// Run: npx vitest run --config bench/vitest.bench.config.ts bench/speed
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/support/context.js';
import { startFakeUpstream } from '../../test/support/fake-upstream.js';
import { BREAST_LITERATURE, mountFakeWorld, worldPanel } from '../../test/support/fake-world.js';
import { SHARED_DIR } from '../../test/support/shared.js';
import { installData } from '../support/data-dir.js';
import { coldRun, roundsOf, type InsightsRun } from './insights.js';
import { alternate, round, show, summary, timeProcess } from './measure.js';
import { mulberry32 } from '../support/prng.js';
import { seedSnapshots } from './seed-snapshots.js';
import { stdioToolsList } from './stdio.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const BIN = path.join(root, 'bin', 'biointel.js');
const genesets = path.join(SHARED_DIR, 'genesets');
const haveShared = existsSync(path.join(SHARED_DIR, 'fixtures'));
const haveR = spawnSync('Rscript', ['--version']).status === 0;
const haveSqlite = spawnSync('sqlite3', ['--version']).status === 0;
const RUNS = { insights: Number(process.env.SPEED_INSIGHTS_RUNS ?? 3), start: 15, process: 7 };
if (!haveShared) process.stderr.write(`[bench] skipping speed: ${SHARED_DIR} not found\n`);

// SPEED_NODE measures the process rows with another Node (e.g. Node 22 from .ci/conformance).
const node = process.env.SPEED_NODE ?? process.execPath;
const medianOf = (runs: readonly InsightsRun[], f: (r: InsightsRun) => number) => summary(runs.map(f));

describe.skipIf(!haveShared)('speed benchmark (issue 12)', () => {
  it('measures every row beside its reference', async () => {
    const build = spawnSync('npx', ['tsup', '--silent'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
    const table: { row: string; ours: string; reference: string; ratio: string; goal: string; met: boolean | null }[] = [];
    const out: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model, loadAverage: os.loadavg().map((x) => round(x, 2)) };

    // ---------------------------------------------------------------- insights
    const fake = await startFakeUpstream();
    const big = worldPanel(500);
    mountFakeWorld(fake, { ...BREAST_LITERATURE, extraGenes: big.extraGenes });
    const installed = await installData(fake);
    const panels = { 4: big.genes.slice(0, 4), 50: big.genes.slice(0, 50), 500: big.genes };
    const insights: Record<string, unknown> = {};
    for (const size of [500, 50, 4] as const) {
      const rounds = await roundsOf(fake, panels[size], installed);
      const runs: InsightsRun[] = [];
      for (let i = 0; i < RUNS.insights; i++) runs.push(await coldRun(fake, panels[size], 300, installed));
      const wall = medianOf(runs, (r) => r.ms);
      const critical = rounds.length * 300;
      insights[`genes${size}`] = { delayMs: 300, wallMs: wall, requests: medianOf(runs, (r) => r.requests), waves: medianOf(runs, (r) => r.waves), rounds, criticalPathMs: critical, bySource: runs[0]?.bySource, failed: runs.flatMap((r) => r.failedSources), late: runs.flatMap((r) => r.lateSources) };
      const goal = size === 500 ? 'wall <= 15 s, <= 150 requests' : size === 50 ? 'wall <= 4 s' : 'wall / critical path <= 2x';
      const met = size === 500 ? wall.median <= 15_000 && medianOf(runs, (r) => r.requests).median <= 150 : size === 50 ? wall.median <= 4_000 : wall.median / critical <= 2;
      table.push({
        row: `insights, ${size} genes, cold, answers 300 ms: wall; requests; rounds; waves`,
        ours: `${show(wall, 's')}; ${medianOf(runs, (r) => r.requests).median} req; ${rounds.length} rounds; ${medianOf(runs, (r) => r.waves).median} waves`,
        reference: `critical path ${rounds.length} x 300 ms = ${(critical / 1000).toFixed(1)} s`,
        ratio: `${(wall.median / critical).toFixed(1)}x`,
        goal,
        met,
      });
    }
    const firstRun = await coldRun(fake, panels[4], 300, undefined);
    insights.genes4FirstRun = { note: 'empty data directory: the HGNC table and the libraries are downloaded in this run', wallMs: round(firstRun.ms), requests: firstRun.requests };
    const slow = await coldRun(fake, panels[500], 500, installed);
    insights.genes500Slow = { delayMs: 500, wallMs: round(slow.ms), requests: slow.requests, failed: slow.failedSources, late: slow.lateSources, genes: slow.genes };
    table.push({
      row: 'insights, 500 genes, answers 500 ms: completes, sources lost',
      ours: `${(slow.ms / 1000).toFixed(1)} s, ${slow.genes} genes analysed; failed/partial: ${slow.failedSources.length ? slow.failedSources.map((s) => s.split(':')[0]).join(', ') : 'none'}; late: ${slow.lateSources.join(', ') || 'none'}`,
      reference: '-',
      ratio: '-',
      goal: 'completes, no source lost to queueing',
      met: slow.genes === 500 && slow.lateSources.length === 0 && !slow.failedSources.some((s) => /queued|deadline|no response/.test(s)),
    });
    out.insights = insights;
    await fake.close();

    // ---------------------------------------------------------------- start-up
    const dataDir = tempDir('biointel-bench-start-');
    const env = { ...process.env, BIOINTEL_DATA_DIR: dataDir, BIOINTEL_NLI: 'off', BIOINTEL_NLI_AUTO_DOWNLOAD: '0', NO_COLOR: '1' };
    const start = await alternate(RUNS.start, () => timeProcess(node, [BIN, '--help'], env), () => timeProcess(node, ['-e', '0'], env));
    const help = summary(start.a.map((r) => r.wallMs));
    const bare = summary(start.b.map((r) => r.wallMs));
    const helpCpu = summary(start.a.map((r) => r.cpuMs ?? Number.NaN));
    const bareCpu = summary(start.b.map((r) => r.cpuMs ?? Number.NaN));
    const list = await alternate(RUNS.process, () => stdioToolsList(BIN, env, node), () => timeProcess(node, ['-e', '0'], env));
    const toolsList = summary(list.a.map((r) => r.ms));
    const bare2 = summary(list.b.map((r) => r.wallMs));
    // A new user's defaults: NLI on, no model yet, automatic download on (its hub a closed local
    // port, so nothing leaves the machine): the download must not hold the first answer back.
    const fresh: NodeJS.ProcessEnv = { ...process.env, BIOINTEL_DATA_DIR: tempDir('biointel-bench-fresh-'), BIOINTEL_NLI_REMOTE_HOST: 'http://127.0.0.1:9/', NO_COLOR: '1' };
    delete fresh.BIOINTEL_NLI;
    delete fresh.BIOINTEL_NLI_AUTO_DOWNLOAD;
    const listFresh = await alternate(RUNS.process, () => stdioToolsList(BIN, fresh, node), () => timeProcess(node, ['-e', '0'], fresh));
    const toolsListFresh = summary(listFresh.a.map((r) => r.ms));
    const bare3 = summary(listFresh.b.map((r) => r.wallMs));
    out.start = { node, help, helpCpu, nodeE0: bare, nodeE0Cpu: bareCpu, toolsList, nodeE0Again: bare2, toolsListNewUser: toolsListFresh, nodeE0Third: bare3, tools: list.a[0]?.tools };
    table.push({ row: '`biointel --help`, whole process', ours: `${show(help)} (CPU ${show(helpCpu)})`, reference: `node -e 0: ${show(bare)} (CPU ${show(bareCpu)})`, ratio: `+${Math.round(help.median - bare.median)} ms (CPU +${Math.round(helpCpu.median - bareCpu.median)} ms)`, goal: '<= 150 ms (node: 75 ms)', met: help.median - bare.median <= 75 });
    table.push({ row: 'stdio server: start to tools/list answer', ours: show(toolsList), reference: `node -e 0: ${show(bare2)}`, ratio: `+${Math.round(toolsList.median - bare2.median)} ms`, goal: '<= 250 ms (node: 75 ms)', met: toolsList.median - bare2.median <= 175 });
    table.push({ row: 'stdio server, new user (no model, auto-download on): start to tools/list answer', ours: show(toolsListFresh), reference: `node -e 0: ${show(bare3)}`, ratio: `+${Math.round(toolsListFresh.median - bare3.median)} ms`, goal: '<= 250 ms (node: 75 ms)', met: toolsListFresh.median - bare3.median <= 175 });

    // ---------------------------------------------------------------- enrich vs R
    const gmts = readdirSync(genesets).filter((f) => f.endsWith('.gmt')).sort();
    const panel = enrichmentPanel(gmts.map((f) => path.join(genesets, f)));
    const rDir = mkdtempSync(path.join(os.tmpdir(), 'biointel-bench-r-'));
    for (const f of gmts) copyFileSync(path.join(genesets, f), path.join(rDir, f));
    writeFileSync(path.join(rDir, 'panel.txt'), `${panel.join('\n')}\n`);
    const enrichDir = tempDir('biointel-bench-enrich-');
    const enrichArgs = [BIN, 'enrich', '--data-dir', enrichDir, '--genes', panel.join(','), '--gene-sets', gmts.map((f) => path.join(genesets, f)).join(','), '--json'];
    const first = await timeProcess(node, enrichArgs, env); // prepares and saves the indexes
    const firstReport = JSON.parse(first.stdout) as { libraries: { preparedFrom: string; significant: number }[] };
    const enrich = await alternate(
      RUNS.process,
      () => timeProcess(node, enrichArgs, env),
      () => (haveR ? timeProcess('Rscript', [path.join(root, 'bench', 'enrichment', 'enrich-min.R'), rDir], env) : Promise.resolve(undefined)),
    );
    const ours = summary(enrich.a.map((r) => r.wallMs));
    const oursCpu = summary(enrich.a.map((r) => r.cpuMs ?? Number.NaN));
    const lastReport = JSON.parse(enrich.a[0]!.stdout) as { libraries: { preparedFrom: string; significant: number }[] };
    expect(lastReport.libraries.every((l) => l.preparedFrom === 'index')).toBe(true);
    const rRuns = enrich.b.filter((x): x is NonNullable<typeof x> => x !== undefined);
    const r = rRuns.length ? summary(rRuns.map((x) => x.wallMs)) : undefined;
    const rCpu = rRuns.length ? summary(rRuns.map((x) => x.cpuMs ?? Number.NaN)) : undefined;
    const rSignificant = rRuns[0] ? rRuns[0].stdout.trim().split('\n').length - 1 : null;
    const oursSignificant = lastReport.libraries.reduce((s, l) => s + l.significant, 0);
    out.enrich = { panel: panel.length, libraries: gmts.length, firstRunMs: round(first.wallMs), firstRunPreparedFrom: firstReport.libraries.map((l) => l.preparedFrom), ours, oursCpu, r, rCpu, significant: { ours: oursSignificant, r: rSignificant } };
    table.push({
      row: `\`biointel enrich\`, ${panel.length} genes x ${gmts.length} GMT, whole process (indexes on disk)`,
      ours: `${show(ours)} (CPU ${show(oursCpu)})`,
      reference: r && rCpu ? `R: ${show(r)} (CPU ${show(rCpu)})` : 'R not installed',
      ratio: r ? `R / ours = ${(r.median / ours.median).toFixed(1)}x (CPU ${(rCpu!.median / oursCpu.median).toFixed(1)}x)` : '-',
      goal: '>= 3x faster than R',
      met: r ? r.median / ours.median >= 3 : null,
    });

    // ---------------------------------------------------------------- snapshot search vs sqlite3
    const seeded = await seedSnapshots(100_000, path.join(genesets, 'msigdb_hallmark_v7.0_symbols.gmt'));
    const searchEnv = { ...env, BIOINTEL_DATA_DIR: seeded.dataDir };
    const searchArgs = [BIN, 'snapshots', 'search', '--disease', 'breast', '--json'];
    const firstSearch = await timeProcess(node, searchArgs, searchEnv); // reads the table, writes the index file
    const firstTotal = (JSON.parse(firstSearch.stdout) as { total: number }).total;
    expect(firstTotal).toBe(seeded.breast);
    const sql = "SELECT count(*) FROM snapshot_index WHERE lower(value) LIKE '%\"diseasecontext\":\"%breast%'; SELECT key FROM snapshot_index WHERE lower(json_extract(value, '$.value.diseaseContext')) LIKE '%breast%' ORDER BY json_extract(value, '$.value.createdAt') DESC LIMIT 10;";
    const search = await alternate(
      RUNS.process,
      () => timeProcess(node, searchArgs, searchEnv),
      () => (haveSqlite ? timeProcess('sqlite3', [seeded.sqliteFile, sql], searchEnv) : Promise.resolve(undefined)),
    );
    for (const run of search.a) expect((JSON.parse(run.stdout) as { total: number }).total).toBe(seeded.breast);
    const oursSearch = summary(search.a.map((x) => x.wallMs));
    const oursSearchCpu = summary(search.a.map((x) => x.cpuMs ?? Number.NaN));
    const sqliteRuns = search.b.filter((x): x is NonNullable<typeof x> => x !== undefined);
    const sqlite = sqliteRuns.length ? summary(sqliteRuns.map((x) => x.wallMs)) : undefined;
    const sqliteCpu = sqliteRuns.length ? summary(sqliteRuns.map((x) => x.cpuMs ?? Number.NaN)) : undefined;
    out.snapshots = { count: seeded.count, breast: seeded.breast, firstSearchMs: round(firstSearch.wallMs), ours: oursSearch, oursCpu: oursSearchCpu, sqlite3: sqlite, sqlite3Cpu: sqliteCpu };
    table.push({
      row: '`biointel snapshots search --disease breast`, 100,000 snapshots, whole process',
      ours: `${show(oursSearch)} (CPU ${show(oursSearchCpu)})`,
      reference: sqlite ? `sqlite3 count + newest 10: ${show(sqlite)} (CPU ${show(sqliteCpu!)})` : 'sqlite3 not installed',
      ratio: sqlite ? `${(oursSearch.median / sqlite.median).toFixed(1)}x sqlite3` : '-',
      goal: '<= 0.3 s',
      met: oursSearch.median <= 300,
    });

    out.table = table;
    writeFileSync(path.join(here, 'last-run.json'), `${JSON.stringify(out, null, 2)}\n`);
    const lines = ['| row | ours | reference | ratio | goal | met |', '|---|---|---|---|---|---|', ...table.map((t) => `| ${t.row} | ${t.ours} | ${t.reference} | ${t.ratio} | ${t.goal} | ${t.met === null ? '-' : t.met ? 'yes' : 'no'} |`)];
    process.stdout.write(`\n${lines.join('\n')}\n\nload average at start: ${(out.loadAverage as number[]).join(', ')}\n`);
  });
});

/** The enrichment benchmark's panel rule (bench/enrichment): E2F targets + G2M checkpoint genes first, then a seeded fill. */
function enrichmentPanel(files: string[]): string[] {
  const sets = files.flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t')));
  const hallmark = sets.filter((s) => s[0] === 'HALLMARK_E2F_TARGETS' || s[0] === 'HALLMARK_G2M_CHECKPOINT');
  const panel = new Set<string>();
  for (const s of hallmark) for (const g of s.slice(2)) if (g && panel.size < 250) panel.add(g);
  const union = [...new Set(sets.flatMap((s) => s.slice(2).filter(Boolean)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rnd = mulberry32(20240601);
  while (panel.size < 500) panel.add(union[Math.floor(rnd() * union.length)] as string);
  return [...panel];
}

