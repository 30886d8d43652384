// Whole results of read-only analyses, kept in memory for a short while, so that a repeated call
// (a widget on a busy page, a dashboard polling a brief) does not re-parse every cached upstream
// answer and re-run the integrity pipeline. Only tools that say they are read-only and idempotent
// and count as analyses (the target brief, claim verification) are kept; tools that save snapshots
// are not. A result is kept only when every source it consulted answered (ok or from the cache),
// for at most the shortest cache TTL of those sources and never longer than RESULT_TTL_MS. Keyed by
// tool, arguments, the caller's tier and owner, and what the judge is (NLI model and state), so a
// model that becomes ready gives new results. Served again with every source marked `cached`.
import { createHash } from 'node:crypto';
import type { Caller } from '../caller.js';
import type { Config } from '../config.js';
import { SOURCE_IDS } from '../sources/registry.js';
import type { SourceEntry } from '../sources/report.js';
import { cacheDecision } from '../tools/shared/result-cache.js';
import type { AnyTool } from '../tools/define.js';

/** The longest a result is served again (upstream answers themselves are cached for days). */
export const RESULT_TTL_MS = 10 * 60_000;
/** Memory the kept results may use (their JSON size). */
const MAX_BYTES = 16 * 1024 * 1024;

interface Entry<T> {
  value: T;
  bytes: number;
  expires: number;
}

export function isCacheableTool(tool: AnyTool): boolean {
  return tool.quota !== 'none' && tool.annotations.readOnlyHint && tool.annotations.idempotentHint === true;
}

interface SourceLike {
  id?: unknown;
  status?: unknown;
}

/**
 * How long this answer may be served again, or undefined when it must not be: the rule of the
 * whole-result cache of the store (tools/shared/result-cache.ts: every source answered, none late,
 * for the shortest TTL of those used), capped at RESULT_TTL_MS in memory.
 */
export function keepFor(result: unknown, config: Config): number | undefined {
  const sources = (result as { sources?: unknown } | null)?.sources;
  if (!Array.isArray(sources) || sources.length === 0) return undefined;
  if (!(sources as SourceLike[]).every((s) => typeof s?.id === 'string' && typeof s.status === 'string')) return undefined;
  // A source the registry does not know has no TTL to trust.
  if ((sources as SourceEntry[]).some((s) => s.status !== 'skipped' && !(SOURCE_IDS as readonly string[]).includes(s.id))) return undefined;
  const decision = cacheDecision(sources as SourceEntry[], config);
  return decision.cacheable ? Math.min(RESULT_TTL_MS, decision.ttlMs) : undefined;
}

/** The result as served again: every source that answered now answered from the cache. */
export function asCached<T>(result: T): T {
  const r = result as { sources?: SourceLike[] };
  if (!Array.isArray(r.sources)) return result;
  return { ...result, sources: r.sources.map((s) => (s.status === 'ok' ? { ...s, status: 'cached', ms: 0 } : s)) } as T;
}

export function resultKey(tool: string, args: unknown, caller: Caller, judge: string): string {
  return createHash('sha256').update(JSON.stringify([tool, canonical(args), caller.tier, caller.owner, judge])).digest('base64url');
}

/** JSON with object keys sorted, so equal arguments give equal keys whatever their order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}

export class ResultCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private bytes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  get(key: string): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.expires <= this.now()) {
      this.bytes -= e.bytes;
      return undefined;
    }
    this.entries.set(key, e); // most recently used last
    return e.value;
  }

  set(key: string, value: T, bytes: number, ttlMs: number): void {
    if (bytes > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    this.entries.set(key, { value, bytes, expires: this.now() + ttlMs });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
