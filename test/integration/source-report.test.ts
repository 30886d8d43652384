// A source's status reflects its calls: ok, cached, partial (with counts), failed (with the error),
// skipped. The case that once fooled it: a client that swallowed DNS errors and returned an empty
// answer was listed as `ok`.
import Keyv from 'keyv';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
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

function client(cache?: Keyv, sourceUrls?: Record<string, string>): UpstreamClient {
  const config = testConfig({ retries: 0, ...(cache ? { cache: true } : {}) }, fake.url);
  if (sourceUrls) Object.assign(config.sourceUrls, sourceUrls);
  return new UpstreamClient({ config, log: createLogger('silent'), cache });
}

describe('source status', () => {
  it('a client that swallows DNS errors and returns an empty answer is failed, not ok', async () => {
    // An unresolvable host (.invalid is reserved: it never resolves).
    const http = client(undefined, { opentargets: 'http://upstream.invalid/api' });
    const report = new SourceReport(http);
    const swallowing = async () => {
      const out = new Map<string, unknown>();
      for (const id of ['ENSG1', 'ENSG2']) {
        try {
          out.set(id, await http.json({ source: 'opentargets', path: `/target/${id}` }));
        } catch {
          // the pattern that hid the failure: skip the target and carry on
        }
      }
      return out;
    };
    const value = await report.call('opentargets', swallowing, { degrades: 'drug candidates are missing' });
    expect(value).toBeUndefined(); // "failed", never an empty success
    const [entry] = report.list();
    expect(entry).toMatchObject({ id: 'opentargets', status: 'failed', calls: 1, failedCalls: 1 });
    expect(entry?.error).toMatch(/every request failed \(2 of 2\); first: network error \((ENOTFOUND|EAI_AGAIN)/);
    expect(report.warnings[0]).toMatch(/^opentargets failed \(drug candidates are missing\)/);
  });

  it('some calls failing makes the source partial, with the counts and the first error', async () => {
    fake.route('GET', /^\/reactome\/ok\d$/, { body: { ok: true } });
    fake.route('GET', '/reactome/down', { status: 500, body: { message: 'database unavailable' } });
    const http = client();
    const report = new SourceReport(http);
    for (const path of ['/ok1', '/down', '/ok2']) await report.call('reactome', () => http.json({ source: 'reactome', path }));
    expect(report.list()).toEqual([
      expect.objectContaining({ id: 'reactome', status: 'partial', calls: 3, failedCalls: 1, records: 2, error: expect.stringMatching(/^1 of 3 calls failed: reactome \(HTTP 500\): request failed: database unavailable/) }),
    ]);
  });

  it('the same failure of many calls is one warning with a count, not a wall of repeats', async () => {
    fake.route('GET', '/reactome/down', { status: 500, body: { message: 'database unavailable' } });
    const http = client();
    const report = new SourceReport(http);
    for (let i = 0; i < 3; i++) await report.call('reactome', () => http.json({ source: 'reactome', path: '/down' }), { degrades: 'summaries are missing' });
    expect(report.warnings).toEqual([expect.stringMatching(/^reactome failed \(summaries are missing\): .* \(3 times\)$/)]);
  });

  it('a call that returned although some of its requests failed makes the source partial', async () => {
    fake.route('GET', '/mygene/a', { body: { ok: true } });
    fake.route('GET', '/mygene/b', { status: 503, body: 'busy' });
    const http = client();
    const report = new SourceReport(http);
    await report.call('mygene', async () => {
      const a = await http.json({ source: 'mygene', path: '/a' });
      const b = await http.json({ source: 'mygene', path: '/b' }).catch(() => null);
      return [a, b].filter(Boolean);
    });
    expect(report.list()[0]).toMatchObject({ status: 'partial', calls: 1, failedCalls: 0, error: expect.stringMatching(/^1 of 1 calls lost some requests: mygene \(HTTP 503\)/) });
  });

  it('all answered is ok; all from cache is cached; a 404 answer ("unknown id") is not a failure; never consulted is skipped', async () => {
    fake.route('GET', '/uniprot/x', { body: { ok: 1 } });
    fake.route('GET', '/uniprot/unknown', { status: 404, body: { messages: ['not found'] } });
    const store = new Keyv();
    const http = client(store);
    const first = new SourceReport(http);
    await first.call('uniprot', () => http.json({ source: 'uniprot', path: '/x' }));
    await first.call('uniprot', () => http.json({ source: 'uniprot', path: '/unknown' }).catch(() => null));
    first.skip('string', 'fewer than two genes');
    expect(first.list()).toEqual([expect.objectContaining({ id: 'uniprot', status: 'ok' }), { id: 'string', status: 'skipped', ms: 0, records: 0, note: 'fewer than two genes' }]);
    const second = new SourceReport(http);
    await second.call('uniprot', () => http.json({ source: 'uniprot', path: '/x' }));
    expect(second.list()[0]).toMatchObject({ status: 'cached' });
  });
});

describe('a source skipped because another failed', () => {
  it('says which of the sources it depended on failed: not a finding', async () => {
    fake.route('GET', '/opentargets/target', { status: 500, body: 'down' });
    const http = client();
    const report = new SourceReport(http);
    await report.call('opentargets', () => http.json({ source: 'opentargets', path: '/target' }));
    await report.call('dgidb', async () => 1);
    report.skipAfter('chembl', 'no drug candidate for this panel', ['opentargets', 'dgidb']);
    report.skipAfter('pubchem', 'no drug candidate for this panel', ['dgidb']);
    const row = (id: string) => report.list().find((r) => r.id === id);
    expect(row('chembl')).toMatchObject({ status: 'skipped', note: 'no drug candidate for this panel (opentargets failed, so this is not a finding)' });
    expect(row('pubchem')).toMatchObject({ status: 'skipped', note: 'no drug candidate for this panel' });
  });
});
