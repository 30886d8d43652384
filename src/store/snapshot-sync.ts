// How the in-memory SnapshotIndex learns about index records, including those written by OTHER
// processes on the same store (two CLI runs and an HTTP server sharing one SQLite file, or several
// HTTP instances on Redis/Postgres). Every index record is its own key, written once and never
// changed, so concurrent writers never overwrite each other; the feeds below only have to find
// records they have not seen yet.
//
// - SQLite (the default store): a table without INTEGER PRIMARY KEY gives each new row
//   rowid = max(rowid) + 1, assigned inside the write transaction, and SQLite admits one writer at
//   a time. So rows become visible in rowid order: after reading up to rowid R, everything new has
//   rowid > R. A sync is one indexed range query (`WHERE rowid > R`), about 0.1 ms when nothing
//   changed. The first load pages through the table the same way (keyset paging; keyv's own
//   iterator uses LIMIT/OFFSET, which is quadratic: minutes at 100,000 rows). Rows are never
//   deleted by biointel; an audit every 30 s counts the rows at or below R and reloads everything if
//   the count moved (rows deleted by hand, VACUUM renumbering rowids), so even that self-heals.
// - Any other keyv store: a change marker key, rewritten with a fresh token after every index
//   write. A reader notes the marker BEFORE a full scan; a writer writes its record BEFORE the
//   marker. Hence a record missing from a scan was written after the marker was read, and its
//   marker write makes the next sync see a different token and scan again. Concurrent marker writes
//   may overwrite each other; that is harmless, because any change of token triggers a full scan
//   that reads every record key. Correct everywhere, but each change costs a full scan.
//
// The SQLite feed also keeps the index on disk next to the database (FeedOptions.indexFile): the
// index in columns with the rowid, row count and key where it stops. A load reads that file, checks
// it against the table (the row count up to that rowid, and the key of that row), then reads only
// the rows after it; so a CLI search over 100,000 snapshots reads one file and no rows. The file is
// rewritten after a load that read the table, and once 1,000 rows have been added on top of it.
import Keyv from 'keyv';
import { readWhole, writeAtomic } from '../files.js';
import { isSnapshotId } from './snapshot-id.js';
import { decodeFrozen, encodeFrozen, type FrozenPart } from './snapshot-index-frozen.js';
import { LOCAL_OWNER, type SnapshotIndex, type SnapshotOwner, type SnapshotSummary } from './snapshot-index.js';

export interface IndexFeed {
  readonly kind: 'sqlite-rowid' | 'scan-on-change';
  /** Where the last full load came from: the index file next to the database, or the table itself. */
  readonly loadedFrom?: 'file' | 'table';
  /** Reads every index record into a cleared index. */
  load(index: SnapshotIndex): Promise<void>;
  /** Adds the records written since the last load or sync (by anyone). */
  sync(index: SnapshotIndex): Promise<void>;
  /** Called after this process wrote an index record. */
  afterWrite(id: string): Promise<void>;
}

export interface FeedOptions {
  /** How often the SQLite feed re-counts rows it has already read (ms). */
  auditMs?: number;
  now?: () => number;
  /** Where the SQLite feed keeps the index on disk (next to the database file). */
  indexFile?: string;
  /** Rows added on top of the file before it is rewritten (default 1,000). */
  saveAfter?: number;
}

export function createIndexFeed(kv: Keyv, options: FeedOptions = {}): IndexFeed {
  const sqlite = sqliteAdapterOf(kv);
  return sqlite ? new SqliteRowidFeed(kv, sqlite, options) : new MarkerFeed(kv);
}

interface SqliteAdapter {
  query(sql: string, ...params: unknown[]): Promise<Record<string, unknown>[]>;
  opts: { table: string; dialect?: string };
}

/** The @keyv/sqlite adapter behind a Keyv, when that is what it is. */
function sqliteAdapterOf(kv: Keyv): SqliteAdapter | undefined {
  const store = (kv as { store?: unknown }).store as Partial<SqliteAdapter> | undefined;
  if (!store || typeof store.query !== 'function' || store.opts?.dialect !== 'sqlite') return undefined;
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(store.opts.table) ? (store as SqliteAdapter) : undefined;
}

