// The whole-result cache (store/result-cache.ts) as tools use it: the key names everything the
// result depends on, only an answer every consulted source contributed to is kept, for the shortest
// TTL among those sources, and an answer served from it says so (its sources read `cached`).
import { resolveSource, SOURCE_IDS, type SourceId } from '../../sources/registry.js';
import type { SourceEntry } from '../../sources/report.js';
import type { CacheDecision } from '../../store/result-cache.js';
import { VERSION } from '../../version.js';
import type { ToolCall } from '../define.js';

export async function throughResultCache<T extends { sources: SourceEntry[] }>(call: ToolCall, tool: string, args: unknown, fn: () => Promise<T>): Promise<T> {
  const { ctx } = call;
  const table = await ctx.genes.load(call.signal ? { signal: call.signal } : {});
  const judge = ctx.nli.status();
  const { value, fromCache } = await ctx.results.through(
    { tool, args, tier: call.tier, judge: `${judge.model}:${judge.state}`, versions: { code: VERSION, hgncTable: table.sidecar?.sha256 } },
    fn,
    (result) => cacheDecision(result.sources, ctx.config),
  );
  return fromCache ? { ...value, sources: value.sources.map(servedFromCache) } : value;
}

/** Kept only when no source failed, partly failed or was late; for the shortest TTL of those used. */
export function cacheDecision(sources: readonly SourceEntry[], config: Parameters<typeof resolveSource>[1]): CacheDecision {
  const used = sources.filter((s) => s.status === 'ok' || s.status === 'cached');
  const complete = sources.every((s) => s.status === 'ok' || s.status === 'cached' || s.status === 'skipped') && !sources.some((s) => s.late);
  const ttls = used.filter((s) => (SOURCE_IDS as readonly string[]).includes(s.id)).map((s) => resolveSource(s.id as SourceId, config).ttlMs);
  return { cacheable: complete && ttls.length > 0, ttlMs: ttls.length ? Math.min(...ttls) : 0 };
}

function servedFromCache(s: SourceEntry): SourceEntry {
  return s.status === 'ok' ? { ...s, status: 'cached', ms: 0 } : s;
}
