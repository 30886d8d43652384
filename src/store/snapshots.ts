// The snapshot store: every analysis saved whole, and found again by disease or gene.
//
// Layout on keyv (DESIGN.md section 6):
// - namespace `snapshots`: key = snapshot id, value = the full Snapshot (inputs and result);
// - namespace `snapshot_index`: key = snapshot id, value = its SnapshotSummary (a few hundred bytes).
// One key per snapshot in each: keyv writes one key atomically, and nothing is ever
// read-modified-written, so concurrent writers (other processes, other instances) lose nothing.
// Search runs on an in-memory SnapshotIndex, loaded from `snapshot_index` on the first search (not
// on save: a one-off `biointel analyze` never pays for it) and brought up to date before every
// search by an IndexFeed (snapshot-sync.ts), which also sees records written by other processes.
import type Keyv from 'keyv';
import { BiointelError, errorMessage, InvalidInputError } from '../errors.js';
import type { Store } from './index.js';
import { isSnapshotId, newSnapshotId, SNAPSHOT_ID_EXAMPLE, snapshotIdTime } from './snapshot-id.js';
import { geneKey, LOCAL_OWNER, SnapshotIndex, type SnapshotOwner, type SnapshotSummary } from './snapshot-index.js';
import { createIndexFeed, ownerOf, type FeedOptions, type IndexFeed } from './snapshot-sync.js';

export type { SnapshotSummary, SnapshotOwner } from './snapshot-index.js';
export { ANONYMOUS_OWNER, LOCAL_OWNER } from './snapshot-index.js';
export { isSnapshotId, newSnapshotId, SNAPSHOT_ID_PATTERN } from './snapshot-id.js';

import { SEARCH_LIMIT } from './search-limit.js';

export { SEARCH_LIMIT };

/** What a tool hands to save(). */
export interface NewSnapshot {
  /**
   * Optional: an id from newSnapshotId(), for a result that must carry its own snapshotId.
   * Default: a new id at createdAt.
   */
  id?: string;
  /** Default: the time encoded in `id`, else now. */
  createdAt?: Date | string;
  /** The tool that produced the result, e.g. 'svc_generate_insights'. */
  tool: string;
  /** The resolved (HGNC-approved) symbols the analysis ran on. */
  genes: readonly string[];
  diseaseContext: string;
  /** 0-1. */
  qualityScore: number;
  /** The tool arguments as validated. */
  inputs: object;
  /** The full tool result (structuredContent). */
  result: object;
}

export interface Snapshot extends SnapshotSummary {
  /** Who saved it (absent in snapshots saved before ownership existed: the operator's). */
  owner?: SnapshotOwner;
  inputs: Record<string, unknown>;
  result: Record<string, unknown>;
}

/**
 * Whose snapshots a view sees and saves as (DESIGN.md 2.3): the local operator sees every snapshot;
 * anyone else sees only their own. `signal`: the call the view serves; once it is aborted, save()
 * refuses, so a cancelled call never leaves a (degraded) snapshot behind.
 */
export interface SnapshotScope {
  owner: SnapshotOwner;
  signal?: AbortSignal;
}

export interface SnapshotQuery {
  /** Case-insensitive partial match on the disease context. */
  disease?: string;
  /** Exact symbol (compared upper-cased). Resolve aliases before calling (the tool does, via HGNC). */
  gene?: string;
  /** 1..50, default 10. */
  limit?: number;
}

export interface SnapshotSearchResult {
  /** Newest first, at most `limit`. */
  snapshots: SnapshotSummary[];
  /** Every match, beyond the limit too. */
  total: number;
}

export type SnapshotStoreOptions = FeedOptions;

/** What every view of one store shares: the records, the index and how it is kept in sync. */
class SnapshotCore {
  readonly full: Keyv;
  readonly indexKv: Keyv;
  readonly feed: IndexFeed;
  readonly index = new SnapshotIndex();
  loaded = false;
  chain: Promise<unknown> = Promise.resolve();
  lastLoadMs: number | undefined;

