// Tiers, quotas and load control over HTTP (DESIGN.md 2.3): the free tier's 10 analyses a day,
// per-key limits, what counts as an analysis, 429 with Retry-After and a JSON-RPC error naming the
// limit and its reset, GET /api/keys/usage, exact counting under concurrency, the anonymous pool and
// per-client rate limits, and the analysis queue (503 when full).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/config.js';
import { KeyStore } from '../../src/store/keys.js';
import { createStore } from '../../src/store/index.js';
import { testConfig } from '../support/context.js';
import { blocker, postJson, startTestServer, type TestServer } from './http-support.js';

interface Rpc {
  result?: { structuredContent?: Record<string, unknown>; isError?: boolean };
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

const echo = (text = 'x', delayMs?: number) => ({ method: 'tools/call', params: { name: 'test_echo', arguments: { text, ...(delayMs ? { delayMs } : {}) } } });
const spyCall = { method: 'tools/call', params: { name: 'test_spy', arguments: {} } };

// A pinned clock: no minute window or UTC day turns in the middle of a test.
const NOW = Date.parse('2026-03-04T12:30:15.000Z');
const now = (): number => NOW;
const utcMidnight = (): string => '2026-03-05T00:00:00.000Z';

async function server(flags: Partial<ConfigInput> = {}): Promise<TestServer> {
  // Rate limits far above what the test sends unless it is about them.
  return startTestServer({ now }, { clientRatePerMinute: 100_000, anonymousRatePerMinute: 100_000, maxQueuedAnalyses: 100, ...flags });
}
const block = { method: 'tools/call', params: { name: 'test_block', arguments: {} } };

describe('the free tier: 10 analyses a day by default', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await server();
  });
  afterAll(() => srv.close());

  it('serves 10 analyses to an anonymous address, then 429 naming the limit and the reset', async () => {
    for (let i = 0; i < 10; i++) expect((await postJson(`${srv.url}/mcp`, echo(`n${i}`))).status, `call ${i}`).toBe(200);
    const res = await postJson(`${srv.url}/mcp`, echo('eleventh'));
    expect(res.status).toBe(429);
    // 12:30:15 UTC to midnight.
    expect(res.headers.get('retry-after')).toBe(String(11 * 3600 + 29 * 60 + 45));
    const body = (await res.json()) as Rpc;
    expect(body.error).toMatchObject({
      code: -32000,
      message: `Daily analysis limit reached: 10 analyses a day for anonymous callers (counted per client address); it resets at ${utcMidnight()}.`,
      data: { code: 'quota', limit: 'daily analyses', limitValue: 10, resetAt: utcMidnight(), hint: expect.stringContaining('API key') },
    });
  });

  it('does not count snapshot tools, invalid arguments, unknown tools or other methods', async () => {
    const over = await postJson(`${srv.url}/mcp`, echo());
    expect(over.status).toBe(429);
    expect((await postJson(`${srv.url}/mcp`, spyCall)).status).toBe(200);
    const bad = (await (await postJson(`${srv.url}/mcp`, { method: 'tools/call', params: { name: 'test_echo', arguments: { text: '' } } })).json()) as Rpc;
    expect(bad.result?.isError).toBe(true);
    const unknown = (await (await postJson(`${srv.url}/mcp`, { method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } })).json()) as Rpc;
    expect(unknown.error?.message).toContain('Unknown tool');
    expect((await postJson(`${srv.url}/mcp`, { method: 'tools/list' })).status).toBe(200);
    expect((await postJson(`${srv.url}/mcp`, { method: 'tools/call', params: { name: 'svc_search_snapshots', arguments: {} } })).status).toBe(200);
  });
});

