// Whole tool results cached: a repeated svc_get_target_brief does no repeated work (no upstream
// request, no integrity pipeline run), and answers the same; anything the result depends on (tier,
// arguments, the NLI judge, data versions) makes another key; a degraded answer is never kept.
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { ResultCache, resultKeyOf } from '../../src/store/result-cache.js';
import type { NliService, NliStatus } from '../../src/evidence/judge.js';
import { judgeKey } from '../../src/tools/shared/result-cache.js';
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
    const { sources: s2, warnings: w2, ...rest2 } = again;
    // The same answer, and a warning that says when it was computed.
    expect({ ...rest2, warnings: w2.filter((w) => !w.startsWith('Served from the answer cache, computed ')) }).toEqual(rest1);
    expect(w2.length).toBe(rest1.warnings.length + 1);
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

  it('name the judge by everything a verdict depends on: model, weights, state, threshold and window (both caches)', () => {
    const status: NliStatus = { state: 'not_downloaded', model: 'Xenova/nli-deberta-v3-xsmall', dtype: 'q8', threshold: 0.45, passageWindow: 1500, device: 'cpu', cacheDir: '/models', entailmentMethod: 'none' };
    const judge = (over: Partial<NliStatus> = {}, threshold = 0.45, window = 1500) => judgeKey({ threshold, window, status: () => ({ ...status, ...over }) } as unknown as NliService);
    const base = judge();
    expect(judge()).toBe(base);
    for (const other of [judge({ model: 'other' }), judge({ dtype: 'fp32' }), judge({ state: 'ready' }), judge({ entailmentMethod: 'nli:x@q8' }), judge({}, 0.99), judge({}, 0.45, 300)]) {
      expect(other).not.toBe(base);
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
    // Both computed now: neither reads as served from the cache; a later call does, with the time.
    expect([a!.served, b!.served]).toEqual(['computed', 'shared']);
    const later = await cache.through(key, compute, () => ({ cacheable: true, ttlMs: 60_000 }));
    expect(later.served).toBe('cache');
    expect(later.served === 'cache' && later.computedAt).toBeGreaterThan(0);
  });

  it('shared work runs with a signal of its own: one caller cancelling ends only its own wait', async () => {
    const cache = new ResultCache(undefined);
    const key = { tool: 't', args: {}, tier: 'r', judge: 'j', versions: {} };
    let seen: AbortSignal | undefined;
    const compute = async (signal: AbortSignal | undefined) => {
      seen = signal;
      await new Promise((r) => setTimeout(r, 50));
      return { aborted: signal?.aborted ?? false };
    };
    const keep = () => ({ cacheable: true, ttlMs: 60_000 });
    const a = new AbortController();
    const b = new AbortController();
    const pa = cache.through(key, compute, keep, { signal: a.signal });
    const pb = cache.through(key, compute, keep, { signal: b.signal });
    await new Promise((r) => setTimeout(r, 5)); // both are waiting
    a.abort();
    await expect(pa).rejects.toThrow();
    expect(seen?.aborted).toBe(false);
    expect((await pb).value).toEqual({ aborted: false });
  });

  it('the last caller to cancel stops the shared work, and the next identical call starts afresh', async () => {
    const cache = new ResultCache(undefined);
    const key = { tool: 't', args: {}, tier: 'r', judge: 'j', versions: {} };
    let runs = 0;
    const compute = async (signal: AbortSignal | undefined) => {
      runs++;
      await new Promise((r) => setTimeout(r, 30));
      return { aborted: signal?.aborted ?? false };
    };
    const keep = (v: { aborted: boolean }) => ({ cacheable: !v.aborted, ttlMs: 60_000 });
    const a = new AbortController();
    const b = new AbortController();
    const pa = cache.through(key, compute, keep, { signal: a.signal });
    const pb = cache.through(key, compute, keep, { signal: b.signal });
    await new Promise((r) => setTimeout(r, 5)); // both are waiting
    a.abort();
    b.abort();
    await expect(pa).rejects.toThrow();
    // The last one gets what the stopped work made of it, as a call alone does.
    expect((await pb).value).toEqual({ aborted: true });
    const c = await cache.through(key, compute, keep);
    expect(c).toMatchObject({ served: 'computed', value: { aborted: false } });
    expect(runs).toBe(2);
  });

  it('keeps a result under the key it was made from, or not at all', async () => {
    const cache = new ResultCache(undefined);
    const key = { tool: 't', args: {}, tier: 'r', judge: 'j', versions: { lib: 'absent' } };
    const keep = () => ({ cacheable: true, ttlMs: 60_000 });
    await cache.through(key, async () => 1, keep, { keepAs: async () => ({ ...key, versions: { lib: 'v1' } }) });
    expect((await cache.through({ ...key, versions: { lib: 'v1' } }, async () => 2, keep)).served).toBe('cache');
    const other = { ...key, args: { x: 1 } };
    await cache.through(other, async () => 1, keep, { keepAs: async () => undefined });
    expect((await cache.through(other, async () => 2, keep)).served).toBe('computed');
  });
});
