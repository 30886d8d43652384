// Optional MCP sessions and log notifications. A client that initializes gets an Mcp-Session-Id;
// the log level it sets with logging/setLevel is kept in its session (so it holds for its later
// requests, on any instance), and a tool call's warnings (failed sources, a missing NLI model) reach
// it as notifications/message at or above that level. Over stdio (here: in memory, the same
// server code) the level is kept for the connection.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyStore } from '../../src/store/keys.js';
import { connectInMemory } from '../support/mcp-client.js';
import { postJson, startTestServer, testTools, type TestServer } from './http-support.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

interface Logged {
  level: string;
  data: unknown;
}

async function httpClient(headers: Record<string, string> = {}): Promise<{ client: Client; logs: Logged[]; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'session-test', version: '1.0.0' });
  const logs: Logged[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    logs.push({ level: n.params.level, data: n.params.data });
  });
  const transport = new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`), { requestInit: { headers } });
  await client.connect(transport);
  return { client, logs, transport };
}

const levels = (logs: Logged[]) => logs.map((l) => l.level);

describe('sessions over HTTP', () => {
  it('gives an initializing client a session id, and answers logging/setLevel with {}', async () => {
    const { client, transport } = await httpClient();
    expect(transport.sessionId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await client.setLoggingLevel('info')).toEqual({});
    await client.close();
  });

  it('sends a call\'s warnings as log messages at the level the client chose, kept across requests', async () => {
    const { client, logs } = await httpClient();
    // Default (no level chosen): warnings and errors.
    await client.callTool({ name: 'test_warn', arguments: {} });
    expect(levels(logs)).toEqual(['warning', 'warning']);
    expect(logs.map((l) => l.data)).toEqual([
      'source string failed: HTTP 503',
      'NLI model missing: entailment judged by word overlap (run `biointel nli download`)',
    ]);
    // info: the summary too; set in one request, applied to the next ones.
    logs.length = 0;
    await client.setLoggingLevel('info');
    await client.callTool({ name: 'test_warn', arguments: {} });
    expect(levels(logs)).toEqual(['info', 'warning', 'warning']);
    expect(String(logs[0]?.data)).toMatch(/^test_warn finished in \d+ ms; sources: 1 answered, 1 failed$/);
    // error: nothing for a call that only warns; but a failing call is reported.
    logs.length = 0;
    await client.setLoggingLevel('error');
    await client.callTool({ name: 'test_warn', arguments: {} });
    expect(logs).toEqual([]);
    await client.callTool({ name: 'svc_get_snapshot', arguments: { snapshotId: 'snap_01hzzzzzzzzzzzzzzzzzzzzzzz' } });
    expect(levels(logs)).toEqual(['error']);
    expect(String(logs[0]?.data)).toContain('snapshot not found');
    await client.close();
  });

  it('keeps each session\'s level apart', async () => {
    const quiet = await httpClient();
    const chatty = await httpClient();
    await quiet.client.setLoggingLevel('error' satisfies LoggingLevel);
    await chatty.client.setLoggingLevel('debug');
    await Promise.all([quiet.client.callTool({ name: 'test_warn', arguments: {} }), chatty.client.callTool({ name: 'test_warn', arguments: {} })]);
    expect(quiet.logs).toEqual([]);
    expect(levels(chatty.logs)).toEqual(['info', 'warning', 'warning']);
    await Promise.all([quiet.client.close(), chatty.client.close()]);
  });

  it('answers an unknown session, or someone else\'s, with 404; DELETE ends a session', async () => {
    const key = (await new KeyStore(srv.ctx.store).create({ tier: 'free', label: 'session owner' })).key;
    const { client, transport } = await httpClient({ 'X-API-Key': key });
    const id = transport.sessionId!;
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    expect((await postJson(`${srv.url}/mcp`, ping, { 'Mcp-Session-Id': id, 'X-API-Key': key })).status).toBe(200);
    // Anonymous, or another key, cannot use it (and cannot tell it exists).
    const stolen = await postJson(`${srv.url}/mcp`, ping, { 'Mcp-Session-Id': id });
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toMatchObject({ error: { code: -32001, message: 'Session not found' } });
    expect((await postJson(`${srv.url}/mcp`, ping, { 'Mcp-Session-Id': 'x'.repeat(24) })).status).toBe(404);
    // Requests without a session still work: sessions are optional.
    expect((await postJson(`${srv.url}/mcp`, ping)).status).toBe(200);
    await transport.terminateSession();
    expect((await postJson(`${srv.url}/mcp`, ping, { 'Mcp-Session-Id': id, 'X-API-Key': key })).status).toBe(404);
    await client.close();
  });

  it('lets a stateless client set a level without a session: the answer is {} and nothing is kept', async () => {
    const res = await postJson(`${srv.url}/mcp`, { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'debug' } });
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});

describe('log messages over stdio (the same server, in memory)', () => {
  it('sends warnings by default and follows logging/setLevel', async () => {
    const client = await connectInMemory(srv.ctx, { tools: testTools });
    const logs: Logged[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push({ level: n.params.level, data: n.params.data });
    });
    await client.callTool({ name: 'test_warn', arguments: {} });
    expect(levels(logs)).toEqual(['warning', 'warning']);
    logs.length = 0;
    await client.setLoggingLevel('critical');
    await client.callTool({ name: 'test_warn', arguments: {} });
    expect(logs).toEqual([]);
    await client.close();
  });
});
