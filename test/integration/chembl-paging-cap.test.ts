// ChEMBL paging stops at 10 pages (10,000 rows per filter). A list longer than that must say it was
// cut, never read as complete: a missing indication row could read as a repurposing opportunity.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/log.js';
import { Chembl } from '../../src/sources/chembl.js';
import { UpstreamClient } from '../../src/sources/http.js';
import { SourceReport } from '../../src/sources/report.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { testConfig } from '../support/context.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const TOTAL = 12_345;

/** drug_indication pages of 1,000 rows out of TOTAL; `withTotal` false leaves total_count out. */
function mountIndications(withTotal = true): void {
  fake.route('GET', '/chembl/drug_indication.json', (req) => {
    const offset = Number(req.query.get('offset') ?? 0);
    const limit = Math.min(Number(req.query.get('limit') ?? 1000), 1000);
    const n = Math.max(0, Math.min(limit, TOTAL - offset));
    const rows = Array.from({ length: n }, (_, i) => ({ molecule_chembl_id: 'CHEMBL1', efo_id: `EFO:${offset + i}`, efo_term: `disease ${offset + i}`, max_phase_for_ind: '4.0' }));
    const next = offset + n < TOTAL ? '/chembl/api/data/drug_indication.json?next' : null;
    return { body: { drug_indications: rows, page_meta: { limit, offset, next, previous: null, ...(withTotal ? { total_count: TOTAL } : {}) } } };
  });
}

function capturingLog(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  const none = () => undefined;
  return { level: 'warn', warnings, error: none, info: none, debug: none, warn: (msg) => warnings.push(msg) };
}

describe('ChEMBL paging cap', () => {
  it('a list cut at 10 pages makes the source partial, naming the endpoint and the counts', async () => {
    mountIndications();
    const http = new UpstreamClient({ config: testConfig({}, fake.url), log: capturingLog() });
    const report = new SourceReport(http);
    const rows = await report.call('chembl', () => new Chembl(http).drugIndications(['CHEMBL1']));
    expect(rows?.get('CHEMBL1')).toHaveLength(10_000);
    expect(fake.requests).toHaveLength(10);
    const entry = report.list()[0]!;
    expect(entry.status).toBe('partial');
    expect(entry.error).toContain('ChEMBL drug_indication: 10,000 of 12,345 rows read');
    expect(report.warnings.join('\n')).toContain('ChEMBL drug_indication: 10,000 of 12,345 rows read');
  });

  it('without a total, a walk that stops with pages left says so too', async () => {
    mountIndications(false);
    const http = new UpstreamClient({ config: testConfig({}, fake.url), log: capturingLog() });
    const report = new SourceReport(http);
    await report.call('chembl', () => new Chembl(http).drugIndications(['CHEMBL1']));
    const entry = report.list()[0]!;
    expect(entry.status).toBe('partial');
    expect(entry.error).toContain('ChEMBL drug_indication: the first 10,000 rows read, more not read');
  });

  it('outside a report the cut is logged as a warning', async () => {
    mountIndications();
    const log = capturingLog();
    const http = new UpstreamClient({ config: testConfig({}, fake.url), log });
    await new Chembl(http).drugIndications(['CHEMBL1']);
    expect(log.warnings.join('\n')).toContain('ChEMBL drug_indication: 10,000 of 12,345 rows read');
  });

  it('a list under the cap reads ok', async () => {
    fake.route('GET', '/chembl/drug_indication.json', { body: { drug_indications: [{ molecule_chembl_id: 'CHEMBL1', max_phase_for_ind: 4 }], page_meta: { limit: 1000, offset: 0, next: null, total_count: 1 } } });
    const http = new UpstreamClient({ config: testConfig({}, fake.url), log: capturingLog() });
    const report = new SourceReport(http);
    await report.call('chembl', () => new Chembl(http).drugIndications(['CHEMBL1']));
    expect(report.list()[0]!.status).toBe('ok');
    expect(report.warnings).toEqual([]);
  });
});
