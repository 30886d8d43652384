// When the upstream client sends, waits and retries: the per-source rate window, which statuses
// are worth retrying, and how long to wait before the next attempt.
import PQueue from 'p-queue';

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
export function rateText({ perSecond, window, sustained }: { perSecond: number; window?: RateWindow; sustained?: RateWindow }): string {
  const first = window ? `${window.requests} per ${windowText(window.seconds)}` : `${perSecond}/s`;
  return sustained ? `${first}, ${sustained.requests} per ${windowText(sustained.seconds)}` : first;
}

function windowText(seconds: number): string {
  if (seconds === 60) return 'minute';
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} s`;
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

/**
 * Send times of one source, for a provider that states two limits (Europe PMC: 10 a second and 500
 * a minute). A p-queue holds one window; this log holds them all on the times requests are
 * actually sent, so a request that waited for the longer window cannot then leave in a burst.
 */
export class SendLog {
  /** Ascending send times within the longest window. */
  private readonly sent: number[] = [];
  private readonly longestMs: number;

  constructor(
    readonly windows: readonly RateWindow[],
    private readonly now: () => number = Date.now,
  ) {
    this.longestMs = Math.max(...windows.map((w) => w.seconds * 1000));
  }

  /** Milliseconds until one more send keeps every window within its limit (0: it may go now). */
  delay(): number {
    const t = this.now();
    while (this.sent.length && this.sent[0]! <= t - this.longestMs) this.sent.shift();
    let wait = 0;
    for (const w of this.windows) {
      const span = w.seconds * 1000;
      const inWindow = this.sent.filter((x) => x > t - span);
      // Once the oldest (count - limit + 1) of them have left the window, one more fits.
      if (inWindow.length >= w.requests) wait = Math.max(wait, inWindow[inWindow.length - w.requests]! + span - t);
    }
    return wait;
  }

  /** A send now. */
  record(): void {
    this.sent.push(this.now());
  }

  /** Waits until a send fits, then records it (no await between the check and the record). */
  async take(signal?: AbortSignal): Promise<void> {
    for (let d = this.delay(); d > 0; d = this.delay()) await sleep(d, signal);
    this.record();
  }
}

/** What paces one source's requests: its queue (concurrency, first window), its send log when it states a second limit, and the limit as people read it. */
export interface Pacer {
  queue: PQueue;
  sendLog: SendLog | undefined;
  rate: string;
}

/** A source's pacer from its limits (the registry's, or the ones a test or bench sets). */
export function createPacer(info: { perSecond: number; concurrency: number; window?: RateWindow; sustained?: RateWindow }): Pacer {
  const first = rateWindow(info);
  return {
    queue: new PQueue({ concurrency: info.concurrency, ...first, strict: true }),
    sendLog: info.sustained ? new SendLog([{ requests: first.intervalCap, seconds: first.interval / 1000 }, info.sustained]) : undefined,
    rate: rateText(info),
  };
}
