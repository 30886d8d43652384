// Per-call account of the sources a tool consulted: the `sources[]` and `warnings[]` of every
// result. A failing source degrades the answer here (recorded, warned) instead of failing the call.
//
// A source's status reflects its calls (issue: a source whose calls failed with DNS errors was
// listed as `ok`):
// - ok / cached: every call answered (cached: from the response cache only);
// - partial: some calls failed, with the counts (calls, failedCalls) and the first error;
// - failed: every call failed, or one the answer depends on (`essential`), with the error;
// - skipped: not consulted, with the reason.
// A call counts as failed when it threw, and also when it returned although every request it sent
// failed (a client that swallowed its errors and returned an empty list); one that returned with
// some failed requests makes the source partial, and so does one whose list was cut short (a paging
// cap: the client's shortfalls), with a warning saying how much was read.
//
// With a call deadline (deadline.ts) the report also says which sources were late: still queued or
// waiting for an answer when the deadline fired. Their entries carry `late: true` and the warnings
// name them, so a result that came back at the deadline says what it is missing.
import { errorMessage, UpstreamError } from '../errors.js';
import type { CallDeadline } from './deadline.js';
import type { Observation, UpstreamClient } from './http.js';
import type { SourceId } from './registry.js';

export type SourceStatus = 'ok' | 'cached' | 'partial' | 'failed' | 'skipped';

export interface SourceEntry {
  id: string;
  status: SourceStatus;
  ms: number;
  records: number;
  /** Calls made to the source and how many of them failed (partial and failed entries). */
  calls?: number;
  failedCalls?: number;
  error?: string;
  /** Some of its calls were still out when the call's deadline passed. */
  late?: boolean;
  /** Why a source was skipped, or where local data came from. */
  note?: string;
}

interface Tally {
  calls: number;
  failed: number;
  degraded: number;
  late: number;
  requests: number;
  cacheHits: number;
  ms: number;
  records: number;
  errors: string[];
  notes: string[];
  skipped?: string;
  /** Error of a failed essential call. */
  essentialError?: string;
}

export interface CallOptions<T> {
  /** How many records the value holds (rows, articles...). Default: array length, 1 for a value, 0 for null. */
  records?: (value: T) => number;
  /** What the answer loses when this call fails; becomes the warning text. */
  degrades?: string;
  /**
   * The answer cannot be trusted without this call (e.g. PubMed's PMID check): when it fails the
   * source is reported `failed`, even if other calls to it answered.
   */
  essential?: boolean;
}

export interface ReportOptions {
  /** The call's deadline: its signal is what source calls should pass on (`report.signal`). */
  deadline?: CallDeadline;
}

export class SourceReport {
  private readonly tallies = new Map<string, Tally>();
  readonly warnings: string[] = [];
  /** Warnings said more than once (the same failure of many calls): where, and how often. */
  private readonly repeats = new Map<string, { at: number; times: number }>();
  private readonly deadline: CallDeadline | undefined;

  constructor(
    private readonly http: UpstreamClient,
    options: ReportOptions = {},
  ) {
    this.deadline = options.deadline;
  }

  /** The signal source calls of this tool call should carry (deadline and cancellation), if any. */
  get signal(): AbortSignal | undefined {
    return this.deadline?.signal;
  }

  /** True once the call's deadline has passed: what is still missing will not come. */
  get pastDeadline(): boolean {
    return this.deadline?.expired ?? false;
  }

  /** Runs a source call; on failure records it, adds a warning and returns undefined. */
  async call<T>(source: SourceId, fn: () => Promise<T>, options: CallOptions<T> = {}): Promise<T | undefined> {
    const outcome = await this.run(source, fn, options);
    if ('error' in outcome) {
      const what = options.degrades ? ` (${options.degrades})` : '';
      const verb = isLate(outcome.error) ? 'did not answer before the deadline' : 'failed';
      this.warn(`${source} ${verb}${what}: ${errorMessage(outcome.error)}`);
      return undefined;
    }
    return outcome.value;
  }

  /** A warning; said again, it is counted instead of repeated ("... (15 times)"). */
  private warn(text: string): void {
    const seen = this.repeats.get(text);
    if (!seen) {
      this.repeats.set(text, { at: this.warnings.length, times: 1 });
      this.warnings.push(text);
      return;
    }
    seen.times++;
    this.warnings[seen.at] = `${text} (${seen.times} times)`;
  }

