// svc_compare_targets on two 50-gene panels (30 genes shared) against two separate
// svc_generate_insights runs, every upstream answer delayed 300 ms by the local fake world, each
// condition on a fresh context (empty response cache, new data directory):
//   separate    panel A on one context, then panel B on another: what two independent runs cost;
//   sequential  panel A then panel B on one context: the second run reuses the first's cache;
//   compare     svc_compare_targets on one context: both panels at once, sharing the client.
// Reports wall time and upstream requests (total and per source) of each.
// Run: npx vitest run --config bench/vitest.bench.config.ts bench/compare
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { compareTargetsTool } from '../../src/tools/compare-targets/tool.js';
import { diffSnapshotsTool } from '../../src/tools/diff-snapshots/tool.js';
import { silentProgress } from '../../src/tools/define.js';
import { analysePanel } from '../../src/tools/shared/panel-analysis/analyse.js';
import { testContext, tempDir } from '../../test/support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../../test/support/fake-upstream.js';
import { BREAST_LITERATURE, mountFakeWorld, type WorldGene } from '../../test/support/fake-world.js';
import { SHARED_DIR } from '../../test/support/shared.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DELAY = 300;
const haveShared = existsSync(path.join(SHARED_DIR, 'fixtures'));
if (!haveShared) process.stderr.write(`[bench] skipping compare: ${SHARED_DIR} not found\n`);

// 66 real HGNC records (see README.md) plus the four genes of the recorded world.
const extra = JSON.parse(readFileSync(path.join(here, 'hgnc-complete-set-excerpt.json'), 'utf8')) as WorldGene[];
const symbols = extra.map((g) => g.symbol);
const shared = ['EGFR', 'ERBB2', ...symbols.slice(0, 28)];
const panelA = { genes: [...shared, 'BRAF', ...symbols.slice(28, 47)], diseaseContext: 'breast cancer' };
const panelB = { genes: [...shared, 'BRCA1', ...symbols.slice(47, 66)], diseaseContext: 'breast cancer' };

describe.skipIf(!haveShared)('compare benchmark', () => {
  it('compare vs two insights runs, cold', async () => {
    expect(panelA.genes).toHaveLength(50);
    expect(panelB.genes).toHaveLength(50);
    const fake = await startFakeUpstream();
    mountFakeWorld(fake, { ...BREAST_LITERATURE, extraGenes: extra });
    fake.delayAll(DELAY);
    const contexts: AppContext[] = [];
    const fresh = async () => {
      const ctx = await testContext({ cache: true, dataDir: tempDir() }, fake.url);
      contexts.push(ctx);
      return { ctx, tier: 'researcher' as const, progress: silentProgress };
    };
    const insights = (panel: typeof panelA) => ({ ...panel, audience: 'researcher' as const, includeDrugs: true });
    const measure = async (fn: () => Promise<unknown>) => {
      const from = fake.requests.length;
      const t = performance.now();
      await fn();
      const ms = Math.round(performance.now() - t);
      const reqs = fake.requests.slice(from);
      const bySource: Record<string, number> = {};
      for (const q of reqs) bySource[q.path.split('/')[1] ?? '?'] = (bySource[q.path.split('/')[1] ?? '?'] ?? 0) + 1;
      return { ms, upstreamRequests: reqs.length, bySource };
    };

    const separate = await measure(async () => {
      await analysePanel(insights(panelA), await fresh());
      await analysePanel(insights(panelB), await fresh());
    });
    const sequential = await measure(async () => {
      const call = await fresh();
      await analysePanel(insights(panelA), call);
      await analysePanel(insights(panelB), call);
    });
    let sharedPathways = 0;
    const answers: Record<string, unknown> = {};
    const compare = await measure(async () => {
      const call = await fresh();
      const r = await compareTargetsTool.handler({ panelA, panelB }, call);
      sharedPathways = r.counts.sharedPathways?.total ?? r.sharedPathways.length;
      answers.compare = r;
      answers.diff = await diffSnapshotsTool.handler({ snapshotIdA: r.panelA.snapshotId, snapshotIdB: r.panelB.snapshotId }, call);
    });
    // Answer sizes (the JSON an MCP client receives as structuredContent); BENCH_DUMP_DIR keeps the
    // answers themselves, e.g. for counting tokens with a tokenizer.
    const answerChars = Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, JSON.stringify(v).length]));
    if (process.env.BENCH_DUMP_DIR) for (const [k, v] of Object.entries(answers)) writeFileSync(path.join(process.env.BENCH_DUMP_DIR, `${k}.json`), JSON.stringify(v));
    await Promise.all(contexts.map((c) => c.close()));
    await fake.close();

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      upstreamDelayMs: DELAY,
      panels: { genesEach: 50, sharedGenes: shared.length, diseaseContext: panelA.diseaseContext },
      separate,
      sequential,
      compare,
      sharedPathways,
      answerChars,
      compareVsSeparate: {
        requests: `${compare.upstreamRequests} vs ${separate.upstreamRequests} (${Math.round((100 * compare.upstreamRequests) / separate.upstreamRequests)}%)`,
        time: `${compare.ms} vs ${separate.ms} ms (${Math.round((100 * compare.ms) / separate.ms)}%)`,
      },
    };
    writeFileSync(path.join(here, 'last-run.json'), `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    // The comparison must cost less than the two runs it replaces.
    expect(compare.upstreamRequests).toBeLessThan(separate.upstreamRequests);
    expect(compare.ms).toBeLessThan(separate.ms);
  });
});
