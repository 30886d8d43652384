// A panel with too few genes for enrichment to judge (1 gene in the libraries tested) lacks the
// other panel's pathways as "not significant": the comparison and the diff say that this is no
// finding, instead of "25 pathways only in A; none only in B" unhedged.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { CompareOutput } from '../../src/tools/compare-targets/schema.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { BREAST_LITERATURE, mountFakeWorld } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

const A = { genes: ['EGFR', 'ERBB2', 'BRCA1', 'TP53', 'PIK3CA'], diseaseContext: 'breast cancer' };
const B = { genes: ['ERBB2'], diseaseContext: 'breast cancer' };

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describeShared('a 1-gene panel beside a larger one', () => {
  beforeEach(() => {
    fake.reset();
    mountFakeWorld(fake, BREAST_LITERATURE);
  });

  it('compare: the low-power side\'s "not significant" is said to be no finding', async () => {
    const client = await connectInMemory(await testContext({ dataDir: tempDir(), cache: true }, fake.url));
    const c = await callOk<CompareOutput>(client, 'svc_compare_targets', { panelA: A, panelB: B });
    expect(c.uniquePathways.a.length).toBeGreaterThan(0);
    expect(c.pathwayNote).toBe('Panel B has at most 1 gene in any gene-set library tested: too few for enrichment to judge, so its "not significant" for a pathway that panel A reports is no finding.');
    expect(c.summary).toContain(c.pathwayNote);
    expect(c.summary).not.toMatch(/none only in B/);
    expect(c.summary).toMatch(/A reports \d+ significant pathways, led by/);

    // The same two analyses diffed: "no longer reported" from the 1-gene one is hedged the same way.
    const d = await callOk<{ summary: string }>(client, 'svc_diff_snapshots', { snapshotIdA: c.panelA.snapshotId, snapshotIdB: c.panelB.snapshotId });
    expect(d.summary).toMatch(/no longer reported/);
    expect(d.summary).toContain('The later analysis has at most 1 gene in any gene-set library tested: too few for enrichment to judge, so its "not significant" for a pathway that the earlier analysis reports is no finding.');
  });

  it('compare: two panels with power get no such note', async () => {
    const client = await connectInMemory(await testContext({ dataDir: tempDir(), cache: true }, fake.url));
    const c = await callOk<CompareOutput>(client, 'svc_compare_targets', { panelA: A, panelB: { genes: ['EGFR', 'ERBB2', 'BRCA1'], diseaseContext: 'breast cancer' } });
    expect(c.pathwayNote).toBeUndefined();
  });
});