  constructor(store: Store, options: SnapshotStoreOptions) {
    this.full = store.ns('snapshots');
    this.indexKv = store.ns('snapshot_index');
    // keyv swallows store errors by default (get -> undefined, set -> false): a disk error would
    // read as "snapshot not found". These two namespaces belong to this store, so make them throw.
    this.full.throwOnErrors = true;
    this.indexKv.throwOnErrors = true;
    // With the default SQLite store, the index is also kept next to the database file (snapshot-sync.ts).
    this.feed = createIndexFeed(this.indexKv, { ...(store.kind === 'sqlite' ? { indexFile: `${store.location}.snapshot-index` } : {}), ...options });
  }
}

export class SnapshotStore {
  private readonly core: SnapshotCore;
  private readonly scope: SnapshotScope;

  /** The operator's view of a store; scoped() gives a caller's view of the same records. */
  constructor(store: Store, options: SnapshotStoreOptions = {}) {
    this.core = new SnapshotCore(store, options);
    this.scope = { owner: LOCAL_OWNER };
  }

  /** A view for one caller (and call): saves as that owner, sees what that owner may see. */
  scoped(scope: SnapshotScope): SnapshotStore {
    // Same core (records, index, sync chain), another scope: no second index in memory.
    return Object.assign(Object.create(SnapshotStore.prototype) as SnapshotStore, { core: this.core, scope });
  }

  /** Whose view this is. */
  get owner(): SnapshotOwner {
    return this.scope.owner;
  }

  /** Undefined for the operator (who sees everything), else the one owner this view sees. */
  private get visibleOwner(): SnapshotOwner | undefined {
    return this.scope.owner === LOCAL_OWNER ? undefined : this.scope.owner;
  }

  /** A fresh id, for callers that put the id inside the result before saving it. */
  newId(at?: Date): string {
    return newSnapshotId(at);
  }

  /** Saves a snapshot and returns its id. Resolves once both records are written. */
  async save(input: NewSnapshot): Promise<string> {
    if (this.scope.signal?.aborted) {
      throw new BiointelError('cancelled', 'the call was cancelled, so its result was not saved');
    }
    const snapshot: Snapshot = { ...toSnapshot(input), owner: this.scope.owner };
    const { inputs: _inputs, result: _result, owner, ...summary } = snapshot;
    const { core } = this;
    // Full record first: an index record must never point at nothing.
    await this.write(core.full, snapshot.id, snapshot);
    await this.write(core.indexKv, snapshot.id, { ...summary, owner });
    await core.feed.afterWrite(snapshot.id);
    if (core.loaded) core.index.add(summary, owner);
    return snapshot.id;
  }

  /** The whole snapshot, or null when no snapshot has that id. */
  /** Someone else's snapshot is "not found" too: its existence is not revealed. */
  async get(id: string): Promise<Snapshot | null> {
    if (!isSnapshotId(id)) return null;
    const value = (await this.core.full.get(id).catch((err: unknown) => Promise.reject(unreadable(err)))) as Snapshot | undefined;
    if (!value || typeof value !== 'object' || value.id !== id) return null;
    const visible = this.visibleOwner;
    return visible === undefined || ownerOf(value) === visible ? value : null;
  }

  async search(query: SnapshotQuery = {}): Promise<SnapshotSearchResult> {
    const limit = query.limit ?? SEARCH_LIMIT.default;
    if (!Number.isInteger(limit) || limit < SEARCH_LIMIT.min || limit > SEARCH_LIMIT.max) {
      throw new InvalidInputError('limit', `must be an integer from ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}, got ${limit}`);
    }
    await this.refresh();
    const disease = query.disease?.trim() || undefined;
    const gene = query.gene?.trim() || undefined;
    const owner = this.visibleOwner;
    return this.core.index.search({ limit, ...(owner === undefined ? {} : { owner }), ...(disease ? { disease } : {}), ...(gene ? { gene } : {}) });
  }

  /** Whether some snapshot this view sees has this symbol in its panel (exact, case-insensitive). */
  async hasGene(symbol: string): Promise<boolean> {
    await this.refresh();
    return this.core.index.hasGene(symbol, this.visibleOwner);
  }

  /** Snapshots this view sees. */
  async count(): Promise<number> {
    await this.refresh();
    const owner = this.visibleOwner;
    return owner === undefined ? this.core.index.size : this.core.index.search({ owner, limit: 1 }).total;
  }

