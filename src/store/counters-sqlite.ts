// Counters in the SQLite file of the default store (see counters.ts for the contract). SQLite lets
// one writer at a time hold the file, so two processes (two HTTP instances, or the server and
// `biointel keys usage`) can never both pass the same last unit of a quota:
// - the usual take (one limited counter, e.g. the daily quota, plus unlimited totals) is one
//   conditional UPSERT ... WHERE n < limit RETURNING n, atomic by itself, then the totals;
// - a take with several limited counters is one BEGIN IMMEDIATE transaction (read, decide, write).
//   Within this process transactions share one connection, so they are queued here (a transaction
//   is a sequence of statements that must not interleave with another's).
// The driver (a native add-on) is imported when the counters are first used, not with this module:
// the stdio server, which never counts, would otherwise load it before its first answer.
import type sqlite3 from 'sqlite3';
import { decide, type CounterSpec, type CounterStore, type TakeResult } from './counters.js';

const TABLE = 'counters';
/** Expired windows are deleted every this many takes (cheap: an indexed range delete). */
const SWEEP_EVERY = 500;

export function createSqliteCounters(file: string, now: () => number = Date.now): CounterStore {
  let db: Promise<sqlite3.Database> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let takes = 0;
  // The two statements of every quota check, prepared once: preparing them again per call was most
  // of a cached HTTP call's time in SQLite (node-sqlite3 queues a statement's runs, so sharing it
  // between concurrent calls is safe).
  const statements = new Map<string, sqlite3.Statement>();
  const prepared = <T>(d: sqlite3.Database, sql: string, params: unknown[]): Promise<T[]> => {
    let stmt = statements.get(sql);
    if (!stmt) statements.set(sql, (stmt = d.prepare(sql)));
    const st = stmt;
    return new Promise((resolve, reject) => st.all(params, (err, rows) => (err ? reject(err) : resolve(rows as T[]))));
  };

  const open = (): Promise<sqlite3.Database> =>
    (db ??= import('sqlite3').then(({ default: driver }) => connect(driver)));
  const connect = (driver: typeof sqlite3): Promise<sqlite3.Database> =>
    new Promise<sqlite3.Database>((resolve, reject) => {
      const d = new driver.Database(file, (err) => {
        if (err) return reject(err);
        d.configure('busyTimeout', 10_000);
        // WAL (set by the store) with synchronous=NORMAL: a commit is not fsynced, so a quota
        // check costs microseconds; a power cut may lose the last counts, never corrupt the file.
        exec(d, `PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;
          CREATE TABLE IF NOT EXISTS ${TABLE}(key TEXT PRIMARY KEY, n INTEGER NOT NULL, expires INTEGER);
          CREATE INDEX IF NOT EXISTS ${TABLE}_expires ON ${TABLE}(expires) WHERE expires IS NOT NULL;`).then(() => resolve(d), reject);
      });
    });

  /** Runs fn alone on the connection (no other transaction of this process in between). */
  function serial<T>(fn: (d: sqlite3.Database) => Promise<T>): Promise<T> {
    const run = queue.then(async () => fn(await open()));
    queue = run.catch(() => undefined);
    return run;
  }

  async function readValues(d: sqlite3.Database, keys: readonly string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const rows = await all<{ key: string; n: number; expires: number | null }>(
      d,
      `SELECT key, n, expires FROM ${TABLE} WHERE key IN (SELECT value FROM json_each(?))`,
      [JSON.stringify(keys)],
    );
    const t = now();
    const byKey = new Map(rows.filter((r) => r.expires === null || r.expires > t).map((r) => [r.key, Number(r.n)]));
    return keys.map((k) => byKey.get(k) ?? 0);
  }

  /** Adds one to unlimited counters (totals), one statement; their values after. */
  async function addAll(d: sqlite3.Database, specs: readonly CounterSpec[], t: number): Promise<Map<string, number>> {
    if (specs.length === 0) return new Map();
    const rows = JSON.stringify(specs.map((s) => [s.key, s.ttlMs === undefined ? null : t + s.ttlMs]));
    const out = await prepared<{ key: string; n: number }>(
      d,
      `INSERT INTO ${TABLE}(key, n, expires) SELECT json_extract(value, '$[0]'), 1, json_extract(value, '$[1]') FROM json_each(?) WHERE true
       ON CONFLICT(key) DO UPDATE SET
         n = CASE WHEN ${TABLE}.expires IS NOT NULL AND ${TABLE}.expires <= ? THEN 1 ELSE ${TABLE}.n + 1 END,
         expires = CASE WHEN ${TABLE}.expires IS NOT NULL AND ${TABLE}.expires <= ? THEN excluded.expires ELSE ${TABLE}.expires END
       RETURNING key, n`,
      [rows, t, t],
    );
    return new Map(out.map((r) => [r.key, Number(r.n)]));
  }

  /** One limited counter and any number of totals, without a transaction (see the header). */
  async function takeOne(limited: CounterSpec, index: number, totals: readonly CounterSpec[], specs: readonly CounterSpec[]): Promise<TakeResult> {
    const d = await open();
    const t = now();
    const limit = limited.limit as number;
    if (limit < 1) return { ok: false, index, count: (await readValues(d, [limited.key]))[0] ?? 0 };
    const expires = limited.ttlMs === undefined ? null : t + limited.ttlMs;
    const rows = await prepared<{ n: number }>(
      d,
      `INSERT INTO ${TABLE}(key, n, expires) VALUES(?, 1, ?)
       ON CONFLICT(key) DO UPDATE SET
         n = CASE WHEN ${TABLE}.expires IS NOT NULL AND ${TABLE}.expires <= ? THEN 1 ELSE ${TABLE}.n + 1 END,
         expires = CASE WHEN ${TABLE}.expires IS NOT NULL AND ${TABLE}.expires <= ? THEN excluded.expires ELSE ${TABLE}.expires END
       WHERE (${TABLE}.expires IS NOT NULL AND ${TABLE}.expires <= ?) OR ${TABLE}.n < ?
       RETURNING n`,
      [limited.key, expires, t, t, t, limit],
    );
    if (rows.length === 0) return { ok: false, index, count: (await readValues(d, [limited.key]))[0] ?? limit };
    const after = await addAll(d, totals, t);
    const counts = specs.map((s) => (s === limited ? Number(rows[0]?.n) : (after.get(s.key) ?? 0)));
    if (++takes % SWEEP_EVERY === 0) await run(d, `DELETE FROM ${TABLE} WHERE expires IS NOT NULL AND expires <= ?`, [t]);
    return { ok: true, counts };
  }

  return {
    kind: 'sqlite',
    take(specs: readonly CounterSpec[]): Promise<TakeResult> {
      const limited = specs.filter((s) => s.limit !== undefined);
      if (limited.length === 1) {
        const only = limited[0] as CounterSpec;
        return takeOne(only, specs.indexOf(only), specs.filter((s) => s !== only), specs);
      }
      return serial(async (d) => {
        await exec(d, 'BEGIN IMMEDIATE');
        try {
          const result = decide(specs, await readValues(d, specs.map((s) => s.key)));
          if (result.ok) {
            const t = now();
            for (const [i, spec] of specs.entries()) {
              // An expired row is replaced, not incremented (its window is over).
              await run(
                d,
                `INSERT INTO ${TABLE}(key, n, expires) VALUES(?, ?, ?)
                 ON CONFLICT(key) DO UPDATE SET n = excluded.n,
                   expires = CASE WHEN ${TABLE}.expires IS NOT NULL AND ${TABLE}.expires > ? THEN ${TABLE}.expires ELSE excluded.expires END`,
                [spec.key, result.counts[i], spec.ttlMs === undefined ? null : t + spec.ttlMs, t],
              );
            }
            if (++takes % SWEEP_EVERY === 0) await run(d, `DELETE FROM ${TABLE} WHERE expires IS NOT NULL AND expires <= ?`, [t]);
          }
          await exec(d, 'COMMIT');
          return result;
        } catch (err) {
          await exec(d, 'ROLLBACK').catch(() => undefined);
          throw err;
        }
      });
    },
    read(keys) {
      return serial((d) => readValues(d, keys));
    },
    async close() {
      if (!db) return;
      const d = await db.catch(() => undefined);
      db = undefined;
      await queue;
      const open = [...statements.values()];
      statements.clear();
      await Promise.all(open.map((st) => new Promise<void>((resolve) => st.finalize(() => resolve()))));
      if (d) await new Promise<void>((resolve) => d.close(() => resolve()));
    },
  };
}

function exec(d: sqlite3.Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => d.exec(sql, (err) => (err ? reject(err) : resolve())));
}

function run(d: sqlite3.Database, sql: string, params: unknown[]): Promise<void> {
  return new Promise((resolve, reject) => d.run(sql, params, (err) => (err ? reject(err) : resolve())));
}

function all<T>(d: sqlite3.Database, sql: string, params: unknown[]): Promise<T[]> {
  return new Promise((resolve, reject) => d.all(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T[]))));
}
