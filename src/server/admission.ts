// Load control of one HTTP instance: request rates per client and for the anonymous pool (fixed
// one-minute windows, in memory: they protect this instance's CPU, so they need not be shared; the
// daily quotas, which are a promise to users, are shared and exact: store/quotas.ts), and the gate
// that runs at most N analyses at once with a bounded queue behind it.
import { BusyError, QuotaError } from '../errors.js';

const MINUTE_MS = 60_000;

export class RateLimiter {
  private window = -1;
  private readonly counts = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Counts one request against each `[key, limit, name]`, all or none; throws QuotaError naming the
   * first limit that is reached (and counts nothing).
   */
  hit(limits: readonly (readonly [key: string, limit: number, name: string, hint: string])[]): void {
    const t = this.now();
    const window = Math.floor(t / MINUTE_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    for (const [key, limit, name, hint] of limits) {
      if ((this.counts.get(key) ?? 0) + 1 > limit) {
        const resetAt = new Date((window + 1) * MINUTE_MS);
        throw new QuotaError(`Rate limit reached: ${limit} ${name}; it resets at ${resetAt.toISOString()}.`, limit, resetAt, name, hint, t);
      }
    }
    for (const [key] of limits) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
}

/** Seconds a client refused by a full queue is told to wait: about one analysis' time. */
const BUSY_RETRY_S = 30;

export class AnalysisGate {
  private running = 0;
  private readonly waiting: { start: () => void; signal?: AbortSignal }[] = [];

  constructor(
    private readonly slots: number,
    private readonly queueLimit: number,
  ) {}

  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.waiting.length };
  }

  /** Throws BusyError when a new analysis would be refused (queue full). */
  assertRoom(): void {
    if (this.running >= this.slots && this.waiting.length >= this.queueLimit) throw this.busy();
  }

  /**
   * Waits for a slot and returns its release function. Throws BusyError at once when the queue is
   * full; a waiter whose signal aborts leaves the queue (and gets the signal's reason).
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      this.running--;
      this.next();
    };
    if (this.running < this.slots) {
      this.running++;
      return Promise.resolve(release);
    }
    if (this.waiting.length >= this.queueLimit) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running++;
          resolve(release);
        },
        ...(signal ? { signal } : {}),
      };
      const onAbort = (): void => {
        const i = this.waiting.indexOf(entry);
        if (i !== -1) this.waiting.splice(i, 1);
        reject(signal?.reason ?? new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private busy(): BusyError {
    return new BusyError(
      `The server is busy: ${this.running} analyses are running and ${this.waiting.length} are waiting (the queue holds ${this.queueLimit})`,
      BUSY_RETRY_S,
      `Retry in ${BUSY_RETRY_S} s; saved analyses (svc_search_snapshots, svc_get_snapshot) are served meanwhile.`,
    );
  }

  private next(): void {
    while (this.running < this.slots && this.waiting.length > 0) this.waiting.shift()?.start();
  }
}
