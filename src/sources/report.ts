// Per-call account of the sources a tool consulted: the `sources[]` and `warnings[]` of every
// result. A failing source degrades the answer here (recorded, warned) instead of failing the call.
import { errorMessage } from '../errors.js';
import type { UpstreamClient } from './http.js';
import type { SourceId } from './registry.js';

export type SourceStatus = 'ok' | 'cached' | 'failed' | 'skipped';

export interface SourceEntry {
  id: string;
  status: SourceStatus;
  ms: number;
  records: number;
  error?: string;
  /** Why a source was skipped. */
  note?: string;
}

interface Tally {
  calls: number;
  failed: number;
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

export class SourceReport {
  private readonly tallies = new Map<string, Tally>();
  readonly warnings: string[] = [];

  constructor(private readonly http: UpstreamClient) {}

  /** Runs a source call; on failure records it, adds a warning and returns undefined. */
  async call<T>(source: SourceId, fn: () => Promise<T>, options: CallOptions<T> = {}): Promise<T | undefined> {
    const outcome = await this.run(source, fn, options);
    if ('error' in outcome) {
      const what = options.degrades ? ` (${options.degrades})` : '';
      this.warnings.push(`${source} failed${what}: ${errorMessage(outcome.error)}`);
      return undefined;
    }
    return outcome.value;
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

  /** A source deliberately not consulted (e.g. drugs off, or not needed for this input). */
  skip(source: SourceId, reason: string): void {
    const t = this.tally(source);
    if (t.calls === 0) t.skipped = reason;
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
    if (error !== undefined) {
      t.failed++;
      t.errors.push(errorMessage(error));
      if (options.essential) t.essentialError ??= errorMessage(error);
      return { error };
    }
    t.records += (options.records ?? defaultRecords)(value as T);
    return { value: value as T };
  }

  private tally(source: string): Tally {
    let t = this.tallies.get(source);
    if (!t) {
      t = { calls: 0, failed: 0, requests: 0, cacheHits: 0, ms: 0, records: 0, errors: [], notes: [] };
      this.tallies.set(source, t);
    }
    return t;
  }
}

function toEntry(id: string, t: Tally): SourceEntry {
  if (t.calls === 0) return { id, status: 'skipped', ms: 0, records: 0, ...(t.skipped ? { note: t.skipped } : {}) };
  const base = { id, ms: t.ms, records: t.records };
  if (t.failed === t.calls) return { ...base, status: 'failed', error: t.errors[0] ?? 'failed' };
  if (t.essentialError) return { ...base, status: 'failed', error: `${t.failed} of ${t.calls} calls failed, one the answer depends on: ${t.essentialError}` };
  const status: SourceStatus = t.requests === 0 && t.cacheHits > 0 ? 'cached' : 'ok';
  const note = t.notes.length ? { note: t.notes.join('; ') } : {};
  if (t.failed > 0) return { ...base, status, error: `${t.failed} of ${t.calls} calls failed: ${t.errors[0]}`, ...note };
  return { ...base, status, ...note };
}

function defaultRecords(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (Array.isArray(value)) return value.length;
  if (value instanceof Map || value instanceof Set) return value.size;
  return 1;
}
