// Cancelled work stops and saves nothing: over HTTP a client's notifications/cancelled (with or
// without a session) and a dropped connection abort the running call; over stdio the SDK's own
// cancellation does. The test tool tries to save even when cancelled (as a degrading analysis
// would), so these show that the store refuses; the real analysis, with an upstream that never
// answers, shows its upstream request aborted and no snapshot saved.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/log.js';
import { KeyStore } from '../../src/store/keys.js';
import { BIN, runCli } from '../support/binary.js';
import { tempDir, testContext } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { connectInMemory } from '../support/mcp-client.js';
import { sourceEnv } from '../support/serve-process.js';
import { describeShared, REPO_ROOT } from '../support/shared.js';
import { startHttpServer } from '../../src/server/http-server.js';
import { blocker, postJson, startTestServer, testTools, type TestServer } from './http-support.js';

const block = (id: string | number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'test_block', arguments: {} } });
const cancel = (requestId: string | number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'user pressed stop' } });

describe('over HTTP', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({}, { clientRatePerMinute: 100_000, anonymousRatePerMinute: 100_000 });
  });
  afterAll(() => srv.close());
  beforeEach(() => blocker.reset());

  it('notifications/cancelled (no session) stops the call; its request gets a "cancelled" error; nothing is saved', async () => {
    const running = postJson(`${srv.url}/mcp`, block('c1'));
    await blocker.whenStarted(1);
    const note = await postJson(`${srv.url}/mcp`, cancel('c1'));
    expect(note.status).toBe(202);
    const res = await running;
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 'c1', error: { code: -32800, message: 'Request cancelled: user pressed stop' } });
    expect(blocker.active).toBe(0);
    expect(await srv.ctx.snapshots.count()).toBe(0);
  });

  it('a cancel from another caller does not touch the call', async () => {
    const key = (await new KeyStore(srv.ctx.store).create({ tier: 'free', label: 'someone else' })).key;
    const running = postJson(`${srv.url}/mcp`, block('same-id'));
    await blocker.whenStarted(1);
    expect((await postJson(`${srv.url}/mcp`, cancel('same-id'), { 'X-API-Key': key })).status).toBe(202);
    blocker.release();
    expect(await (await running).json()).toMatchObject({ id: 'same-id', result: { structuredContent: { ok: true } } });
    expect(await srv.ctx.snapshots.count()).toBe(1);
  });

  it('the SDK client aborting a call (session, SSE) cancels it on the server; nothing is saved', async () => {
    const before = await srv.ctx.snapshots.count();
    const client = new Client({ name: 'cancel-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`)));
    const stop = new AbortController();
    const call = client.callTool({ name: 'test_block', arguments: {} }, undefined, { signal: stop.signal });
    await blocker.whenStarted(1);
    stop.abort('user pressed stop');
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(blocker.active).toBe(0), { timeout: 10_000 });
    expect(await srv.ctx.snapshots.count()).toBe(before);
    await client.close();
  });

  it('a dropped connection stops the call; nothing is saved', async () => {
    const before = await srv.ctx.snapshots.count();
    const gone = new AbortController();
    const running = fetch(`${srv.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(block(7)), signal: gone.signal }).catch((e: unknown) => e);
    await blocker.whenStarted(1);
    gone.abort();
    await running;
    await vi.waitFor(() => expect(blocker.active).toBe(0), { timeout: 10_000 });
    expect(await srv.ctx.snapshots.count()).toBe(before);
    // The server is fine afterwards.
    expect((await postJson(`${srv.url}/mcp`, { method: 'ping' })).status).toBe(200);
  });
});

describe('over stdio (in memory: the same server code)', () => {
  it('a cancelled call saves nothing', async () => {
    blocker.reset();
    const ctx = await testContext();
    const client = await connectInMemory(ctx, { tools: testTools });
    const stop = new AbortController();
    const call = client.callTool({ name: 'test_block', arguments: {} }, undefined, { signal: stop.signal });
    await blocker.whenStarted(1);
    stop.abort();
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(blocker.active).toBe(0), { timeout: 10_000 });
    expect(await ctx.snapshots.count()).toBe(0);
    await client.close();
  });
});

const ARTICLES = [{ pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression.' }];
const LITERATURE = [{ terms: ['EGFR', 'breast cancer'], pmids: ['2001'] }];
const INSIGHTS = { name: 'svc_generate_insights', arguments: { genes: ['EGFR', 'ERBB2'], diseaseContext: 'breast cancer' } };

describeShared('a real analysis cancelled while an upstream hangs (Europe PMC)', () => {
  let fake: FakeUpstream;
  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE });
    // Europe PMC never answers: the genes resolve, the pathways are computed, and the analysis
    // waits on the literature until it is cancelled (after which it would degrade and save).
    fake.route('GET', /^\/europepmc\//, () => new Promise(() => undefined));
  });
  afterEach(() => fake.reset());

  it('over HTTP: the upstream request is aborted and no snapshot is saved', async () => {
    const lines: string[] = [];
    const ctx = await testContext({ dataDir: tempDir() }, fake.url, { log: createLogger('error', { write: (l) => lines.push(l) }) });
    const server = await startHttpServer(ctx, { host: '127.0.0.1', port: 0 });
    try {
      const gone = new AbortController();
      const running = fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: INSIGHTS }), signal: gone.signal }).catch((e: unknown) => e);
      await vi.waitFor(() => expect(fake.requests.some((r) => r.path.startsWith('/europepmc/'))).toBe(true), { timeout: 30_000 });
      gone.abort();
      await running;
      await vi.waitFor(() => expect(fake.aborted.some((r) => r.path.startsWith('/europepmc/'))).toBe(true), { timeout: 30_000 });
      // The analysis runs to its end (degraded) and tries to save: the store refuses.
      await vi.waitFor(async () => expect(lines.join('') + String(await ctx.snapshots.count())).toMatch(/snapshot could not be saved|[1-9]$/), { timeout: 30_000 });
      expect(lines.join('')).toContain('the call was cancelled, so its result was not saved');
      expect(await ctx.snapshots.count()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('over stdio (the binary): the upstream request is aborted and no snapshot is saved', async () => {
    const dataDir = tempDir();
    const env = { ...process.env, ...sourceEnv(fake.url), BIOINTEL_DATA_DIR: dataDir, BIOINTEL_NLI: 'off', BIOINTEL_LOG_LEVEL: 'error' } as Record<string, string>;
    const client = new Client({ name: 'stdio-cancel', version: '1.0.0' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], cwd: REPO_ROOT, env, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    await client.connect(transport);
    const stop = new AbortController();
    const call = client.callTool(INSIGHTS, undefined, { signal: stop.signal });
    await vi.waitFor(() => expect(fake.requests.some((r) => r.path.startsWith('/europepmc/'))).toBe(true), { timeout: 30_000 });
    stop.abort();
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(fake.aborted.some((r) => r.path.startsWith('/europepmc/'))).toBe(true), { timeout: 30_000 });
    // The analysis runs to its end (degraded) and tries to save: the store refuses.
    await vi.waitFor(() => expect(stderr).toContain('snapshot could not be saved'), { timeout: 30_000 });
    expect(stderr).toContain('the call was cancelled, so its result was not saved');
    // The server is still alive and answering, and saved nothing.
    await client.ping();
    await client.close();
    const saved = await runCli(['snapshots', 'search', '--json'], { BIOINTEL_DATA_DIR: dataDir });
    expect(JSON.parse(saved.stdout)).toMatchObject({ total: 0 });
  });
});
