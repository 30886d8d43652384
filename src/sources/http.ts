// The one upstream client every source uses. It owns, in this order: replay, cache, in-flight
// de-duplication, the per-source rate limiter, timeout, retries with backoff (Retry-After
// honoured) under an overall deadline, content-type checks, recording and metrics.
import { AsyncLocalStorage } from 'node:async_hooks';
import type Keyv from 'keyv';
import { FetchError, ofetch } from 'ofetch';
import PQueue from 'p-queue';
import type { Config } from '../config.js';
import { UpstreamError } from '../errors.js';
import type { Logger } from '../log.js';
import { redact } from '../log.js';
import { exchangeKey, readRecording, writeRecording, type Exchange } from './recordings.js';
import { backoff, parseRetryAfter, rateWindow, RETRY_STATUSES, sleep } from './pacing.js';
import { resolveSource, SOURCE_IDS, type SourceId } from './registry.js';
import { upstreamMessage } from './upstream-message.js';

export type QueryValue = string | number | boolean | undefined | null;

export interface UpstreamRequest {
  source: SourceId;
  /** Appended to the source's base URL exactly as the real API expects it, e.g. `/esummary.fcgi`. */
  path: string;
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  /** POST body as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** POST body as application/json. */
  json?: unknown;
  /** POST body as text/plain. */
  text?: string;
  expect: 'json' | 'xml' | 'text';
  headers?: Record<string, string>;
  /** Cache the response. Default: true for GET; POST only when the caller says it is a read. */
  cache?: boolean;
  /** At most this many retries for this request (never more than the configured `retries`). */
  maxRetries?: number;
  signal?: AbortSignal;
}

export interface SourceMetrics {
  requests: number;
  cacheHits: number;
  replayed: number;
  failures: number;
  retries: number;
  totalMs: number;
  lastError?: string;
  lastOkAt?: string;
}

/** What happened during one observed piece of work (see observe()). */
export interface Observation {
  requests: number;
  cacheHits: number;
  failures: number;
}

interface Stored {
  status: number;
  contentType: string;
  body: string;
}

export interface UpstreamClientOptions {
  config: Config;
  log: Logger;
  cache?: Keyv | undefined;
  /** Injected for tests; defaults to global fetch through ofetch. */
  fetchImpl?: typeof fetch;
}

const NOT_FOUND_TTL_MS = 3_600_000;

export class UpstreamClient {
  readonly config: Config;
  private readonly log: Logger;
  private readonly cache: Keyv | undefined;
  private readonly queues = new Map<SourceId, PQueue>();
  private readonly inflight = new Map<string, Promise<{ stored: Stored; cached: boolean }>>();
  private readonly stats = new Map<SourceId, SourceMetrics>();
  private readonly observers = new AsyncLocalStorage<Observation>();
  private readonly fetcher;
  private readonly secrets: string[];

  constructor(options: UpstreamClientOptions) {
    this.config = options.config;
    this.log = options.log;
    this.cache = options.config.cache ? options.cache : undefined;
    this.fetcher = ofetch.create({ retry: 0, ...(options.fetchImpl ? { fetch: options.fetchImpl } : {}) });
    this.secrets = [options.config.ncbiApiKey, options.config.ncbiEmail].filter((s): s is string => !!s);
  }

  async json<T = unknown>(req: Omit<UpstreamRequest, 'expect'>): Promise<T> {
    const text = await this.text({ ...req, expect: 'json' });
    try {
      return JSON.parse(text) as T;
    } catch (cause) {
      throw new UpstreamError({ source: req.source, failure: 'parse', message: 'response is not valid JSON', cause });
    }
  }

  async text(req: UpstreamRequest): Promise<string> {
    return (await this.request(req)).body;
  }

  /** Runs fn and reports how many requests, cache hits and failures it caused (for sources[]). */
  async observe<T>(fn: () => Promise<T>): Promise<{ value?: T; error?: unknown; observation: Observation; ms: number }> {
    const observation: Observation = { requests: 0, cacheHits: 0, failures: 0 };
    const started = performance.now();
    try {
      const value = await this.observers.run(observation, fn);
      return { value, observation, ms: Math.round(performance.now() - started) };
    } catch (error) {
      return { error, observation, ms: Math.round(performance.now() - started) };
    }
  }

  metrics(): Record<SourceId, SourceMetrics> {
    const out = {} as Record<SourceId, SourceMetrics>;
    for (const id of SOURCE_IDS) out[id] = { ...this.metricsOf(id) };
    return out;
  }

