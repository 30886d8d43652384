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

  it('names the package to install for a shared store, with the password redacted', async () => {
    await expect(createStore(testConfig({ storeUrl: 'redis://user:secret@host:6379' }))).rejects.toThrow(/@keyv\/redis is not installed/);
    await expect(createStore(testConfig({ storeUrl: 'ftp://x' }))).rejects.toThrow(/unsupported scheme/);
    await createStore(testConfig({ storeUrl: 'mongodb://u:pw@h/db' })).catch((e: Error) => expect(e.message).not.toContain('pw'));
  });
});
