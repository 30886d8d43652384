// Operator commands' actions: the source registry with its metrics, and the cache. Loaded only when
// one of them runs (definitions: admin-commands.ts).
import { stat } from 'node:fs/promises';
import { readMetrics } from '../sources/metrics-store.js';
import { rateText } from '../sources/pacing.js';
import { resolveSource, SOURCE_IDS, sourceUrlVar } from '../sources/registry.js';
import type { Namespace } from '../store/index.js';
import { EXIT, heading, print, printJson, table } from './output.js';
import { withContext, type GlobalFlags } from './run-tool.js';

export async function listSources(opts: { json?: boolean }, flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
    const metrics = await readMetrics(ctx.store);
    const rows = SOURCE_IDS.map((id) => {
      const s = resolveSource(id, ctx.config);
      const m = metrics[id];
      return {
        id,
        name: s.name,
        kind: s.kind,
        baseUrl: s.baseUrl,
        overridden: s.overridden,
        overrideVariable: sourceUrlVar(id),
        perSecond: s.perSecond,
        rate: rateText(s),
        ttlHours: Math.round(s.ttlMs / 3_600_000),
        licence: s.licence,
        metrics: m
          ? { requests: m.requests, cacheHits: m.cacheHits, failures: m.failures, retries: m.retries, meanMs: m.requests ? Math.round(m.totalMs / m.requests) : 0, ...(m.lastError ? { lastError: m.lastError } : {}) }
          : { requests: 0, cacheHits: 0, failures: 0, retries: 0, meanMs: 0 },
      };
    });
    if (opts.json) {
      printJson(rows);
      return;
    }
    print(
      table(
        rows.map((r) => [r.id, `${r.baseUrl}${r.overridden ? ' (override)' : ''}`, r.rate, `${r.ttlHours}h`, String(r.metrics.requests), String(r.metrics.cacheHits), String(r.metrics.failures), r.metrics.meanMs ? `${r.metrics.meanMs} ms` : '-']),
        ['source', 'base URL', 'rate', 'ttl', 'requests', 'cache hits', 'failures', 'mean latency'],
      ),
    );
    print(`\nOverride a base URL with BIOINTEL_SOURCE_<ID>_URL, e.g. ${sourceUrlVar('eutils')}=http://mirror/eutils`);
  });
}

export async function cacheStats(opts: { json?: boolean }, flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
    const counts: Partial<Record<Namespace, number>> = {};
    for (const ns of ['cache', 'nli', 'results'] as const) counts[ns] = await countEntries(ctx.store.ns(ns));
    const bytes = ctx.store.kind === 'sqlite' ? (await stat(ctx.store.location).catch(() => undefined))?.size : undefined;
    const out = { store: ctx.store.kind, location: ctx.store.location, upstreamResponses: counts.cache, nliVerdicts: counts.nli, toolResults: counts.results, ...(bytes === undefined ? {} : { fileBytes: bytes }), enabled: ctx.config.cache };
    if (opts.json) printJson(out);
    else print(table(Object.entries(out).map(([k, v]) => [k, String(v)])));
  });
}

export async function cacheClear(flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
    let before = 0;
    for (const ns of ['cache', 'nli', 'results'] as const) {
      before += await countEntries(ctx.store.ns(ns));
      await ctx.store.ns(ns).clear();
    }
    print(`${heading('Cache cleared:')} ${before} entries removed from ${ctx.store.location}`);
  });
}

async function countEntries(kv: { iterator?: (ns?: string) => AsyncGenerator<unknown> }): Promise<number> {
  if (!kv.iterator) return 0;
  let n = 0;
  for await (const _ of kv.iterator()) n++;
  return n;
}
