// Counts the dependent rounds of upstream requests a piece of work needs, without a clock on the
// answers: the fake upstream holds every answer until the client has sent all it can (nothing new
// arrives, nothing waits in a source queue, no file operation is under way), then releases them all
// at once. Each release is one round: a request sent after a release needed something it released.
// Use with a context whose sources are not rate limited (ContextOverrides.limits), or rate windows
// would read as rounds.
import type { UpstreamClient } from '../../src/sources/http.js';
import type { FakeRequest, FakeUpstream } from './fake-upstream.js';

export interface RoundCounter {
  /** The requests of each round, in order. */
  readonly rounds: FakeRequest[][];
  stop(): void;
}

/** Quiet time before the held answers are released; the other conditions do the real work. */
const QUIET_MS = 250;

export function countRounds(fake: FakeUpstream, http: UpstreamClient): RoundCounter {
  const rounds: FakeRequest[][] = [];
  let held: { req: FakeRequest; release: () => void }[] = [];
  let lastArrival = Date.now();
  fake.holdAll(
    (req) =>
      new Promise<void>((release) => {
        held.push({ req, release });
        lastArrival = Date.now();
      }),
  );
  const busyWithFiles = () => process.getActiveResourcesInfo().some((r) => r === 'FSReqCallback' || r === 'FSReqPromise');
  const timer = setInterval(() => {
    if (held.length === 0 || Date.now() - lastArrival < QUIET_MS || http.queuedRequests() > 0 || busyWithFiles()) return;
    const batch = held;
    held = [];
    rounds.push(batch.map((h) => h.req));
    for (const h of batch) h.release();
  }, 20);
  return {
    rounds,
    stop() {
      clearInterval(timer);
      fake.holdAll(undefined);
      for (const h of held) h.release();
      held = [];
    },
  };
}
