// Sending one upstream request until it has a final answer: wait for a turn under the source's
// rate limit, send with a timeout counted from sending, retry with backoff (Retry-After honoured)
// within a retry budget that also starts at the first send. The caller's signal (a call's deadline
// or a cancellation) stops waiting, sending and retrying alike; errors say which happened.
import type { $Fetch } from 'ofetch';
import type { Config } from '../config.js';
import type { UpstreamError } from '../errors.js';
import type { Logger } from '../log.js';
import type { SourceMetrics } from './http.js';
import { answerProblem, networkError, retryInterrupted, type Attempt, type Expect } from './http-errors.js';
import { backoff, parseRetryAfter, sleep, type Pacer } from './pacing.js';
import type { SourceId } from './registry.js';
import type { StoredResponse } from './response-cache.js';

export interface SendContext {
  config: Config;
  log: Logger;
  secrets: readonly string[];
  /** The source's queue, send log and limit as people read it. */
  pacer: Pacer;
  metrics: SourceMetrics;
  fetcher: Promise<$Fetch>;
}

export interface Outgoing {
  source: SourceId;
  expect: Expect;
  method: 'GET' | 'POST';
  url: string;
  body: { text: string; type: string } | undefined;
  headers: Record<string, string>;
  maxRetries?: number;
  signal?: AbortSignal;
}

/**
 * A success, or a non-retryable status (returned, so it can be recorded), or the last answer once
 * retries or the budget are spent. Network failures and timeouts are thrown.
 */
export async function sendUntilFinal(c: SendContext, out: Outgoing): Promise<StoredResponse> {
  const m = c.metrics;
  const headers: Record<string, string> = {
    'User-Agent': 'biointel (+https://www.npmjs.com/package/biointel)',
    ...out.headers,
    ...(out.body ? { 'Content-Type': out.body.type } : {}),
  };
  // The retry budget starts with the first send, not with the wait for a turn.
  let firstSent: number | undefined;
  const budgetLeft = () => (firstSent === undefined ? c.config.deadlineMs : firstSent + c.config.deadlineMs - Date.now());
  for (let attempt = 0; ; attempt++) {
    const a: Attempt = { source: out.source, sentAt: undefined, timeoutMs: c.config.timeoutMs, queuedBehind: c.pacer.queue.size + c.pacer.queue.pending, rate: c.pacer.rate, signal: out.signal, lateAlready: out.signal?.aborted === true };
    let stored: (StoredResponse & { retryAfter?: string }) | undefined;
    let failure: UpstreamError | undefined;
    try {
      stored = await c.pacer.queue.add(
        async () => {
          // Still queued while it waits here: the timeout and retry budget start at the send.
          await c.pacer.sendLog?.take(out.signal);
          a.sentAt = Date.now();
          firstSent ??= a.sentAt;
          a.timeoutMs = Math.max(1, Math.min(c.config.timeoutMs, budgetLeft()));
          return once(c.fetcher, out, headers, a.timeoutMs);
        },
        out.signal ? { signal: out.signal } : {},
      );
      failure = answerProblem(out.source, out.expect, stored, c.secrets);
    } catch (err) {
      failure = networkError(err, a, c.secrets);
    }
    if (a.sentAt !== undefined) {
      m.requests++;
      m.totalMs += Date.now() - a.sentAt;
    }
    if (!failure) return stored as StoredResponse;
    const delay = parseRetryAfter(stored?.retryAfter) ?? backoff(attempt);
    const retries = Math.min(c.config.retries, out.maxRetries ?? Infinity);
    const retry = failure.retryable && attempt < retries && !out.signal?.aborted && delay < budgetLeft();
    if (!retry) {
      if (stored) return stored;
      throw failure;
    }
    m.retries++;
    c.log.debug(`retrying ${out.source} in ${delay} ms`, { attempt: attempt + 1, reason: failure.message });
    await sleep(delay, out.signal).catch((err: unknown) => {
      throw retryInterrupted(out.source, failure, err, out.signal);
    });
  }
}

async function once(fetcher: Promise<$Fetch>, out: Outgoing, headers: Record<string, string>, timeoutMs: number): Promise<StoredResponse & { retryAfter?: string }> {
  const signals = [AbortSignal.timeout(timeoutMs)];
  if (out.signal) signals.push(out.signal);
  const res = await (await fetcher).raw(out.url, {
    method: out.method,
    headers,
    ...(out.body === undefined ? {} : { body: out.body.text }),
    responseType: 'text',
    ignoreResponseError: true,
    signal: AbortSignal.any(signals),
  });
  const retryAfter = res.headers.get('retry-after') ?? undefined;
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: typeof res._data === 'string' ? res._data : '',
    ...(retryAfter ? { retryAfter } : {}),
  };
}
