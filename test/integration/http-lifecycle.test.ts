// Limits and lifecycle of the HTTP server: the 1 MB body limit, the tier hook (API keys plug in
// there; a key never reaches a log), clean shutdown, and runHttpServer's banner and signals.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { MAX_BODY_BYTES } from '../../src/server/http.js';
import { runHttpServer } from '../../src/server/http-server.js';
import { KeyStore } from '../../src/store/keys.js';
import { testContext } from '../support/context.js';
import { blocker, postJson, rawRequest, startTestServer, type TestServer } from './http-support.js';

describe('body limit', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv.close();
  });

  const bodyOf = (bytes: number): string => {
    const head = '{"method":"tools/call","params":{"name":"test_echo","arguments":{"text":"';
    const tail = '"}}}';
    return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
  };

  it('accepts a body of exactly 1 MB (it reaches the tool, which rejects the long text)', async () => {
    const res = await rawRequest(srv.url, { method: 'POST', path: '/mcp', headers: { 'Content-Type': 'application/json' }, body: bodyOf(MAX_BODY_BYTES) });
    expect(res.status).toBe(200);
    expect((res.json() as { result: { isError: boolean } }).result.isError).toBe(true);
  });

  it('refuses 1 MB + 1 byte with 413 and a JSON-RPC error (declared Content-Length)', async () => {
    const res = await rawRequest(srv.url, { method: 'POST', path: '/mcp', headers: { 'Content-Type': 'application/json' }, body: bodyOf(MAX_BODY_BYTES + 1) });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringContaining(String(MAX_BODY_BYTES)) } });
  });

  it('refuses 1 MB + 1 byte sent chunked, without Content-Length', async () => {
    const res = await rawRequest(srv.url, { method: 'POST', path: '/mcp', headers: { 'Content-Type': 'application/json' }, body: bodyOf(MAX_BODY_BYTES + 1), chunked: true });
    expect(res.status).toBe(413);
  });

  it('answers Expect: 100-continue for an oversized upload with 413, before the body is sent', async () => {
    const url = new URL(srv.url);
    const outcome = await new Promise<string>((resolve, reject) => {
      const r = request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/mcp',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(MAX_BODY_BYTES + 1), Expect: '100-continue' },
      });
      r.on('continue', () => {
        resolve('continue');
        r.destroy();
      });
      r.on('response', (res) => {
        res.resume();
        resolve(String(res.statusCode));
      });
      r.on('error', reject);
      r.flushHeaders();
    });
    expect(outcome).toBe('413');
  });

  it('keeps serving after refusing a large body', async () => {
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  });
});

describe('API keys on POST /mcp', () => {
  const lines: string[] = [];
  let srv: TestServer;
  let researcher: string;
  let revoked: string;

  beforeAll(async () => {
    srv = await startTestServer({}, {}, { log: createLogger('debug', { write: (l) => lines.push(l) }) });
    const keys = new KeyStore(srv.ctx.store);
    researcher = (await keys.create({ tier: 'researcher', label: 'lab' })).key;
    revoked = (await keys.create({ tier: 'researcher', label: 'old' })).key;
    await keys.revoke('old');
  });
  afterAll(async () => {
    await srv.close();
  });

  const echo = (headers: Record<string, string> = {}) =>
    postJson(`${srv.url}/mcp`, { method: 'tools/call', params: { name: 'test_echo', arguments: { text: 't' } } }, headers);

  it("passes the key's tier to the tools; no key is the free tier", async () => {
    const anon = (await (await echo()).json()) as { result: { structuredContent: { tier: string } } };
    expect(anon.result.structuredContent.tier).toBe('free');
    const keyed = (await (await echo({ 'X-API-Key': researcher })).json()) as { result: { structuredContent: { tier: string } } };
    expect(keyed.result.structuredContent.tier).toBe('researcher');
  });

  it('refuses an unknown, a malformed, an empty and a revoked key with 401, never echoing it', async () => {
    const unknown = `bik_${'A'.repeat(32)}`;
    for (const [key, message] of [
      [unknown, 'Unknown API key'],
      ['not-a-real-key-999', 'Unknown API key'],
      [' ', 'The X-API-Key header is empty'],
      [revoked, 'This API key ("old") was revoked on'],
    ] as const) {
      const res = await echo({ 'X-API-Key': key });
      expect(res.status, key).toBe(401);
      const text = await res.text();
      if (key.trim()) expect(text).not.toContain(key);
      expect(JSON.parse(text)).toMatchObject({ error: { code: -32000, message: expect.stringContaining(message), data: { code: 'unauthorized', hint: expect.stringMatching(/key/) } } });
    }
  });

  it('never logs an API key', () => {
    expect(lines.length).toBeGreaterThan(0); // debug request lines were written
    const all = lines.join('');
    expect(all).not.toContain(researcher);
    expect(all).not.toContain(revoked);
    expect(all).not.toContain('not-a-real-key-999');
  });
});

describe('shutdown', () => {
  it('lets an in-flight request finish, then stops accepting connections and closes the context', async () => {
    const srv = await startTestServer();
    let storeClosed = false;
    const closeStore = srv.ctx.close;
    srv.ctx.close = async () => {
      storeClosed = true;
      await closeStore();
    };
    blocker.reset();
    const slow = postJson(`${srv.url}/mcp`, { method: 'tools/call', params: { name: 'test_block', arguments: {} } });
    await blocker.whenStarted(1);
    const closing = srv.close();
    blocker.release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { structuredContent: { ok: boolean } } }).result.structuredContent.ok).toBe(true);
    await closing;
    expect(storeClosed).toBe(true);
    await expect(fetch(`${srv.url}/healthz`)).rejects.toThrow();
    await srv.close(); // idempotent
  });

  it('cuts requests still running after the grace period', async () => {
    const srv = await startTestServer({ shutdownGraceMs: 100 });
    blocker.reset();
    const slow = postJson(`${srv.url}/mcp`, { method: 'tools/call', params: { name: 'test_block', arguments: {} } });
    await blocker.whenStarted(1);
    await srv.close(); // returns although the call never finishes
    await expect(slow).rejects.toThrow();
    blocker.release();
  });
});

describe('runHttpServer', () => {
  it('announces the URL and shuts down with exit 0 on SIGTERM', async () => {
    const ctx = await testContext();
    const messages: string[] = [];
    const before = new Set(process.listeners('SIGTERM'));
    let exitCode: number | undefined;
    const exited = new Promise<void>((resolve) => {
      void runHttpServer(ctx, {
        host: '127.0.0.1',
        port: 0,
        announce: (m) => messages.push(m),
        exit: (code) => {
          exitCode = code;
          resolve();
        },
      }).then(async (running) => {
        expect(messages[0]).toContain(`${running.url}/mcp`);
        expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
        // Call our handler directly: emitting a real SIGTERM would also reach the test runner's own handlers.
        const ours = process.listeners('SIGTERM').filter((l) => !before.has(l));
        expect(ours).toHaveLength(1);
        (ours[0] as (s: NodeJS.Signals) => void)('SIGTERM');
      });
    });
    await exited;
    expect(exitCode).toBe(0);
    expect(process.listeners('SIGTERM').filter((l) => !before.has(l))).toHaveLength(0);
  });
});
