// The non-MCP endpoints and the guards in front of every endpoint: discovery document, NLI
// status, health probes, Host validation, CORS, unknown paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Keyv from 'keyv';
import { createMemoryStore, type Store } from '../../src/store/index.js';
import { tools as registry } from '../../src/tools/index.js';
import { VERSION } from '../../src/version.js';
import { postJson, rawRequest, startTestServer, testTools, type TestServer } from './http-support.js';

let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

interface DiscoveryDoc {
  name: string;
  version: string;
  endpoint: string;
  transport: string;
  capabilities: Record<string, unknown>;
  authentication: { required: boolean; header: string; anonymous: { tier: string }; keys: string };
  tools: { name: string; title: string; description: string; annotations: Record<string, unknown>; inputSchema: Record<string, unknown> }[];
}

describe('GET /.well-known/mcp.json', () => {
  it('describes the server, every registered tool with its input schema, and authentication', async () => {
    const res = await fetch(`${srv.url}/.well-known/mcp.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as DiscoveryDoc;
    expect(doc).toMatchObject({ name: 'biointel', version: VERSION, endpoint: `${srv.url}/mcp`, transport: 'streamable-http' });
    expect(doc.capabilities).toMatchObject({ tools: {}, logging: {} });
    expect(doc.authentication).toMatchObject({ required: false, header: 'X-API-Key', anonymous: { tier: 'free' } });
    expect(doc.authentication.keys).toContain('biointel keys create');
    expect(doc.tools.map((t) => t.name).sort()).toEqual(testTools.map((t) => t.name).sort());
    for (const tool of registry) {
      const d = doc.tools.find((t) => t.name === tool.name);
      expect(d, tool.name).toBeDefined();
      expect(d?.title).toBe(tool.title);
      expect(d?.description).toBe(tool.description);
      expect(d?.annotations).toMatchObject(tool.annotations);
      expect(d?.inputSchema.type).toBe('object');
      const required = Object.keys(tool.input.shape).filter((k) => !tool.input.shape[k].isOptional());
      expect(d?.inputSchema.required ?? []).toEqual(required);
    }
  });

  it('gives the same tool definitions as tools/list', async () => {
    const doc = (await (await fetch(`${srv.url}/.well-known/mcp.json`)).json()) as DiscoveryDoc;
    const listed = (await (await postJson(`${srv.url}/mcp`, { method: 'tools/list' })).json()) as {
      result: { tools: { name: string; inputSchema: unknown; outputSchema?: unknown; annotations?: unknown }[] };
    };
    for (const tool of listed.result.tools) {
      const d = doc.tools.find((t) => t.name === tool.name) as Record<string, unknown> | undefined;
      expect(d?.inputSchema, tool.name).toEqual(tool.inputSchema);
      expect(d?.outputSchema, tool.name).toEqual(tool.outputSchema);
      expect(d?.annotations, tool.name).toEqual(tool.annotations);
    }
  });

  it('builds the endpoint URL from the Host the client used', async () => {
    const res = await rawRequest(srv.url, { path: '/.well-known/mcp.json', headers: { Host: `localhost:${srv.port}`, 'X-Forwarded-Proto': 'https' } });
    expect((res.json() as DiscoveryDoc).endpoint).toBe(`https://localhost:${srv.port}/mcp`);
  });
});

describe('status endpoints', () => {
  it('GET /api/nli/status reports the judge', async () => {
    const res = await fetch(`${srv.url}/api/nli/status`);
    expect(res.status).toBe(200);
    const s = (await res.json()) as Record<string, unknown>;
    expect(['ready', 'loading', 'not_downloaded', 'disabled', 'error']).toContain(s.state);
    expect(s.state).toBe('disabled'); // test context: BIOINTEL_NLI=off
    expect(s).toMatchObject({ model: expect.any(String), threshold: expect.any(Number), passageWindow: expect.any(Number), device: expect.any(String) });
  });

  it('GET /healthz and /readyz are 200', async () => {
    const health = await fetch(`${srv.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${srv.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
  });

  it('GET /readyz is 503 with the reason when the store fails, while /healthz stays 200', async () => {
    const memory = createMemoryStore();
    const broken: Store = {
      ...memory,
      ns(name) {
        const kv = memory.ns(name);
        if (name !== 'cache') return kv;
        return { get: () => Promise.reject(new Error('connection refused (redis://user:hunter2@db:6379)')) } as unknown as Keyv;
      },
    };
    const bad = await startTestServer({}, {}, { store: broken });
    try {
      const ready = await fetch(`${bad.url}/readyz`);
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { status: string; reason: string };
      expect(body.status).toBe('unavailable');
      expect(body.reason).toContain('connection refused');
      expect(body.reason).not.toContain('hunter2');
      expect((await fetch(`${bad.url}/healthz`)).status).toBe(200);
    } finally {
      await bad.close();
    }
  });

  it('HEAD works on the GET endpoints', async () => {
    const res = await fetch(`${srv.url}/healthz`, { method: 'HEAD' });
    expect(res.status).toBe(200);
  });

  it('an unknown path is 404 JSON listing the endpoints; a wrong method is 405', async () => {
    const res = await fetch(`${srv.url}/nope?key=secret`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string; message: string; hint: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('/nope');
    expect(body.error.hint).toContain('/mcp');
    const post = await fetch(`${srv.url}/healthz`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toContain('GET');
  });
});

describe('Host header validation (DNS rebinding)', () => {
  it('accepts localhost names with and without the port', async () => {
    for (const host of [`127.0.0.1:${srv.port}`, `localhost:${srv.port}`, 'localhost', `[::1]:${srv.port}`, 'LOCALHOST']) {
      const res = await rawRequest(srv.url, { path: '/api/nli/status', headers: { Host: host } });
      expect(res.status, host).toBe(200);
    }
  });

  it('refuses other hosts with 403 naming the host and the setting', async () => {
    const res = await rawRequest(srv.url, { path: '/.well-known/mcp.json', headers: { Host: `evil.example:${srv.port}` } });
    expect(res.status).toBe(403);
    const body = res.json() as { error: { code: string; message: string; hint: string } };
    expect(body.error.code).toBe('forbidden_host');
    expect(body.error.message).toContain(`evil.example:${srv.port}`);
    expect(body.error.hint).toContain('BIOINTEL_ALLOWED_HOSTS');
  });

  it('exempts the health probes (orchestrators probe by pod IP)', async () => {
    for (const path of ['/healthz', '/readyz']) {
      expect((await rawRequest(srv.url, { path, headers: { Host: `10.1.2.3:${srv.port}` } })).status, path).toBe(200);
    }
    expect((await rawRequest(srv.url, { path: '/api/nli/status', headers: { Host: `10.1.2.3:${srv.port}` } })).status).toBe(403);
  });

  it('refuses /mcp with a JSON-RPC error body before running anything', async () => {
    const res = await rawRequest(srv.url, {
      method: 'POST',
      path: '/mcp',
      headers: { Host: 'rebound.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'tools/list' }),
    });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringContaining('rebound.example') } });
  });

  it('accepts the hosts listed in allowedHosts (BIOINTEL_ALLOWED_HOSTS)', async () => {
    const s = await startTestServer({}, { allowedHosts: 'biointel.example.org, api.example.org:8443, fd00::1' });
    try {
      const ok = await rawRequest(s.url, { path: '/api/nli/status', headers: { Host: 'biointel.example.org' } });
      expect(ok.status).toBe(200);
      expect((await rawRequest(s.url, { path: '/api/nli/status', headers: { Host: 'biointel.example.org:443' } })).status).toBe(200);
      expect((await rawRequest(s.url, { path: '/api/nli/status', headers: { Host: 'api.example.org:8443' } })).status).toBe(200);
      expect((await rawRequest(s.url, { path: '/mcp', headers: { Host: 'api.example.org:9999' } })).status).toBe(403);
      expect((await rawRequest(s.url, { path: '/mcp', headers: { Host: 'other.example.org' } })).status).toBe(403);
      expect((await rawRequest(s.url, { path: '/api/nli/status', headers: { Host: '[fd00::1]:8787' } })).status).toBe(200);
      const doc = await rawRequest(s.url, { path: '/.well-known/mcp.json', headers: { Host: 'biointel.example.org' } });
      expect((doc.json() as DiscoveryDoc).endpoint).toBe('http://biointel.example.org/mcp');
    } finally {
      await s.close();
    }
  });
});

// Origin and Content-Type rules: http-origin.test.ts.