  /** Like call(), but the answer cannot exist without it: the error is recorded, then rethrown. */
  async must<T>(source: SourceId, fn: () => Promise<T>, options: CallOptions<T> = {}): Promise<T> {
    const outcome = await this.run(source, fn, options);
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  /** Data of a source served from a local copy (e.g. gene-set files on disk): reported as cached. */
  servedLocally(source: SourceId, records: number, note: string): void {
    const t = this.tally(source);
    delete t.skipped;
    t.calls++;
    t.cacheHits++;
    t.records += records;
    t.notes.push(note);
  }

  /**
   * The source answered, but its answer lacks what another answer says exists (efetch omitting a
   * PMID esummary lists): partial, with the reason, and a warning naming what is missing.
   */
  incomplete(source: SourceId, message: string): void {
    const t = this.tally(source);
    t.degraded++;
    t.errors.push(message);
    this.warn(`${source} incomplete: ${message}`);
  }

  /** Says how a source was used where it was asked less than the input would suggest (a cap). */
  note(source: SourceId, text: string): void {
    this.tally(source).notes.push(text);
  }

  /** A source deliberately not consulted (e.g. drugs off, or not needed for this input). */
  skip(source: SourceId, reason: string): void {
    const t = this.tally(source);
    if (t.calls === 0) t.skipped = reason;
  }

  /**
   * skip(), saying which of the sources it depended on failed: "no drug candidate" next to a failed
   * Open Targets is a consequence of the failure, not a finding.
   */
  skipAfter(source: SourceId, reason: string, causes: readonly SourceId[]): void {
    const failed = causes.filter((c) => (this.tallies.get(c)?.failed ?? 0) > 0);
    this.skip(source, failed.length ? `${reason} (${failed.join(', ')} failed, so this is not a finding)` : reason);
  }

  /** Sources with calls still out when the deadline passed. */
  late(): string[] {
    return [...this.tallies].filter(([, t]) => t.late > 0).map(([id]) => id);
  }

  list(): SourceEntry[] {
    return [...this.tallies].map(([id, t]) => toEntry(id, t));
  }

  private async run<T>(source: SourceId, fn: () => Promise<T>, options: CallOptions<T>): Promise<{ value: T } | { error: unknown }> {
    const { value, error, observation, ms } = await this.http.observe(fn);
    const t = this.tally(source);
    delete t.skipped;
    t.calls++;
    t.requests += observation.requests;
    t.cacheHits += observation.cacheHits;
    t.ms += ms;
    if (error !== undefined || swallowedEverything(observation)) {
      const err = error ?? swallowedError(source, observation);
      t.failed++;
      if (isLate(err) || (this.pastDeadline && error !== undefined)) t.late++;
      t.errors.push(errorMessage(err));
      if (options.essential) t.essentialError ??= errorMessage(err);
      if (error !== undefined) return { error };
      return { error: err };
    }
    const lost = observation.failures > 0 ? (observation.errors[0] ?? `${observation.failures} request(s) failed`) : observation.shortfalls?.[0];
    if (lost !== undefined) {
      t.degraded++;
      t.errors.push(lost);
    }
    for (const s of observation.shortfalls ?? []) this.warn(`${source} incomplete: ${s}`);
    t.records += (options.records ?? defaultRecords)(value as T);
    return { value: value as T };
  }

  private tally(source: string): Tally {
    let t = this.tallies.get(source);
    if (!t) {
      t = { calls: 0, failed: 0, degraded: 0, late: 0, requests: 0, cacheHits: 0, ms: 0, records: 0, errors: [], notes: [] };
      this.tallies.set(source, t);
    }
    return t;
  }
}

/** Returned normally, yet nothing it asked for came back: every request failed, none from cache. */
function swallowedEverything(o: Observation): boolean {
  return o.requests > 0 && o.failures >= o.requests && o.cacheHits === 0;
}

/** The error a call should have thrown: its source's first request failure. */
function swallowedError(source: SourceId, o: Observation): UpstreamError {
  const first = o.errors[0] ?? 'every request failed';
  const said = first.startsWith(source) ? first.slice(first.indexOf(': ') + 2) : first;
  return new UpstreamError({ source, failure: 'network', message: `every request failed (${o.failures} of ${o.requests}); first: ${said}` });
}

function isLate(err: unknown): boolean {
  return err instanceof UpstreamError && err.failure === 'deadline';
}

function toEntry(id: string, t: Tally): SourceEntry {
  if (t.calls === 0) return { id, status: 'skipped', ms: 0, records: 0, ...(t.skipped ? { note: t.skipped } : {}) };
  const base = { id, ms: t.ms, records: t.records, ...(t.late ? { late: true } : {}) };
  const note = t.notes.length ? { note: t.notes.join('; ') } : {};
  const counts = { calls: t.calls, failedCalls: t.failed };
  if (t.failed === t.calls) return { ...base, status: 'failed', ...counts, error: t.errors[0] ?? 'failed', ...note };
  // A call the answer depends on failed (e.g. PubMed's PMID check): failed, whatever else answered.
  if (t.essentialError) return { ...base, status: 'failed', ...counts, error: `${t.failed} of ${t.calls} calls failed, one the answer depends on: ${t.essentialError}`, ...note };
  if (t.failed > 0 || t.degraded > 0) {
    const what = t.failed > 0 ? `${t.failed} of ${t.calls} calls failed` : `${t.degraded} of ${t.calls} calls lost some requests`;
    return { ...base, status: 'partial', ...counts, error: `${what}: ${t.errors[0]}`, ...note };
  }
  const status: SourceStatus = t.requests === 0 && t.cacheHits > 0 ? 'cached' : 'ok';
  return { ...base, status, ...note };
}

function defaultRecords(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (Array.isArray(value)) return value.length;
  if (value instanceof Map || value instanceof Set) return value.size;
  return 1;
}
