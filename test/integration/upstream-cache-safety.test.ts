// What the upstream client caches, and what it never does: a 200 that is empty, truncated or
// drifted from its source's shape is not cached (so the next call after the upstream recovered
// succeeds without `biointel cache clear`), and the hot in-memory layer answers repeated reads.
import Keyv from 'keyv';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/config.js';
import { UpstreamError } from '../../src/errors.js';
import { createLogger } from '../../src/log.js';
import { UpstreamClient } from '../../src/sources/http.js';
import { shapeOf } from '../../src/sources/shape.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { testConfig } from '../support/context.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function client(store: Keyv, flags: Partial<ConfigInput> = {}): UpstreamClient {
  return new UpstreamClient({ config: testConfig({ cache: true, retries: 0, ...flags }, fake.url), log: createLogger('silent'), cache: store });
}

const shape = shapeOf('uniprot', 'test');
/** A source parser: the answer must carry results[]. */
const parseResults = (json: unknown) => shape.arr(shape.field(shape.obj(json, 'answer'), 'results'), 'results');

/** Serves `broken` first, then a good answer: the upstream "recovers". */
function recovering(path: string, broken: { body: string | object; headers?: Record<string, string> }) {
  let calls = 0;
  fake.route('GET', path, () => (++calls === 1 ? { ...broken } : { body: { results: [{ id: 1 }] } }));
  return () => calls;
}

async function rejects(p: Promise<unknown>): Promise<UpstreamError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UpstreamError);
  return err as UpstreamError;
}

describe('only answers that passed every check are cached', () => {
  it.each([
    ['truncated JSON', { body: '{"results": [{"id": 1}, {"id"', headers: { 'content-type': 'application/json' } }, 'parse'],
    ['an empty 200', { body: '', headers: { 'content-type': 'application/json' } }, 'parse'],
    ['a drifted shape (results renamed)', { body: { items: [{ id: 1 }] } }, 'schema'],
  ] as const)('%s fails once, is not cached, and the next call after recovery succeeds', async (_name, broken, failure) => {
    const store = new Keyv();
    const calls = recovering('/uniprot/search', broken);
    const c = client(store);
    const req = { source: 'uniprot' as const, path: '/search' };
    const err = await rejects(c.json(req, parseResults));
    expect(err.failure).toBe(failure);
    expect(await keysOf(store)).toHaveLength(0);
    // No `cache clear`: the same client and store, the upstream fixed.
    expect(await c.json(req, parseResults)).toEqual([{ id: 1 }]);
    expect(calls()).toBe(2);
    // And now it is cached: a third call sends nothing.
    expect(await c.json(req, parseResults)).toEqual([{ id: 1 }]);
    expect(calls()).toBe(2);
  });

  it('a source whose parser runs after the client is covered when called through observe(): the drifted answer is not cached', async () => {
    const store = new Keyv();
    const calls = recovering('/uniprot/later', { body: { items: [] } });
    const c = client(store);
    // The pattern of a source that parses the JSON itself, as most clients do.
    const sourceCall = async () => parseResults(await c.json({ source: 'uniprot', path: '/later' }));
    const first = await c.observe(sourceCall);
    expect((first.error as UpstreamError).failure).toBe('schema');
    const second = await c.observe(sourceCall);
    expect(second.value).toEqual([{ id: 1 }]);
    expect(calls()).toBe(2);
    expect(await keysOf(store)).toHaveLength(1);
  });

  it('while a call holds its writes, an identical request is answered from memory; a malformed call takes it back', async () => {
    const store = new Keyv();
    fake.route('GET', '/uniprot/held', { body: { results: [{ id: 3 }] } });
    fake.route('GET', '/uniprot/bad', { body: { items: [] } });
    const c = client(store);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const first = c.observe(async () => {
      const v = await c.json({ source: 'uniprot', path: '/held' }, parseResults);
      await gate; // the call goes on: its write is not made yet
      return v;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(await c.json({ source: 'uniprot', path: '/held' }, parseResults)).toEqual([{ id: 3 }]);
    expect(fake.requests).toHaveLength(1);
    expect(await keysOf(store)).toHaveLength(0);
    release();
    await first;
    expect(await keysOf(store)).toHaveLength(1);
    // A call that ends on a malformed answer: what it held is forgotten, not served.
    await c.observe(async () => {
      await c.json({ source: 'uniprot', path: '/bad' });
      throw shape.error('drift');
    });
    await c.json({ source: 'uniprot', path: '/bad' }).catch(() => undefined);
    expect(fake.requests.filter((r) => r.path === '/uniprot/bad')).toHaveLength(2);
  });

  it('a call that failed for another reason still caches the answers that were good', async () => {
    const store = new Keyv();
    fake.route('GET', '/uniprot/good', { body: { results: [] } });
    fake.route('GET', '/uniprot/down', { status: 503, body: 'down' });
    const c = client(store);
    await c.observe(async () => {
      await c.json({ source: 'uniprot', path: '/good' }, parseResults);
      await c.json({ source: 'uniprot', path: '/down' });
    });
    expect(await keysOf(store)).toHaveLength(1);
  });

  it('drops a cached answer that no longer passes its parser (stored by an older version) and fetches it again', async () => {
    const store = new Keyv();
    fake.route('GET', '/uniprot/old', { body: { items: [] } });
    const c = client(store);
    await c.json({ source: 'uniprot', path: '/old' }); // cached: no parser given
    fake.reset();
    fake.route('GET', '/uniprot/old', { body: { results: [{ id: 2 }] } });
    const fresh = client(store); // a new process: empty hot layer, same store
    expect(await fresh.json({ source: 'uniprot', path: '/old' }, parseResults)).toEqual([{ id: 2 }]);
    expect(fake.requests).toHaveLength(1);
  });

  it('serves a repeated read from the in-memory layer without reading the store', async () => {
    const store = new Keyv();
    let storeReads = 0;
    const get = store.get.bind(store);
    store.get = ((...args: Parameters<typeof get>) => {
      storeReads++;
      return get(...args);
    }) as typeof store.get;
    fake.route('GET', '/uniprot/hot', { body: { results: [] } });
    const c = client(store);
    await c.json({ source: 'uniprot', path: '/hot' }, parseResults);
    const readsAfterFetch = storeReads;
    for (let i = 0; i < 5; i++) await c.json({ source: 'uniprot', path: '/hot' }, parseResults);
    expect(storeReads).toBe(readsAfterFetch);
    expect(c.hotCacheHits).toBe(5);
    expect(fake.requests).toHaveLength(1);
    // A new client on the same store (a new process) reads it from the store once, then from memory.
    const next = client(store);
    await next.json({ source: 'uniprot', path: '/hot' }, parseResults);
    await next.json({ source: 'uniprot', path: '/hot' }, parseResults);
    expect(storeReads).toBe(readsAfterFetch + 1);
    expect(fake.requests).toHaveLength(1);
  });
});

async function keysOf(store: Keyv): Promise<string[]> {
  const keys: string[] = [];
  if (store.iterator) for await (const [key] of store.iterator(undefined)) keys.push(String(key));
  return keys;
}
