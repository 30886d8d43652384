// Identical concurrent requests share one fetch (UpstreamClient's in-flight join). The fetch belongs
// to no one caller: it runs with a signal of its own, which aborts only once every caller waiting for
// it has cancelled (the rule of the result cache, store/result-cache.ts). A caller that cancels, or
// whose call's deadline passes, while others still wait is rejected alone, with its own reason; the
// others get the answer. Before this, the fetch ran with the first caller's signal, so cancelling a
// researcher-tier call failed a free-tier call that had joined it.
import { UpstreamError } from '../errors.js';
import { DeadlineExceeded } from './deadline.js';
import type { SourceId } from './registry.js';

interface Shared<T> {
  run: Promise<T>;
  controller: AbortController;
  waiting: number;
  /** Someone has taken the outcome as its own (it counts the failure, or writes the cache). */
  claimed: boolean;
}

/** One caller's outcome; `owner`: the first caller to receive the shared outcome (exactly one per fetch). */
export type JoinOutcome<T> = ({ value: T } | { error: unknown }) & { owner: boolean };

export class InflightJoin<T> {
  private readonly pending = new Map<string, Shared<T>>();

  /** The outcome of the fetch under way for `key`, or of `start(signal)`, started now. */
  async join(key: string, source: SourceId, signal: AbortSignal | undefined, start: (signal: AbortSignal | undefined) => Promise<T>): Promise<JoinOutcome<T>> {
    let shared = this.pending.get(key);
    if (!shared) {
      // Already cancelled: sent alone with its own signal, so the error says it was never due.
      if (signal?.aborted) return settle(start(signal));
      const controller = new AbortController();
      const run = start(controller.signal);
      const made: Shared<T> = { run, controller, waiting: 0, claimed: false };
      shared = made;
      this.pending.set(key, made);
      void run.catch(() => undefined).finally(() => this.forget(key, made));
    }
    return this.wait(key, shared, source, signal);
  }

  private wait(key: string, shared: Shared<T>, source: SourceId, signal: AbortSignal | undefined): Promise<JoinOutcome<T>> {
    shared.waiting++;
    const claim = (): boolean => !shared.claimed && (shared.claimed = true);
    const outcome = shared.run.then(
      (value) => ({ value, owner: claim() }),
      (error: unknown) => ({ error, owner: claim() }),
    );
    if (!signal) return outcome;
    return new Promise((resolve) => {
      const leave = (): void => {
        shared.waiting--;
        if (shared.waiting > 0) {
          resolve({ error: leftAlone(source, signal), owner: false });
          return;
        }
        // Nobody waits any more: stop the fetch; a later identical request starts afresh.
        this.forget(key, shared);
        shared.controller.abort(signal.reason);
      };
      void outcome.then(resolve).finally(() => signal.removeEventListener('abort', leave));
      if (signal.aborted) leave();
      else signal.addEventListener('abort', leave, { once: true });
    });
  }

  private forget(key: string, shared: Shared<T>): void {
    if (this.pending.get(key) === shared) this.pending.delete(key);
  }
}

async function settle<T>(run: Promise<T>): Promise<JoinOutcome<T>> {
  return run.then(
    (value) => ({ value, owner: true }),
    (error: unknown) => ({ error, owner: true }),
  );
}

/** The error of a caller that left a fetch others still wait for: its deadline, or its cancellation. */
function leftAlone(source: SourceId, signal: AbortSignal): UpstreamError {
  const reason: unknown = signal.reason;
  if (reason instanceof DeadlineExceeded) {
    return new UpstreamError({ source, failure: 'deadline', message: `waiting for the same request made by another call when ${reason.message}`, cause: reason });
  }
  return new UpstreamError({ source, failure: 'network', message: 'request cancelled by the caller', cause: reason });
}
