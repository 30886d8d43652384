// One fake upstream per test file, and app contexts pointed at it. Registers the vitest hooks
// itself: call it once at the top level of a test file.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { ConfigInput } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { testContext } from './context.js';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream.js';

export interface FakeUpstreamContexts {
  /** The fake upstream (started in beforeAll, routes and requests reset before each test). */
  fake: () => FakeUpstream;
  /**
   * A fresh context on the fake, closed after the test. Rate limiters live in each context's
   * client (e.g. Semantic Scholar 1 request per 2 s, gnomAD and bioRxiv 1 request/s), so a
   * context shared across tests would make each test wait for the previous one's window.
   */
  context: (flags?: Partial<ConfigInput>) => Promise<AppContext>;
}

export function useFakeUpstreamContexts(): FakeUpstreamContexts {
  let fake: FakeUpstream | undefined;
  let contexts: AppContext[] = [];

  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => fake?.reset());
  afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
  });

  const started = (): FakeUpstream => {
    if (!fake) throw new Error('fake upstream not started: use fake() inside tests or hooks');
    return fake;
  };
  return {
    fake: started,
    async context(flags = {}) {
      const ctx = await testContext(flags, started().url);
      contexts.push(ctx);
      return ctx;
    },
  };
}
