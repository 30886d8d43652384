// The stdio server's context is built after its first answers (server/deferred-context.ts): the
// order of events, one build however many calls wait for it, and a build that fails as each
// tool call's error (then tried again), never as a crash or a silent empty answer.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { BiointelError } from '../../src/errors.js';
import { createLogger } from '../../src/log.js';
import { deferContext, type DeferredContext } from '../../src/server/deferred-context.js';
import { createMcpServer } from '../../src/server/mcp.js';
import { testConfig, testContext } from '../support/context.js';

async function connect(build: () => Promise<AppContext>): Promise<{ client: Client; context: DeferredContext }> {
  const context = deferContext(testConfig(), createLogger('silent'), build);
  const server = createMcpServer(context);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'deferred-test', version: '0.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, context };
}

const search = (client: Client) => client.callTool({ name: 'svc_search_snapshots', arguments: {} }) as Promise<CallToolResult>;
const textOf = (r: CallToolResult) => (r.content as { text: string }[]).map((c) => c.text).join('\n');

describe('a context built on first need', () => {
  it('is not built for initialize and tools/list, but once that list is written, and once only', async () => {
    const events: string[] = [];
    const ctx = await testContext();
    const build = vi.fn(async () => {
      events.push('build');
      return ctx;
    });
    const { client } = await connect(build);
    expect(build).not.toHaveBeenCalled(); // initialize answered
    await client.listTools();
    events.push('listed');
    await vi.waitFor(() => expect(build).toHaveBeenCalledTimes(1));
    expect(events).toEqual(['listed', 'build']);
    const r = await search(client);
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ snapshots: [], total: 0 });
    await client.listTools();
    await search(client);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('is built when a tool is called before any list, once for calls that arrive together', async () => {
    const ctx = await testContext();
    const build = vi.fn(() => new Promise<AppContext>((resolve) => setTimeout(() => resolve(ctx), 20)));
    const { client } = await connect(build);
    const answers = await Promise.all([search(client), search(client), search(client)]);
    for (const r of answers) expect(r.isError).toBeFalsy();
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('that cannot be built fails each tool call with its error and hint, and is tried again on the next', async () => {
    const ctx = await testContext();
    let fail = true;
    const build = vi.fn(async () => {
      if (fail) throw new BiointelError('unavailable', 'cannot use the data directory /srv/x: permission denied', { hint: 'Point BIOINTEL_DATA_DIR at a directory this user can write.' });
      return ctx;
    });
    const { client } = await connect(build);
    await client.listTools(); // still answered: it needs no context
    // A plain tool, and one whose answers are cached (its key needs the context first).
    for (const call of [() => search(client), () => client.callTool({ name: 'svc_get_target_brief', arguments: { gene: 'EGFR' } }) as Promise<CallToolResult>]) {
      const r = await call();
      expect(r.isError).toBe(true);
      expect(textOf(r)).toContain('cannot use the data directory /srv/x: permission denied');
      expect(textOf(r)).toContain('Point BIOINTEL_DATA_DIR');
    }
    const tries = build.mock.calls.length;
    expect(tries).toBeGreaterThanOrEqual(2);
    fail = false; // the directory was fixed: no restart needed
    const r = await search(client);
    expect(r.isError).toBeFalsy();
    expect(build.mock.calls.length).toBe(tries + 1);
  });

  it('logs a failure to prepare once, however often it is tried, and a different one again', async () => {
    const log = { level: 'error' as const, error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
    let message = 'cannot use the data directory /srv/x: a file is in the way';
    const context = deferContext(testConfig(), log, async () => {
      throw new BiointelError('unavailable', message);
    });
    expect(await context.prepare()).toBeUndefined(); // never rejects
    expect(await context.prepare()).toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1);
    message = 'could not connect to Redis at redis://127.0.0.1:1';
    await context.prepare();
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[1]![1]).toMatchObject({ err: expect.objectContaining({ message }) });
  });

  it('close() closes a context that was built, and builds none after', async () => {
    const ctx = await testContext();
    const close = vi.spyOn(ctx, 'close');
    const build = vi.fn(async () => ctx);
    const { client, context } = await connect(build);
    await search(client);
    await context.close();
    expect(close).toHaveBeenCalledTimes(1);
    const r = await search(client);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('the server is shutting down');
    expect(build).toHaveBeenCalledTimes(1);
  });
});