const PAGE = 5_000;
const AUDIT_MS = 30_000;
const SAVE_AFTER = 1_000;

class SqliteRowidFeed implements IndexFeed {
  readonly kind = 'sqlite-rowid';
  private lastRowid = 0;
  private rowsSeen = 0;
  private lastKey: string | null = null;
  private lastAudit = 0;
  private readonly auditMs: number;
  private readonly now: () => number;
  private readonly indexFile: string | undefined;
  private readonly saveAfter: number;
  /** Rows the index holds that the file does not. */
  private unsaved = 0;
  loadedFrom: 'file' | 'table' | undefined;

  constructor(
    private readonly kv: Keyv,
    private readonly db: SqliteAdapter,
    options: FeedOptions,
  ) {
    this.auditMs = options.auditMs ?? AUDIT_MS;
    this.now = options.now ?? Date.now;
    this.indexFile = options.indexFile;
    this.saveAfter = options.saveAfter ?? SAVE_AFTER;
  }

  async load(index: SnapshotIndex): Promise<void> {
    index.clear();
    this.lastRowid = 0;
    this.rowsSeen = 0;
    this.lastKey = null;
    this.unsaved = 0;
    this.lastAudit = this.now();
    const saved = await this.readSaved();
    this.loadedFrom = saved ? 'file' : 'table';
    if (saved) {
      index.setBase(saved);
      ({ lastRowid: this.lastRowid, rowsSeen: this.rowsSeen, lastKey: this.lastKey } = saved.position);
      await this.readAfter(index);
      if (this.unsaved >= this.saveAfter) await this.save(index);
      return;
    }
    await this.readAfter(index);
    await this.save(index);
  }

  async sync(index: SnapshotIndex): Promise<void> {
    if (this.now() - this.lastAudit >= this.auditMs) {
      this.lastAudit = this.now();
      if ((await this.countUpTo(this.lastRowid)) !== this.rowsSeen) return this.load(index);
    }
    await this.readAfter(index);
    if (this.unsaved >= this.saveAfter) await this.save(index);
  }

  /** The index saved next to the database, if it is whole and still describes the table. */
  private async readSaved(): Promise<FrozenPart | undefined> {
    if (!this.indexFile) return undefined;
    const bytes = await readWhole(this.indexFile).catch(() => undefined);
    const saved = bytes && decodeFrozen(bytes);
    if (!saved) return undefined;
    const { lastRowid, rowsSeen, lastKey } = saved.position;
    const [count, row] = await Promise.all([this.countUpTo(lastRowid), this.db.query(`SELECT key FROM ${this.db.opts.table} WHERE rowid = ?`, lastRowid)]);
    const same = count === rowsSeen && (rowsSeen === 0 || row[0]?.key === lastKey);
    return same ? saved : undefined;
  }

  /**
   * Rows at or below a rowid, counted on the key index (keyv's table has its key as PRIMARY KEY, so
   * SQLite keeps sqlite_autoindex_<table>_1): its pages are a tenth of the table's, whose values are
   * the whole index records. Another schema falls back to counting the table.
   */
  private async countUpTo(rowid: number): Promise<number> {
    const { table } = this.db.opts;
    const rows = await this.db
      .query(`SELECT count(*) AS n FROM ${table} INDEXED BY sqlite_autoindex_${table}_1 WHERE rowid <= ?`, rowid)
      .catch(() => this.db.query(`SELECT count(*) AS n FROM ${table} WHERE rowid <= ?`, rowid));
    return Number(rows[0]?.n);
  }

  private async save(index: SnapshotIndex): Promise<void> {
    if (!this.indexFile) return;
    const bytes = encodeFrozen(index.all(), { lastRowid: this.lastRowid, rowsSeen: this.rowsSeen, lastKey: this.lastKey });
    // Best effort: without the file, the next process reads the table, as before.
    await writeAtomic(this.indexFile, bytes).then(
      () => (this.unsaved = 0),
      () => undefined,
    );
  }

