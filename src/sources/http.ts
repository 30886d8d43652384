// The one upstream client every source uses. It owns, in this order: replay, cache (an in-memory
// layer over the keyv store), in-flight de-duplication, the per-source rate limiter, timeout,
// retries with backoff (Retry-After honoured) under an overall deadline, content checks, the
// source's own parser, recording and metrics.
//
// Decisions:
// - Only an answer that passed every check, the source's parser included (`json(req, parse)`), is
//   cached. Inside observe() (every SourceReport call) writes wait until the call returns, and are
//   dropped when it failed on a malformed answer or on an error the client did not raise itself
//   (a parser that runs after the client rejecting what it read, whatever kind of failure it
//   names). Outside observe() nothing would tell the client that its caller rejected an answer,
//   so there only an answer whose parser ran inside the request is cached. A drifted, truncated
//   or error-carrying 200 therefore costs one failed call, not a TTL of failures.
// - "Not found" (404) is cached briefly, but only the API's own: a 404 that is an HTML page (a
//   proxy, a moved endpoint), or one the source's `notFound` check does not recognise, is a failure.
// - Time is counted from sending: the per-request timeout starts when the request leaves the rate
//   limiter's queue, and so does the retry budget (`deadlineMs`). Waiting for a turn is bounded by the
//   caller's signal (a call's deadline, deadline.ts), and an error says which of the two happened.
// - The configured secrets (NCBI key and e-mail) are kept out of cache keys (recordings.ts), stored
//   URLs, stored bodies (NCBI's 429 echoes the key) and error messages.
import { AsyncLocalStorage } from 'node:async_hooks';
import { setMaxListeners } from 'node:events';
import type Keyv from 'keyv';
import type { $Fetch } from 'ofetch';
import type { Config } from '../config.js';
import { isNotFoundStatus, UpstreamError } from '../errors.js';
import type { Logger } from '../log.js';
import { redact } from '../log.js';
import { answerProblem, foreignNotFound, parseJsonBody } from './http-errors.js';
import { sendUntilFinal } from './http-send.js';
import { InflightJoin } from './http-join.js';
import { createPacer, type Pacer, type RateWindow } from './pacing.js';
import { checkRecordDir, whyUnusable } from './record-dir.js';
import { exchangeKey, readRecording, writeRecording, type Exchange } from './recordings.js';
import { resolveSource, SOURCE_IDS, type SourceId } from './registry.js';
import { ResponseCache, scrubSecrets, type StoredResponse } from './response-cache.js';

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
  /**
   * Whether a 404 is the API's own "not known" answer (e.g. its JSON error document). When it says
   * no, the 404 is a failure and is not cached. Default: any 404 that is not an HTML page.
   */
  notFound?: (answer: StoredResponse) => boolean;
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
  /** Messages of the failed requests, first ones first (a source may swallow them: report.ts still sees them). */
  errors: string[];
  /**
   * Answers that came back whole but are not the whole list (a paging cap: `shortfall()`), said in
   * a sentence each. Present only when there is one.
   */
  shortfalls?: string[];
}

interface Scope extends Observation {
  /** Cache writes held until the observed work returns (see the header); the answers are in memory meanwhile. */
  pending: { key: string; write: () => Promise<void> }[];
}

export type Stored = StoredResponse;

export interface UpstreamClientOptions {
  config: Config;
  log: Logger;
  cache?: Keyv | undefined;
  /** Injected for tests; defaults to global fetch through ofetch. */
  fetchImpl?: typeof fetch;
  /** Bytes of response bodies kept in memory in front of the store (default 32 M code units). */
  hotCacheBytes?: number;
  /** Replaces the registry's rate and concurrency of every source (tests that count dependent rounds). */
  limits?: { perSecond: number; concurrency: number; sustained?: RateWindow };
}

const NOT_FOUND_TTL_MS = 3_600_000;
const widened = new WeakSet<AbortSignal>();
/** Failures that mean "the answer was malformed": what such a call fetched is not cached. */
const MALFORMED = new Set(['parse', 'schema', 'graphql', 'content-type']);

