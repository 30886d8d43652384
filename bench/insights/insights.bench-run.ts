// svc_generate_insights latency: cold (every upstream answer delayed 300 ms by the local fake
// world, empty cache) vs warm (same analysis again, answered from the response cache and the
// in-process gene-set libraries). Reports wall time, upstream requests per source, and the
// critical-path rounds, estimated as (cold - warm) / 300 ms: each dependent round trip adds one
// delay, parallel requests inside a round add none (beyond rate limits).
// Run: npx vitest run --config bench/vitest.bench.config.ts bench/insights
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analysePanel as generateInsights } from '../../src/tools/shared/panel-analysis/analyse.js';
import { createMemoryStore } from '../../src/store/index.js';
import { testContext, tempDir } from '../../test/support/context.js';
import { startFakeUpstream } from '../../test/support/fake-upstream.js';
import { mountFakeWorld } from '../../test/support/fake-world.js';
import { SHARED_DIR } from '../../test/support/shared.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DELAY = 300;
const haveShared = existsSync(path.join(SHARED_DIR, 'fixtures'));
if (!haveShared) process.stderr.write(`[bench] skipping insights: ${SHARED_DIR} not found\n`);

describe.skipIf(!haveShared)('insights benchmark', () => {
  it('cold vs warm', async () => {
    const fake = await startFakeUpstream();
    const world = mountFakeWorld(fake, {
      articles: [
        { pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression.' },
        { pmid: '2002', title: 'ERBB2 amplification', abstract: 'ERBB2 amplification is associated with breast cancer.' },
      ],
      literature: [
        { terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 },
        { terms: ['ERBB2', 'breast cancer'], pmids: ['2002'], hitCount: 9800 },
      ],
    });
    const ctx = await testContext({ cache: true, dataDir: tempDir() }, fake.url, { store: createMemoryStore() });
    let stages: { at: number; message: string }[] = [];
    const progress = { report: (_d: number, _t: number | undefined, message: string) => void stages.push({ at: performance.now(), message }) };
    const call = { ctx, tier: 'researcher' as const, progress };
    const args = { genes: ['EGFR', 'ERBB2', 'BRAF', 'BRCA1'], diseaseContext: 'breast cancer', audience: 'researcher' as const, includeDrugs: true };
    const run = async (delay: number) => {
      fake.delayAll(delay);
      const before = fake.requests.length;
      stages = [];
      const t = performance.now();
      const r = await generateInsights(args, call);
      const ms = Math.round(performance.now() - t);
      // Waves of requests: a new wave starts when no request started for 200 ms (answers take 300).
      const starts = fake.requests.slice(before).map((q) => q.at).sort((a, b) => a - b);
      const waves = starts.filter((at, i) => i === 0 || at - starts[i - 1]! > 200).length;
      const stageMs = stages.slice(0, -1).map((s, i) => ({ stage: s.message, ms: Math.round(stages[i + 1]!.at - s.at) }));
      const reqs = fake.requests.slice(before);
      const bySource: Record<string, number> = {};
      for (const q of reqs) {
        const s = q.path.split('/')[1] ?? '?';
        bySource[s] = (bySource[s] ?? 0) + 1;
      }
      return { ms, stageMs, requestWaves: waves, upstreamRequests: reqs.length, bySource, pathways: r.enrichedPathways.length, candidates: r.drugCandidates.length };
    };
    const cold = await run(DELAY);
    const warm = await run(DELAY);
    const noDrugs = await (async () => {
      const ctx2 = await testContext({ cache: true, dataDir: tempDir() }, fake.url, { store: createMemoryStore() });
      fake.delayAll(DELAY);
      const t = performance.now();
      await generateInsights({ ...args, includeDrugs: false }, { ...call, ctx: ctx2 });
      return Math.round(performance.now() - t);
    })();
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      panel: args.genes,
      upstreamDelayMs: DELAY,
      cold,
      warm,
      coldWithoutDrugsMs: noDrugs,
      criticalPath: {
        dependentRounds: 4,
        measuredRequestWaves: cold.requestWaves,
        explanation:
          'dependentRounds is the structure of the handler (resolve | gather | rank | verify); waves counts the bursts of requests seen by the server, which the rate limits of providers (PubMed 3/s without a key, ClinPGx 2/s, Europe PMC 10/s) split further',
      },
      note: 'cold includes downloading and preparing three gene-set libraries (parse + index); warm reuses them in-process',
    };
    // Only the libraries Enrichr does not have are asked again (library downloads bypass the response cache).
    expect(Object.keys(warm.bySource)).toEqual(warm.upstreamRequests ? ["enrichr"] : []);
    void world;
    writeFileSync(path.join(here, 'last-run.json'), `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    await fake.close();
  });
});
