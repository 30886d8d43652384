// svc_diff_snapshots end to end: one panel analysed twice against different recordings of the
// upstream world (in the first run Enrichr cannot serve the Reactome library; in the second Open
// Targets cannot serve target clinical context), then diffed; the sides of a comparison; the free
// tier; unknown ids; kinds that cannot be compared.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createMemoryStore, type Store } from '../../src/store/index.js';
import type { CompareOutput } from '../../src/tools/compare-targets/schema.js';
import type { DiffOutput } from '../../src/tools/diff-snapshots/schema.js';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import type { AppContext } from '../../src/context.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { BREAST_LITERATURE, mountFakeWorld } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

const PANEL = { genes: ['EGFR', 'ERBB2', 'BRAF'], diseaseContext: 'breast cancer' };

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const world = () => mountFakeWorld(fake, BREAST_LITERATURE);

describeShared('svc_diff_snapshots', () => {
  let store: Store;
  let first: AppContext;
  beforeEach(async () => {
    fake.reset();
    world();
    store = createMemoryStore();
    first = await testContext({ dataDir: tempDir() }, fake.url, { store });
  });
  // Each run has its own data directory, so gene-set libraries are downloaded again, and the
  // response cache is off, so each run sees the recordings of its moment; snapshots share a store.
  const session = async (tier: 'free' | 'researcher' = 'researcher'): Promise<Client> => {
    const ctx = await testContext({ dataDir: tempDir() }, fake.url, { store });
    return connectInMemory(ctx, { tier });
  };
  /** The full analysis, as the shared store keeps it (the MCP answer is its compact view). */
  const full = async (answer: { snapshotId: string }) => (await first.snapshots.get(answer.snapshotId))!.result as unknown as InsightsOutput;
  const diff = async (client: Client, a: string, b: string) => callOk<DiffOutput>(client, 'svc_diff_snapshots', { snapshotIdA: a, snapshotIdB: b });
  const diffError = async (client: Client, args: Record<string, unknown>) => {
    const res = (await client.callTool({ name: 'svc_diff_snapshots', arguments: args })) as CallToolResult;
    expect(res.isError).toBe(true);
    return (res.content as { text: string }[]).map((c) => c.text).join('\n');
  };

  it('diffs one panel analysed against two recordings: a pathway appears, a drug changes tier, a source answered differently', async () => {
    // Earlier run: Enrichr cannot serve the Reactome library.
    fake.route('GET', '/enrichr/geneSetLibrary', (req) => (req.query.get('libraryName') === 'Reactome_2022' ? { status: 503, body: 'busy' } : undefined));
    const earlier = await full(await callOk<InsightsOutput>(await connectInMemory(first), 'svc_generate_insights', PANEL));
    // Later run: Reactome is back, but Open Targets cannot give target clinical context.
    fake.reset();
    world();
    fake.route('POST', '/opentargets/graphql', (req) => (req.body.includes('TargetsDrugContext') ? { status: 500, body: { errors: [{ message: 'down' }] } } : undefined));
    const client = await session();
    const later = await full(await callOk<InsightsOutput>(client, 'svc_generate_insights', PANEL));
    const requestsBefore = fake.requests.length;

    const d = await diff(client, earlier.snapshotId, later.snapshotId);
    expect(fake.requests.length).toBe(requestsBefore); // read-only: no source called
    expect(d.snapshotA).toMatchObject({ id: earlier.snapshotId, tool: 'svc_generate_insights', geneCount: 3, diseaseContext: 'breast cancer' });
    expect(d.inputs).toEqual({ genesAdded: [], genesRemoved: [], diseaseChanged: null });

    // Reactome pathways appear, and the diff says why the earlier run did not have them.
    const ptk6 = d.newPathways.find((p) => p.id === 'R-HSA-8847993');
    expect(ptk6).toMatchObject({ library: 'Reactome_2022', otherSide: 'library not tested', overlapGenes: ['EGFR', 'ERBB2'] });
    expect(later.enrichedPathways.some((p) => p.id === 'R-HSA-8847993')).toBe(true);
    expect(earlier.enrichedPathways.some((p) => p.library === 'Reactome_2022')).toBe(false);
    // GO pathways pushed out of the later top list are not called gone: they are beyond its list.
    expect(d.removedPathways.length).toBeGreaterThan(0);
    expect(d.removedPathways.every((p) => p.otherSide === 'beyond the reported list')).toBe(true);

    // Without Open Targets' clinical context, DABRAFENIB keeps only its ChEMBL/DGIdb link: tier II -> III.
    const dabrafenib = d.drugCandidateShifts!.changed.find((c) => c.name === 'DABRAFENIB');
    const before = earlier.drugCandidates.find((c) => c.name === 'DABRAFENIB')!;
    const after = later.drugCandidates.find((c) => c.name === 'DABRAFENIB')!;
    expect(before.tier).not.toBe(after.tier);
    expect(dabrafenib).toMatchObject({ tierBefore: before.tier, tierAfter: after.tier, scoreBefore: before.score, scoreAfter: after.score });
    expect(dabrafenib!.scoreDelta).toBeCloseTo(after.score - before.score, 3);
    expect(dabrafenib!.factorMovedMost?.factor).toBeTruthy();
    const f = dabrafenib!.factorMovedMost!;
    expect(f.before).toBe(before.factors[f.factor as keyof typeof before.factors].contribution);
    expect(d.drugCandidateShifts!.changed[0]!.tierBefore).not.toBe(d.drugCandidateShifts!.changed[0]!.tierAfter); // tier changes first

    expect(d.sourceChanges).toContainEqual({ id: 'reactome', before: 'skipped', after: 'answered' });
    expect(d.qualityScoreDelta).toBeCloseTo(later.qualityScore - earlier.qualityScore, 3);
    expect(Object.keys(d.integrityDeltas)).toEqual(expect.arrayContaining(['groundedRatio', 'citeF1', 'hallucinationRate']));
    // The earlier run could not load the library these come from: the summary says so.
    expect(d.summary).toMatch(/(\d+) pathways new \(\1 from a library the earlier analysis did not test\), led by ERBB2 Activates PTK6 Signaling/);
    // The tier moves are explained by what became unknown (Open Targets' context failed), never by
    // a factor whose contribution rose only because the weights were renormalised around it.
    expect(d.summary).toMatch(/tier changed for \w+ II → III \(targetDiseaseAssociation no longer known\)/);
    // Open Targets failed in the later run, so whether a drug was withdrawn is not known there: said
    // apart from the tier moves.
    expect(d.summary).toMatch(/withdrawal read differently for \w+ \(not withdrawn in the earlier run, withdrawal not known in the later\)/);
    expect(d.summary).not.toMatch(/II → III \(clinicalPhase \+/);
    // A compact answer: the first items, the counts, and where the rest is.
    expect(d.counts.newPathways).toEqual({ shown: d.newPathways.length, total: expect.any(Number) });
    expect(d.counts.newPathways!.total).toBeGreaterThan(d.counts.newPathways!.shown);
    expect(d.more).toContain(`biointel snapshots diff ${earlier.snapshotId} ${later.snapshotId} --json`);
  });

  // Once the drugs only DGIdb had given a phase "left", as "not a candidate", when the later run's
  // DGIdb had failed.
  it('a drug missing from a run whose drug sources failed may still be a candidate there', async () => {
    const earlier = await full(await callOk<InsightsOutput>(await connectInMemory(first), 'svc_generate_insights', PANEL));
    fake.route('POST', '/dgidb/graphql', { status: 503, body: 'down' });
    const later = await full(await callOk<InsightsOutput>(await session(), 'svc_generate_insights', PANEL));
    expect(later.sources.find((x) => x.id === 'dgidb')?.status).toBe('failed');
    const d = await diff(await session(), earlier.snapshotId, later.snapshotId);
    const left = d.drugCandidateShifts!.left;
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((x) => x.otherSide === 'drug sources failed')).toBe(true);
    expect(d.summary).toMatch(/left \([^)]*\) \(the later analysis's drug sources failed, so (they|\d+ of them|it) may still be (candidates|a candidate) there\)/);
    expect(d.sourceChanges).toContainEqual({ id: 'dgidb', before: 'answered', after: 'failed' });
  });

  it('diffs the two sides of a comparison, and says how when given the comparison itself', async () => {
    const client = await connectInMemory(first);
    const c = await callOk<CompareOutput>(client, 'svc_compare_targets', { panelA: PANEL, panelB: { genes: ['EGFR', 'BRCA1'], diseaseContext: 'breast cancer' } });
    const d = await diff(client, c.panelA.snapshotId, c.panelB.snapshotId);
    expect(d.inputs).toEqual({ genesAdded: ['BRCA1'], genesRemoved: ['ERBB2', 'BRAF'], diseaseChanged: null });
    expect(d.summary).toContain('genes added: BRCA1; genes removed: ERBB2, BRAF');
    const text = await diffError(client, { snapshotIdA: c.snapshotId, snapshotIdB: c.panelB.snapshotId });
    expect(text).toContain(`snapshotIdA: snapshot ${c.snapshotId} is a comparison (svc_compare_targets)`);
    expect(text).toContain(`panel A is ${c.panelA.snapshotId}, panel B is ${c.panelB.snapshotId}`);
  });

  it('says drug candidates were not compared when the analyses withheld them (free tier)', async () => {
    const free = await session('free');
    const a = await callOk<InsightsOutput>(free, 'svc_generate_insights', PANEL);
    const b = await callOk<InsightsOutput>(free, 'svc_generate_insights', { ...PANEL, genes: ['EGFR', 'ERBB2'] });
    const d = await diff(free, a.snapshotId, b.snapshotId);
    expect(d.drugCandidateShifts).toBeNull();
    expect(d.drugAnalysisNote).toMatch(/free tier/);
    expect(d.summary).toContain('Drug candidates not compared');
    expect(d.inputs.genesRemoved).toEqual(['BRAF']);
  });

  it('rejects an unknown id, a malformed id, and a snapshot of a kind it cannot compare', async () => {
    const client = await connectInMemory(first);
    const insights = await callOk<InsightsOutput>(client, 'svc_generate_insights', PANEL);
    const unknown = 'snap_01jc4x9m2k7q8r3t5v6w7x8y9z';
    expect(await diffError(client, { snapshotIdA: insights.snapshotId, snapshotIdB: unknown })).toContain(`snapshot not found: ${unknown}`);
    expect(await diffError(client, { snapshotIdA: 'snap_nope', snapshotIdB: insights.snapshotId })).toContain('snapshotIdA');
    const verify = await first.snapshots.save({
      tool: 'svc_verify_claim',
      genes: ['EGFR'],
      diseaseContext: '',
      qualityScore: 0.5,
      inputs: { claim: 'EGFR drives breast cancer' },
      result: { claim: 'EGFR drives breast cancer', evidenceStatus: 'supported' },
    });
    const text = await diffError(client, { snapshotIdA: insights.snapshotId, snapshotIdB: verify });
    expect(text).toContain(`snapshotIdB: snapshot ${verify} is a svc_verify_claim result; svc_diff_snapshots compares panel analyses`);
  });

  it('warns when A is the later snapshot, and when both ids are the same', async () => {
    const client = await connectInMemory(first);
    const a = await callOk<InsightsOutput>(client, 'svc_generate_insights', PANEL);
    const b = await callOk<InsightsOutput>(client, 'svc_generate_insights', PANEL);
    expect((await diff(client, b.snapshotId, a.snapshotId)).warnings.join(' ')).toContain('is newer than snapshot B');
    const same = await diff(client, a.snapshotId, a.snapshotId);
    expect(same.warnings).toEqual(['snapshotIdA and snapshotIdB are the same snapshot: nothing can differ.']);
    expect(same.newPathways).toEqual([]);
    expect(same.drugCandidateShifts).toEqual({ entered: [], left: [], changed: [] });
  });
});
