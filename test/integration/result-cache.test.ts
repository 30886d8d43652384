// Whole tool results cached: a repeated svc_get_target_brief does no repeated work (no upstream
// request, no integrity pipeline run), and answers the same; anything the result depends on (tier,
// arguments, the NLI judge, data versions) makes another key; a degraded answer is never kept.
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { ResultCache, resultKeyOf } from '../../src/store/result-cache.js';
import { silentProgress } from '../../src/tools/define.js';
import { getTargetBrief } from '../../src/tools/target-brief/handler.js';
import { EGFR, mountBriefUpstream } from '../support/fake-brief.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import { describeShared } from '../support/shared.js';

const upstream = useFakeUpstreamContexts();
const fake = () => upstream.fake();
const context = (flags: Parameters<typeof upstream.context>[0] = {}): Promise<AppContext> => upstream.context({ cache: true, ...flags });

const brief = (ctx: AppContext, tier: 'researcher' | 'free' = 'researcher', gene: string = EGFR.symbol) =>
  getTargetBrief({ gene, diseaseContext: EGFR.disease }, { ctx, tier, progress: silentProgress });

describeShared('whole-result cache', () => {
  it('a repeated brief sends nothing and runs no integrity check again; it answers the same, its sources marked cached', async () => {
    const { pubmed } = mountBriefUpstream(fake());
    const ctx = await context();
    const first = await brief(ctx);
    const sent = fake().requests.length;
    const checks = pubmed.calls.esummary + pubmed.calls.efetch;
    expect(checks).toBeGreaterThan(0);
    const again = await brief(ctx);
    expect(fake().requests.length).toBe(sent);
    expect(pubmed.calls.esummary + pubmed.calls.efetch).toBe(checks);
    expect(ctx.results.hits).toBe(1);
    const { sources: s1, ...rest1 } = first;
    const { sources: s2, ...rest2 } = again;
    expect(rest2).toEqual(rest1);
    expect(s2.map((s) => s.id)).toEqual(s1.map((s) => s.id));
    expect(s2.every((s) => s.status === 'cached' || s.status === 'skipped')).toBe(true);
    // What a caller does to its answer never reaches the cache.
    again.warnings.push('changed by the caller');
    expect((await brief(ctx)).warnings).not.toContain('changed by the caller');
  });

  it('another tier or gene is another key; an answer a source failed is not kept', async () => {
    mountBriefUpstream(fake());
    const ctx = await context();
    await brief(ctx);
    await brief(ctx, 'free');
    expect(ctx.results.hits).toBe(0);
    fake().reset();
    mountBriefUpstream(fake());
    fake().route('GET', /^\/alphafold\//, { status: 503, body: 'down' });
    const degraded = await context({ retries: 0 });
    expect((await brief(degraded)).sources.find((s) => s.id === 'alphafold')?.status).toBe('failed');
    await brief(degraded);
    expect(degraded.results.hits).toBe(0);
  });

  it('is off with the response cache (--no-cache)', async () => {
    mountBriefUpstream(fake());
    const ctx = await context({ cache: false });
    // The HGNC table and gene-set libraries are files a process reads once; everything else is asked again.
    const asked = () => fake().requests.filter((r) => !/^\/(hgnc_files|enrichr)\//.test(r.path)).length;
    await brief(ctx);
    const sent = asked();
    await brief(ctx);
    expect(asked()).toBe(2 * sent);
    expect(ctx.results.hits).toBe(0);
  });
});

describe('result keys', () => {
  it('are stable under key order and change with anything the result depends on', () => {
    const base = { tool: 't', args: { a: 1, b: [1, 2] }, tier: 'researcher', judge: 'm:ready', versions: { code: '1', table: 'x' } };
    expect(resultKeyOf(base)).toBe(resultKeyOf({ ...base, args: { b: [1, 2], a: 1 } }));
    for (const other of [{ ...base, tier: 'free' }, { ...base, judge: 'm:not_downloaded' }, { ...base, versions: { code: '1', table: 'y' } }, { ...base, args: { a: 2, b: [1, 2] } }]) {
      expect(resultKeyOf(other)).not.toBe(resultKeyOf(base));
    }
  });

  it('concurrent identical calls share one computation, each getting its own copy', async () => {
    const cache = new ResultCache(undefined);
    let runs = 0;
    const key = { tool: 't', args: {}, tier: 'r', judge: 'j', versions: {} };
    const compute = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 20));
      return { list: [1] };
    };
    const [a, b] = await Promise.all([0, 1].map(() => cache.through(key, compute, () => ({ cacheable: true, ttlMs: 60_000 }))));
    expect(runs).toBe(1);
    expect(a!.value).toEqual(b!.value);
    expect(a!.value).not.toBe(b!.value);
  });
});