  async request(req: UpstreamRequest): Promise<Stored> {
    const source = resolveSource(req.source, this.config);
    const method = req.method ?? (req.form || req.json !== undefined || req.text !== undefined ? 'POST' : 'GET');
    const query = this.withDefaultQuery(req);
    const body = bodyOf(req);
    const key = exchangeKey({ source: req.source, method, path: req.path, query, body: body?.text });
    const observation = this.observers.getStore();
    const m = this.metricsOf(req.source);

    if (this.config.replayDir) {
      m.replayed++;
      if (observation) observation.cacheHits++;
      const rec = await readRecording(this.config.replayDir, req.source, key, `${method} ${redact(buildUrl('', req.path, query), this.secrets)}`);
      return this.checked(req, rec);
    }

    const cacheable = req.cache ?? method === 'GET';
    // One shared promise per key covers the cache lookup, the fetch and the cache write, so an
    // identical request that arrives at any point of that sequence joins it. Registering only the
    // fetch left a gap: a request whose cache read started before the first one's write finished
    // missed the cache, found nothing in flight, and fetched again (seen with two panels analysed
    // side by side on a slow shared store).
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.lookupOrFetch(req, source, method, query, body, key, cacheable).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    let outcome: { stored: Stored; cached: boolean };
    try {
      outcome = await pending;
    } catch (err) {
      if (observation) {
        observation.requests++;
        observation.failures++;
      }
      throw err;
    }
    if (outcome.cached) {
      m.cacheHits++;
      if (observation) observation.cacheHits++;
    } else if (observation) observation.requests++;
    return this.checked(req, outcome.stored);
  }

  private async lookupOrFetch(
    req: UpstreamRequest,
    source: ReturnType<typeof resolveSource>,
    method: 'GET' | 'POST',
    query: Record<string, QueryValue>,
    body: { text: string; type: string } | undefined,
    key: string,
    cacheable: boolean,
  ): Promise<{ stored: Stored; cached: boolean }> {
    const m = this.metricsOf(req.source);
    if (cacheable && this.cache) {
      const hit = (await this.cache.get(key)) as Stored | undefined;
      if (hit) return { stored: hit, cached: true };
    }
    const url = buildUrl(source.baseUrl, req.path, query);
    try {
      const stored = await this.fetchFinal(req, method, url, body, source.headers);
      if (this.config.recordDir) {
        await writeRecording(this.config.recordDir, req.source, key, this.exchangeOf(req, method, query, body?.text, stored));
      }
      // "Not found" is an answer too: cached briefly so unknown ids do not cost a request each time.
      if (stored.status === 404 && cacheable && this.cache) await this.cache.set(key, stored, NOT_FOUND_TTL_MS);
      const ok = this.checked(req, stored);
      m.lastOkAt = new Date().toISOString();
      if (cacheable && this.cache) await this.cache.set(key, ok, source.ttlMs);
      return { stored: ok, cached: false };
    } catch (err) {
      m.failures++;
      m.lastError = err instanceof Error ? err.message : String(err);
      throw err;
    }
  }

  /**
   * Sends the request until it gets a final answer: a success, a non-retryable status (returned,
   * so it can be recorded), or retries/deadline exhausted. Network failures are thrown.
   */
  private async fetchFinal(
    req: UpstreamRequest,
    method: 'GET' | 'POST',
    url: string,
    body: { text: string; type: string } | undefined,
    sourceHeaders: Record<string, string> | undefined,
  ): Promise<Stored> {
    const m = this.metricsOf(req.source);
    const deadline = Date.now() + this.config.deadlineMs;
    const queue = this.queueOf(req.source);
    const headers: Record<string, string> = {
      'User-Agent': 'biointel (+https://www.npmjs.com/package/biointel)',
      ...(sourceHeaders ?? {}),
      ...(req.headers ?? {}),
      ...(body ? { 'Content-Type': body.type } : {}),
    };
    for (let attempt = 0; ; attempt++) {
      if (Date.now() >= deadline) {
        throw new UpstreamError({ source: req.source, failure: 'deadline', message: `no answer within the ${this.config.deadlineMs} ms deadline`, retryable: true });
      }
      const started = performance.now();
      let stored: (Stored & { retryAfter?: string }) | undefined;
      let failure: UpstreamError | undefined;
      try {
        stored = await queue.add(() => this.once(req, method, url, body?.text, headers, deadline));
        failure = this.problem(req, stored);
      } catch (err) {
        failure = this.networkError(req, err);
      }
      m.requests++;
      m.totalMs += performance.now() - started;
      if (!failure) return stored as Stored;
      const delay = parseRetryAfter(stored?.retryAfter) ?? backoff(attempt);
      const retries = Math.min(this.config.retries, req.maxRetries ?? Infinity);
      const retry = failure.retryable && attempt < retries && !req.signal?.aborted && Date.now() + delay < deadline;
      if (!retry) {
        if (stored) return stored;
        throw failure;
      }
      m.retries++;
      this.log.debug(`retrying ${req.source} in ${delay} ms`, { attempt: attempt + 1, reason: failure.message });
      await sleep(delay, req.signal);
    }
  }

