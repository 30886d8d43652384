// The shared upstream client against a local HTTP server: every behaviour the sources rely on.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Keyv from 'keyv';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/config.js';
import { UpstreamError } from '../../src/errors.js';
import { createLogger } from '../../src/log.js';
import { UpstreamClient } from '../../src/sources/http.js';
import { backoff, parseRetryAfter } from '../../src/sources/pacing.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { tempDir, testConfig } from '../support/context.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function client(flags: Partial<ConfigInput> = {}, cache?: Keyv): UpstreamClient {
  return new UpstreamClient({ config: testConfig({ retries: 3, ...flags }, fake.url), log: createLogger('silent'), cache });
}

/** A stand-in for HGNC's parser: the answer must carry response.docs[]. */
const docs = (json: unknown) => {
  const list = (json as { response?: { docs?: unknown } }).response?.docs;
  if (!Array.isArray(list)) throw new UpstreamError({ source: 'hgnc', failure: 'schema', message: 'no response.docs' });
  return list;
};

async function failure(p: Promise<unknown>): Promise<UpstreamError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UpstreamError);
  return err as UpstreamError;
}

describe('upstream client', () => {
  it('appends request paths to a base URL with a path prefix, exactly', async () => {
    fake.route('GET', '/uniprot/uniprotkb/search', (req) => ({ body: { q: req.query.get('query') } }));
    const body = await client().json({ source: 'uniprot', path: '/uniprotkb/search', query: { query: 'gene_exact:TP53 AND reviewed:true' } });
    expect(body).toEqual({ q: 'gene_exact:TP53 AND reviewed:true' });
    expect(fake.requests[0]?.path).toBe('/uniprot/uniprotkb/search');
  });

  it('sends NCBI tool and email on every E-utilities request, and the key when configured', async () => {
    fake.route('GET', '/eutils/esearch.fcgi', { body: { esearchresult: { count: '0', idlist: [] } } });
    await client({ ncbiApiKey: 'secret-key-123', ncbiEmail: 'me@lab.org' }).json({ source: 'eutils', path: '/esearch.fcgi', query: { term: 'x' } });
    const q = fake.requests[0]!.query;
    expect(q.get('tool')).toBe('biointel');
    expect(q.get('email')).toBe('me@lab.org');
    expect(q.get('api_key')).toBe('secret-key-123');
  });

  it('retries 429 and 5xx, then succeeds', async () => {
    let n = 0;
    fake.route('GET', '/uniprot/x', () => (++n === 1 ? { status: 429, body: { error: 'slow down' } } : n === 2 ? { status: 503, body: 'busy' } : { body: { ok: true } }));
    const c = client();
    expect(await c.json({ source: 'uniprot', path: '/x' })).toEqual({ ok: true });
    expect(n).toBe(3);
    expect(c.metrics().uniprot).toMatchObject({ requests: 3, retries: 2, failures: 0 });
  });

  it('lets a request ask for fewer retries than configured, never more', async () => {
    fake.route('GET', '/uniprot/busy', { status: 503, body: 'busy' });
    await failure(client({ retries: 3 }).json({ source: 'uniprot', path: '/busy', maxRetries: 1 }));
    expect(fake.requests).toHaveLength(2);
    fake.reset();
    fake.route('GET', '/uniprot/busy', { status: 503, body: 'busy' });
    await failure(client({ retries: 1 }).json({ source: 'uniprot', path: '/busy', maxRetries: 5 }));
    expect(fake.requests).toHaveLength(2);
  });

  it('honours Retry-After', async () => {
    let n = 0;
    fake.route('GET', '/uniprot/ra', () => (++n === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: { error: 'rate' } } : { body: { ok: 1 } }));
    await client().json({ source: 'uniprot', path: '/ra' });
    const gap = fake.requests[1]!.at - fake.requests[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(Date.now() + 3000).toUTCString())).toBeGreaterThan(1000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('uses exponential backoff with jitter', () => {
    expect(backoff(0, () => 0)).toBe(125);
    expect(backoff(0, () => 1)).toBe(250);
    expect(backoff(3, () => 1)).toBe(2000);
    expect(backoff(20, () => 1)).toBe(30_000);
  });

  it('gives up on persistent failure with an error naming the source, status and upstream message', async () => {
    fake.route('GET', '/chembl/y', { status: 500, body: { error_message: 'x', message: 'database unavailable' } });
    const err = await failure(client({ retries: 1 }).json({ source: 'chembl', path: '/y' }));
    expect(err.source).toBe('chembl');
    expect(err.status).toBe(500);
    expect(err.message).toContain('chembl (HTTP 500)');
    expect(err.message).toContain('database unavailable');
    expect(fake.requests).toHaveLength(2);
  });

  it('does not retry other 4xx', async () => {
    fake.route('GET', '/chembl/missing', { status: 404, headers: { 'content-type': 'text/html' }, body: '' });
    const err = await failure(client().json({ source: 'chembl', path: '/missing' }));
    expect(err.status).toBe(404);
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a slow answer and reports a timeout', async () => {
    fake.route('GET', '/string/slow', { body: { ok: 1 }, delayMs: 800 });
    const err = await failure(client({ timeoutMs: 200, retries: 0 }).json({ source: 'string', path: '/slow' }));
    expect(err.failure).toBe('timeout');
    expect(err.message).toContain('no response within 200 ms');
  });

  it('treats an HTML page as an error, not data', async () => {
    fake.route('GET', '/uniprot/html', { headers: { 'content-type': 'text/html' }, body: '<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body>down</body></html>' });
    const err = await failure(client({ retries: 0 }).json({ source: 'uniprot', path: '/html' }));
    expect(err.failure).toBe('content-type');
    expect(err.message).toContain('Service Unavailable');
  });

  it('respects the per-source rate limit (NCBI: 3 requests per second)', async () => {
    fake.route('GET', '/eutils/einfo.fcgi', { body: {} });
    const c = client();
    // The limiter's own start times (p-queue 'active': a request leaves the queue), not the fake
    // server's receive times, which lag the sends by however busy the machine is.
    const starts: number[] = [];
    (c as unknown as { pacerOf(id: string): { queue: { on(event: 'active', fn: () => void): void } } }).pacerOf('eutils').queue.on('active', () => starts.push(Date.now()));
    await Promise.all(Array.from({ length: 7 }, (_, i) => c.json({ source: 'eutils', path: '/einfo.fcgi', query: { i } })));
    expect(fake.requests).toHaveLength(7);
    expect(starts).toHaveLength(7);
    // At most 3 in any 1-second window: the 4th start is a whole window after the 1st, and so on.
    // p-queue reads Date.now() for a start before it emits 'active', and this listener reads it
    // again: the two reads may straddle a millisecond, so a gap may measure 1 ms short (CI saw 999).
    for (let i = 3; i < starts.length; i++) expect(starts[i]! - starts[i - 3]!).toBeGreaterThanOrEqual(999);
    // ...and never a whole window early, which is what a broken limiter would do.
    expect(starts[starts.length - 1]! - starts[0]!).toBeGreaterThanOrEqual(1999);
  });

  it('holds a second, longer stated limit on send times (Europe PMC: 500 a minute besides 10 a second), queued time not counted against the timeout', async () => {
    fake.route('GET', '/europepmc/search', { body: {} });
    // Scaled down: 3 per second besides a fast first window. The timeout is shorter than the wait,
    // so a request whose timeout started before its turn would fail.
    const c = new UpstreamClient({ config: testConfig({ retries: 0, timeoutMs: 400 }, fake.url), log: createLogger('silent'), limits: { perSecond: 100, concurrency: 100, sustained: { requests: 3, seconds: 1 } } });
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 5 }, (_, i) => c.json({ source: 'europepmc', path: '/search', query: { i } })));
    const at = fake.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(at).toHaveLength(5);
    // The 4th and 5th are sent only once the first has left the 1-second window (receive times
    // are never earlier than send times, so these bounds hold on a busy machine too).
    expect(at[3]! - t0).toBeGreaterThanOrEqual(1000);
    expect(at[4]! - t0).toBeGreaterThanOrEqual(1000);
  });

  it('serves repeated GETs from the cache and shares in-flight requests', async () => {
    fake.route('GET', '/hgnc/fetch/symbol/TP53', { body: { response: { docs: [] } }, delayMs: 50 });
    const c = client({ cache: true }, new Keyv());
    // With its parser, as every source outside a SourceReport call passes it (only a parsed answer is cached there).
    const [a, b] = await Promise.all([0, 1].map(() => c.json({ source: 'hgnc', path: '/fetch/symbol/TP53' }, docs)));
    expect(a).toEqual(b);
    await c.json({ source: 'hgnc', path: '/fetch/symbol/TP53' }, docs);
    expect(fake.requests).toHaveLength(1);
    expect(c.metrics().hgnc.cacheHits).toBe(1);
    const seen = await c.observe(() => c.json({ source: 'hgnc', path: '/fetch/symbol/TP53' }));
    expect(seen.observation).toEqual({ requests: 0, cacheHits: 1, failures: 0, errors: [] });
  });

  it('attributes requests to concurrent and nested observations, and switches its async tracking off when none is under way', async () => {
    fake.route('GET', '/hgnc/fetch/symbol/A', { body: { response: { docs: [] } }, delayMs: 30 });
    fake.route('GET', '/hgnc/fetch/symbol/B', { body: { response: { docs: [] } }, delayMs: 10 });
    const c = client({ cache: false });
    const als = (c as unknown as { observers: { enabled?: boolean } }).observers;
    const get = (g: string) => c.json({ source: 'hgnc', path: `/fetch/symbol/${g}` });
    for (let round = 0; round < 2; round++) {
      // A nested observation counts its own request; the outer one counts only its own, and B's
      // shorter observation ending first must not switch tracking off under A.
      const [a, b] = await Promise.all([
        c.observe(async () => {
          const inner = await c.observe(() => get('A'));
          expect(inner.observation.requests).toBe(1);
          await get('A');
          return get('A');
        }),
        c.observe(() => get('B')),
      ]);
      expect(a.observation.requests).toBe(2);
      expect(b.observation.requests).toBe(1);
      // Node keeps a hook on every promise of the process while the storage is enabled.
      if (als.enabled !== undefined) expect(als.enabled).toBe(false);
    }
  });

  it('joins a request that arrives while the first one is still writing its answer to a slow cache', async () => {
    // A shared store (Redis, Postgres) answers in milliseconds, not microseconds. Reads see the
    // store as it was when they started; writes land when they finish.
    const map = new Map<string, unknown>();
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let writing: () => void = () => undefined;
    const writeStarted = new Promise<void>((r) => (writing = r));
    const slow = {
      async get(k: string) {
        const v = map.get(k);
        await wait(150);
        return v;
      },
      async set(k: string, v: unknown) {
        writing();
        await wait(150);
        map.set(k, v);
        return true;
      },
      async delete(k: string) {
        return map.delete(k);
      },
      async clear() {
        map.clear();
      },
    };
    fake.route('GET', '/hgnc/fetch/symbol/EGFR', { body: { response: { docs: [] } } });
    const c = client({ cache: true }, new Keyv({ store: slow }));
    const first = c.json({ source: 'hgnc', path: '/fetch/symbol/EGFR' }, docs);
    await writeStarted; // the first one has fetched and is writing its answer to the cache
    const second = c.json({ source: 'hgnc', path: '/fetch/symbol/EGFR' }, docs);
    expect(await second).toEqual(await first);
    expect(fake.requests).toHaveLength(1);
  });

  it('caches "not found" answers briefly, so unknown ids cost one request', async () => {
    fake.route('GET', '/chembl/molecule/CHEMBL0.json', { status: 404, headers: { 'content-type': 'text/html' }, body: '' });
    const c = client({ cache: true }, new Keyv());
    for (let i = 0; i < 2; i++) expect((await failure(c.json({ source: 'chembl', path: '/molecule/CHEMBL0.json' }))).status).toBe(404);
    expect(fake.requests).toHaveLength(1);
  });

  it('records exchanges without secrets, then replays them offline', async () => {
    const dir = tempDir('biointel-rec-');
    fake.route('GET', '/eutils/esummary.fcgi', { body: { result: { uids: ['1'] } } });
    fake.route('GET', '/eutils/efetch.fcgi', { status: 400, body: 'bad request' });
    const rec = client({ recordDir: dir, ncbiApiKey: 'topsecretkey', ncbiEmail: 'me@lab.org' });
    await rec.json({ source: 'eutils', path: '/esummary.fcgi', query: { db: 'pubmed', id: '1' } });
    await failure(rec.text({ source: 'eutils', path: '/efetch.fcgi', query: { id: '1' }, expect: 'xml' }));
    const files = readdirSync(path.join(dir, 'eutils'));
    expect(files).toHaveLength(2);
    const text = files.map((f) => readFileSync(path.join(dir, 'eutils', f), 'utf8')).join('\n');
    expect(text).not.toContain('topsecretkey');
    expect(text).not.toContain('me@lab.org');

    fake.reset(); // the upstream is gone: replay must not need it
    const replay = client({ replayDir: dir }); // no key: recordings ignore identity parameters
    expect(await replay.json({ source: 'eutils', path: '/esummary.fcgi', query: { db: 'pubmed', id: '1' } })).toEqual({ result: { uids: ['1'] } });
    const replayedError = await failure(replay.text({ source: 'eutils', path: '/efetch.fcgi', query: { id: '1' }, expect: 'xml' }));
    expect(replayedError.status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });

  it('fails clearly on a replay miss', async () => {
    const err = await failure(client({ replayDir: tempDir() }).json({ source: 'reactome', path: '/data/query/R-HSA-1' }));
    expect(err.failure).toBe('replay-miss');
    expect(err.message).toContain('GET /data/query/R-HSA-1');
    expect(err.hint).toContain('BIOINTEL_RECORD_DIR');
  });

  it('never puts the API key in an error message', async () => {
    fake.route('GET', '/eutils/esearch.fcgi', (req) => ({ status: 400, body: { error: `bad key ${req.query.get('api_key')}` } }));
    const err = await failure(client({ ncbiApiKey: 'topsecretkey' }).json({ source: 'eutils', path: '/esearch.fcgi' }));
    expect(err.message).not.toContain('topsecretkey');
  });

  it('stops at the overall deadline even with retries left', async () => {
    fake.route('GET', '/uniprot/down', { status: 503, headers: { 'retry-after': '5' }, body: 'down' });
    const started = Date.now();
    const err = await failure(client({ retries: 5, deadlineMs: 1_000 }).json({ source: 'uniprot', path: '/down' }));
    expect(Date.now() - started).toBeLessThan(4_000); // well under the 5 s Retry-After it refused to wait for
    expect(err.status).toBe(503);
    expect(fake.requests).toHaveLength(1);
  });
});
