// When the upstream client sends, waits and retries: the per-source rate window, which statuses
// are worth retrying, and how long to wait before the next attempt.

/** Statuses that say "try again later": timeouts, throttling and transient server errors. */
export const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
const MAX_BACKOFF_MS = 30_000;

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.min(seconds * 1000, MAX_BACKOFF_MS));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.min(date - now, MAX_BACKOFF_MS));
}

/** Exponential backoff with full jitter: 250 ms, 500 ms, 1 s... capped. */
export function backoff(attempt: number, random = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, 250 * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Waits `ms`, or rejects when `signal` aborts. The abort listener is removed when the wait ends: a
 * call's signal outlives many retries, and listeners left behind would pile up on it.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A provider's limit as it states it: `requests` in any `seconds`-long window (e.g. 240 per minute). */
export interface RateWindow {
  requests: number;
  seconds: number;
}

/** A source's limit for people: "240 per minute", "3/s". */
export function rateText({ perSecond, window }: { perSecond: number; window?: RateWindow }): string {
  if (window) return `${window.requests} per ${window.seconds === 60 ? 'minute' : `${window.seconds} s`}`;
  return `${perSecond}/s`;
}

/**
 * p-queue window for a source's limit. A limit stated per minute is kept as that window, so a
 * round's few requests leave together (the provider allows the burst) instead of one per second;
 * a per-second rate is whole requests per second, or one request per 1/rate seconds below 1/s.
 */
export function rateWindow({ perSecond, window }: { perSecond: number; window?: RateWindow }): { intervalCap: number; interval: number } {
  if (window) return { intervalCap: window.requests, interval: window.seconds * 1000 };
  if (perSecond >= 1) return { intervalCap: Math.floor(perSecond), interval: 1000 };
  return { intervalCap: 1, interval: Math.round(1000 / perSecond) };
}
