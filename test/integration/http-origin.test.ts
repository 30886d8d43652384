// Origin and Content-Type rules of the HTTP server (DESIGN.md 2.2; the MCP transport specification
// says servers MUST validate Origin). The hole this closes: with the old defaults any web page could
// POST a "simple" cross-site request (text/plain, no preflight) and read the answer, e.g. every
// saved analysis through svc_search_snapshots. The same attack in real Chromium:
// test/e2e/http-origin-chromium.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, rawRequest, spy, startTestServer, type TestServer } from './http-support.js';

const SNAPSHOT = {
  tool: 'svc_generate_insights',
  genes: ['BRCA1'],
  diseaseContext: 'a private study',
  qualityScore: 0.5,
  inputs: {},
  result: { secret: 'unpublished result' },
};

const callSpy = { method: 'tools/call', params: { name: 'test_spy', arguments: {} } };

describe('default settings (no origins listed)', () => {
  let srv: TestServer;
  let snapshotId: string;
  beforeAll(async () => {
    srv = await startTestServer();
    // Saved from the terminal by the local operator.
    snapshotId = await srv.ctx.snapshots.save(SNAPSHOT);
  });
  afterAll(() => srv.close());

  it('refuses the cross-site text/plain attack that read every saved analysis', async () => {
    const res = await rawRequest(srv.url, {
      method: 'POST',
      path: '/mcp',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ method: 'tools/call', params: { name: 'svc_search_snapshots', arguments: {} } }),
    });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.text).not.toContain(snapshotId);
    expect(res.json()).toMatchObject({ error: { message: 'Origin https://evil.example is not allowed', data: { code: 'forbidden_origin', hint: expect.stringContaining('BIOINTEL_CORS_ORIGINS') } } });
  });

  it('refuses other origins on every method and endpoint, before anything runs', async () => {
    const before = spy.calls;
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', `http://localhost:${srv.port + 1}`, `https://127.0.0.1:${srv.port}`]) {
      const post = await postJson(`${srv.url}/mcp`, callSpy, { Origin: origin });
      expect(post.status, origin).toBe(403);
      const get = await fetch(`${srv.url}/.well-known/mcp.json`, { headers: { Origin: origin } });
      expect(get.status, origin).toBe(403);
      const preflight = await fetch(`${srv.url}/mcp`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });
      expect(preflight.status, origin).toBe(403);
    }
    expect(spy.calls).toBe(before);
  });

  it("serves requests without Origin and from the server's own loopback origin", async () => {
    expect((await postJson(`${srv.url}/mcp`, callSpy)).status).toBe(200);
    for (const host of ['127.0.0.1', 'localhost']) {
      const origin = `http://${host}:${srv.port}`;
      const res = await postJson(`${srv.url}/mcp`, callSpy, { Origin: origin });
      expect(res.status, origin).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('vary')).toContain('Origin');
    }
  });

  it('answers only application/json POSTs on /mcp: anything else is 415 and runs nothing', async () => {
    const before = spy.calls;
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', undefined]) {
      const res = await rawRequest(srv.url, {
        method: 'POST',
        path: '/mcp',
        headers: type === undefined ? {} : { 'Content-Type': type },
        body: JSON.stringify(callSpy),
      });
      expect(res.status, String(type)).toBe(415);
      expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { message: expect.stringContaining('Content-Type must be application/json'), data: { code: 'unsupported_media_type' } } });
    }
    expect(spy.calls).toBe(before);
  });
});

describe('with listed origins (BIOINTEL_CORS_ORIGINS)', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({}, { corsOrigins: 'https://widget-host.example, http://localhost:5173/' });
  });
  afterAll(() => srv.close());

  it('answers a preflight from a listed origin with the methods and headers a page needs', async () => {
    const res = await fetch(`${srv.url}/mcp`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://widget-host.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://widget-host.example');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['content-type', 'x-api-key', 'mcp-session-id', 'mcp-protocol-version', 'accept']) expect(allowed).toContain(h);
  });

  it('serves listed origins (written with a trailing slash or in capitals too) and exposes the headers a page reads', async () => {
    for (const origin of ['https://widget-host.example', 'http://localhost:5173', 'https://WIDGET-HOST.example']) {
      const res = await postJson(`${srv.url}/mcp`, callSpy, { Origin: origin });
      expect(res.status, origin).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-expose-headers')).toContain('Retry-After');
    }
  });

  it('still refuses the others, and a listed origin still cannot send text/plain', async () => {
    expect((await postJson(`${srv.url}/mcp`, callSpy, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await postJson(`${srv.url}/mcp`, callSpy, { Origin: 'https://widget-host.example.evil.example' })).status).toBe(403);
    const plain = await rawRequest(srv.url, { method: 'POST', path: '/mcp', headers: { Origin: 'https://widget-host.example', 'Content-Type': 'text/plain' }, body: JSON.stringify(callSpy) });
    expect(plain.status).toBe(415);
  });
});

describe('"*" listed: every origin, on purpose', () => {
  it('serves any origin with Access-Control-Allow-Origin: *', async () => {
    const srv = await startTestServer({}, { corsOrigins: '*' });
    try {
      const res = await postJson(`${srv.url}/mcp`, callSpy, { Origin: 'https://anywhere.example' });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await srv.close();
    }
  });
});
