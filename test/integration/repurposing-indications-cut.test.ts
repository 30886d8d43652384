// ChEMBL reads a drug_indication list partial when it passes 10 pages (chembl-paging-cap.test.ts).
// The drugs of that batch must then read "indications not read", not "no indication recorded":
// an approval row among the unread ones would otherwise offer a drug already approved for the
// disease as a repurposing candidate (svc_prioritize_repurposing) and as "not approved here" in a
// target brief.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { Logger } from '../../src/log.js';
import { Chembl, readIndications } from '../../src/sources/chembl.js';
import { UpstreamClient } from '../../src/sources/http.js';
import { SourceReport } from '../../src/sources/report.js';
import type { RepurposingAnswer } from '../../src/tools/repurposing/compact.js';
import type { RepurposingOutput } from '../../src/tools/repurposing/schema.js';
import { silentProgress } from '../../src/tools/define.js';
import { getTargetBrief } from '../../src/tools/target-brief/handler.js';
import { testConfig, testContext, tempDir } from '../support/context.js';
import { EGFR, mountBriefUpstream } from '../support/fake-brief.js';
import { startFakeUpstream, type FakeRequest, type FakeResponse, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

const TOTAL = 12_345;

/** drug_indication pages of 1,000 rows of a TOTAL no paging reaches: every batch is cut at 10 pages. */
function mountCutIndications(fake: FakeUpstream): void {
  fake.route('GET', '/chembl/drug_indication.json', (req) => {
    const offset = Number(req.query.get('offset') ?? 0);
    const limit = Math.min(Number(req.query.get('limit') ?? 1000), 1000);
    const ids = (req.query.get('molecule_chembl_id__in') ?? '').split(',');
    // The rows read: each molecule approved for psoriasis, then phase-1 rows; whatever else they
    // are approved for (breast cancer, maybe) is among the rows not read.
    const approved = offset === 0 ? ids.map((id) => ({ molecule_chembl_id: id, parent_molecule_chembl_id: id, efo_id: 'EFO:0000676', efo_term: 'psoriasis', max_phase_for_ind: '4.0' })) : [];
    const filler = Array.from({ length: limit - approved.length }, (_, i) => ({ molecule_chembl_id: ids[0], parent_molecule_chembl_id: ids[0], efo_id: `EFO:9${offset + i}`, efo_term: `disease ${offset + i}`, max_phase_for_ind: '1.0' }));
    const rows = [...approved, ...filler];
    return { body: { drug_indications: rows, page_meta: { limit, offset, next: '/chembl/api/data/drug_indication.json?next', previous: null, total_count: TOTAL } } };
  });
}

/** Open Targets' drug details failing (ChEMBL's indications are then the only ones); other questions go to `otherwise`. */
function failDrugDetails(fake: FakeUpstream, otherwise: (req: FakeRequest) => FakeResponse | undefined): void {
  fake.route('POST', '/opentargets/graphql', (req) =>
    (JSON.parse(req.body) as { query: string }).query.includes('query DrugsDetails') ? { status: 500, body: { errors: [{ message: 'internal error' }] } } : otherwise(req),
  );
}

let fake: FakeUpstream;
let dataDir: string;
const contexts: AppContext[] = [];
beforeAll(async () => {
  fake = await startFakeUpstream();
  dataDir = tempDir();
});
afterAll(() => fake.close());
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
beforeEach(() => fake.reset());

describeShared('ChEMBL indications cut at the paging cap', () => {
  it('svc_prioritize_repurposing offers no drug of a cut batch: counted unchecked, the cut said', async () => {
    const world = mountFakeWorld(fake, { articles: [], literature: [], drugDetails: ['drugs-details-ERBB2-repurposing-doc-shaped.json'] });
    failDrugDetails(fake, (req) => world.answerOpenTargets(req));
    mountCutIndications(fake);
    const ctx = await testContext({ dataDir, retries: 0 }, fake.url);
    contexts.push(ctx);
    const client: Client = await connectInMemory(ctx);
    const a = await callOk<RepurposingAnswer>(client, 'svc_prioritize_repurposing', { genes: ['EGFR', 'BRCA1'], diseaseContext: 'breast cancer' });
    const r = (await ctx.snapshots.get(a.snapshotId))!.result as unknown as RepurposingOutput;
    expect(world.requests('chembl').some((q) => q.path === '/chembl/drug_indication.json')).toBe(true);
    expect(r.candidates).toEqual([]);
    expect(r.alreadyApproved).toEqual([]);
    expect(r.counts.unchecked).toBeGreaterThan(0);
    expect(r.sources.find((s) => s.id === 'chembl')).toMatchObject({ status: 'partial' });
    expect(r.warnings.join(' ')).toContain('ChEMBL drug_indication: 10,000 of 12,345 rows read');
  }, 120_000);

  it('svc_get_target_brief: a top drug of a cut batch reads indications not checked, never "not indicated"', async () => {
    mountBriefUpstream(fake);
    failDrugDetails(fake, () => undefined);
    mountCutIndications(fake);
    const ctx = await testContext({ retries: 0 }, fake.url);
    contexts.push(ctx);
    const r = await getTargetBrief({ gene: 'EGFR', diseaseContext: EGFR.disease }, { ctx, tier: 'researcher', progress: silentProgress });
    expect(r.topDrugs.length).toBeGreaterThan(0);
    for (const d of r.topDrugs) expect(d, d.name).toMatchObject({ indicationsChecked: false });
    expect(r.topDrugs.some((d) => d.indicatedForDisease === false)).toBe(false);
    expect(r.warnings.join(' ')).toContain('ChEMBL drug_indication: 10,000 of 12,345 rows read');
  }, 120_000);
});

const quiet: Logger = { level: 'warn', error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };

describe('Chembl.drugIndications: which molecules a cut list leaves unread', () => {
  it('every molecule of the cut batch, and a parent whose salt was in it; a whole batch reads as before', async () => {
    // 101 ids: two batches of 100 and 1. Only the batch holding the salt CHEMBL9001 is cut.
    const ids = ['CHEMBL9001', ...Array.from({ length: 99 }, (_, i) => `CHEMBL${5000 + i}`), 'CHEMBL9000'];
    fake.route('GET', '/chembl/drug_indication.json', (req) => {
      const asked = (req.query.get('molecule_chembl_id__in') ?? '').split(',');
      const offset = Number(req.query.get('offset') ?? 0);
      if (!asked.includes('CHEMBL9001')) {
        const rows = [{ molecule_chembl_id: 'CHEMBL9000', efo_id: 'EFO:0000676', efo_term: 'psoriasis', max_phase_for_ind: 4 }];
        return { body: { drug_indications: rows, page_meta: { limit: 1000, offset: 0, next: null, previous: null, total_count: 1 } } };
      }
      const rows = Array.from({ length: 1000 }, (_, i) => ({ molecule_chembl_id: 'CHEMBL9001', parent_molecule_chembl_id: 'CHEMBL9000', efo_id: `EFO:9${offset + i}`, max_phase_for_ind: 1 }));
      return { body: { drug_indications: rows, page_meta: { limit: 1000, offset, next: 'more', previous: null, total_count: TOTAL } } };
    });
    const http = new UpstreamClient({ config: testConfig({}, fake.url), log: quiet });
    const report = new SourceReport(http);
    const rows = (await report.call('chembl', () => new Chembl(http).drugIndications(ids)))!;
    expect([...rows.unread].sort()).toEqual([...ids].sort());
    // The rows read stay in the client's answer; readIndications leaves the unread molecules out.
    expect(rows.get('CHEMBL9001')).toHaveLength(10_000);
    expect(readIndications(rows).size).toBe(0);
    expect(report.list()[0]!.status).toBe('partial');
  });

  it('nothing cut: nothing unread, every molecule kept', async () => {
    fake.route('GET', '/chembl/drug_indication.json', { body: { drug_indications: [{ molecule_chembl_id: 'CHEMBL1', max_phase_for_ind: 4 }], page_meta: { limit: 1000, offset: 0, next: null, total_count: 1 } } });
    const http = new UpstreamClient({ config: testConfig({}, fake.url), log: quiet });
    const rows = await new Chembl(http).drugIndications(['CHEMBL1', 'CHEMBL2']);
    expect(rows.unread.size).toBe(0);
    expect([...readIndications(rows).keys()]).toEqual(['CHEMBL1', 'CHEMBL2']);
  });
});
