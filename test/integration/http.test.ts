// POST /mcp over a real socket: the official SDK client, the plain JSON form, Accept handling,
// batches, and the JSON-RPC errors a caller can provoke.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_CAPABILITIES } from '../../src/server/discovery.js';
import { tools as registry } from '../../src/tools/index.js';
import { postJson, rawRequest, startTestServer, testTools, toolWithRequiredInput, type TestServer } from './http-support.js';

interface RpcResponse {
  jsonrpc: string;
  id: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

let srv: TestServer;
let mcp: string;

beforeAll(async () => {
  srv = await startTestServer();
  mcp = `${srv.url}/mcp`;
});
afterAll(async () => {
  await srv.close();
});

describe('MCP over streamable HTTP (official SDK client)', () => {
  it('initializes, lists the registry tools and calls a tool', async () => {
    const client = new Client({ name: 'http-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp)));
    try {
      expect(client.getServerVersion()?.name).toBe('biointel');
      expect(client.getServerCapabilities()).toEqual(SERVER_CAPABILITIES);
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name).sort()).toEqual(testTools.map((t) => t.name).sort());
      for (const tool of registry) expect(listed.tools.some((t) => t.name === tool.name)).toBe(true);

      const called = await client.callTool({ name: 'test_echo', arguments: { text: 'hello' } });
      expect(called.isError).toBeFalsy();
      // Anonymous HTTP callers are tier free (DESIGN.md 2.3).
      expect(called.structuredContent).toEqual({ text: 'hello', tier: 'free' });

      // SSE mode streams progress notifications while the tool runs.
      const progress: { progress: number; total?: number; message?: string }[] = [];
      await client.callTool({ name: 'test_echo', arguments: { text: 'p', delayMs: 20 } }, undefined, {
        onprogress: (p) => progress.push(p),
      });
      expect(progress).toEqual([{ progress: 1, total: 2, message: 'echoing' }]);
    } finally {
      await client.close();
    }
  });

  it('answers a JSON-RPC POST that accepts text/event-stream with SSE', async () => {
    const res = await postJson(mcp, { jsonrpc: '2.0', id: 7, method: 'tools/list' }, { Accept: 'application/json, text/event-stream' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text();
    const data = text.split('\n').find((l) => l.startsWith('data: '));
    const msg = JSON.parse(data?.slice(6) ?? 'null') as RpcResponse;
    expect(msg.id).toBe(7);
    expect(Array.isArray(msg.result?.tools)).toBe(true);
  });

  it('answers a JSON-RPC POST whose Accept lacks text/event-stream with JSON instead of 406', async () => {
    for (const accept of ['application/json', '*/*']) {
      const res = await postJson(mcp, { jsonrpc: '2.0', id: 'a', method: 'tools/list' }, { Accept: accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const msg = (await res.json()) as RpcResponse;
      expect(msg).toMatchObject({ jsonrpc: '2.0', id: 'a' });
      expect((msg.result?.tools as unknown[]).length).toBe(testTools.length);
    }
  });

  it('answers a JSON-RPC batch with an array of responses', async () => {
    const res = await postJson(mcp, [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'test_echo', arguments: { text: 'b' } } },
    ], { Accept: 'application/json' });
    expect(res.status).toBe(200);
    const msgs = (await res.json()) as RpcResponse[];
    expect(msgs.map((m) => m.id).sort()).toEqual([1, 2]);
    expect(msgs.find((m) => m.id === 2)?.result?.structuredContent).toEqual({ text: 'b', tier: 'free' });
  });
});

describe('plain JSON form {"method","params"}', () => {
  it('tools/list without an Accept header, without initialize', async () => {
    const res = await rawRequest(srv.url, {
      method: 'POST',
      path: '/mcp',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'tools/list' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const msg = res.json() as RpcResponse;
    expect(msg.jsonrpc).toBe('2.0');
    expect(msg.id).toEqual(expect.any(String));
    const names = (msg.result?.tools as { name: string }[]).map((t) => t.name);
    for (const tool of registry) expect(names).toContain(tool.name);
  });

  it('tools/call with Accept */*', async () => {
    const res = await postJson(mcp, { method: 'tools/call', params: { name: 'test_echo', arguments: { text: 'plain' } } }, { Accept: '*/*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const msg = (await res.json()) as RpcResponse;
    expect(msg.result?.structuredContent).toEqual({ text: 'plain', tier: 'free' });
    expect(msg.result?.content).toEqual([{ type: 'text', text: 'plain' }]); // the tool's summary, not the JSON again
  });

  it('is answered as JSON even when the caller accepts SSE, and keeps a caller-chosen id', async () => {
    const res = await postJson(mcp, { id: 42, method: 'tools/list' }, { Accept: 'text/event-stream, application/json' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as RpcResponse).id).toBe(42);
  });

  it('accepts application/json with parameters, in any case', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const res = await rawRequest(srv.url, {
        method: 'POST',
        path: '/mcp',
        headers: { 'Content-Type': type },
        body: JSON.stringify({ method: 'tools/call', params: { name: 'test_echo', arguments: { text: 'curl' } } }),
      });
      expect(res.status, type).toBe(200);
      expect((res.json() as RpcResponse).result?.structuredContent).toEqual({ text: 'curl', tier: 'free' });
    }
  });
});

describe('errors a caller can provoke', () => {
  it('bad tool arguments give isError with a message naming the field', async () => {
    const target = toolWithRequiredInput();
    expect(target, 'the registry should hold a tool with required input').toBeDefined();
    if (!target) return;
    const res = await postJson(mcp, { method: 'tools/call', params: { name: target.tool.name, arguments: {} } });
    expect(res.status).toBe(200);
    const msg = (await res.json()) as RpcResponse;
    expect(msg.result?.isError).toBe(true);
    const text = (msg.result?.content as { text: string }[])[0]?.text ?? '';
    expect(text).toContain(target.field);
    expect(text).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('bad arguments for the echo tool name the field and the bound', async () => {
    const res = await postJson(mcp, { method: 'tools/call', params: { name: 'test_echo', arguments: { text: 'x'.repeat(101) } } });
    const msg = (await res.json()) as RpcResponse;
    expect(msg.result?.isError).toBe(true);
    expect((msg.result?.content as { text: string }[])[0]?.text).toMatch(/text/);
  });

  it('an unknown tool is reported naming the tool', async () => {
    const res = await postJson(mcp, { method: 'tools/call', params: { name: 'svc_nope', arguments: {} } });
    expect(res.status).toBe(200);
    const msg = (await res.json()) as RpcResponse;
    // SDK 1.32 reports an unknown tool as an isError result ("MCP error -32602: Tool svc_nope not found").
    const text = msg.error?.message ?? (msg.result?.content as { text: string }[] | undefined)?.[0]?.text ?? '';
    expect(msg.error !== undefined || msg.result?.isError === true).toBe(true);
    expect(text).toContain('svc_nope');
  });

  it('an unknown method is a JSON-RPC "method not found" error', async () => {
    const res = await postJson(mcp, { method: 'tools/frobnicate', params: {} });
    const msg = (await res.json()) as RpcResponse;
    expect(msg.error?.code).toBe(-32601);
  });

  it('malformed JSON is HTTP 400 with JSON-RPC -32700', async () => {
    const res = await fetch(mcp, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"method": "tools/list",' });
    expect(res.status).toBe(400);
    const msg = (await res.json()) as RpcResponse;
    expect(msg).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  });

  it('an empty body is a parse error too', async () => {
    const res = await fetch(mcp, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as RpcResponse).error?.code).toBe(-32700);
  });

  it('JSON that is neither JSON-RPC nor the plain form is -32600 Invalid Request', async () => {
    for (const body of [{}, 42, [1], { method: '' }]) {
      const res = await postJson(mcp, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const msg = (await res.json()) as RpcResponse;
      expect(msg.error?.code).toBe(-32600);
      expect(msg.error?.message).toMatch(/plain form|JSON object/);
    }
  });

  it('GET and PUT /mcp are 405 with Allow and a JSON-RPC error; DELETE without a session is 400', async () => {
    for (const method of ['GET', 'PUT']) {
      const res = await fetch(mcp, { method, headers: { Accept: 'text/event-stream' } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, DELETE, OPTIONS');
      const msg = (await res.json()) as RpcResponse;
      expect(msg).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    }
    const del = await fetch(mcp, { method: 'DELETE' });
    expect(del.status).toBe(400);
    expect(await del.json()).toMatchObject({ error: { message: expect.stringContaining('Mcp-Session-Id') } });
  });
});
