// g:Profiler and bioRxiv clients against a local fake upstream serving doc-shaped answers: the exact
// request sent, "unknown" answers (failed genes, no posts found) as data, errors as UpstreamError.
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/config.js';
import { InvalidInputError } from '../../src/errors.js';
import { createLogger } from '../../src/log.js';
import { BioRxiv } from '../../src/sources/biorxiv.js';
import { GProfiler } from '../../src/sources/gprofiler.js';
import { UpstreamClient } from '../../src/sources/http.js';
import { testConfig } from '../support/context.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import type { FakeRequest } from '../support/fake-upstream.js';
import { ownJson } from '../support/shared.js';
import { expectUpstreamRejection } from '../support/upstream-errors.js';

const { fake } = useFakeUpstreamContexts();

/**
 * A fresh client per use: rate limiters live in the client (bioRxiv allows 1 request/s), so sharing
 * one across tests would make each test wait for the previous one's window. No retries by default:
 * a 500 fails at once.
 */
function http(flags: Partial<ConfigInput> = {}, cache?: Keyv): UpstreamClient {
  return new UpstreamClient({ config: testConfig({ retries: 0, ...flags }, fake().url), log: createLogger('silent'), cache });
}

const bodyOf = (req: FakeRequest | undefined): unknown => JSON.parse(req?.body ?? 'null');

// ------------------------------------------------------------------------------------ g:Profiler

const GOST_PATH = '/gprofiler/api/gost/profile/';

