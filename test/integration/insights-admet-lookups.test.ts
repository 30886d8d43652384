// A drug's ADMET when its property lookup failed, apart from one that answered without the drug:
// with ChEMBL's molecules down, LAPATINIB read "no computed properties available" and "QED unknown:
// no computed properties available", word for word what it reads when ChEMBL has no record of it;
// only the run's sources entry said ChEMBL was partial.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildDrugCandidates } from '../../src/analysis/drug-candidates.js';
import type { AppContext } from '../../src/context.js';
import { SourceReport } from '../../src/sources/report.js';
import { silentProgress } from '../../src/tools/define.js';
import { drugDetails } from '../../src/tools/shared/drug-details.js';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { GENES, mountFakeWorld } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { colorectal, dgi } from '../support/drug-evidence.js';
import { describeShared } from '../support/shared.js';

let fake: FakeUpstream;
let ctx: AppContext;
let client: Client;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describeShared('svc_generate_insights: a failed property lookup is not "no properties"', () => {
  beforeEach(async () => {
    fake.reset();
    mountFakeWorld(fake, { articles: [], literature: [] });
    ctx = await testContext({ dataDir: tempDir(), retries: 0 }, fake.url);
    client = await connectInMemory(ctx);
  });
  const analyze = async () => {
    const { snapshotId } = await callOk<{ snapshotId: string }>(client, 'svc_generate_insights', { genes: GENES.map((g) => g.symbol), diseaseContext: 'breast cancer' });
    return (await ctx.snapshots.get(snapshotId))!.result as unknown as InsightsOutput;
  };
  const drug = (r: InsightsOutput, name: string) => r.drugCandidates.find((d) => d.name === name)!;

  it('the molecule lookups go to the drugs the answer lists first: no listed approved drug reads "not looked up" while a lower one was', async () => {
    // In draft score order the first 40 skipped the tier II approved drugs listed 4th-14th
    // (ERLOTINIB, GEFITINIB, ...) while tier III compounds below them were looked up.
    const r = await analyze();
    const notLookedUp = (d: InsightsOutput['drugCandidates'][number]) => /not looked up/.test(d.admet.note ?? '');
    const firstSkipped = r.drugCandidates.findIndex(notLookedUp);
    const lookedUpBelow = firstSkipped >= 0 && r.drugCandidates.slice(firstSkipped + 1).some((d) => d.chemblId && !notLookedUp(d));
    expect(lookedUpBelow).toBe(false);
    const erlotinib = drug(r, 'ERLOTINIB');
    expect(erlotinib.admet.note ?? '').not.toMatch(/not looked up/);
  });

  it('ChEMBL answered without the molecule: no record', async () => {
    const lapatinib = drug(await analyze(), 'LAPATINIB');
    expect(lapatinib.admet.molecularWeight).toBeNull();
    expect(lapatinib.admet.note).not.toMatch(/fail/);
    expect(lapatinib.factors.drugLikeness.detail).not.toMatch(/fail/);
  });

  it('ChEMBL molecules failed: the drug says its properties are not known because the lookup failed', async () => {
    fake.route('GET', /^\/chembl\/molecule/, { status: 500, body: 'x' });
    const r = await analyze();
    const lapatinib = drug(r, 'LAPATINIB');
    expect(lapatinib.admet).toMatchObject({ molecularWeight: null, lipinskiPass: null, note: 'the ChEMBL molecule lookup failed, so its properties are not known' });
    expect(lapatinib.factors.drugLikeness).toMatchObject({ value: null, detail: 'QED unknown: the ChEMBL molecule lookup failed, so its properties are not known' });
    for (const d of r.drugCandidates.filter((c) => c.chemblId && c.admet.molecularWeight === null && !/do not apply/.test(c.admet.note ?? ''))) {
      expect(d.admet.note).toMatch(/ChEMBL molecule lookup failed/);
    }
  });

});

// PubChem is asked by name for drugs without a ChEMBL id: a failed call is kept apart from a name
// PubChem does not know (once both were null in the same map).
describe('drug details: PubChem failed apart from not found', () => {
  beforeEach(() => fake.reset());

  it('records the failed names, and the engine says their properties are not known', async () => {
    const nctx = await testContext({ dataDir: tempDir(), retries: 0 }, fake.url);
    fake.route('POST', /^\/pubchem\//, (req) => {
      const name = new URLSearchParams(req.body).get('name');
      return name === 'FAILINIB' ? { status: 500, body: 'down' } : { status: 404, body: { Fault: { Code: 'PUGREST.NotFound', Message: 'No CID found' } } };
    });
    const genes = [{ gene: 'EGFR', association: 0.8, interactions: [dgi('FAILINIB', { types: [['inhibitor', null]] }), dgi('UNKNOWNIB', { types: [['inhibitor', null]] })] }];
    const drafts = buildDrugCandidates({ genes, disease: colorectal });
    const g = { call: { ctx: nctx, tier: 'researcher' as const, progress: silentProgress }, report: new SourceReport(nctx.http) };
    const details = await drugDetails(g, drafts);
    expect(details.pubchem).toEqual(new Map([['UNKNOWNIB', null]]));
    expect(details.pubchemFailed).toEqual(new Map([['FAILINIB', 'PubChem']]));
    const { mechanisms: _, ...rest } = details;
    const ranked = buildDrugCandidates({ genes, disease: colorectal, ...rest });
    const of = (name: string) => ranked.find((c) => c.name === name)!;
    expect(of('FAILINIB').admet.note).toBe('the PubChem lookup failed, so its properties are not known');
    expect(of('FAILINIB').factors.drugLikeness.detail).toBe('QED unknown: the PubChem lookup failed, so its properties are not known');
    expect(of('UNKNOWNIB').admet.note).toBe('no computed properties available');
  });
});