export class UpstreamClient {
  readonly config: Config;
  private readonly log: Logger;
  private readonly cache: ResponseCache | undefined;
  private readonly pacers = new Map<SourceId, Pacer>();
  /** Identical concurrent requests share one fetch, which no one caller's cancellation stops (http-join.ts). */
  private readonly inflight = new InflightJoin<Stored>();
  /** A recording that could not be written is said once, not on every request. */
  private recordWarned = false;
  private readonly stats = new Map<SourceId, SourceMetrics>();
  private readonly observers = new AsyncLocalStorage<Scope>();
  /** Errors request() threw: a call failing with one of them failed on a request, not on reading an answer. */
  private readonly raised = new WeakSet<object>();
  /**
   * observe() calls under way. When none is, the storage is disabled: while enabled, node runs a
   * hook on every promise the process creates (a cached HTTP call, which observes nothing, paid it
   * on each of its promises); the next run() enables it again.
   */
  private observing = 0;
  /** Created on the first request: a process that only reads its cache never loads the fetch stack. */
  private fetcher: Promise<$Fetch> | undefined;
  private readonly fetchImpl: typeof fetch | undefined;
  private readonly secrets: string[];
  private readonly limits: UpstreamClientOptions['limits'];

  constructor(options: UpstreamClientOptions) {
    this.limits = options.limits;
    this.config = options.config;
    this.log = options.log;
    this.secrets = [options.config.ncbiApiKey, options.config.ncbiEmail].filter((s): s is string => !!s);
    this.cache = options.config.cache && options.cache ? new ResponseCache(options.cache, { secrets: this.secrets, ...(options.hotCacheBytes === undefined ? {} : { hotBytes: options.hotCacheBytes }) }) : undefined;
    this.fetchImpl = options.fetchImpl;
    if (options.config.recordDir) checkRecordDir(options.config.recordDir);
  }

  /** Parsed JSON; with `parse`, the source's parser (shape check) must accept it before it is cached. */
  async json<T = unknown>(req: Omit<UpstreamRequest, 'expect'>, parse?: (json: unknown) => T): Promise<T> {
    return this.send(
      { ...req, expect: 'json' },
      (s) => {
        const json = parseJsonBody(req.source, s.body);
        return (parse ? parse(json) : json) as T;
      },
      parse !== undefined,
    );
  }

  /** The body as text; with `parse`, it must be accepted before it is cached. */
  async text(req: UpstreamRequest): Promise<string>;
  async text<T>(req: UpstreamRequest, parse: (body: string) => T): Promise<T>;
  async text<T>(req: UpstreamRequest, parse?: (body: string) => T): Promise<T | string> {
    return this.send(req, (s) => (parse ? parse(s.body) : s.body), parse !== undefined);
  }

  /** Runs fn and reports how many requests, cache hits and failures it caused (for sources[]). */
  async observe<T>(fn: () => Promise<T>): Promise<{ value?: T; error?: unknown; observation: Observation; ms: number }> {
    const scope: Scope = { requests: 0, cacheHits: 0, failures: 0, errors: [], pending: [] };
    const started = performance.now();
    let outcome: { value: T } | { error: unknown };
    this.observing++;
    try {
      outcome = { value: await this.observers.run(scope, fn) };
    } catch (error) {
      outcome = { error };
    } finally {
      if (--this.observing === 0) this.observers.disable();
    }
    if ('error' in outcome && this.readingFailed(outcome.error)) for (const p of scope.pending.splice(0)) this.cache?.forget(p.key);
    else await this.flush(scope.pending);
    const { requests, cacheHits, failures, errors, shortfalls } = scope;
    return { ...outcome, observation: { requests, cacheHits, failures, errors, ...(shortfalls?.length ? { shortfalls } : {}) }, ms: Math.round(performance.now() - started) };
  }

  /**
   * A source read less than the whole list it asked for although every request answered (a paging
   * cap): the observed call then reads partial with this sentence (report.ts); outside observe() it
   * is logged. Never silent: a row not read could pass for a row that does not exist.
   */
  shortfall(message: string): void {
    const scope = this.observers.getStore();
    if (!scope) {
      this.log.warn(message);
      return;
    }
    scope.shortfalls ??= [];
    if (scope.shortfalls.length < 5 && !scope.shortfalls.includes(message)) scope.shortfalls.push(message);
  }

  metrics(): Record<SourceId, SourceMetrics> {
    const out = {} as Record<SourceId, SourceMetrics>;
    for (const id of SOURCE_IDS) out[id] = { ...this.metricsOf(id) };
    return out;
  }

  /** Reads answered from memory without touching the store (tests, `biointel cache stats`). */
  get hotCacheHits(): number {
    return this.cache?.hotHits ?? 0;
  }

