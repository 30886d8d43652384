// A panel whose gene-set enrichment tested nothing (its genes are in no library: a non-coding gene
// HGNC knows) against the fake world. The libraries loaded, so it once counted as "tested": a
// comparison read every pathway of the other panel as "not significant" there and compared the
// pathways, and repurposing said pathway members were checked (none found) when none could be.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { CompareOutput } from '../../src/tools/compare-targets/schema.js';
import type { RepurposingOutput } from '../../src/tools/repurposing/schema.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { BREAST_LITERATURE, mountFakeWorld } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

const LINC = { symbol: 'LINC99999', hgncId: 'HGNC:99999', ensembl: 'ENSG00000999999', uniprot: '', name: 'x' };

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describeShared('enrichment that tested nothing', () => {
  beforeEach(() => {
    fake.reset();
    mountFakeWorld(fake, { ...BREAST_LITERATURE, extraGenes: [LINC] });
  });
  const connect = async () => connectInMemory(await testContext({ dataDir: tempDir(), cache: true }, fake.url));

  it('svc_compare_targets does not compare pathways with a panel whose enrichment tested nothing, and says why', async () => {
    const r = await callOk<CompareOutput>(await connect(), 'svc_compare_targets', {
      panelA: { genes: ['EGFR', 'ERBB2'], diseaseContext: 'breast cancer' },
      panelB: { genes: ['LINC99999'], diseaseContext: 'breast cancer' },
    });
    expect(r.pathwayNote).toBe('Pathways not compared: pathway enrichment tested nothing for panel B: no panel gene is in any gene-set library (see warnings).');
    expect(r.summary).toContain('Pathways not compared');
    expect(r.summary).not.toContain('share 0 genes and 0 significant pathways');
    // A's pathways are not "not significant" in B: B's libraries tested none of its genes.
    expect(r.uniquePathways.a.length).toBeGreaterThan(0);
    expect(r.uniquePathways.a.every((p) => p.otherSide === 'library not tested')).toBe(true);
  }, 120_000);

  it('svc_prioritize_repurposing says pathway members were not checked when no panel gene is in any library', async () => {
    const client = await connect();
    const r = await callOk<RepurposingOutput>(client, 'svc_prioritize_repurposing', { genes: ['LINC99999'], diseaseContext: 'breast cancer' });
    expect(r.neighbourhood).toMatchObject({ pathways: [], pathwaysChecked: false });
    expect(r.warnings.some((w) => w.startsWith('Pathway enrichment tested nothing (no panel gene is in any of the 3 gene-set libraries)') && w.includes('members of significant pathways were not searched'))).toBe(true);
    // One warning, not also "could not run (no gene-set library could be loaded)": libraries did load.
    expect(r.warnings.join(' ')).not.toContain('could not run');
    // BRCA1 is in the world's libraries: tested, none significant, so checked and empty (a finding).
    const withBrca1 = await callOk<RepurposingOutput>(client, 'svc_prioritize_repurposing', { genes: ['LINC99999', 'BRCA1'], diseaseContext: 'breast cancer' });
    expect(withBrca1.neighbourhood).toMatchObject({ pathways: [], pathwaysChecked: true });
    expect(withBrca1.warnings.join(' ')).not.toContain('tested nothing');
  }, 120_000);
});
