// The exact counters behind quotas (src/store/counters*.ts), on each kind of store: all-or-nothing
// takes, limits, and no lost or extra unit when many takes race, also through two connections to
// one SQLite file or one Redis server (as two processes or instances would have).
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryCounters, type CounterStore } from '../../src/store/counters.js';
import { createSqliteCounters } from '../../src/store/counters-sqlite.js';
import { createStore } from '../../src/store/index.js';
import { tempDir, testConfig } from '../support/context.js';
import { describeRedis, startRedis, type RedisServer } from '../support/redis.js';

function contract(name: string, open: () => Promise<{ a: CounterStore; b: CounterStore; close(): Promise<void> }>, clock?: { now: number }): void {
  describe(name, () => {
    let a: CounterStore;
    let b: CounterStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ a, b, close } = await open());
    });
    afterAll(() => close());

    it('adds one to every counter, or to none when one is at its limit (and says which)', async () => {
      expect(await a.take([{ key: 't1:x', limit: 2 }, { key: 't1:total' }])).toEqual({ ok: true, counts: [1, 1] });
      expect(await a.take([{ key: 't1:x', limit: 2 }, { key: 't1:total' }])).toEqual({ ok: true, counts: [2, 2] });
      expect(await a.take([{ key: 't1:total' }, { key: 't1:x', limit: 2 }])).toEqual({ ok: false, index: 1, count: 2 });
      expect(await a.read(['t1:x', 't1:total', 't1:never'])).toEqual([2, 2, 0]);
      expect(await a.take([{ key: 't1:zero', limit: 0 }])).toEqual({ ok: false, index: 0, count: 0 });
    });

    it('with several limited counters, refuses all or none', async () => {
      expect(await a.take([{ key: 't4:a', limit: 5 }, { key: 't4:b', limit: 1 }, { key: 't4:total' }])).toEqual({ ok: true, counts: [1, 1, 1] });
      expect(await b.take([{ key: 't4:a', limit: 5 }, { key: 't4:b', limit: 1 }, { key: 't4:total' }])).toEqual({ ok: false, index: 1, count: 1 });
      expect(await a.read(['t4:a', 't4:b', 't4:total'])).toEqual([1, 1, 1]);
      const raced = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).take([{ key: 't5:a', limit: 7 }, { key: 't5:b', limit: 9 }])));
      expect(raced.filter((r) => r.ok)).toHaveLength(7);
      expect(await b.read(['t5:a', 't5:b'])).toEqual([7, 7]);
    });

    it('lets exactly the limit through when 50 takes race, over two connections', async () => {
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).take([{ key: 't2:day', limit: 10 }, { key: 't2:total' }])));
      expect(results.filter((r) => r.ok)).toHaveLength(10);
      expect(await b.read(['t2:day', 't2:total'])).toEqual([10, 10]);
      const counts = results.flatMap((r) => (r.ok ? [r.counts[0]] : [])).sort((x, y) => (x ?? 0) - (y ?? 0));
      expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });

    if (clock) {
      it('starts a counter again once its window has expired', async () => {
        expect((await a.take([{ key: 't3', limit: 1, ttlMs: 1_000 }])).ok).toBe(true);
        expect((await a.take([{ key: 't3', limit: 1, ttlMs: 1_000 }])).ok).toBe(false);
        clock.now += 1_001;
        expect(await a.take([{ key: 't3', limit: 1, ttlMs: 1_000 }])).toEqual({ ok: true, counts: [1] });
      });
    }
  });
}

const memoryClock = { now: 1_000_000 };
contract('memory counters', async () => {
  const c = createMemoryCounters(() => memoryClock.now);
  return { a: c, b: c, close: () => c.close() };
}, memoryClock);

const sqliteClock = { now: 1_000_000 };
contract('SQLite counters (two connections to one file)', async () => {
  const file = path.join(tempDir(), 'biointel.sqlite');
  const a = createSqliteCounters(file, () => sqliteClock.now);
  const b = createSqliteCounters(file, () => sqliteClock.now);
  return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
}, sqliteClock);

describe('SQLite counters prepare the statements of a quota check once', () => {
  it('200 takes of a daily quota with totals compile 2 statements, not 400, and count exactly', async () => {
    // Every statement is compiled through one of these (Database#all/run/get compile per call).
    const compiled = { n: 0 };
    const spies = (['prepare', 'all', 'run', 'get'] as const).map((m) => {
      const original = sqlite3.Database.prototype[m] as (...a: unknown[]) => unknown;
      return vi.spyOn(sqlite3.Database.prototype, m).mockImplementation(function (this: sqlite3.Database, ...args: unknown[]) {
        if (typeof args[0] === 'string' && !/^\s*PRAGMA|CREATE/i.test(args[0])) compiled.n++;
        return original.apply(this, args);
      } as never);
    });
    const c = createSqliteCounters(path.join(tempDir(), 'biointel.sqlite'));
    try {
      const results = await Promise.all(Array.from({ length: 200 }, () => c.take([{ key: 'day:k', limit: 1000, ttlMs: 86_400_000 }, { key: 'total:k' }, { key: 'total:all' }])));
      expect(results.every((r) => r.ok)).toBe(true);
      expect(compiled.n).toBe(2);
      expect(await c.read(['day:k', 'total:k', 'total:all'])).toEqual([200, 200, 200]);
    } finally {
      for (const spy of spies) spy.mockRestore();
      await c.close();
    }
  });
});

describeRedis('Redis counters', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());
  contract('two clients of one Redis', async () => {
    const s1 = await createStore(testConfig({ storeUrl: redis.url }));
    const s2 = await createStore(testConfig({ storeUrl: redis.url }));
    return { a: s1.counters, b: s2.counters, close: async () => void (await Promise.all([s1.close(), s2.close()])) };
  });
});
