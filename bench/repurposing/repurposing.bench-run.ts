// Repurposing latency: `svc_prioritize_repurposing` on a 4-gene panel against the fake world, every
// upstream answer held 300 ms, cold (empty response cache; gene table and libraries installed), set
// against its critical path (dependent rounds x 300 ms), with requests per source and the request
// waves of the timed run (a new wave when no request started for 2/3 of the delay).
// Run: npx vitest run --config bench/vitest.bench.config.ts bench/repurposing
// Writes bench/repurposing/last-run.json; see bench/repurposing/README.md.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/store/index.js';
import { silentProgress } from '../../src/tools/define.js';
import { prioritizeRepurposing } from '../../src/tools/repurposing/handler.js';
import type { RepurposingInput } from '../../src/tools/repurposing/schema.js';
import { testContext } from '../../test/support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../../test/support/fake-upstream.js';
import { mountFakeWorld, PANEL_ARTICLES, PANEL_LITERATURE } from '../../test/support/fake-world.js';
import { countRounds } from '../../test/support/rounds.js';
import { hasShared, SKIP_SHARED_REASON } from '../../test/support/shared.js';
import { dataDirFrom, installData } from '../support/data-dir.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DELAY_MS = 300;
const RUNS = 5;
const INPUT: RepurposingInput = { genes: ['EGFR', 'ERBB2', 'BRAF', 'BRCA1'], diseaseContext: 'breast cancer', tierFilter: 'all' };

if (!hasShared) console.warn(`[bench] skipping: ${SKIP_SHARED_REASON}`);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const sourceOf = (p: string): string => p.split('/')[1] ?? '?';

async function context(fake: FakeUpstream, installed: string, limits?: { perSecond: number; concurrency: number }) {
  return testContext({ cache: true, dataDir: dataDirFrom(installed) }, fake.url, { store: createMemoryStore(), ...(limits ? { limits } : {}) });
}

async function timedRun(fake: FakeUpstream, installed: string) {
  const ctx = await context(fake, installed);
  fake.delayAll(DELAY_MS);
  const before = fake.requests.length;
  const t = performance.now();
  const r = await prioritizeRepurposing(INPUT, { ctx, tier: 'researcher', progress: silentProgress });
  const ms = performance.now() - t;
  fake.delayAll(0);
  await ctx.close();
  const reqs = fake.requests.slice(before);
  const starts = reqs.map((q) => q.at).sort((a, b) => a - b);
  const t0 = starts[0] ?? 0;
  const bySource: Record<string, number> = {};
  for (const q of reqs) bySource[sourceOf(q.path)] = (bySource[sourceOf(q.path)] ?? 0) + 1;
  return {
    ms,
    requests: reqs.length,
    bySource,
    waves: starts.filter((at, i) => i === 0 || at - (starts[i - 1] as number) > (DELAY_MS * 2) / 3).length,
    timeline: [...reqs].sort((a, b) => a.at - b.at).map((q) => `${String(q.at - t0).padStart(5)} ms ${sourceOf(q.path)} ${q.path.split('/').slice(2).join('/')}`.slice(0, 80)),
    candidates: r.candidates.length,
    failed: r.sources.filter((s) => s.status === 'failed' || s.status === 'partial').map((s) => s.id),
  };
}

/** Dependent rounds: no rate limits, answers released a round at a time (test/support/rounds.ts). */
async function roundsOf(fake: FakeUpstream, installed: string): Promise<string[]> {
  const ctx = await context(fake, installed, { perSecond: 10_000, concurrency: 10_000 });
  fake.delayAll(0);
  const counter = countRounds(fake, ctx.http);
  try {
    await prioritizeRepurposing(INPUT, { ctx, tier: 'researcher', progress: silentProgress });
    return counter.rounds.map((round) => {
      const n: Record<string, number> = {};
      for (const q of round) n[sourceOf(q.path)] = (n[sourceOf(q.path)] ?? 0) + 1;
      return Object.entries(n).sort().map(([s, k]) => `${s} x${k}`).join(', ');
    });
  } finally {
    counter.stop();
    await ctx.close();
  }
}

describe.skipIf(!hasShared)('repurposing benchmark', () => {
  it('cold wall time against the critical path', async () => {
    const fake = await startFakeUpstream();
    try {
      mountFakeWorld(fake, { articles: PANEL_ARTICLES, literature: PANEL_LITERATURE });
      const installed = await installData(fake);
      const rounds = await roundsOf(fake, installed);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await timedRun(fake, installed));
      const ms = runs.map((r) => r.ms);
      const last = runs[runs.length - 1]!;
      const criticalPathMs = rounds.length * DELAY_MS;
      const report = {
        date: new Date().toISOString(),
        machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.release()}`, load: os.loadavg().map((x) => Math.round(x * 100) / 100) },
        setup: { input: INPUT, delayPerUpstreamAnswerMs: DELAY_MS, runs: RUNS, cache: 'memory store, one fresh context per run', data: 'HGNC table and gene-set libraries installed', nli: 'off' },
        coldMedianMs: Math.round(median(ms)),
        coldMinMs: Math.round(Math.min(...ms)),
        coldMaxMs: Math.round(Math.max(...ms)),
        criticalPathMs,
        ratioToCriticalPath: Math.round((median(ms) / criticalPathMs) * 100) / 100,
        requests: last.requests,
        waves: last.waves,
        rounds,
        bySource: last.bySource,
        candidates: last.candidates,
        failedOrPartialSources: last.failed,
        timeline: last.timeline,
      };
      // Written before the checks, so that a run that fails them still shows what it measured.
      writeFileSync(path.join(here, 'last-run.json'), `${JSON.stringify(report, null, 2)}\n`);
      console.table({ repurposing: { 'cold median ms': report.coldMedianMs, 'critical path ms': criticalPathMs, ratio: report.ratioToCriticalPath, requests: report.requests, rounds: rounds.length, waves: report.waves } });
      expect(last.candidates).toBeGreaterThan(0);
      expect(rounds).toHaveLength(6);
    } finally {
      await fake.close();
    }
  });
});
