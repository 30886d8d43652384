// What the caller is decides what the answer holds (DESIGN.md 2.3): over HTTP, anonymous callers
// are the free tier (ranked drug candidates withheld, with the note), a researcher key gets them;
// and saved analyses belong to whoever made them (a key sees its own, anonymous callers only
// anonymous ones, the local operator everything). Today's hole, closed: an anonymous caller read a
// snapshot the operator had saved from the terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_TIER_DRUGS_NOTE } from '../../src/tools/target-brief/handler.js';
import { KeyStore } from '../../src/store/keys.js';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.js';
import type { AppContext } from '../../src/context.js';
import { tempDir, testContext } from '../support/context.js';
import { EGFR, mountBriefUpstream } from '../support/fake-brief.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';
import { blocker, postJson, startTestServer, testTools, type TestServer } from './http-support.js';

interface Rpc {
  result?: { isError?: boolean; structuredContent?: Record<string, unknown>; content?: { text: string }[] };
}
const call = async (url: string, name: string, args: Record<string, unknown>, key?: string): Promise<Rpc> =>
  (await (await postJson(`${url}/mcp`, { method: 'tools/call', params: { name, arguments: args } }, key ? { 'X-API-Key': key } : {})).json()) as Rpc;

describeShared('tiers over HTTP (target brief on recorded upstreams)', () => {
  let fake: FakeUpstream;
  let ctx: AppContext;
  let server: RunningHttpServer;
  let researcher: string;
  let free: string;
  beforeAll(async () => {
    fake = await startFakeUpstream();
    mountBriefUpstream(fake);
    ctx = await testContext({ dataDir: tempDir() }, fake.url);
    const keys = new KeyStore(ctx.store);
    researcher = (await keys.create({ tier: 'researcher', label: 'r' })).key;
    free = (await keys.create({ tier: 'free', label: 'f' })).key;
    server = await startHttpServer(ctx, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  const args = { gene: EGFR.symbol, diseaseContext: EGFR.disease };

  it('anonymous and free-key callers: topDrugs [] with topDrugsNote', async () => {
    for (const key of [undefined, free]) {
      const r = (await call(server.url, 'svc_get_target_brief', args, key)).result?.structuredContent;
      expect(r?.topDrugs).toEqual([]);
      expect(r?.topDrugsNote).toBe(FREE_TIER_DRUGS_NOTE);
    }
  });

  it('a researcher key: ranked drugs, no note', async () => {
    const r = (await call(server.url, 'svc_get_target_brief', args, researcher)).result?.structuredContent;
    expect((r?.topDrugs as unknown[]).length).toBeGreaterThan(0);
    expect(r?.topDrugsNote).toBeUndefined();
  });
});

describe('saved analyses belong to whoever made them', () => {
  let srv: TestServer;
  let alice: string;
  let bob: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    srv = await startTestServer({}, { clientRatePerMinute: 100_000, anonymousRatePerMinute: 100_000 });
    const keys = new KeyStore(srv.ctx.store);
    alice = (await keys.create({ tier: 'researcher', label: 'alice' })).key;
    bob = (await keys.create({ tier: 'researcher', label: 'bob' })).key;
    // Saved from the terminal (the operator), by alice, and anonymously (the test tool saves one).
    ids.operator = await srv.ctx.snapshots.save({ tool: 'svc_generate_insights', genes: ['TP53'], diseaseContext: 'operator study', qualityScore: 0.5, inputs: {}, result: {} });
    for (const [who, key] of [['alice', alice], ['anonymous', undefined]] as const) {
      blocker.reset();
      blocker.release();
      await call(srv.url, 'test_block', {}, key);
      const found = (await call(srv.url, 'svc_search_snapshots', {}, key)).result?.structuredContent as { snapshots: { id: string }[] };
      ids[who] = found.snapshots[0]!.id;
    }
  });
  afterAll(() => srv.close());

  const visible = async (key?: string): Promise<string[]> => {
    const found = (await call(srv.url, 'svc_search_snapshots', { limit: 50 }, key)).result?.structuredContent as { snapshots: { id: string }[] };
    return found.snapshots.map((s) => s.id).sort();
  };
  const canGet = async (id: string, key?: string): Promise<boolean> => !(await call(srv.url, 'svc_get_snapshot', { snapshotId: id }, key)).result?.isError;

  it('a key sees its own snapshots only; anonymous callers only anonymous ones', async () => {
    expect(await visible(alice)).toEqual([ids.alice]);
    expect(await visible(bob)).toEqual([]);
    expect(await visible()).toEqual([ids.anonymous]);
    expect([await canGet(ids.alice!, alice), await canGet(ids.alice!, bob), await canGet(ids.alice!)]).toEqual([true, false, false]);
    // The operator's snapshot (saved from the terminal) is nobody else's business.
    expect([await canGet(ids.operator!, alice), await canGet(ids.operator!)]).toEqual([false, false]);
    // A gene search does not reveal that someone else's panel holds the gene either.
    const byGene = (await call(srv.url, 'svc_search_snapshots', { gene: 'TP53' }, bob)).result?.structuredContent as { total: number; query: { geneResolution?: string } };
    expect(byGene.total).toBe(0);
    expect(byGene.query.geneResolution).not.toBe('stored');
  });

  it('someone else\'s snapshot reads exactly like one that does not exist', async () => {
    const theirs = (await call(srv.url, 'svc_get_snapshot', { snapshotId: ids.alice }, bob)).result?.content?.[0]?.text;
    const none = (await call(srv.url, 'svc_get_snapshot', { snapshotId: 'snap_01hzzzzzzzzzzzzzzzzzzzzzzz' }, bob)).result?.content?.[0]?.text;
    expect(theirs?.replace(ids.alice!, 'ID')).toBe(none?.replace('snap_01hzzzzzzzzzzzzzzzzzzzzzzz', 'ID'));
  });

  it('the local operator (stdio, terminal) sees every snapshot', async () => {
    const client = await connectInMemory(srv.ctx, { tools: testTools });
    const r = (await client.callTool({ name: 'svc_search_snapshots', arguments: { limit: 50 } })) as unknown as { structuredContent: { snapshots: { id: string }[] } };
    expect(r.structuredContent.snapshots.map((s) => s.id).sort()).toEqual(Object.values(ids).sort());
    await client.close();
  });
});