describe('g:Profiler g:GOSt client', () => {
  it('posts the documented JSON body with the default sources and parses the answer', async () => {
    fake().route('POST', GOST_PATH, { body: ownJson<object>('gprofiler', 'gost-TP53-pathway-doc-shaped.json') });
    const r = await new GProfiler(http()).gost(['TP53', ' MDM2', 'CDKN1A', 'BAX', 'BBC3', 'NOTAGENE1', 'TP53', ''], {});

    expect(fake().requests).toHaveLength(1);
    const [req] = fake().requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe(GOST_PATH);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(bodyOf(req)).toEqual({
      organism: 'hsapiens',
      query: ['TP53', 'MDM2', 'CDKN1A', 'BAX', 'BBC3', 'NOTAGENE1'],
      sources: ['GO:BP', 'REAC', 'WP', 'KEGG'],
      user_threshold: 0.05,
      significance_threshold_method: 'fdr',
      domain_scope: 'annotated',
      no_evidences: true,
      all_results: false,
    });

    expect(r.failedGenes).toEqual(['NOTAGENE1']);
    expect(r.version).toBe('e113_eg59_p19_f6a03c19');
    expect(r.terms).toHaveLength(6);
    expect(r.terms[0]).toMatchObject({ source: 'KEGG', native: 'KEGG:04115', name: 'p53 signaling pathway', pValue: 1.3650411736574516e-8, intersectionSize: 5 });
  });

  it('passes chosen sources and threshold through', async () => {
    fake().route('POST', GOST_PATH, { body: ownJson<object>('gprofiler', 'gost-TP53-pathway-doc-shaped.json') });
    await new GProfiler(http()).gost(['TP53'], { sources: ['REAC'], threshold: 0.01 });
    expect(bodyOf(fake().requests[0])).toMatchObject({ query: ['TP53'], sources: ['REAC'], user_threshold: 0.01 });
  });

  it('unrecognised genes are data, not an error', async () => {
    fake().route('POST', GOST_PATH, { body: ownJson<object>('gprofiler', 'gost-all-genes-failed-doc-shaped.json') });
    expect(await new GProfiler(http()).gost(['NOTAGENE1', 'NOTAGENE2'])).toEqual({
      terms: [],
      failedGenes: ['NOTAGENE1', 'NOTAGENE2'],
      version: 'e113_eg59_p19_f6a03c19',
    });
  });

  it('sends nothing for an empty list and rejects a threshold outside (0, 1]', async () => {
    const gp = new GProfiler(http());
    expect(await gp.gost([' ', ''])).toEqual({ terms: [], failedGenes: [], version: null });
    await expect(gp.gost(['TP53'], { threshold: 0 })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(gp.gost(['TP53'], { threshold: 5 })).rejects.toBeInstanceOf(InvalidInputError);
    expect(fake().requests).toHaveLength(0);
  });

  it('caches the read-only POST: the same query twice costs one request', async () => {
    fake().route('POST', GOST_PATH, { body: ownJson<object>('gprofiler', 'gost-TP53-pathway-doc-shaped.json') });
    const gp = new GProfiler(http({ cache: true }, new Keyv()));
    const first = await gp.gost(['TP53', 'MDM2']);
    expect(await gp.gost(['TP53', 'MDM2'])).toEqual(first);
    expect(fake().requests).toHaveLength(1);
    await gp.gost(['TP53', 'BAX']);
    expect(fake().requests).toHaveLength(2);
  });

  it('an HTTP error is an UpstreamError naming gprofiler with its message; drift is a schema error', async () => {
    fake().route('POST', GOST_PATH, { status: 400, body: { message: 'Unknown organism: hsapienz' } });
    const bad = await expectUpstreamRejection(new GProfiler(http()).gost(['TP53']));
    expect(bad).toMatchObject({ source: 'gprofiler', status: 400, failure: 'http' });
    expect(bad.message).toContain('Unknown organism');

    fake().route('POST', GOST_PATH, { status: 500, body: { message: 'boom' } });
    expect(await expectUpstreamRejection(new GProfiler(http()).gost(['TP53']))).toMatchObject({ source: 'gprofiler', status: 500 });

    fake().route('POST', GOST_PATH, { body: { result: [{ native: 'GO:0042981' }], meta: {} } });
    expect(await expectUpstreamRejection(new GProfiler(http()).gost(['TP53']))).toMatchObject({ source: 'gprofiler', failure: 'schema' });
  });
});

// ------------------------------------------------------------------------------------ bioRxiv

const NOT_FOUND = (): object => ownJson<object>('biorxiv', 'details-no-posts-found-doc-shaped.json');

describe('bioRxiv / medRxiv details client', () => {
  it('asks bioRxiv with the DOI as path segments and returns the latest version', async () => {
    fake().route('GET', '/biorxiv/details/biorxiv/10.1101/2023.05.17.599999/na/json', {
      headers: { 'content-type': 'application/json' },
      body: ownJson<object>('biorxiv', 'details-biorxiv-two-versions-doc-shaped.json'),
    });
    const p = await new BioRxiv(http()).details('https://doi.org/10.1101/2023.05.17.599999v1');
    expect(p).toMatchObject({
      doi: '10.1101/2023.05.17.599999',
      version: 2,
      server: 'biorxiv',
      publishedDoi: '10.1038/s41388-024-99999-9',
      url: 'https://www.biorxiv.org/content/10.1101/2023.05.17.599999v2',
    });
    expect(fake().requests.map((r) => r.path)).toEqual(['/biorxiv/details/biorxiv/10.1101/2023.05.17.599999/na/json']);
  });

  it('falls back to medRxiv when bioRxiv has no posts', async () => {
    fake().route('GET', /^\/biorxiv\/details\/biorxiv\//, { body: NOT_FOUND() });
    fake().route('GET', '/biorxiv/details/medrxiv/10.1101/2021.04.29.29999999/na/json', { body: ownJson<object>('biorxiv', 'details-medrxiv-doc-shaped.json') });
    const p = await new BioRxiv(http()).details('10.1101/2021.04.29.29999999');
    expect(p).toMatchObject({ server: 'medrxiv', version: 1, publishedDoi: null, url: 'https://www.medrxiv.org/content/10.1101/2021.04.29.29999999v1' });
    expect(fake().requests.map((r) => r.path)).toEqual([
      '/biorxiv/details/biorxiv/10.1101/2021.04.29.29999999/na/json',
      '/biorxiv/details/medrxiv/10.1101/2021.04.29.29999999/na/json',
    ]);
  });

  it('is null when neither server has the DOI', async () => {
    fake().route('GET', /^\/biorxiv\/details\//, { body: NOT_FOUND() });
    expect(await new BioRxiv(http()).details('10.1101/2099.01.01.999999')).toBeNull();
    expect(fake().requests).toHaveLength(2);
  });

  it('an in-band error (HTTP 200) is an UpstreamError and stops the search', async () => {
    fake().route('GET', /^\/biorxiv\/details\//, { body: ownJson<object>('biorxiv', 'details-server-not-recognized-doc-shaped.json') });
    const error = await expectUpstreamRejection(new BioRxiv(http()).details('10.1101/2023.05.17.599999'));
    expect(error).toMatchObject({ source: 'biorxiv', failure: 'http', upstreamMessage: 'Server not recognized' });
    expect(fake().requests).toHaveLength(1);
  });

  it('an empty 200 body is a parse failure, not "not found"; a 500 is an UpstreamError', async () => {
    fake().route('GET', /^\/biorxiv\/details\//, { headers: { 'content-type': 'application/json' }, body: '' });
    expect(await expectUpstreamRejection(new BioRxiv(http()).details('10.1101/2023.05.17.599999'))).toMatchObject({ source: 'biorxiv', failure: 'parse' });

    fake().route('GET', /^\/biorxiv\/details\//, { status: 500, body: 'Internal Server Error' });
    expect(await expectUpstreamRejection(new BioRxiv(http()).details('10.1101/2023.05.17.599999'))).toMatchObject({ source: 'biorxiv', status: 500 });
  });

  it('rejects a non-DOI without a request', async () => {
    await expect(new BioRxiv(http()).details('not a doi')).rejects.toBeInstanceOf(InvalidInputError);
    expect(fake().requests).toHaveLength(0);
  });
});
