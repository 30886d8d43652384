// Whole tool results, cached: a repeated call with the same arguments does no repeated work (no
// recorded XML/JSON parsed again, no integrity pipeline run again). The key is everything the
// result depends on: the tool, its arguments, the caller's tier, the NLI judge (model and whether it
// is ready) and the versions of the data and code behind it. A small in-memory layer (LRU) sits in
// front of the store, and concurrent identical calls share one computation.
//
// What is not cached: a result some source failed to contribute to (its recovery must show), and
// anything a tool does not opt into (analyses that save a snapshot per call are not idempotent).
import { hash } from 'node:crypto';
import type Keyv from 'keyv';

export interface ResultKey {
  tool: string;
  args: unknown;
  tier: string;
  /** The judge of entailment: its model id and state (a model becoming ready changes verdicts). */
  judge: string;
  /** Versions of data the result depends on (e.g. the HGNC table's sha256) and of the code. */
  versions: Record<string, string | undefined>;
}

export interface CacheDecision {
  /** Keep it? (e.g. only when every source answered). */
  cacheable: boolean;
  /** How long; the shortest TTL of the sources it used. */
  ttlMs: number;
}

const HOT_ENTRIES = 200;

export class ResultCache {
  private readonly hot = new Map<string, { value: unknown; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<unknown>>();
  /** Calls answered from the cache (tests, metrics). */
  hits = 0;

  private readonly enabled: boolean;
  private readonly now: () => number;

  /** Disabled (`--no-cache`): every call computes its result. */
  constructor(
    private readonly store: Keyv | undefined,
    options: { enabled?: boolean; now?: () => number } = {},
  ) {
    this.enabled = options.enabled ?? true;
    this.now = options.now ?? Date.now;
  }

  /**
   * The cached result for `key`, else fn()'s, which is cached when `decide` says so. `fromCache`
   * tells the caller to mark the answer as served from the cache.
   */
  async through<T>(key: ResultKey, fn: () => Promise<T>, decide: (value: T) => CacheDecision): Promise<{ value: T; fromCache: boolean }> {
    if (!this.enabled) return { value: await fn(), fromCache: false };
    const id = resultKeyOf(key);
    const cached = await this.get<T>(id);
    if (cached !== undefined) {
      this.hits++;
      return { value: cached, fromCache: true };
    }
    let run = this.pending.get(id) as Promise<T> | undefined;
    if (!run) {
      run = fn().then(async (value) => {
        const d = decide(value);
        if (d.cacheable && d.ttlMs > 0) await this.set(id, value, d.ttlMs);
        return value;
      });
      this.pending.set(id, run);
      void run.catch(() => undefined).finally(() => this.pending.delete(id));
      return { value: await run, fromCache: false };
    }
    // A concurrent identical call computed it: a copy, so callers never share one object.
    return { value: structuredClone(await run), fromCache: true };
  }

  private async get<T>(id: string): Promise<T | undefined> {
    const hot = this.hot.get(id);
    if (hot && hot.expiresAt > this.now()) {
      this.hot.delete(id);
      this.hot.set(id, hot);
      return structuredClone(hot.value) as T;
    }
    if (hot) this.hot.delete(id);
    const stored = (await this.store?.get(id).catch(() => undefined)) as { value: T; expiresAt: number } | undefined;
    if (!stored || stored.expiresAt <= this.now()) return undefined;
    this.remember(id, structuredClone(stored.value), stored.expiresAt);
    return stored.value;
  }

  private async set(id: string, value: unknown, ttlMs: number): Promise<void> {
    const expiresAt = this.now() + ttlMs;
    this.remember(id, structuredClone(value), expiresAt);
    await this.store?.set(id, { value, expiresAt }, ttlMs).catch(() => undefined);
  }

  private remember(id: string, value: unknown, expiresAt: number): void {
    this.hot.set(id, { value, expiresAt });
    for (const oldest of this.hot.keys()) {
      if (this.hot.size <= HOT_ENTRIES) break;
      this.hot.delete(oldest);
    }
  }
}

/** A stable key: JSON with sorted object keys, hashed. */
export function resultKeyOf(key: ResultKey): string {
  return `${key.tool}:${hash('sha256', canonical(key), 'hex').slice(0, 40)}`;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
