// The citation-metric source clients (Semantic Scholar, NIH iCite) against a local fake upstream
// serving recorded and documentation-shaped answers: the exact requests they send (path, query,
// body, batching, de-duplication), unknown PMIDs as null, failures as UpstreamError.
import { describe, expect, it } from 'vitest';
import { ICITE_FIELDS, ICite } from '../../src/sources/icite.js';
import { S2_PAPER_FIELDS, SemanticScholar } from '../../src/sources/semanticscholar.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import type { FakeRequest } from '../support/fake-upstream.js';
import { describeShared, ownJson, sharedJson } from '../support/shared.js';
import { expectUpstreamRejection } from '../support/upstream-errors.js';

/**
 * A fresh context per test (`context()`): Semantic Scholar is limited to one request per 2 s per
 * client, so a shared client would make every test wait for the previous one's window.
 */
const { fake, context } = useFakeUpstreamContexts();

// ---------------------------------------------------------------------------- Semantic Scholar

const S2_PATH = '/semanticscholar/graph/v1/paper/batch';

function idsSent(req: FakeRequest): string[] {
  return (JSON.parse(req.body) as { ids: string[] }).ids;
}

describe('Semantic Scholar client against the fake upstream', () => {
  it('posts de-duplicated PMIDs with the fields query and reads the answer in request order', async () => {
    fake().route('POST', S2_PATH, { body: ownJson<object>('semanticscholar', 'paper-batch-counts-doc-shaped.json') });
    const s2 = new SemanticScholar((await context()).http);
    const m = await s2.papers([' 20516115', '19452558', '20516115', '99999999', '18951447', 'PMC123', '']);

    expect(fake().requests).toHaveLength(1);
    const req = fake().requests[0] as FakeRequest;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(S2_PATH);
    expect([...req.query.entries()]).toEqual([['fields', S2_PAPER_FIELDS]]);
    expect(req.query.get('fields')).toBe('paperId,externalIds,title,venue,year,citationCount,influentialCitationCount');
    expect(req.headers['content-type']).toContain('application/json');
    expect(JSON.parse(req.body)).toEqual({ ids: ['PMID:20516115', 'PMID:19452558', 'PMID:99999999', 'PMID:18951447'] });

    expect([...m.keys()]).toEqual(['20516115', '19452558', '99999999', '18951447', 'PMC123']);
    expect(m.get('20516115')).toEqual({
      pmid: '20516115',
      paperId: '059f780c07b87339c275192f1b82662747c28ccd',
      title: 'Comprehensive Analysis of Missense Variations in the BRCT Domain of BRCA1 by Structural and Functional Assays',
      venue: 'Cancer Research',
      year: 2010,
      citationCount: 97,
      influentialCitationCount: 6,
    });
    expect(m.get('19452558')?.citationCount).toBe(41);
    expect(m.get('99999999')).toBeNull(); // unknown to S2
    expect(m.get('18951447')).toBeNull(); // merged into PMID 18951446
    expect(m.get('PMC123')).toBeNull(); // not a PMID: never sent
  });

  it('splits more than 500 PMIDs into batches of at most 500', { timeout: 15_000 }, async () => {
    fake().route('POST', S2_PATH, (req) => ({
      body: idsSent(req).map((id) => {
        const pmid = id.replace('PMID:', '');
        return Number(pmid) % 2 ? null : { paperId: `p${pmid}`, externalIds: { PubMed: pmid }, citationCount: Number(pmid) };
      }),
    }));
    const s2 = new SemanticScholar((await context()).http);
    const pmids = Array.from({ length: 501 }, (_, i) => String(1000 + i));
    const m = await s2.papers([...pmids, '1000', '1500']);

    expect(fake().requests.map((r) => idsSent(r).length)).toEqual([500, 1]);
    expect(fake().requests.flatMap(idsSent)).toEqual(pmids.map((p) => `PMID:${p}`));
    expect(m.size).toBe(501);
    expect(m.get('1000')).toMatchObject({ paperId: 'p1000', citationCount: 1000 });
    expect(m.get('1001')).toBeNull();
    expect(m.get('1500')).toMatchObject({ paperId: 'p1500' }); // the lone second batch
  });

  it('sends nothing for an empty list', async () => {
    const s2 = new SemanticScholar((await context()).http);
    expect((await s2.papers([])).size).toBe(0);
    expect(fake().requests).toHaveLength(0);
  });

  it('caches the read-only POST: the same batch twice costs one request', async () => {
    fake().route('POST', S2_PATH, { body: ownJson<object>('semanticscholar', 'paper-batch-counts-doc-shaped.json') });
    const s2 = new SemanticScholar((await context({ cache: true })).http);
    const ids = ['20516115', '19452558', '99999999', '18951447'];
    const first = await s2.papers(ids);
    const second = await s2.papers(ids);
    expect(second).toEqual(first);
    expect(fake().requests).toHaveLength(1);
  });

  it('reports a 500 as an UpstreamError naming the source', async () => {
    fake().route('POST', S2_PATH, { status: 500, body: { error: 'Internal Server Error' } });
    const s2 = new SemanticScholar((await context({ retries: 0 })).http);
    const err = await expectUpstreamRejection(s2.papers(['20516115']));
    expect(err).toMatchObject({ source: 'semanticscholar', failure: 'http', status: 500 });
  });

  it('retries a throttled (429) batch once, not the configured three times', { timeout: 15_000 }, async () => {
    fake().route('POST', S2_PATH, { status: 429, body: { message: 'Too Many Requests' } });
    const s2 = new SemanticScholar((await context({ retries: 3 })).http);
    const err = await expectUpstreamRejection(s2.papers(['20516115']));
    expect(err.status).toBe(429);
    expect(fake().requests).toHaveLength(2);
  });

  it('reports a drifted answer as a schema error, not as "no papers"', async () => {
    fake().route('POST', S2_PATH, { body: { data: [] } });
    const s2 = new SemanticScholar((await context()).http);
    expect(await expectUpstreamRejection(s2.papers(['20516115']))).toMatchObject({ source: 'semanticscholar', failure: 'schema' });
  });
});

