import { describe, expect, it } from 'vitest';
import { createStore } from '../../src/store/index.js';
import { testConfig } from '../support/context.js';

describe('store selection', () => {
  it('opens the SQLite file in the data directory by default, one table per namespace', async () => {
    const store = await createStore(testConfig());
    expect(store.kind).toBe('sqlite');
    await store.ns('cache').set('k', 'v');
    expect(await store.ns('cache').get('k')).toBe('v');
    expect(await store.ns('nli').get('k')).toBeUndefined();
    await store.ns('cache').clear();
    expect(await store.ns('cache').get('k')).toBeUndefined();
    await store.close();
  });

  it('reports an unreachable Redis at once, with the password redacted; refuses unknown schemes', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const err = (await createStore(testConfig({ storeUrl: 'redis://user:secret@127.0.0.1:1' })).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/^could not connect to Redis at redis:\/\/user:\*\*\*@127\.0\.0\.1:1/);
    expect(err.message).not.toContain('secret');
    await expect(createStore(testConfig({ storeUrl: 'ftp://x' }))).rejects.toThrow(/unsupported scheme/);
    await createStore(testConfig({ storeUrl: 'mongodb://u:pw@h/db' })).catch((e: Error) => expect(e.message).not.toContain('pw'));
  });
});
