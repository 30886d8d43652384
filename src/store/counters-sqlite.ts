// Counters in the SQLite file of the default store (see counters.ts for the contract). A `take` is
// one BEGIN IMMEDIATE transaction: SQLite lets one writer at a time hold the file, so two processes
// (two HTTP instances, or the server and `biointel keys usage`) can never both pass the same last
// unit of a quota. Within this process the transactions share one connection, so they are queued
// here (a transaction is a sequence of statements that must not interleave with another's).
import sqlite3 from 'sqlite3';
import { decide, type CounterSpec, type CounterStore, type TakeResult } from './counters.js';

const TABLE = 'counters';
/** Expired windows are deleted every this many takes (cheap: an indexed range delete). */
const SWEEP_EVERY = 500;

export function createSqliteCounters(file: string, now: () => number = Date.now): CounterStore {
  let db: Promise<sqlite3.Database> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let takes = 0;

  const open = (): Promise<sqlite3.Database> =>
    (db ??= new Promise<sqlite3.Database>((resolve, reject) => {
      const d = new sqlite3.Database(file, (err) => {
        if (err) return reject(err);
        d.configure('busyTimeout', 10_000);
        // WAL (set by the store) with synchronous=NORMAL: a commit is not fsynced, so a quota
        // check costs microseconds; a power cut may lose the last counts, never corrupt the file.
        exec(d, `PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;
          CREATE TABLE IF NOT EXISTS ${TABLE}(key TEXT PRIMARY KEY, n INTEGER NOT NULL, expires INTEGER);
          CREATE INDEX IF NOT EXISTS ${TABLE}_expires ON ${TABLE}(expires) WHERE expires IS NOT NULL;`).then(() => resolve(d), reject);
      });
    }));

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

  return {
    kind: 'sqlite',
    take(specs: readonly CounterSpec[]): Promise<TakeResult> {
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