describe('API keys: tiers, own limits, usage', () => {
  let srv: TestServer;
  let keys: KeyStore;
  afterEach(() => srv?.close());

  it('counts per key: a key with its own limit gets exactly that many, others are unaffected', async () => {
    srv = await server();
    keys = new KeyStore(srv.ctx.store);
    const small = (await keys.create({ tier: 'researcher', label: 'small', dailyLimit: 2 })).key;
    const big = (await keys.create({ tier: 'researcher', label: 'big' })).key;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await postJson(`${srv.url}/mcp`, echo(), { 'X-API-Key': small })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const body = (await (await postJson(`${srv.url}/mcp`, echo(), { 'X-API-Key': small })).json()) as Rpc;
    expect(body.error?.message).toBe(`Daily analysis limit reached: 2 analyses a day for API key "small" (its own limit); it resets at ${utcMidnight()}.`);
    expect((await postJson(`${srv.url}/mcp`, echo(), { 'X-API-Key': big })).status).toBe(200);
  });

  it('GET /api/keys/usage: tier, limit, used today, remaining, reset, totals by tool; 401 without a key', async () => {
    srv = await server({ freeDailyLimit: 5 });
    keys = new KeyStore(srv.ctx.store);
    const key = (await keys.create({ tier: 'free', label: 'student' })).key;
    for (let i = 0; i < 3; i++) await postJson(`${srv.url}/mcp`, echo(), { 'X-API-Key': key });
    await postJson(`${srv.url}/mcp`, spyCall, { 'X-API-Key': key });
    const res = await fetch(`${srv.url}/api/keys/usage`, { headers: { 'X-API-Key': key } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      key: { label: 'student' },
      tier: 'free',
      dailyLimit: 5,
      usedToday: 3,
      remaining: 2,
      resetsAt: utcMidnight(),
      todayByTool: { test_echo: 3 },
      totalsByTool: { test_echo: 3 },
    });
    const anon = await fetch(`${srv.url}/api/keys/usage`);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({ error: { code: 'unauthorized', message: expect.stringContaining('X-API-Key') } });
    expect((await fetch(`${srv.url}/api/keys/usage`, { headers: { 'X-API-Key': `bik_${'q'.repeat(32)}` } })).status).toBe(401);
  });

  it('50 parallel calls on a key with 10 left give exactly 10 successes (memory store)', async () => {
    srv = await server({ maxConcurrentAnalyses: 4 });
    await exactlyTen(srv, new KeyStore(srv.ctx.store));
  });

  it('50 parallel calls on a key with 10 left give exactly 10 successes (SQLite store)', async () => {
    const store = await createStore(testConfig());
    srv = await startTestServer({ now }, { clientRatePerMinute: 100_000, maxQueuedAnalyses: 100 }, { store });
    await exactlyTen(srv, new KeyStore(store));
  });
});

async function exactlyTen(srv: TestServer, keys: KeyStore): Promise<void> {
  const key = (await keys.create({ tier: 'researcher', label: 'race', dailyLimit: 12 })).key;
  for (let i = 0; i < 2; i++) expect((await postJson(`${srv.url}/mcp`, echo(), { 'X-API-Key': key })).status).toBe(200);
  const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => postJson(`${srv.url}/mcp`, echo(`r${i}`, 5), { 'X-API-Key': key }).then((r) => r.status)));
  expect(statuses.filter((s) => s === 200)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  const usage = (await (await fetch(`${srv.url}/api/keys/usage`, { headers: { 'X-API-Key': key } })).json()) as { usedToday: number; remaining: number };
  expect(usage).toMatchObject({ usedToday: 12, remaining: 0 });
}

