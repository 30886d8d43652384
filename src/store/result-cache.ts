// Whole tool results, cached: a repeated call with the same arguments does no repeated work (no
// recorded XML/JSON parsed again, no integrity pipeline run again). The key is everything the
// result depends on: the tool, its arguments, the caller's tier, the NLI judge (model, weights,
// threshold, window, state) and the versions of the data and code behind it. A small in-memory
// layer (LRU) sits in front of the store, and concurrent identical calls share one computation.
//
// A shared computation belongs to no one caller: it runs with a signal of its own, which aborts only
// once every caller waiting for it has cancelled. A caller that cancels while others still wait
// leaves alone (its call rejects with its cancellation); the others get the whole answer. Every
// answer says how it was served: computed by this call, shared with an identical call under way
// (computed now all the same), or read from the cache, with the time it was computed.
//
// What is not cached: a result some source failed to contribute to (its recovery must show), and
// anything a tool does not opt into (analyses that save a snapshot per call are not idempotent).
import { hash } from 'node:crypto';
import type Keyv from 'keyv';

export interface ResultKey {
  tool: string;
  args: unknown;
  tier: string;
  /** What judges entailment, as judgeKey() (tools/shared/result-cache.ts) writes it: everything a verdict depends on. */
  judge: string;
  /** Versions of data the result depends on (the HGNC table, gene-set libraries) and of the code. */
  versions: Record<string, string | undefined>;
}

export interface CacheDecision {
  /** Keep it? (e.g. only when every source answered). */
  cacheable: boolean;
  /** How long; the shortest TTL of the sources it used. */
  ttlMs: number;
}

/** How an answer was served: computed by this call, shared with an identical call under way, or from the cache. */
export type Served<T> = { value: T; served: 'computed' | 'shared' } | { value: T; served: 'cache'; computedAt: number };

export interface ThroughOptions<T> {
  /** The caller's cancellation: ends this caller's wait, and the work once no caller waits. */
  signal?: AbortSignal;
  /**
   * The key to keep the result under, asked once it is computed (the data it read may have been
   * fetched meanwhile); undefined keeps nothing. Default: the key it was looked up by.
   */
  keepAs?: (value: T) => Promise<ResultKey | undefined>;
}

interface Shared<T> {
  run: Promise<T>;
  /** Aborts the work: only when every caller waiting for it has cancelled. */
  controller: AbortController;
  waiting: number;
}

interface Kept {
  value: unknown;
  expiresAt: number;
  /** When it was computed (entries without it, from before this was recorded, are not served). */
  computedAt: number;
}

const HOT_ENTRIES = 200;

export class ResultCache {
  private readonly hot = new Map<string, Kept>();
  private readonly pending = new Map<string, Shared<unknown>>();
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
   * The cached result for `key`, else fn()'s, which is cached when `decide` says so. fn gets the
   * signal to run with: the caller's own when nobody can join it, else the shared work's.
   */
  async through<T>(key: ResultKey, fn: (signal: AbortSignal | undefined) => Promise<T>, decide: (value: T) => CacheDecision, options: ThroughOptions<T> = {}): Promise<Served<T>> {
    if (!this.enabled) return { value: await fn(options.signal), served: 'computed' };
    const id = resultKeyOf(key);
    const cached = await this.get<T>(id);
    if (cached !== undefined) {
      this.hits++;
      return { value: cached.value, served: 'cache', computedAt: cached.computedAt };
    }
    const joined = this.pending.get(id) as Shared<T> | undefined;
    if (joined) {
      // A concurrent identical call is computing it: a copy, so callers never share one object.
      return { value: structuredClone(await this.wait(id, joined, options.signal)), served: 'shared' };
    }
    const controller = new AbortController();
    const run = fn(controller.signal).then(async (value) => {
      const d = decide(value);
      if (d.cacheable && d.ttlMs > 0) {
        const keep = options.keepAs ? await options.keepAs(value) : key;
        if (keep) await this.set(resultKeyOf(keep), value, d.ttlMs);
      }
      return value;
    });
    const shared: Shared<T> = { run, controller, waiting: 0 };
    this.pending.set(id, shared as Shared<unknown>);
    void run.catch(() => undefined).finally(() => this.forget(id, shared as Shared<unknown>));
    return { value: await this.wait(id, shared, options.signal), served: 'computed' };
  }

  /**
   * One caller's wait for shared work. Its cancellation ends only its own wait while others still
   * wait; the last to cancel stops the work and gets what the work makes of it (as a call alone
   * always did: the tool's answer that says what was not fetched, which is never kept).
   */
  private wait<T>(id: string, shared: Shared<T>, signal: AbortSignal | undefined): Promise<T> {
    shared.waiting++;
    if (!signal) return shared.run;
    return new Promise<T>((resolve, reject) => {
      const leave = (): void => {
        shared.waiting--;
        if (shared.waiting > 0) {
          reject(cancellation(signal));
          return;
        }
        // Nobody waits any more: a later identical call starts afresh instead of joining stopped work.
        this.forget(id, shared as Shared<unknown>);
        shared.controller.abort(signal.reason);
      };
      shared.run.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave));
      if (signal.aborted) leave();
      else signal.addEventListener('abort', leave, { once: true });
    });
  }

  private forget(id: string, shared: Shared<unknown>): void {
    if (this.pending.get(id) === shared) this.pending.delete(id);
  }

  private async get<T>(id: string): Promise<{ value: T; computedAt: number } | undefined> {
    const hot = this.hot.get(id);
    if (hot && hot.expiresAt > this.now()) {
      this.hot.delete(id);
      this.hot.set(id, hot);
      return { value: structuredClone(hot.value) as T, computedAt: hot.computedAt };
    }
    if (hot) this.hot.delete(id);
    const stored = (await this.store?.get(id).catch(() => undefined)) as Partial<Kept> | undefined;
    if (!stored || typeof stored.expiresAt !== 'number' || stored.expiresAt <= this.now() || typeof stored.computedAt !== 'number') return undefined;
    this.remember(id, { value: structuredClone(stored.value), expiresAt: stored.expiresAt, computedAt: stored.computedAt });
    return { value: stored.value as T, computedAt: stored.computedAt };
  }

  private async set(id: string, value: unknown, ttlMs: number): Promise<void> {
    const computedAt = this.now();
    const kept: Kept = { value, expiresAt: computedAt + ttlMs, computedAt };
    this.remember(id, { ...kept, value: structuredClone(value) });
    await this.store?.set(id, kept, ttlMs).catch(() => undefined);
  }

  private remember(id: string, kept: Kept): void {
    this.hot.set(id, kept);
    for (const oldest of this.hot.keys()) {
      if (this.hot.size <= HOT_ENTRIES) break;
      this.hot.delete(oldest);
    }
  }
}

/** The rejection of a caller that left shared work: its own signal's reason when that is an error. */
function cancellation(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const err = new Error(`cancelled by the caller${reason === undefined ? '' : `: ${String(reason)}`}`);
  err.name = 'AbortError';
  return err;
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