  /** For `biointel cache stats` and the bench: how the index is kept and what the last full load cost. */
  stats(): { feed: IndexFeed['kind']; loaded: boolean; indexed: number; lastLoadMs?: number; loadedFrom?: 'file' | 'table' } {
    const { core } = this;
    return {
      feed: core.feed.kind,
      loaded: core.loaded,
      indexed: core.index.size,
      ...(core.lastLoadMs === undefined ? {} : { lastLoadMs: core.lastLoadMs }),
      ...(core.feed.loadedFrom ? { loadedFrom: core.feed.loadedFrom } : {}),
    };
  }

  /** Loads the index once, then syncs it. Runs one at a time (across views) so syncs never interleave. */
  private refresh(): Promise<void> {
    const { core } = this;
    const run = core.chain.then(async () => {
      try {
        if (core.loaded) return await core.feed.sync(core.index);
        const t = performance.now();
        await core.feed.load(core.index);
        core.lastLoadMs = performance.now() - t;
        core.loaded = true;
      } catch (err) {
        throw unreadable(err);
      }
    });
    core.chain = run.catch(() => undefined);
    return run;
  }

  private async write(kv: Keyv, id: string, value: object): Promise<void> {
    let ok: boolean;
    try {
      ok = await kv.set(id, value);
    } catch (err) {
      throw new BiointelError('unavailable', `could not save snapshot ${id}`, { cause: err, hint: 'Check that the data directory is writable and not full.' });
    }
    // keyv reports store failures as `false` (and an 'error' event), not as a rejection.
    if (!ok) throw new BiointelError('unavailable', `could not save snapshot ${id}: the store refused the write`, { hint: 'Check that the data directory is writable and not full.' });
  }
}

function unreadable(err: unknown): BiointelError {
  return new BiointelError('unavailable', `the snapshot store could not be read: ${errorMessage(err)}`, {
    cause: err,
    hint: 'Check that the data directory is readable; if another process holds a lock, retry.',
  });
}

function toSnapshot(input: NewSnapshot): Snapshot {
  if (input.id !== undefined && !isSnapshotId(input.id)) {
    throw new InvalidInputError('snapshot.id', `"${input.id}" is not a snapshot id (expected e.g. ${SNAPSHOT_ID_EXAMPLE}); make one with newSnapshotId()`);
  }
  const at = input.createdAt !== undefined ? new Date(input.createdAt) : new Date(input.id ? (snapshotIdTime(input.id) ?? Date.now()) : Date.now());
  if (Number.isNaN(at.getTime())) throw new InvalidInputError('snapshot.createdAt', `not a date: ${String(input.createdAt)}`);
  if (typeof input.tool !== 'string' || !input.tool.trim()) throw new InvalidInputError('snapshot.tool', 'name the tool that produced the result');
  if (!Array.isArray(input.genes)) throw new InvalidInputError('snapshot.genes', 'expected an array of gene symbols');
  if (typeof input.diseaseContext !== 'string') throw new InvalidInputError('snapshot.diseaseContext', 'expected a string');
  if (typeof input.qualityScore !== 'number' || !(input.qualityScore >= 0 && input.qualityScore <= 1)) {
    throw new InvalidInputError('snapshot.qualityScore', `expected a number from 0 to 1, got ${String(input.qualityScore)}`);
  }
  if (!isObject(input.inputs)) throw new InvalidInputError('snapshot.inputs', 'expected the tool arguments as an object');
  if (!isObject(input.result)) throw new InvalidInputError('snapshot.result', 'expected the tool result as an object');
  return {
    id: input.id ?? newSnapshotId(at),
    createdAt: at.toISOString(),
    tool: input.tool.trim(),
    genes: uniqueGenes(input.genes),
    diseaseContext: input.diseaseContext.trim(),
    qualityScore: input.qualityScore,
    inputs: input.inputs as Record<string, unknown>,
    result: input.result as Record<string, unknown>,
  };
}

/** Trimmed, empty ones dropped, one per symbol ignoring case, first spelling and order kept. */
function uniqueGenes(genes: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const g of genes) {
    if (typeof g !== 'string') throw new InvalidInputError('snapshot.genes', `expected gene symbols (strings), got ${typeof g}`);
    const symbol = g.trim();
    const key = geneKey(symbol);
    if (!symbol || seen.has(key)) continue;
    seen.add(key);
    out.push(symbol);
  }
  return out;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