describeShared('Semantic Scholar client on the recorded batch answer', () => {
  it('reads the genuine answer for PMID 20516115', async () => {
    fake().route('POST', S2_PATH, { body: sharedJson<object>('semanticscholar', 'paper-batch-pmid-20516115.json') });
    const s2 = new SemanticScholar((await context()).http);
    const m = await s2.papers(['20516115']);
    expect(m.get('20516115')).toMatchObject({ paperId: '059f780c07b87339c275192f1b82662747c28ccd', venue: 'Cancer Research', citationCount: null });
  });
});

// ---------------------------------------------------------------------------------- NIH iCite

const ICITE_PATH = '/icite/api/pubs';

describe('iCite client against the fake upstream', () => {
  it('gets /api/pubs with comma-separated PMIDs and the fl field list; absent PMIDs are null', async () => {
    fake().route('GET', ICITE_PATH, { body: ownJson<object>('icite', 'pubs-recent-no-rcr-and-unknown-doc-shaped.json') });
    const icite = new ICite((await context()).http);
    const m = await icite.pubs(['36127808', ' 36127808 ', '99999999', 'not-a-pmid']);

    expect(fake().requests).toHaveLength(1);
    const req = fake().requests[0] as FakeRequest;
    expect(req.method).toBe('GET');
    expect(req.path).toBe(ICITE_PATH);
    expect(req.query.get('pmids')).toBe('36127808,99999999');
    expect(req.query.get('fl')).toBe(ICITE_FIELDS);
    expect(ICITE_FIELDS.split(',')).toEqual(
      expect.arrayContaining(['pmid', 'relative_citation_ratio', 'nih_percentile', 'apt', 'is_clinical', 'cited_by_clin', 'provisional']),
    );

    expect([...m.keys()]).toEqual(['36127808', '99999999', 'not-a-pmid']);
    expect(m.get('36127808')).toMatchObject({ pmid: '36127808', year: 2023, citationCount: 4, relativeCitationRatio: null });
    expect(m.get('99999999')).toBeNull();
    expect(m.get('not-a-pmid')).toBeNull();
  });

  it('reads the recorded two-PMID answer', async () => {
    fake().route('GET', ICITE_PATH, (req) =>
      req.query.get('pmids') === '23456789,27599104' ? { body: ownJson<object>('icite', 'pubs-pmids-23456789-27599104-openicite.json') } : { body: { data: [] } },
    );
    const icite = new ICite((await context()).http);
    const m = await icite.pubs(['23456789', '27599104']);
    expect(m.get('23456789')).toMatchObject({ relativeCitationRatio: 1.78, nihPercentile: 71, isResearchArticle: true, isClinical: false, citedByClinical: 2 });
    expect(m.get('27599104')).toMatchObject({ relativeCitationRatio: 9.87, citationCount: 222 });
  });

  it('splits more than 200 PMIDs into batches of at most 200', async () => {
    fake().route('GET', ICITE_PATH, (req) => ({
      body: { data: (req.query.get('pmids') ?? '').split(',').filter((p) => Number(p) % 100 === 0).map((p) => ({ pmid: Number(p), citation_count: 1 })) },
    }));
    const icite = new ICite((await context()).http);
    const pmids = Array.from({ length: 450 }, (_, i) => String(10_000 + i));
    const m = await icite.pubs(pmids);

    const batches = fake().requests.map((r) => (r.query.get('pmids') ?? '').split(','));
    expect(batches.map((b) => b.length).sort((a, b) => b - a)).toEqual([200, 200, 50]);
    expect(batches.flat().sort()).toEqual(pmids);
    expect(m.size).toBe(450);
    expect([...m.values()].filter((p) => p !== null).map((p) => p.pmid)).toEqual(['10000', '10100', '10200', '10300', '10400']);
  });

  it('sends nothing for an empty list', async () => {
    const icite = new ICite((await context()).http);
    expect((await icite.pubs([' '])).size).toBe(0);
    expect(fake().requests).toHaveLength(0);
  });

  it('reports a 500 as an UpstreamError naming the source', async () => {
    fake().route('GET', ICITE_PATH, { status: 500, body: 'Internal Server Error' });
    const icite = new ICite((await context({ retries: 0 })).http);
    expect(await expectUpstreamRejection(icite.pubs(['23456789']))).toMatchObject({ source: 'icite', failure: 'http', status: 500 });
  });

  it('reports an answer without data as a schema error', async () => {
    fake().route('GET', ICITE_PATH, { body: { meta: { pmids: '23456789' } } });
    const icite = new ICite((await context()).http);
    expect(await expectUpstreamRejection(icite.pubs(['23456789']))).toMatchObject({ source: 'icite', failure: 'schema' });
  });
});
