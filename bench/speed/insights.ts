// svc_generate_insights against the fake world with every upstream answer held `delay` ms: wall
// time, requests per source, request waves (a new wave when no request started for 2/3 of the
// delay), the dependent rounds (answers released one round at a time, test/support/rounds.ts) and
// what failed or came late. "Cold" = an empty response cache, with the HGNC table and the gene-set
// libraries already in the data directory (installed by a first run); `firstRun` also empties that.
import type { AppContext } from '../../src/context.js';
import { createMemoryStore } from '../../src/store/index.js';
import { silentProgress } from '../../src/tools/define.js';
import { analysePanel } from '../../src/tools/shared/panel-analysis/analyse.js';
import { testContext } from '../../test/support/context.js';
import type { FakeUpstream } from '../../test/support/fake-upstream.js';
import { countRounds } from '../../test/support/rounds.js';
import { dataDirFrom } from '../support/data-dir.js';

export interface InsightsRun {
  ms: number;
  requests: number;
  bySource: Record<string, number>;
  waves: number;
  failedSources: string[];
  lateSources: string[];
  genes: number;
}

const ARGS = { diseaseContext: 'breast cancer', audience: 'researcher' as const, includeDrugs: true };

/** A fresh context on a copy of the installed data directory (bench/support/data-dir.ts). */
async function contextFor(fake: FakeUpstream, installed: string | undefined, limits?: { perSecond: number; concurrency: number }): Promise<AppContext> {
  const dataDir = dataDirFrom(installed);
  return testContext({ cache: true, dataDir, timeoutMs: 20_000, retries: 3, deadlineMs: 60_000 }, fake.url, { store: createMemoryStore(), ...(limits ? { limits } : {}) });
}

export async function coldRun(fake: FakeUpstream, genes: readonly string[], delay: number, installed: string | undefined): Promise<InsightsRun> {
  const ctx = await contextFor(fake, installed);
  fake.delayAll(delay);
  const before = fake.requests.length;
  const t = performance.now();
  const r = await analysePanel({ ...ARGS, genes: [...genes] }, { ctx, tier: 'researcher', progress: silentProgress });
  const ms = performance.now() - t;
  fake.delayAll(0);
  const reqs = fake.requests.slice(before);
  const bySource: Record<string, number> = {};
  for (const q of reqs) bySource[q.path.split('/')[1] ?? '?'] = (bySource[q.path.split('/')[1] ?? '?'] ?? 0) + 1;
  const starts = reqs.map((q) => q.at).sort((a, b) => a - b);
  const waves = starts.filter((at, i) => i === 0 || at - (starts[i - 1] as number) > (delay * 2) / 3).length;
  await ctx.close();
  return {
    ms,
    requests: reqs.length,
    bySource,
    waves,
    failedSources: r.sources.filter((s) => s.status === 'failed' || s.status === 'partial').map((s) => `${s.id}: ${s.error ?? s.status}`),
    lateSources: r.sources.filter((s) => s.late).map((s) => s.id),
    genes: r.genes.length,
  };
}

/** Dependent rounds of one analysis: no rate limits, answers released a round at a time. */
export async function roundsOf(fake: FakeUpstream, genes: readonly string[], installed: string): Promise<string[]> {
  const ctx = await contextFor(fake, installed, { perSecond: 10_000, concurrency: 10_000 });
  fake.delayAll(0);
  const counter = countRounds(fake, ctx.http);
  try {
    await analysePanel({ ...ARGS, genes: [...genes] }, { ctx, tier: 'researcher', progress: silentProgress });
    return counter.rounds.map((round) => [...new Set(round.map((q) => q.path.split('/')[1]))].sort().join(' '));
  } finally {
    counter.stop();
    await ctx.close();
  }
}
