// Load control at the connection level and limits on every entry point: idle sockets time out,
// open connections are capped (per address and in all), slow requests are cut, a request that runs
// too long is cancelled, and the design's input limits hold for JSON-RPC, the plain form and the CLI.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';
import { blocker, postJson, startTestServer, type TestServer } from './http-support.js';

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

function openSocket(port: number, localAddress = '127.0.0.1'): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    // Read, so the end of the connection is seen when the server closes it.
    socket.resume();
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

const isClosed = (p: Promise<void>) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setImmediate(() => r(false)))]);

describe('connections', () => {
  it('closes a connection that sends nothing once it has been idle too long', async () => {
    srv = await startTestServer({}, { idleTimeoutMs: 1_000 });
    const { closed } = await openSocket(srv.port);
    await closed; // Node alone would keep it open forever
  });

  it('cuts a client that drips its headers too slowly', async () => {
    srv = await startTestServer({}, { idleTimeoutMs: 1_000 });
    const { socket, closed } = await openSocket(srv.port);
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => socket.write('X-Drip: 1\r\n'), 200);
    await closed;
    clearInterval(drip);
    // Closed unanswered, or with Node's 408: never served.
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('never cuts a request that is being worked on, however long it runs', async () => {
    srv = await startTestServer({}, { idleTimeoutMs: 1_000 });
    blocker.reset();
    const call = postJson(`${srv.url}/mcp`, { method: 'tools/call', params: { name: 'test_block', arguments: {} } });
    await blocker.whenStarted(1);
    await new Promise((r) => setTimeout(r, 1_500)); // longer than the idle timeout
    blocker.release();
    expect((await call).status).toBe(200);
  });

  it('caps open connections per address: others still get answers', async () => {
    srv = await startTestServer({}, { maxConnectionsPerClient: 5 });
    const sockets = await Promise.all(Array.from({ length: 10 }, () => openSocket(srv!.port, '127.0.0.2')));
    await vi.waitFor(async () => expect((await Promise.all(sockets.map((s) => isClosed(s.closed)))).filter(Boolean)).toHaveLength(5));
    // Another client (127.0.0.1) is served while 127.0.0.2 holds its five.
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
    for (const s of sockets) s.socket.destroy();
  });

  it('caps open connections in all', async () => {
    srv = await startTestServer({}, { maxConnections: 4, maxConnectionsPerClient: 100 });
    const sockets = await Promise.all(Array.from({ length: 10 }, () => openSocket(srv!.port)));
    await vi.waitFor(async () => expect((await Promise.all(sockets.map((s) => isClosed(s.closed)))).filter(Boolean)).toHaveLength(6));
    for (const s of sockets) s.socket.destroy();
  });
});

describe('requests that run too long', () => {
  it('are cancelled at BIOINTEL_CALL_TIMEOUT_MS with a JSON-RPC timeout error; nothing is saved', async () => {
    srv = await startTestServer({}, { callTimeoutMs: 1_000 });
    blocker.reset();
    const res = await postJson(`${srv.url}/mcp`, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'test_block', arguments: {} } });
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 9, error: { code: -32001, message: 'Request timed out: it ran longer than 1000 ms (BIOINTEL_CALL_TIMEOUT_MS)' } });
    await vi.waitFor(() => expect(blocker.active).toBe(0));
    expect(await srv.ctx.snapshots.count()).toBe(0);
  });
});

describe('graceful shutdown', () => {
  it('finishes the calls in flight and queued, refuses new ones, then closes', async () => {
    srv = await startTestServer({}, { maxConcurrentAnalyses: 1 });
    blocker.reset();
    const running = postJson(`${srv.url}/mcp`, { method: 'tools/call', params: { name: 'test_block', arguments: {} } });
    const queued = postJson(`${srv.url}/mcp`, { method: 'tools/call', params: { name: 'test_block', arguments: {} } });
    await blocker.whenStarted(1);
    await vi.waitFor(() => expect(srv!.load().analyses).toEqual({ running: 1, queued: 1 }));
    const closing = srv.close();
    // New requests are refused while the admitted ones finish.
    const late = await postJson(`${srv.url}/mcp`, { method: 'ping' }).then((r) => r.status, () => 'refused');
    expect([503, 'refused']).toContain(late);
    blocker.release();
    expect([(await running).status, (await queued).status]).toEqual([200, 200]);
    await closing;
    expect(blocker.started).toBe(2);
    await expect(fetch(`${srv.url}/healthz`)).rejects.toThrow();
    srv = undefined;
  });
});

describe('the design limits hold on every entry point', () => {
  const genes = Array.from({ length: 501 }, (_, i) => `G${i}`);
  const longClaim = 'x'.repeat(2_001);

  it('over MCP (JSON-RPC) and the plain form: the field and the limit are named, nothing runs', async () => {
    srv = await startTestServer();
    for (const body of [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc_generate_insights', arguments: { genes, diseaseContext: 'x' } } },
      { method: 'tools/call', params: { name: 'svc_generate_insights', arguments: { genes, diseaseContext: 'x' } } },
    ]) {
      const r = (await (await postJson(`${srv.url}/mcp`, body)).json()) as { result: { isError: boolean; content: { text: string }[] } };
      expect(r.result.isError).toBe(true);
      expect(r.result.content[0]?.text).toMatch(/genes/);
      expect(r.result.content[0]?.text).toMatch(/at most 500 genes/);
    }
    const claim = (await (await postJson(`${srv.url}/mcp`, { method: 'tools/call', params: { name: 'svc_verify_claim', arguments: { claim: longClaim } } })).json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(claim.result.content[0]?.text).toMatch(/claim[\s\S]*2000/);
    // Invalid input is not an analysis: the free quota is untouched.
    expect(await srv.ctx.store.counters.read([`day:${new Date().toISOString().slice(0, 10)}:addr:127.0.0.1`])).toEqual([0]);
  });

  it('in the terminal: the same limits, exit code 2', async () => {
    const dataDir = tempDir();
    const analyze = await runCli(['analyze', '--genes', genes.join(','), '--disease', 'x'], { BIOINTEL_DATA_DIR: dataDir });
    expect(analyze.code).toBe(2);
    expect(analyze.stderr).toMatch(/genes: at most 500 genes per panel/);
    const verify = await runCli(['verify', longClaim], { BIOINTEL_DATA_DIR: dataDir });
    expect(verify.code).toBe(2);
    expect(verify.stderr).toMatch(/claim: .*2000/);
  });
});
