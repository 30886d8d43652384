// API keys (src/store/keys.ts): the key is random, prefixed, at least 128 bits, given out once;
// the store holds only its SHA-256; lookups by label, shown prefix or id; revocation sticks.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createStore, type Store } from '../../src/store/index.js';
import { KEY_RECHECK_MS, KeyStore, looksLikeKey } from '../../src/store/keys.js';
import { tempDir, testConfig } from '../support/context.js';
import { describeRedis, startRedis, type RedisServer } from '../support/redis.js';

function contract(name: string, open: () => Promise<Store>, rawBytes?: () => string): void {
  describe(name, () => {
    let store: Store;
    let keys: KeyStore;
    beforeAll(async () => {
      store = await open();
      keys = new KeyStore(store);
    });
    afterAll(() => store.close());

    it('creates a prefixed key of 192 random bits and stores only its hash', async () => {
      const made = await Promise.all(Array.from({ length: 20 }, (_, i) => keys.create({ tier: 'free', label: `user ${i}` })));
      for (const { key, record } of made) {
        expect(key).toMatch(/^bik_[A-Za-z0-9_-]{32}$/);
        expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(24);
        expect(record.prefix).toBe(key.slice(0, 10));
        expect(JSON.stringify(record)).not.toContain(key);
        expect(await keys.authenticate(key)).toEqual(record);
      }
      expect(new Set(made.map((m) => m.key)).size).toBe(20);
      const all = JSON.stringify(await keys.list());
      for (const { key } of made) expect(all).not.toContain(key);
      if (rawBytes) {
        const raw = rawBytes();
        for (const { key } of made) {
          expect(raw).not.toContain(key);
          expect(raw).toContain(createHash('sha256').update(key).digest('hex'));
        }
      }
    });

    it('finds a key by label (any case), shown prefix or id; refuses an ambiguous or unknown one', async () => {
      const { key, record } = await keys.create({ tier: 'researcher', label: 'alice@lab', dailyLimit: 50 });
      expect((await keys.find('ALICE@LAB')).id).toBe(record.id);
      expect((await keys.find(record.prefix)).id).toBe(record.id);
      expect((await keys.find(record.id)).id).toBe(record.id);
      // A whole key pasted by mistake is found, and never echoed in the error of a miss.
      expect((await keys.find(key)).id).toBe(record.id);
      const miss = `bik_${'Z'.repeat(32)}`;
      const err = (await keys.find(miss).catch((e: Error) => e)) as Error;
      expect(err.message).toBe('API key not found: bik_ZZZZZZ...');
      await expect(keys.find('bik_')).rejects.toThrow(/not found/);
      await expect(keys.find('nobody')).rejects.toThrow('API key not found: nobody');
    });

    it('refuses a second active key with the same label, bad labels, tiers and limits', async () => {
      await expect(keys.create({ tier: 'free', label: 'Alice@Lab' })).rejects.toThrow(/already labelled "alice@lab"/);
      await expect(keys.create({ tier: 'free', label: '' })).rejects.toThrow(/^label: use 1-64 characters/);
      await expect(keys.create({ tier: 'free', label: '<script>' })).rejects.toThrow(/^label:/);
      await expect(keys.create({ tier: 'gold' as 'free', label: 'x' })).rejects.toThrow(/^tier: expected one of free, researcher/);
      await expect(keys.create({ tier: 'free', label: 'x', dailyLimit: -1 })).rejects.toThrow(/^dailyLimit:/);
    });

    it('revokes: the record says so, authentication still finds it (to say why), the label is free again', async () => {
      const { key } = await keys.create({ tier: 'free', label: 'temp' });
      const revoked = await keys.revoke('temp');
      expect(revoked.revokedAt).toEqual(expect.any(String));
      expect((await keys.authenticate(key))?.revokedAt).toBe(revoked.revokedAt);
      const again = await keys.create({ tier: 'free', label: 'temp' });
      expect((await keys.find('temp')).id).toBe(again.record.id);
      // Noting a use never undoes a revocation.
      await keys.touch(revoked);
      expect((await keys.authenticate(key))?.revokedAt).toBe(revoked.revokedAt);
    });

    it('notes when a key was last used', async () => {
      const { record } = await keys.create({ tier: 'free', label: 'used' });
      await keys.touch(record);
      expect((await keys.find('used')).lastUsedAt).toEqual(expect.any(String));
    });

    it('does not hash strings that are not keys at all', async () => {
      expect(looksLikeKey('bik_short')).toBe(false);
      expect(await keys.authenticate('')).toBeUndefined();
      expect(await keys.authenticate(`bik_${'a'.repeat(31)}!`)).toBeUndefined();
    });
  });
}

contract('keys on memory', async () => createMemoryStore());

describe('a presented key is read from the store at most once a second per process', () => {
  it('serves repeats from memory, applies its own revocation at once and another process\'s within KEY_RECHECK_MS', async () => {
    const store = createMemoryStore();
    let t = 1_000_000;
    const server = new KeyStore(store, () => t);
    const cli = new KeyStore(store, () => t); // `biointel keys revoke` in another process
    const { key } = await server.create({ tier: 'researcher', label: 'lab' });
    const kv = store.ns('keys');
    const reads = { n: 0 };
    const get = kv.get.bind(kv);
    (server as unknown as { kv: { get: typeof kv.get } }).kv.get = ((...args: Parameters<typeof kv.get>) => {
      if (String(args[0]).startsWith('hash:')) reads.n++;
      return get(...args);
    }) as typeof kv.get;
    for (let i = 0; i < 50; i++) expect((await server.authenticate(key))?.label).toBe('lab');
    expect(reads.n).toBe(1);

    await cli.revoke('lab');
    t += KEY_RECHECK_MS - 1;
    expect((await server.authenticate(key))?.revokedAt).toBeUndefined(); // the documented window
    t += 1;
    expect((await server.authenticate(key))?.revokedAt).toBeDefined();
    expect(reads.n).toBe(2);

    const other = await server.create({ tier: 'free', label: 'other' });
    expect(await server.authenticate(other.key)).toBeDefined();
    await server.revoke('other');
    expect((await server.authenticate(other.key))?.revokedAt).toBeDefined(); // same process: at once
    await store.close();
  });
});

const sqliteDir = tempDir();
contract(
  'keys on SQLite',
  async () => createStore(testConfig({ dataDir: sqliteDir })),
  () => readFileSync(path.join(sqliteDir, 'biointel.sqlite')).toString('latin1') + readFileSync(path.join(sqliteDir, 'biointel.sqlite-wal')).toString('latin1'),
);

describeRedis('keys on Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());
  contract('two clients of one Redis', async () => createStore(testConfig({ storeUrl: redis.url })));
});
