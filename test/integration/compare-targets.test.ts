// svc_compare_targets end to end against the fake world: two overlapping panels analysed on one
// upstream client (a request both panels make is sent once: counted against two separate
// analyses), the comparison built from the two analyses and saved pointing to both, the free
// tier, and bad input naming the panel.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompareOutput } from '../../src/tools/compare-targets/schema.js';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeRequest, type FakeUpstream } from '../support/fake-upstream.js';
import { BREAST_LITERATURE, mountFakeWorld } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

const A = { genes: ['EGFR', 'ERBB2', 'BRAF'], diseaseContext: 'breast cancer' };
const B = { genes: ['EGFR', 'BRCA1'], diseaseContext: 'breast cancer' };

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const keyOf = (r: FakeRequest) => `${r.method} ${r.path}?${r.query.toString()} ${r.body}`;
/** Requests made by `run`, by identity (method, path, query, body). */
async function requestsOf(run: () => Promise<unknown>): Promise<FakeRequest[]> {
  const from = fake.requests.length;
  await run();
  return fake.requests.slice(from);
}

describeShared('svc_compare_targets', () => {
  beforeEach(() => {
    fake.reset();
    mountFakeWorld(fake, BREAST_LITERATURE);
  });
  // A fresh context per run: its own empty response cache (on, as by default) and data directory.
  const connect = async (tier: 'free' | 'researcher' = 'researcher'): Promise<Client> =>
    connectInMemory(await testContext({ dataDir: tempDir(), cache: true }, fake.url), { tier });

  it('analyses both panels on one upstream client: every request both panels make is sent once', async () => {
    const alone: InsightsOutput[] = [];
    // Each panel alone, in its own context; its full result as the snapshot keeps it (the answer is compact).
    const analyzeAlone = async (args: typeof A) => {
      const ctx = await testContext({ dataDir: tempDir(), cache: true }, fake.url);
      const { snapshotId } = await callOk<{ snapshotId: string }>(await connectInMemory(ctx), 'svc_generate_insights', args);
      alone.push((await ctx.snapshots.get(snapshotId))!.result as unknown as InsightsOutput);
    };
    const reqA = await requestsOf(() => analyzeAlone(A));
    const reqB = await requestsOf(() => analyzeAlone(B));
    let c: CompareOutput | undefined;
    const client = await connect();
    const reqC = await requestsOf(async () => (c = await callOk<CompareOutput>(client, 'svc_compare_targets', { panelA: A, panelB: B })));

    // Each identical request is sent once: the comparison sends exactly the distinct requests of
    // the two separate analyses, fewer than both together.
    const distinct = new Set([...reqA, ...reqB].map(keyOf));
    expect(new Set(reqC.map(keyOf)).size).toBe(reqC.length);
    expect(new Set(reqC.map(keyOf))).toEqual(distinct);
    expect(reqC.length).toBeLessThan(reqA.length + reqB.length);
    // EGFR, in both panels: asked once of a per-gene source, though each separate analysis asked too.
    // UniProt and MyGene.info answer each panel's focus genes in one request: EGFR is named in the
    // batch of each panel (the same two requests the separate analyses sent).
    const named = (r: FakeRequest) => /\bEGFR\b/.test(`${decodeURIComponent(r.query.toString())} ${decodeURIComponent(r.body)}`);
    for (const [path, inComparison] of [['/pharmgkb/v1/data/clinicalAnnotation', 1], ['/uniprot/uniprotkb/search', 2], ['/mygene/query', 2]] as const) {
      const egfr = (reqs: FakeRequest[]) => reqs.filter((r) => r.path === path && named(r)).length;
      expect([egfr(reqA), egfr(reqB), egfr(reqC)], path).toEqual([1, 1, inComparison]);
    }
    // HGNC: each context reads its complete set once; no request per gene.
    expect([...reqA, ...reqB, ...reqC].filter((r) => r.path.startsWith('/hgnc/'))).toEqual([]);

    // The comparison is the comparison of the two analyses (same engine, same answers).
    const r = c!;
    const [a, b] = alone as [InsightsOutput, InsightsOutput];
    expect(r.genes).toEqual({ shared: ['EGFR'], aOnly: ['ERBB2', 'BRAF'], bOnly: ['BRCA1'] });
    const ids = (x: InsightsOutput) => new Set(x.enrichedPathways.map((p) => `${p.library}:${p.id}`));
    const onlyA = a.enrichedPathways.filter((p) => !ids(b).has(`${p.library}:${p.id}`)).map((p) => p.id);
    expect(r.uniquePathways.a.map((p) => p.id)).toEqual(onlyA.slice(0, r.uniquePathways.a.length));
    expect(r.counts['uniquePathways.a']).toEqual({ shown: r.uniquePathways.a.length, total: onlyA.length });
    expect(r.sharedPathways.every((p) => p.qA <= 0.05 && p.qB <= 0.05)).toBe(true);
    const o = r.drugOverlap!;
    expect(o.shared.length).toBeGreaterThan(0);
    const afatinib = o.shared.find((d) => d.name === 'AFATINIB')!;
    expect(afatinib).toMatchObject({
      tierA: a.drugCandidates.find((d) => d.name === 'AFATINIB')!.tier,
      tierB: b.drugCandidates.find((d) => d.name === 'AFATINIB')!.tier,
      // The genes each panel's candidate is linked to: tiers are per panel.
      genesA: a.drugCandidates.find((d) => d.name === 'AFATINIB')!.targetGenes,
      genesB: b.drugCandidates.find((d) => d.name === 'AFATINIB')!.targetGenes,
    });
    // LAPATINIB (EGFR and ERBB2, tier I for breast cancer) is in both lists; DABRAFENIB (BRAF) only in A's.
    expect(o.aOnly.find((d) => d.name === 'DABRAFENIB')).toMatchObject({ tier: a.drugCandidates.find((d) => d.name === 'DABRAFENIB')!.tier });
    expect(r.qualityScore).toEqual({ a: a.qualityScore, b: b.qualityScore, delta: expect.any(Number) });
    const [ga, gb] = [a.integrity.groundedRatio, b.integrity.groundedRatio];
    if (ga === null || gb === null) expect(r.groundedRatioDelta).toBeNull(); // not judged (no model): no delta
    else expect(r.groundedRatioDelta).toBeCloseTo(gb - ga, 3);
    expect(r.integrityDeltas.citeF1).toMatchObject({ a: a.integrity.citeF1, b: b.integrity.citeF1 });
    expect(r.summary).toContain('share 1 gene (EGFR)');
    expect(r.summary).toMatch(/Drug candidates: \d+ shared, \d+ only in A \(top: \w+, tier I+\)/);
    expect(r.drugAnalysisNote).toBeUndefined();
    expect(r.sources.find((s) => s.id === 'hgnc')?.status).toBe('ok');

    // Saved: the comparison (all of it) pointing to both panels' own snapshots.
    const saved = await callOk<{ tool: string; genes: string[] }>(client, 'svc_get_snapshot', { snapshotId: r.snapshotId });
    expect(saved.tool).toBe('svc_compare_targets');
    expect(saved.genes.sort()).toEqual(['BRAF', 'BRCA1', 'EGFR', 'ERBB2']);
    const section = async <T>(snapshotId: string, name: string) => (await callOk<{ value: T }>(client, 'svc_get_snapshot', { snapshotId, section: name, ...(name.includes('.') ? { limit: 100 } : {}) })).value;
    expect((await section<{ id: string }[]>(r.snapshotId, 'uniquePathways.a')).map((p) => p.id)).toEqual(onlyA);
    for (const side of [r.panelA, r.panelB]) {
      const s = await callOk<{ tool: string }>(client, 'svc_get_snapshot', { snapshotId: side.snapshotId });
      expect(s.tool).toBe('svc_generate_insights');
      expect(await section<number>(side.snapshotId, 'qualityScore')).toBe(side.qualityScore);
    }
    expect((await section<{ snapshotId: string }>(r.snapshotId, 'panelA')).snapshotId).toBe(r.panelA.snapshotId);
  });

  it('withholds the drug comparison for the free tier, with drugAnalysisNote, and calls no drug source', async () => {
    const r = await callOk<CompareOutput>(await connect('free'), 'svc_compare_targets', { panelA: A, panelB: B });
    expect(r.drugOverlap).toBeNull();
    expect(r.drugAnalysisNote).toMatch(/free tier.*researcher/);
    expect(r.summary).toContain('Drug candidates not compared');
    expect(fake.requests.filter((q) => q.path.startsWith('/dgidb/') || q.path.startsWith('/chembl/'))).toHaveLength(0);
    expect(r.sharedPathways.length + r.uniquePathways.a.length).toBeGreaterThan(0);
  });

  it('names the panel in errors: a panel whose genes do not resolve, and schema limits', async () => {
    const client = await connect();
    const call = async (args: Record<string, unknown>) => {
      const res = (await client.callTool({ name: 'svc_compare_targets', arguments: args })) as CallToolResult;
      expect(res.isError).toBe(true);
      return JSON.stringify(res.content);
    };
    const unresolved = await call({ panelA: A, panelB: { genes: ['NOTAGENE1'], diseaseContext: 'breast cancer' } });
    expect(unresolved).toContain('panelB.genes: none of the genes could be resolved to an HGNC symbol: NOTAGENE1');
    expect(await call({ panelA: { genes: Array.from({ length: 501 }, (_, i) => `G${i}`), diseaseContext: 'x' }, panelB: B })).toContain('panelA.genes: at most 500 genes per panel');
    expect(await call({ panelA: A })).toContain('panelB');
    expect(await call({ panelA: { ...A, diseaseContext: ' ' }, panelB: B })).toContain('panelA.diseaseContext: the disease context cannot be empty');
  });
});

describe('svc_compare_targets registration', () => {
  it('is a snapshot-writing, non-destructive tool that calls sources; diff is read-only and closed-world', async () => {
    const { findTool } = await import('../../src/tools/index.js');
    expect(findTool('svc_compare_targets')?.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, openWorldHint: true, idempotentHint: false });
    expect(findTool('svc_diff_snapshots')?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  });
});
