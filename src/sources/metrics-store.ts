// Upstream metrics survive the process: each context adds its counts to the store on close, so
// `biointel sources` shows requests, cache hits, failures and latency across runs.
import type { Store } from '../store/index.js';
import type { SourceMetrics } from './http.js';

const KEY = 'sources';

export type MetricsTable = Record<string, SourceMetrics>;

export async function readMetrics(store: Store): Promise<MetricsTable> {
  return ((await store.ns('usage').get(`metrics:${KEY}`)) as MetricsTable | undefined) ?? {};
}

export async function addMetrics(store: Store, delta: MetricsTable): Promise<void> {
  const active = Object.entries(delta).filter(([, m]) => m.requests + m.cacheHits + m.replayed + m.failures > 0);
  if (active.length === 0) return;
  const total = await readMetrics(store);
  for (const [id, m] of active) {
    const t = total[id] ?? { requests: 0, cacheHits: 0, replayed: 0, failures: 0, retries: 0, totalMs: 0 };
    total[id] = {
      requests: t.requests + m.requests,
      cacheHits: t.cacheHits + m.cacheHits,
      replayed: t.replayed + m.replayed,
      failures: t.failures + m.failures,
      retries: t.retries + m.retries,
      totalMs: Math.round(t.totalMs + m.totalMs),
      ...((m.lastError ?? t.lastError) ? { lastError: m.lastError ?? t.lastError } : {}),
      ...((m.lastOkAt ?? t.lastOkAt) ? { lastOkAt: m.lastOkAt ?? t.lastOkAt } : {}),
    };
  }
  await store.ns('usage').set(`metrics:${KEY}`, total);
}
