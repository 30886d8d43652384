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

/** p-queue window for a rate: whole requests per second, or one request per 1/rate seconds below 1/s. */
export function rateWindow(perSecond: number): { intervalCap: number; interval: number } {
  if (perSecond >= 1) return { intervalCap: Math.floor(perSecond), interval: 1000 };
  return { intervalCap: 1, interval: Math.round(1000 / perSecond) };
}