  async afterWrite(): Promise<void> {
    // Nothing to do: the row's rowid is the change signal.
  }

  private async readAfter(index: SnapshotIndex): Promise<void> {
    const sql = `SELECT rowid AS r, key, value FROM ${this.db.opts.table} WHERE rowid > ? ORDER BY rowid LIMIT ${PAGE}`;
    for (;;) {
      const rows = await this.db.query(sql, this.lastRowid);
      for (const row of rows) {
        this.lastRowid = Number(row.r);
        this.lastKey = typeof row.key === 'string' ? row.key : null;
        this.rowsSeen++;
        this.unsaved++;
        let value = typeof row.value === 'string' ? deserialize(this.kv, row.value) : undefined;
        if (value instanceof Promise) value = await value; // only off the fast path: no await per row
        const summary = toSummary(value);
        if (summary) index.add(summary, ownerOf(value));
      }
      if (rows.length < PAGE) return;
    }
  }
}

/** A key that can never be a snapshot id, so scans skip it. */
const MARKER_KEY = '~changed';

class MarkerFeed implements IndexFeed {
  readonly kind = 'scan-on-change';
  private seen: unknown = undefined;

  constructor(private readonly kv: Keyv) {}

  async load(index: SnapshotIndex): Promise<void> {
    const marker = await this.kv.get(MARKER_KEY);
    index.clear();
    if (!this.kv.iterator) throw new Error('this keyv store cannot be iterated, so snapshots cannot be searched');
    for await (const [key, value] of this.kv.iterator(undefined)) {
      if (typeof key !== 'string' || !isSnapshotId(key)) continue;
      const summary = toSummary(value);
      if (summary) index.add(summary, ownerOf(value));
    }
    this.seen = marker;
  }

  async sync(index: SnapshotIndex): Promise<void> {
    if ((await this.kv.get(MARKER_KEY)) !== this.seen) await this.load(index);
  }

  async afterWrite(id: string): Promise<void> {
    await this.kv.set(MARKER_KEY, `${id}.${Math.random().toString(36).slice(2)}`);
  }
}

/** Keyv's default deserializer (shared by every Keyv that was not given its own). */
let defaultDeserialize: Keyv['deserialize'] | undefined;

function deserialize(kv: Keyv, raw: string): unknown {
  defaultDeserialize ??= new Keyv().deserialize;
  // The default deserializer runs a JSON reviver over every string to undo keyv's escaping of
  // strings that start with ':' (written as "::...") and of buffers (":base64:..."). With neither in
  // the text the reviver changes nothing, and plain JSON.parse is 2-3x faster over 100,000 rows.
  if (kv.deserialize === defaultDeserialize && !raw.includes('"::') && !raw.includes('":base64:')) {
    return (JSON.parse(raw) as { value?: unknown } | null)?.value;
  }
  if (!kv.deserialize) return (JSON.parse(raw) as { value?: unknown } | null)?.value;
  return Promise.resolve(kv.deserialize(raw)).then((data) => (data as { value?: unknown } | undefined)?.value);
}

/** An index record as stored, or undefined when it is not one (foreign or damaged row). */
export function toSummary(value: unknown): SnapshotSummary | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || !isSnapshotId(v.id)) return undefined;
  if (typeof v.createdAt !== 'string' || typeof v.tool !== 'string' || typeof v.diseaseContext !== 'string') return undefined;
  if (typeof v.qualityScore !== 'number' || !Array.isArray(v.genes) || !v.genes.every((g) => typeof g === 'string')) return undefined;
  return {
    id: v.id,
    createdAt: v.createdAt,
    tool: v.tool,
    genes: v.genes as string[],
    diseaseContext: v.diseaseContext,
    qualityScore: v.qualityScore,
  };
}

/** The owner written with a record; records from before ownership existed belong to the operator. */
export function ownerOf(value: unknown): SnapshotOwner {
  const owner = value && typeof value === 'object' ? (value as { owner?: unknown }).owner : undefined;
  return typeof owner === 'string' && owner ? owner : LOCAL_OWNER;
}