describe('load control', () => {
  let srv: TestServer;
  afterEach(() => srv?.close());

  it('anonymous callers share one pool of requests a minute', async () => {
    srv = await server({ anonymousRatePerMinute: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await postJson(`${srv.url}/mcp`, spyCall)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await postJson(`${srv.url}/mcp`, spyCall);
    expect(res.headers.get('retry-after')).toBe('45');
    expect(((await res.json()) as Rpc).error).toMatchObject({ message: expect.stringMatching(/^Rate limit reached: 3 requests a minute for all anonymous callers together; it resets at /), data: { limit: 'requests a minute for all anonymous callers together' } });
    // A key is outside the anonymous pool.
    const key = (await new KeyStore(srv.ctx.store).create({ tier: 'free', label: 'k' })).key;
    expect((await postJson(`${srv.url}/mcp`, spyCall, { 'X-API-Key': key })).status).toBe(200);
  });

  it('limits requests a minute per client address, on every endpoint', async () => {
    srv = await server({ clientRatePerMinute: 3 });
    expect((await fetch(`${srv.url}/.well-known/mcp.json`)).status).toBe(200);
    expect((await postJson(`${srv.url}/mcp`, spyCall)).status).toBe(200);
    expect((await fetch(`${srv.url}/api/nli/status`)).status).toBe(200);
    const res = await fetch(`${srv.url}/.well-known/mcp.json`);
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ error: { code: 'quota', limit: 'requests a minute from one client address', message: expect.stringContaining('resets at') } });
    // The probes are never limited (an orchestrator must always get an answer).
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  });

  it('counts anonymous quotas per client address behind a trusted proxy', async () => {
    srv = await server({ trustProxy: 1, freeDailyLimit: 1 });
    const from = (ip: string) => postJson(`${srv.url}/mcp`, echo(), { 'X-Forwarded-For': `203.0.113.9, ${ip}` });
    expect((await from('198.51.100.1')).status).toBe(200);
    expect((await from('198.51.100.1')).status).toBe(429);
    expect((await from('198.51.100.2')).status).toBe(200);
  });

  it('runs at most N analyses at once and queues the next ones', async () => {
    srv = await server({ maxConcurrentAnalyses: 1, maxQueuedAnalyses: 5 });
    blocker.reset();
    const calls = Array.from({ length: 3 }, () => postJson(`${srv.url}/mcp`, block));
    await blocker.whenStarted(1);
    blocker.release();
    expect(await Promise.all(calls.map((c) => c.then((r) => r.status)))).toEqual([200, 200, 200]);
    expect(blocker.started).toBe(3);
    expect(blocker.maxActive).toBe(1);
  });

  it('answers 503 with Retry-After when the queue is full, without charging the quota', async () => {
    srv = await server({ maxConcurrentAnalyses: 1, maxQueuedAnalyses: 0 });
    blocker.reset();
    const running = postJson(`${srv.url}/mcp`, block);
    await blocker.whenStarted(1);
    const refused = await postJson(`${srv.url}/mcp`, echo('second'));
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as Rpc).error).toMatchObject({ message: 'The server is busy: 1 analyses are running and 0 are waiting (the queue holds 0)', data: { code: 'busy' } });
    // Saved analyses are still served meanwhile.
    expect((await postJson(`${srv.url}/mcp`, spyCall)).status).toBe(200);
    blocker.release();
    expect((await running).status).toBe(200);
    // Only the admitted call was charged.
    expect(await srv.ctx.store.counters.read(['day:2026-03-04:addr:127.0.0.1'])).toEqual([1]);
  });

  it('refuses a batch that asks for more than one analysis, and batches over the size limit', async () => {
    srv = await server({ maxBatch: 3 });
    const two = await postJson(`${srv.url}/mcp`, [{ jsonrpc: '2.0', id: 1, ...echo('a') }, { jsonrpc: '2.0', id: 2, ...echo('b') }]);
    expect(two.status).toBe(400);
    expect(((await two.json()) as Rpc).error).toMatchObject({ code: -32600, message: 'Invalid Request: a request may run one analysis; this one asks for 2 (test_echo, test_echo)' });
    const big = await postJson(`${srv.url}/mcp`, Array.from({ length: 4 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list' })));
    expect(big.status).toBe(400);
    expect(((await big.json()) as Rpc).error?.message).toBe('Invalid Request: a batch may hold at most 3 messages; this one has 4');
    const ok = await postJson(`${srv.url}/mcp`, [{ jsonrpc: '2.0', id: 1, ...echo('a') }, { jsonrpc: '2.0', id: 2, ...spyCall }, { jsonrpc: '2.0', id: 3, method: 'tools/list' }]);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as unknown[]).length).toBe(3);
  });
});
