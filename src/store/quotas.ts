// Daily analysis quotas and usage totals (DESIGN.md 2.3) on the store's exact counters: every
// analysis a caller starts takes one unit of its daily quota, and adds one to its totals by tool,
// in one atomic step (counters.ts). Days are UTC days; a quota resets at 00:00 UTC.
import type { Caller } from '../caller.js';
import type { Config, Tier } from '../config.js';
import { QuotaError } from '../errors.js';
import type { CounterStore } from './counters.js';

const DAY_MS = 86_400_000;
/** Daily counters are kept one extra day (usage reports of "yesterday" are not offered). */
const DAILY_TTL_MS = 2 * DAY_MS;

export interface Usage {
  tier: Tier;
  /** Analyses a day; null: no limit (the local operator). */
  dailyLimit: number | null;
  usedToday: number;
  remaining: number | null;
  /** When today's count starts again from zero (ISO, UTC midnight). */
  resetsAt: string;
  /** Analyses started today, by tool. */
  todayByTool: Record<string, number>;
  /** Analyses started since the key was created (or the address first called), by tool. */
  totalsByTool: Record<string, number>;
}

export type QuotaConfig = Pick<Config, 'freeDailyLimit' | 'researcherDailyLimit'>;

export function utcDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

export function nextUtcMidnight(t: number): Date {
  return new Date((Math.floor(t / DAY_MS) + 1) * DAY_MS);
}

/** The caller's analyses a day: the key's own limit, else its tier's; unlimited for the operator. */
export function dailyLimitFor(caller: Caller, config: QuotaConfig): number {
  if (caller.kind === 'local') return Infinity;
  if (caller.key?.dailyLimit !== undefined) return caller.key.dailyLimit;
  return caller.tier === 'researcher' ? config.researcherDailyLimit : config.freeDailyLimit;
}

function describeLimit(caller: Caller, limit: number): string {
  const n = `${limit} ${limit === 1 ? 'analysis' : 'analyses'} a day`;
  if (caller.kind === 'anonymous') return `${n} for anonymous callers (counted per client address)`;
  const own = caller.key?.dailyLimit !== undefined;
  return `${n} for API key "${caller.key?.label ?? '?'}" (${own ? 'its own limit' : `${caller.tier} tier`})`;
}

export class Quotas {
  constructor(
    private readonly counters: CounterStore,
    private readonly config: QuotaConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one analysis of `tool` for the caller, or throws QuotaError (nothing counted) when the
   * daily limit is reached. The operator is never limited, and not counted.
   */
  async consume(caller: Caller, tool: string): Promise<void> {
    if (caller.kind === 'local') return;
    const t = this.now();
    const day = utcDay(t);
    const limit = dailyLimitFor(caller, this.config);
    const result = await this.counters.take([
      { key: `day:${day}:${caller.client}`, limit, ttlMs: DAILY_TTL_MS },
      { key: `day:${day}:${caller.client}:${tool}`, ttlMs: DAILY_TTL_MS },
      { key: `total:${caller.client}:${tool}` },
    ]);
    if (result.ok) return;
    const resetAt = nextUtcMidnight(t);
    const free = caller.tier === 'free';
    throw new QuotaError(
      `Daily analysis limit reached: ${describeLimit(caller, limit)}; it resets at ${resetAt.toISOString()}.`,
      limit,
      resetAt,
      'daily analyses',
      free
        ? `Retry after ${resetAt.toISOString()}, or ask the operator of this server for an API key (X-API-Key header). Saved analyses (svc_search_snapshots, svc_get_snapshot) do not count.`
        : `Retry after ${resetAt.toISOString()}, or ask the operator to raise the key's limit. Saved analyses (svc_search_snapshots, svc_get_snapshot) do not count.`,
      t,
    );
  }

  async usage(caller: Caller, tools: readonly string[]): Promise<Usage> {
    const t = this.now();
    const day = utcDay(t);
    const limit = dailyLimitFor(caller, this.config);
    const keys = [`day:${day}:${caller.client}`, ...tools.map((tool) => `day:${day}:${caller.client}:${tool}`), ...tools.map((tool) => `total:${caller.client}:${tool}`)];
    const values = await this.counters.read(keys);
    const used = values[0] ?? 0;
    const pick = (offset: number) => Object.fromEntries(tools.map((tool, i) => [tool, values[offset + i] ?? 0]).filter(([, n]) => (n as number) > 0));
    return {
      tier: caller.tier,
      dailyLimit: Number.isFinite(limit) ? limit : null,
      usedToday: used,
      remaining: Number.isFinite(limit) ? Math.max(0, limit - used) : null,
      resetsAt: nextUtcMidnight(t).toISOString(),
      todayByTool: pick(1),
      totalsByTool: pick(1 + tools.length),
    };
  }
}
