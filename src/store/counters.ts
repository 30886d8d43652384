// Counters for quotas and usage totals that stay exact when many requests, and several processes
// sharing one store, count at once. keyv has no atomic increment (a get-then-set loses updates under
// concurrency), so each store kind has its own implementation of one operation, `take`:
// all-or-nothing, it adds one to every counter named, unless one of them would pass its limit, in
// which case nothing changes. Memory: plain Map (one event loop is atomic); SQLite: one
// BEGIN IMMEDIATE transaction (counters-sqlite.ts); Redis: one Lua script (counters-redis.ts).
//
// Windows are part of the key (`day:2026-11-23:...`), so a counter never has to be reset; the
// expiry only lets old windows be cleaned up.

export interface CounterSpec {
  key: string;
  /** The counter may reach this value and no more; omitted: no limit (a total). */
  limit?: number;
  /** Forget the counter this long after it was created (ms); omitted: keep. */
  ttlMs?: number;
}

export type TakeResult =
  | { ok: true; /** Values after the increment, in the order given. */ counts: number[] }
  | { ok: false; /** Index of the first counter that is at its limit. */ index: number; count: number };

export interface CounterStore {
  readonly kind: 'memory' | 'sqlite' | 'redis' | 'unsupported';
  /** Adds one to every counter, or to none when any is at its limit. Atomic across processes. */
  take(specs: readonly CounterSpec[]): Promise<TakeResult>;
  /** Current values (0 for unknown or expired counters). */
  read(keys: readonly string[]): Promise<number[]>;
  close(): Promise<void>;
}

/** The decision of `take`, shared by every implementation that can read all counters first. */
export function decide(specs: readonly CounterSpec[], current: readonly number[]): TakeResult {
  for (const [index, spec] of specs.entries()) {
    const count = current[index] ?? 0;
    if (spec.limit !== undefined && count + 1 > spec.limit) return { ok: false, index, count };
  }
  return { ok: true, counts: current.map((c) => c + 1) };
}

export function createMemoryCounters(now: () => number = Date.now): CounterStore {
  const values = new Map<string, { n: number; expires?: number }>();
  const current = (key: string): number => {
    const v = values.get(key);
    if (!v) return 0;
    if (v.expires !== undefined && v.expires <= now()) {
      values.delete(key);
      return 0;
    }
    return v.n;
  };
  return {
    kind: 'memory',
    async take(specs) {
      const result = decide(specs, specs.map((s) => current(s.key)));
      if (result.ok) {
        for (const [i, spec] of specs.entries()) {
          const prev = values.get(spec.key);
          values.set(spec.key, {
            n: result.counts[i] as number,
            ...(prev?.expires !== undefined ? { expires: prev.expires } : spec.ttlMs !== undefined ? { expires: now() + spec.ttlMs } : {}),
          });
        }
      }
      return result;
    },
    async read(keys) {
      return keys.map(current);
    },
    async close() {
      values.clear();
    },
  };
}
