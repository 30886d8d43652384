// How the upstream client names what went wrong: a status, a body that is not what was asked for,
// no answer in time, a request that never left the queue. Every message is redacted: secrets never
// reach an error.
import { UpstreamError } from '../errors.js';
import { redact } from '../log.js';
import { DeadlineExceeded, formatMs } from './deadline.js';
import { RETRY_STATUSES } from './pacing.js';
import type { SourceId } from './registry.js';
import type { StoredResponse } from './response-cache.js';
import { upstreamMessage } from './upstream-message.js';

export type Expect = 'json' | 'xml' | 'text';

/** A status or content problem of an answer, or undefined when it is usable. */
export function answerProblem(source: SourceId, expect: Expect, stored: StoredResponse, secrets: readonly string[]): UpstreamError | undefined {
  const type = stored.contentType.toLowerCase();
  const looksHtml = type.includes('text/html') || /^\s*<(!doctype html|html)/i.test(stored.body);
  // A JSON or XML API does not say "not found" with a web page: an HTML 404 comes from whatever
  // stands in front of it (a proxy, a moved endpoint) and says nothing about the identifier. The
  // body must be a page: ChEMBL's own 404 is an empty body labelled text/html.
  if (stored.status === 404 && expect !== 'text' && looksHtml && stored.body.trim() !== '') return foreignNotFound(source, stored, secrets);
  if (stored.status < 200 || stored.status >= 300) return statusError(source, stored, secrets);
  const said = () => redact(upstreamMessage(stored.body, stored.contentType), secrets);
  if (expect !== 'text' && looksHtml) {
    return new UpstreamError({ source, failure: 'content-type', status: stored.status, message: `expected ${expect.toUpperCase()} but received an HTML page`, upstreamMessage: said(), retryable: true });
  }
  if (expect === 'xml' && type.includes('json')) {
    return new UpstreamError({ source, failure: 'content-type', status: stored.status, message: 'expected XML but received JSON', upstreamMessage: said() });
  }
  if (expect !== 'text' && stored.body.trim() === '') {
    // A 200 with nothing in it is a failed answer (a proxy cut it, the server died mid-way), never "no data".
    return new UpstreamError({ source, failure: 'parse', status: stored.status, message: `empty ${expect.toUpperCase()} answer`, retryable: true });
  }
  return undefined;
}

export function statusError(source: SourceId, stored: StoredResponse, secrets: readonly string[]): UpstreamError {
  const what = stored.status === 404 ? 'not found' : stored.status === 429 ? 'rate limit exceeded' : 'request failed';
  return new UpstreamError({
    source,
    failure: 'http',
    status: stored.status,
    message: what,
    upstreamMessage: redact(upstreamMessage(stored.body, stored.contentType), secrets),
    retryable: RETRY_STATUSES.has(stored.status),
    ...(stored.status === 404 ? { hint: 'Check the identifier; the source does not know it.' } : {}),
  });
}

/**
 * A 404 that is not the API's own "not found" (an HTML page, or an answer the source's `notFound`
 * check does not recognise): a failure of the source, never "it does not know the identifier".
 * Kind "content-type", so nothing the call fetched is cached; retried like an HTML 200.
 */
export function foreignNotFound(source: SourceId, stored: StoredResponse, secrets: readonly string[]): UpstreamError {
  const page = stored.contentType.toLowerCase().includes('text/html') || /^\s*<(!doctype html|html)/i.test(stored.body);
  return new UpstreamError({
    source,
    failure: 'content-type',
    status: 404,
    message: `answer is ${page ? 'an HTML page' : 'not its own error document'}, not the API's "not found" (the source failed; the identifier was not looked up)`,
    upstreamMessage: redact(upstreamMessage(stored.body, stored.contentType), secrets),
    retryable: true,
    hint: 'The address answered, but not the API (a proxy, maintenance or a moved endpoint?); retry later, or check the source URL.',
  });
}

/** JSON text to a value; a truncated or empty body is a parse failure naming the source. */
export function parseJsonBody(source: SourceId, body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch (cause) {
    const truncated = body.length > 0 && !/[}\]]\s*$/.test(body);
    throw new UpstreamError({ source, failure: 'parse', message: truncated ? 'response is not valid JSON (it ends mid-way: truncated?)' : 'response is not valid JSON', cause, retryable: true });
  }
}

/** Where a request was when it failed: still waiting for its turn, or sent and waiting for the answer. */
export interface Attempt {
  source: SourceId;
  /** When it left the queue (ms epoch), undefined while queued. */
  sentAt: number | undefined;
  /** Its own timeout, counted from sending. */
  timeoutMs: number;
  /** Requests of the same source ahead of it when it was queued. */
  queuedBehind: number;
  rate: string;
  signal: AbortSignal | undefined;
  /** The call's signal had fired before this request was even queued. */
  lateAlready?: boolean;
}

export function networkError(err: unknown, a: Attempt, secrets: readonly string[]): UpstreamError {
  if (err instanceof UpstreamError) return err;
  const reason = a.signal?.aborted ? (a.signal.reason as unknown) : undefined;
  if (reason instanceof DeadlineExceeded) {
    const message = a.lateAlready
      ? `not sent: ${reason.message} before it was due`
      : a.sentAt === undefined
        ? `still queued (${a.queuedBehind} request${a.queuedBehind === 1 ? '' : 's'} ahead at ${a.rate}) when ${reason.message}; it was never sent`
        : `sent ${formatMs(Date.now() - a.sentAt)} before ${reason.message}, no answer by then`;
    return new UpstreamError({ source: a.source, failure: 'deadline', message, cause: err });
  }
  if (a.signal?.aborted) {
    return new UpstreamError({ source: a.source, failure: 'network', message: 'request cancelled by the caller', cause: err });
  }
  // ofetch wraps the network error in a FetchError (told apart by name: ofetch loads only when sending).
  const cause = err instanceof Error && err.name === 'FetchError' ? (err.cause ?? err) : err;
  const name = cause instanceof Error ? cause.name : '';
  const timedOut = name === 'TimeoutError' || name === 'AbortError';
  const detail = cause instanceof Error ? ((cause.cause as { code?: string } | undefined)?.code ?? cause.message) : String(cause);
  return new UpstreamError({
    source: a.source,
    failure: timedOut ? 'timeout' : 'network',
    message: timedOut ? `no response within ${formatMs(a.timeoutMs)} of sending` : `network error (${redact(detail, secrets)})`,
    retryable: true,
    cause: err,
  });
}

/** The call's deadline or a cancellation arrived while waiting to retry after `last`. */
export function retryInterrupted(source: SourceId, last: UpstreamError, err: unknown, signal: AbortSignal | undefined): UpstreamError {
  const reason = signal?.reason as unknown;
  if (reason instanceof DeadlineExceeded) {
    const said = last.message.startsWith(source) ? last.message.slice(last.message.indexOf(': ') + 2) : last.message;
    return new UpstreamError({ source, failure: 'deadline', message: `waiting to retry after "${said}" when ${reason.message}`, cause: err });
  }
  return new UpstreamError({ source, failure: 'network', message: 'request cancelled by the caller', cause: err });
}
