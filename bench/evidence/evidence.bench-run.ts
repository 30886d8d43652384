// Evidence benchmarks: (1) stage 0 on 1,000 PMIDs against a local PubMed stand-in: upstream
// requests (goal: 5, i.e. batches of 200) and wall time under the real NCBI rate limit (3/s);
// (2) svc_verify_claim latency, cold (every upstream answer delayed 300 ms) vs warm (cache).
// Run: npx vitest run --config bench/vitest.bench.config.ts bench/evidence
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPmids } from '../../src/evidence/pmids.js';
import { SourceReport } from '../../src/sources/report.js';
import { createMemoryStore } from '../../src/store/index.js';
import { verifyClaim } from '../../src/tools/verify-claim/handler.js';
import { silentProgress } from '../../src/tools/define.js';
import { testContext, tempDir } from '../../test/support/context.js';
import { startFakeUpstream } from '../../test/support/fake-upstream.js';
import { mountFakePubmed, type FakeArticle } from '../../test/support/fake-pubmed.js';
import { writeTinyNli } from '../../test/support/tiny-nli.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

describe('evidence benchmarks', () => {
  it('checks 1,000 PMIDs in 5 upstream requests', async () => {
    const fake = await startFakeUpstream();
    // 900 real-looking PMIDs that exist, 100 that do not
    const articles: FakeArticle[] = Array.from({ length: 900 }, (_, i) => ({ pmid: String(20_000_000 + i), title: `Article ${i}`, abstract: 'Text.' }));
    const pubmed = mountFakePubmed(fake, articles);
    const ctx = await testContext({}, fake.url);
    const pmids = [...articles.map((a) => a.pmid), ...Array.from({ length: 100 }, (_, i) => String(39_000_000 + i))];
    const report = new SourceReport(ctx.http);
    const started = performance.now();
    const check = await checkPmids(ctx.sources.eutils, pmids, report);
    const ms = performance.now() - started;
    expect(check.hallucinated).toHaveLength(100);
    const posts = fake.requests.filter((r) => r.method === 'POST').length;
    results.pmids = { pmids: pmids.length, upstreamRequests: pubmed.calls.esummary, posts, wallMs: Math.round(ms), goalRequests: 5 };
    expect(pubmed.calls.esummary).toBe(5);
    await fake.close();
  });

  it('measures svc_verify_claim latency cold (300 ms upstream) vs warm (cache)', async () => {
    const fake = await startFakeUpstream();
    const articles: FakeArticle[] = [
      { pmid: '1001', title: 'Metformin and survival', abstract: 'Metformin improved survival of patients with diabetes in the trial.' },
      { pmid: '1002', title: 'Metformin trial', abstract: 'Metformin did not improve survival of patients with diabetes.' },
      { pmid: '1005', title: 'Metformin confirms benefit', abstract: 'The study confirms that metformin reduces mortality in patients with diabetes.' },
    ];
    mountFakePubmed(fake, articles).searchRule(() => true, ['1001', '1002', '1005']);
    fake.delayAll(300);
    const model = writeTinyNli(path.join(tempDir(), 'tiny-nli'));
    const store = createMemoryStore();
    const ctx = await testContext({ cache: true, nli: 'auto', nliModel: model }, fake.url, { store });
    const args = { claim: 'Metformin improves survival in patients with diabetes.', pmids: ['1001', '1002', '1005'] };
    const call = { ctx, tier: 'researcher' as const, progress: silentProgress };
    const time = async () => {
      const before = fake.requests.length;
      const t = performance.now();
      await verifyClaim(args, call);
      return { ms: Math.round(performance.now() - t), upstreamRequests: fake.requests.length - before };
    };
    const cold = await time();
    const warm = await time();
    fake.requests.length = 0;
    const searchCtx = await testContext({ cache: true, nli: 'auto', nliModel: model }, fake.url, { store: createMemoryStore() });
    const t = performance.now();
    await verifyClaim({ claim: args.claim }, { ...call, ctx: searchCtx });
    const searchCold = { ms: Math.round(performance.now() - t), upstreamRequests: fake.requests.length };
    results.verifyClaim = { upstreamDelayMs: 300, withPmids: { cold, warm }, withoutPmidsCold: searchCold, judge: `tiny generated model (real transformers.js path; a real DeBERTa pair costs ~70-120 ms more each)` };
    expect(warm.upstreamRequests).toBe(0);
    await fake.close();
  });

  it('writes the figures', () => {
    writeFileSync(path.join(here, 'last-run.json'), `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  });
});