  private async once(
    req: UpstreamRequest,
    method: 'GET' | 'POST',
    url: string,
    body: string | undefined,
    headers: Record<string, string>,
    deadline: number,
  ): Promise<Stored & { retryAfter?: string }> {
    const timeout = Math.max(1, Math.min(this.config.timeoutMs, deadline - Date.now()));
    const signals = [AbortSignal.timeout(timeout)];
    if (req.signal) signals.push(req.signal);
    const res = await this.fetcher.raw(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
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

  /** Enforces the status and the expected content type: an HTML error page is an error, never data. */
  private checked(req: UpstreamRequest, stored: Stored): Stored {
    const failure = this.problem(req, stored);
    if (failure) throw failure;
    return stored;
  }

  private problem(req: UpstreamRequest, stored: Stored): UpstreamError | undefined {
    if (stored.status < 200 || stored.status >= 300) return this.statusError(req.source, stored);
    const type = stored.contentType.toLowerCase();
    const looksHtml = type.includes('text/html') || /^\s*<(!doctype html|html)/i.test(stored.body);
    if (req.expect !== 'text' && looksHtml) {
      return new UpstreamError({
        source: req.source,
        failure: 'content-type',
        status: stored.status,
        message: `expected ${req.expect.toUpperCase()} but received an HTML page`,
        upstreamMessage: redact(upstreamMessage(stored.body, stored.contentType), this.secrets),
        retryable: true,
      });
    }
    if (req.expect === 'xml' && type.includes('json')) {
      return new UpstreamError({
        source: req.source,
        failure: 'content-type',
        status: stored.status,
        message: 'expected XML but received JSON',
        upstreamMessage: redact(upstreamMessage(stored.body, stored.contentType), this.secrets),
      });
    }
    return undefined;
  }

  private statusError(source: SourceId, stored: Stored): UpstreamError {
    const what = stored.status === 404 ? 'not found' : stored.status === 429 ? 'rate limit exceeded' : 'request failed';
    return new UpstreamError({
      source,
      failure: 'http',
      status: stored.status,
      message: what,
      upstreamMessage: redact(upstreamMessage(stored.body, stored.contentType), this.secrets),
      retryable: RETRY_STATUSES.has(stored.status),
      ...(stored.status === 404 ? { hint: 'Check the identifier; the source does not know it.' } : {}),
    });
  }

  private networkError(req: UpstreamRequest, err: unknown): UpstreamError {
    if (err instanceof UpstreamError) return err;
    const cause = err instanceof FetchError ? (err.cause ?? err) : err;
    const name = cause instanceof Error ? cause.name : '';
    const timedOut = name === 'TimeoutError' || (name === 'AbortError' && !req.signal?.aborted);
    if (req.signal?.aborted) {
      return new UpstreamError({ source: req.source, failure: 'network', message: 'request cancelled by the caller', cause: err });
    }
    const detail = cause instanceof Error ? ((cause.cause as { code?: string } | undefined)?.code ?? cause.message) : String(cause);
    return new UpstreamError({
      source: req.source,
      failure: timedOut ? 'timeout' : 'network',
      message: timedOut ? `no response within ${this.config.timeoutMs} ms` : `network error (${redact(detail, this.secrets)})`,
      retryable: true,
      cause: err,
    });
  }

  /** NCBI asks every caller to identify itself; the key raises the rate limit. */
  private withDefaultQuery(req: UpstreamRequest): Record<string, QueryValue> {
    if (req.source !== 'eutils') return req.query ?? {};
    return {
      ...req.query,
      tool: 'biointel',
      email: this.config.ncbiEmail,
      ...(this.config.ncbiApiKey ? { api_key: this.config.ncbiApiKey } : {}),
    };
  }

  private exchangeOf(
    req: UpstreamRequest,
    method: string,
    query: Record<string, QueryValue>,
    body: string | undefined,
    stored: Stored,
  ): Exchange {
    const url = buildUrl('', req.path, query);
    return {
      source: req.source,
      method,
      request: redact(url, this.secrets),
      ...(body === undefined ? {} : { requestBody: redact(body, this.secrets) }),
      status: stored.status,
      contentType: stored.contentType,
      body: stored.body,
      recordedAt: new Date().toISOString(),
    };
  }

  private queueOf(id: SourceId): PQueue {
    let q = this.queues.get(id);
    if (!q) {
      const info = resolveSource(id, this.config);
      q = new PQueue({ concurrency: info.concurrency, ...rateWindow(info.perSecond), strict: true });
      this.queues.set(id, q);
    }
    return q;
  }

  private metricsOf(id: SourceId): SourceMetrics {
    let m = this.stats.get(id);
    if (!m) {
      m = { requests: 0, cacheHits: 0, replayed: 0, failures: 0, retries: 0, totalMs: 0 };
      this.stats.set(id, m);
    }
    return m;
  }
}

function bodyOf(req: UpstreamRequest): { text: string; type: string } | undefined {
  if (req.form) return { text: new URLSearchParams(req.form).toString(), type: 'application/x-www-form-urlencoded' };
  if (req.json !== undefined) return { text: JSON.stringify(req.json), type: 'application/json' };
  if (req.text !== undefined) return { text: req.text, type: 'text/plain' };
  return undefined;
}

export function buildUrl(base: string, path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) params.append(k, String(v));
  }
  const qs = params.toString();
  return `${base}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}