  /**
   * A call failed on what it read rather than on a request: a malformed answer, or an error the
   * client did not raise (a parser after the client). What the call fetched is then not cached.
   */
  private readingFailed(error: unknown): boolean {
    if (error instanceof UpstreamError && MALFORMED.has(error.failure)) return true;
    for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
      if (this.raised.has(e)) return false;
    }
    return true;
  }

  /** Sends (or replays, or reads from cache) one request; `accept` (the source's parser) turns the answer into the caller's value. */
  async request(req: UpstreamRequest): Promise<Stored>;
  async request<T>(req: UpstreamRequest, accept: (stored: Stored) => T): Promise<T>;
  async request<T>(req: UpstreamRequest, accept?: (stored: Stored) => T): Promise<T | Stored> {
    return accept ? this.send(req, accept, true) : this.send(req, (s) => s, false);
  }

  /** `parsed`: `accept` includes the source's parser, so an answer it returns for is fit to cache anywhere. */
  private async send<T>(req: UpstreamRequest, accept: (stored: Stored) => T, parsed: boolean): Promise<T> {
    const source = resolveSource(req.source, this.config);
    const method = req.method ?? (req.form || req.json !== undefined || req.text !== undefined ? 'POST' : 'GET');
    const query = this.withDefaultQuery(req);
    const body = bodyOf(req);
    // The key is computed without the secret parameters and from a body with the secrets taken out.
    const key = exchangeKey({ source: req.source, method, path: req.path, query, body: body === undefined ? undefined : scrubSecrets(body.text, this.secrets) });
    const scope = this.observers.getStore();
    const m = this.metricsOf(req.source);
    // One call's signal is shared by all its requests (queue waits and fetches each listen to it):
    // hundreds of listeners are expected, not a leak.
    if (req.signal && !widened.has(req.signal)) {
      widened.add(req.signal);
      setMaxListeners(0, req.signal);
    }

    if (this.config.replayDir) {
      m.replayed++;
      if (scope) scope.cacheHits++;
      const rec = await readRecording(this.config.replayDir, req.source, key, `${method} ${redact(buildUrl('', req.path, query), this.secrets)}`);
      return this.raising(() => accept(this.checked(req, rec)));
    }

    const cacheable = (req.cache ?? method === 'GET') && this.cache !== undefined;
    if (cacheable) {
      const hit = await this.cache!.get(key);
      const read = hit && this.readHit(req, hit, accept);
      if (read) {
        m.cacheHits++;
        if (scope) scope.cacheHits++;
        if ('error' in read) throw this.mark(read.error); // a cached "not found"
        return read.value;
      }
      // Stored by an older version, or before its source's parser was passed in: fetch it again.
      if (hit) await this.cache!.delete(key);
    }

    const url = buildUrl(source.baseUrl, req.path, query);
    const outcome = this.inflight.join(key, req.source, req.signal, async (signal) => {
      const stored = await this.fetchFinal({ ...req, ...(signal ? { signal } : {}) }, method, url, body, source.headers);
      if (this.config.recordDir) await this.record(this.config.recordDir, key, this.exchangeOf(req, method, query, body?.text, stored));
      return stored;
    });
    if (scope) scope.requests++;
    // `first`: the caller that takes the shared answer (or failure) as its own: it writes the cache and counts the failure.
    let first = false;
    try {
      const joined = await outcome;
      first = joined.owner;
      if ('error' in joined) throw joined.error;
      const stored = joined.value;
      let value: T;
      try {
        value = accept(this.checked(req, stored));
      } catch (err) {
        // "Not found" is an answer too (the client decided it, no parser needed): cached briefly so
        // unknown ids do not cost a request each time.
        if (first && cacheable && stored.status === 404 && isNotFoundStatus(err)) this.write(scope, key, stored, NOT_FOUND_TTL_MS, true);
        throw err;
      }
      m.lastOkAt = new Date().toISOString();
      if (first && cacheable) this.write(scope, key, stored, source.ttlMs, parsed);
      return value;
    } catch (err) {
      this.mark(err);
      // A 404 is an answer ("it does not know it"), not a failure of the source.
      if (isNotFoundStatus(err)) throw err;
      if (first) {
        m.failures++;
        m.lastError = err instanceof Error ? err.message : String(err);
      }
      if (scope) {
        scope.failures++;
        if (scope.errors.length < 5) scope.errors.push(err instanceof Error ? err.message : String(err));
      }
      throw err;
    }
  }

  private mark(err: unknown): unknown {
    if (typeof err === 'object' && err !== null) this.raised.add(err);
    return err;
  }

  private raising<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      throw this.mark(err);
    }
  }

  /** A cached answer read as a fresh one would be: its value, its "not found", or undefined when it no longer passes. */
  private readHit<T>(req: UpstreamRequest, hit: Stored, accept: (stored: Stored) => T): { value: T } | { error: unknown } | undefined {
    try {
      return { value: accept(this.checked(req, hit)) };
    } catch (err) {
      if (hit.status === 404 && isNotFoundStatus(err)) return { error: err };
      this.log.debug(`dropping a cached ${req.source} answer that no longer passes its checks`, { err });
      return undefined;
    }
  }

  /**
   * Caches an answer. Inside observe() the write waits for the call (see the header); outside it,
   * only an answer whose parser already ran (`parsed`) is written: any other may still be rejected
   * by its caller, and nothing would tell.
   */
  private write(scope: Scope | undefined, key: string, stored: Stored, ttlMs: number, parsed: boolean): void {
    const write = () => this.cache!.set(key, stored, ttlMs).catch((err: unknown) => this.log.debug('cache write failed', { err }));
    if (!scope) {
      if (parsed) void write();
      return;
    }
    this.cache!.hold(key, stored, ttlMs);
    scope.pending.push({ key, write });
  }

  /**
   * Records an exchange. The answer is used whatever happens here: a directory that breaks after
   * start-up (checked then, record-dir.ts) is the operator's problem, said once, not a failed source.
   */
  private async record(dir: string, key: string, exchange: Exchange): Promise<void> {
    try {
      await writeRecording(dir, exchange.source, key, exchange);
    } catch (err) {
      if (this.recordWarned) return;
      this.recordWarned = true;
      this.log.warn(`could not record upstream exchanges into ${dir} (${whyUnusable(err)}); answers are used but not recorded`, { err });
    }
  }

  private async flush(pending: Scope['pending']): Promise<void> {
    if (pending.length) await Promise.all(pending.splice(0).map((p) => p.write()));
  }

  /** Sends the request until it gets a final answer (http-send.ts). */
  private fetchFinal(req: UpstreamRequest, method: 'GET' | 'POST', url: string, body: { text: string; type: string } | undefined, sourceHeaders: Record<string, string> | undefined): Promise<Stored> {
    this.fetcher ??= import('ofetch').then(({ ofetch }) => ofetch.create({ retry: 0, ...(this.fetchImpl ? { fetch: this.fetchImpl } : {}) }));
    return sendUntilFinal(
      { config: this.config, log: this.log, secrets: this.secrets, pacer: this.pacerOf(req.source), metrics: this.metricsOf(req.source), fetcher: this.fetcher },
      { source: req.source, expect: req.expect, method, url, body, headers: { ...(sourceHeaders ?? {}), ...(req.headers ?? {}) }, ...(req.maxRetries === undefined ? {} : { maxRetries: req.maxRetries }), ...(req.signal ? { signal: req.signal } : {}) },
    );
  }

  /**
   * Enforces the status and the expected content type: an HTML error page is an error, never data,
   * and a 404 the source does not recognise as its own (`notFound`) is a failure, not "not found".
   */
  private checked(req: UpstreamRequest, stored: Stored): Stored {
    const failure = answerProblem(req.source, req.expect, stored, this.secrets);
    if (failure && req.notFound && isNotFoundStatus(failure) && !req.notFound(stored)) throw foreignNotFound(req.source, stored, this.secrets);
    if (failure) throw failure;
    return stored;
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

  private exchangeOf(req: UpstreamRequest, method: string, query: Record<string, QueryValue>, body: string | undefined, stored: Stored): Exchange {
    const url = buildUrl('', req.path, query);
    return {
      source: req.source,
      method,
      request: redact(url, this.secrets),
      ...(body === undefined ? {} : { requestBody: redact(body, this.secrets) }),
      status: stored.status,
      contentType: stored.contentType,
      body: scrubSecrets(stored.body, this.secrets),
      recordedAt: new Date().toISOString(),
    };
  }

  /** Requests waiting for their turn (not yet sent), over every source. */
  queuedRequests(): number {
    let n = 0;
    for (const p of this.pacers.values()) n += p.queue.size;
    return n;
  }

  private pacerOf(id: SourceId): Pacer {
    let p = this.pacers.get(id);
    if (!p) {
      // Test and bench limits replace the source's own, windows included.
      p = createPacer(this.limits ?? resolveSource(id, this.config));
      this.pacers.set(id, p);
    }
    return p;
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
