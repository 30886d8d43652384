// Typed errors thrown by handlers and sources. One place (server/tool-errors.ts) turns them into
// tool results written for the model; the CLI maps them to exit codes.

export type ErrorCode =
  | 'invalid_input'
  | 'not_found'
  | 'upstream'
  | 'quota'
  | 'unavailable'
  | 'cancelled'
  | 'internal';

export class BiointelError extends Error {
  readonly code: ErrorCode;
  /** What the caller can try next; shown to the model and the terminal user. */
  readonly hint?: string;

  constructor(code: ErrorCode, message: string, options?: { hint?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    if (options?.hint !== undefined) this.hint = options.hint;
  }
}

/** Bad input that the schema could not express (e.g. every gene unresolved). Names the field. */
export class InvalidInputError extends BiointelError {
  readonly field: string;
  constructor(field: string, message: string, hint?: string) {
    super('invalid_input', `${field}: ${message}`, hint === undefined ? undefined : { hint });
    this.field = field;
  }
}

/** A well-formed request for something that does not exist (unknown gene, snapshot id...). */
export class NotFoundError extends BiointelError {
  constructor(what: string, id: string, hint?: string) {
    super('not_found', `${what} not found: ${id}`, hint === undefined ? undefined : { hint });
  }
}

export type UpstreamFailure =
  | 'http'
  | 'timeout'
  | 'network'
  | 'content-type'
  | 'parse'
  | 'schema'
  | 'graphql'
  | 'replay-miss'
  | 'deadline';

/** An upstream source failed. Never carries a URL with secrets: callers pass redacted text only. */
export class UpstreamError extends BiointelError {
  readonly source: string;
  readonly status: number | undefined;
  readonly failure: UpstreamFailure;
  readonly retryable: boolean;
  readonly upstreamMessage: string | undefined;

  constructor(init: {
    source: string;
    failure: UpstreamFailure;
    message: string;
    status?: number;
    upstreamMessage?: string;
    retryable?: boolean;
    hint?: string;
    cause?: unknown;
  }) {
    const status = init.status === undefined ? '' : ` (HTTP ${init.status})`;
    const upstream = init.upstreamMessage ? `: ${init.upstreamMessage}` : '';
    super('upstream', `${init.source}${status}: ${init.message}${upstream}`, {
      hint: init.hint ?? 'The source may be down or rate-limiting; retry later, or run `biointel sources` to see its status.',
      cause: init.cause,
    });
    this.source = init.source;
    this.status = init.status;
    this.failure = init.failure;
    this.retryable = init.retryable ?? false;
    this.upstreamMessage = init.upstreamMessage;
  }
}

/** A limit was reached (HTTP 429). `limitName` says which one, e.g. "daily analyses". */
export class QuotaError extends BiointelError {
  readonly resetAt: Date;
  readonly limit: number;
  readonly limitName: string;
  /** Seconds until the reset (HTTP Retry-After), at least 1. */
  readonly retryAfterS: number;
  constructor(message: string, limit: number, resetAt: Date, limitName = 'quota', hint?: string, now: number = Date.now()) {
    super('quota', message, { hint: hint ?? `The limit resets at ${resetAt.toISOString()}.` });
    this.limit = limit;
    this.resetAt = resetAt;
    this.limitName = limitName;
    this.retryAfterS = Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000));
  }
}

/** The server is at capacity (HTTP 503 with Retry-After): try again in `retryAfterS` seconds. */
export class BusyError extends BiointelError {
  readonly retryAfterS: number;
  constructor(message: string, retryAfterS: number, hint?: string) {
    super('unavailable', message, { hint: hint ?? `Retry in ${retryAfterS} s.` });
    this.retryAfterS = retryAfterS;
  }
}

export function isNotFoundStatus(err: unknown): boolean {
  return err instanceof UpstreamError && err.failure === 'http' && err.status === 404;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
