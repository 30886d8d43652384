// Several `biointel serve --http` processes over one store act as one service (DESIGN.md 6): a
// quota is shared exactly (50 parallel calls across two processes on a key with 10 left: exactly
// 10 succeed), and a snapshot saved through one process is found through the other, for its owner
// only. Once with the default SQLite file, once with a real redis-server (BIOINTEL_STORE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { describeRedis, startRedis, type RedisServer } from '../support/redis.js';
import { sourceEnv, startServe, type ServeProcess } from '../support/serve-process.js';
import { describeShared } from '../support/shared.js';

const ARTICLES = [{ pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression and poor prognosis.' }];
const LITERATURE = [{ terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 }];

interface Rpc {
  result?: { structuredContent?: Record<string, unknown>; isError?: boolean; content?: { text: string }[] };
  error?: { message: string };
}

const post = (url: string, body: unknown, key?: string) =>
  fetch(`${url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(key ? { 'X-API-Key': key } : {}) }, body: JSON.stringify(body) });
const verify = { method: 'tools/call', params: { name: 'svc_verify_claim', arguments: { claim: 'EGFR is associated with breast cancer progression', pmids: ['2001'] } } };

function sharedStoreSuite(name: string, storeEnv: () => Record<string, string>): void {
  describe(name, () => {
    let fake: FakeUpstream;
    let a: ServeProcess;
    let b: ServeProcess;
    let key: string;
    let env: Record<string, string>;

    beforeAll(async () => {
      fake = await startFakeUpstream();
      mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE });
      env = {
        ...storeEnv(),
        ...sourceEnv(fake.url),
        BIOINTEL_RETRIES: '0',
        BIOINTEL_CLIENT_RATE_PER_MINUTE: '100000',
        BIOINTEL_MAX_QUEUED_ANALYSES: '100',
      };
      const created = await runCli(['keys', 'create', '--tier', 'researcher', '--label', 'shared', '--daily-limit', '12', '--json'], env);
      expect(created.code, created.stderr).toBe(0);
      key = (JSON.parse(created.stdout) as { key: string }).key;
      [a, b] = await Promise.all([startServe(env), startServe(env)]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await fake?.close();
    });

    it('shares a quota exactly: 50 parallel calls over two processes, 10 left, 10 succeed', async () => {
      // Two of the key's twelve are used first, one through each process.
      expect((await post(a.url, verify, key)).status).toBe(200);
      expect((await post(b.url, verify, key)).status).toBe(200);
      const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => post(i % 2 ? a.url : b.url, verify, key).then((r) => r.status)));
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40);
      const usage = await runCli(['keys', 'usage', 'shared', '--json'], env);
      expect(JSON.parse(usage.stdout)).toMatchObject({ usedToday: 12, remaining: 0, totalsByTool: { svc_verify_claim: 12 } });
      // Both processes report the same usage.
      for (const s of [a, b]) {
        const r = (await (await fetch(`${s.url}/api/keys/usage`, { headers: { 'X-API-Key': key } })).json()) as { usedToday: number };
        expect(r.usedToday).toBe(12);
      }
    }, 120_000);

    it('finds a snapshot saved through one process through the other, for its owner only', async () => {
      const other = (await (await runCli(['keys', 'create', '--tier', 'free', '--label', 'other', '--json'], env)).stdout) as string;
      const otherKey = (JSON.parse(other) as { key: string }).key;
      const saved = (await (await post(a.url, { method: 'tools/call', params: { name: 'svc_generate_insights', arguments: { genes: ['EGFR', 'ERBB2'], diseaseContext: 'breast cancer', includeDrugs: false } } }, otherKey)).json()) as Rpc;
      const id = saved.result?.structuredContent?.snapshotId as string;
      expect(id).toMatch(/^snap_/);
      const get = { method: 'tools/call', params: { name: 'svc_get_snapshot', arguments: { snapshotId: id } } };
      const mine = (await (await post(b.url, get, otherKey)).json()) as Rpc;
      expect(mine.result?.structuredContent).toMatchObject({ id, genes: ['EGFR', 'ERBB2'] });
      const search = (await (await post(b.url, { method: 'tools/call', params: { name: 'svc_search_snapshots', arguments: { gene: 'EGFR' } } }, otherKey)).json()) as Rpc;
      expect(search.result?.structuredContent).toMatchObject({ total: 1, snapshots: [{ id }] });
      // Another key and anonymous callers do not see it, through either process.
      for (const s of [a, b]) {
        for (const k of [key, undefined]) {
          const theirs = (await (await post(s.url, get, k)).json()) as Rpc;
          expect(theirs.result?.isError).toBe(true);
          expect(theirs.result?.content?.[0]?.text).toContain(`snapshot not found: ${id}`);
        }
      }
      // The operator sees everything from the terminal.
      const cli = await runCli(['snapshots', 'search', '--gene', 'EGFR', '--json'], env);
      expect(cli.stdout).toContain(id);
    }, 120_000);
  });
}

describeShared('several serve --http processes over one store', () => {
  const dataDir = tempDir();
  sharedStoreSuite('SQLite (one data directory)', () => ({ BIOINTEL_DATA_DIR: dataDir }));

  describeRedis('Redis (BIOINTEL_STORE_URL)', () => {
    let redis: RedisServer;
    const redisDir = tempDir();
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(() => redis?.stop());
    sharedStoreSuite('two processes, one redis-server', () => ({ BIOINTEL_STORE_URL: redis.url, BIOINTEL_DATA_DIR: redisDir }));
  });
});
