// openFDA, gnomAD and Ensembl clients against a local fake upstream serving recorded (and
// doc-shaped) answers: the exact requests they send, not-found answers as null, and failures
// reaching the caller as UpstreamError naming the source.
import { describe, expect, it } from 'vitest';
import { Ensembl } from '../../src/sources/ensembl.js';
import { Gnomad } from '../../src/sources/gnomad.js';
import { OpenFda } from '../../src/sources/openfda.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import type { FakeRequest } from '../support/fake-upstream.js';
import { ownJson } from '../support/shared.js';
import { expectUpstreamRejection } from '../support/upstream-errors.js';

/**
 * A context of its own per `context()` call, closed after the test: gnomAD is limited to 1
 * request/s per client, so a test that sends several gnomAD requests uses one client per request
 * instead of waiting a second each time. `context({ retries: 0 })`: a 500 fails at once.
 */
const { fake, context } = useFakeUpstreamContexts();

// ------------------------------------------------------------------------------------ openFDA

describe('openFDA label client', () => {
  it('searches the generic name as an escaped phrase, limit 1, and parses the label', async () => {
    fake().route('GET', '/openfda/drug/label.json', { body: ownJson<object>('openfda', 'label-gefitinib-biomcp.json') });
    const label = await new OpenFda((await context()).http).label('gefitinib "250 mg"');
    expect(fake().requests).toHaveLength(1);
    const q = fake().requests[0]!.query;
    expect([...q.keys()]).toEqual(['search', 'limit']);
    expect(q.get('search')).toBe('openfda.generic_name:"gefitinib \\"250 mg\\""');
    expect(q.get('limit')).toBe('1');
    expect(label).toMatchObject({ setId: '1a3c0ce7-06a1-4e04-9106-14ddb2a866a5', genericNames: ['GEFITINIB'], manufacturer: 'Natco Pharma USA LLC' });
  });

  it('answers null for the NOT_FOUND 404', async () => {
    fake().route('GET', '/openfda/drug/label.json', { status: 404, body: ownJson<object>('openfda', 'not-found-doc-shaped.json') });
    expect(await new OpenFda((await context()).http).label('notadrug')).toBeNull();
  });

  it('keeps any other 404 (a wrong path) and 500s as UpstreamErrors', async () => {
    fake().route('GET', '/openfda/drug/label.json', { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Unknown endpoint' } } });
    expect(await expectUpstreamRejection(new OpenFda((await context()).http).label('imatinib'))).toMatchObject({ source: 'openfda', status: 404 });
    fake().route('GET', '/openfda/drug/label.json', { status: 500, body: { error: { code: 'SERVER_ERROR', message: 'Check your request and try again' } } });
    expect(await expectUpstreamRejection(new OpenFda((await context({ retries: 0 })).http).label('imatinib'))).toMatchObject({ source: 'openfda', failure: 'http', status: 500 });
  });
});

// ------------------------------------------------------------------------------------ gnomAD

interface GraphqlBody {
  query: string;
  variables: Record<string, string>;
}
const gql = (req: FakeRequest): GraphqlBody => JSON.parse(req.body) as GraphqlBody;

/** A fake gnomAD: every symbol but NOTAGENE* resolves (LOEUF 0.2), as the real server answers. */
function gnomadAnswer(req: FakeRequest): object {
  const { variables } = gql(req);
  const data: Record<string, unknown> = {};
  const errors: { message: string }[] = [];
  for (const [name, symbol] of Object.entries(variables)) {
    const alias = `g${name.slice(1)}`;
    if (symbol.startsWith('NOTAGENE')) {
      data[alias] = null;
      errors.push({ message: 'Gene not found' });
    } else {
      data[alias] = { gene_id: `ENSG-${symbol}`, symbol: symbol.toUpperCase(), gnomad_constraint: { pli: 0.9, oe_lof: 0.1, oe_lof_lower: 0.05, oe_lof_upper: 0.2, oe_mis: 0.8, mis_z: 2, lof_z: 5 } };
    }
  }
  return errors.length ? { errors, data } : { data };
}

describe('gnomAD constraint client', () => {
  it('posts one aliased GraphQL query to /api and maps the answer back to the symbols', async () => {
    fake().route('POST', '/gnomad/api', { body: ownJson<object>('gnomad', 'constraint-batch-doc-shaped.json') });
    const m = await new Gnomad((await context()).http).constraint(['DMD', 'SCN2A', ' MALAT1 ', 'NOTAGENE1', 'VWA5A', 'DMD', '']);
    expect(fake().requests).toHaveLength(1);
    const req = fake().requests[0]!;
    expect(req.headers['content-type']).toContain('application/json');
    const body = gql(req);
    expect(body.variables).toEqual({ s0: 'DMD', s1: 'SCN2A', s2: 'MALAT1', s3: 'NOTAGENE1', s4: 'VWA5A' });
    expect(body.query.match(/g\d+: gene\(gene_symbol: \$s\d+, reference_genome: GRCh38\)/g)).toHaveLength(5);
    expect([...m.keys()]).toEqual(['DMD', 'SCN2A', 'MALAT1', 'NOTAGENE1', 'VWA5A']);
    expect(m.get('DMD')).toMatchObject({ geneId: 'ENSG00000198947', loeuf: 0.23540360849712702, lofIntolerant: true });
    expect(m.get('MALAT1')).toMatchObject({ constraintAvailable: false, lofIntolerant: null });
    expect(m.get('NOTAGENE1')).toBeNull();
  });

  it('splits 30 genes into queries of 25 and 5, and sends nothing for an empty list', async () => {
    fake().route('POST', '/gnomad/api', (req) => ({ body: gnomadAnswer(req) }));
    const symbols = Array.from({ length: 30 }, (_, i) => (i === 27 ? 'NOTAGENE1' : `gene${i}`));
    // Both queries go through one client: the second waits out gnomAD's 1 request/s.
    const m = await new Gnomad((await context()).http).constraint(symbols);
    expect(fake().requests.map((r) => Object.keys(gql(r).variables).length).sort((a, b) => a - b)).toEqual([5, 25]);
    expect(m.size).toBe(30);
    expect(m.get('gene26')).toMatchObject({ symbol: 'GENE26', geneId: 'ENSG-gene26', loeuf: 0.2, lofIntolerant: true });
    expect(m.get('NOTAGENE1')).toBeNull();
    fake().reset();
    expect((await new Gnomad((await context()).http).constraint([' ', ''])).size).toBe(0);
    expect(fake().requests).toHaveLength(0);
  });

  it('fails on other GraphQL errors, on a 400 query rejection and on a 500', async () => {
    fake().route('POST', '/gnomad/api', { body: ownJson<object>('gnomad', 'graphql-error-doc-shaped.json') });
    expect(await expectUpstreamRejection(new Gnomad((await context()).http).constraint(['TP53', 'NOTAGENE1']))).toMatchObject({ source: 'gnomad', failure: 'graphql', upstreamMessage: 'An unknown error occurred' });

    fake().route('POST', '/gnomad/api', { status: 400, body: { errors: [{ message: 'Cannot query field "loeuf" on type "GnomadConstraint".' }] } });
    expect(await expectUpstreamRejection(new Gnomad((await context()).http).constraint(['TP53']))).toMatchObject({ source: 'gnomad', failure: 'graphql', status: 400, upstreamMessage: 'Cannot query field "loeuf" on type "GnomadConstraint".' });

    fake().route('POST', '/gnomad/api', { status: 500, body: 'Internal Server Error' });
    expect(await expectUpstreamRejection(new Gnomad((await context({ retries: 0 })).http).constraint(['TP53']))).toMatchObject({ source: 'gnomad', failure: 'http', status: 500 });
  });
});

// ------------------------------------------------------------------------------------ Ensembl

describe('Ensembl symbol lookup client', () => {
  it('posts the symbols as JSON to /lookup/symbol/homo_sapiens and maps the keyed answer', async () => {
    fake().route('POST', '/ensembl/lookup/symbol/homo_sapiens', { body: ownJson<object>('ensembl', 'lookup-symbol-BRCA2-BRAF-doc-shaped.json') });
    const m = await new Ensembl((await context()).http).lookupSymbols(['BRCA2', ' BRAF ', 'NOTAGENE1', 'BRAF']);
    expect(fake().requests).toHaveLength(1);
    const req = fake().requests[0]!;
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.accept).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({ symbols: ['BRCA2', 'BRAF', 'NOTAGENE1'] });
    expect([...m.keys()]).toEqual(['BRCA2', 'BRAF', 'NOTAGENE1']);
    expect(m.get('BRAF')).toMatchObject({ id: 'ENSG00000157764', chromosome: '7', strand: -1, canonicalTranscript: 'ENST00000646891.2' });
    expect(m.get('BRCA2')).toMatchObject({ id: 'ENSG00000139618', chromosome: '13' });
    expect(m.get('NOTAGENE1')).toBeNull();
  });

  it('splits more than 1000 symbols into posts of at most 1000', async () => {
    fake().route('POST', '/ensembl/lookup/symbol/homo_sapiens', { body: ownJson<object>('ensembl', 'lookup-symbol-none-doc-shaped.json') });
    const symbols = Array.from({ length: 1203 }, (_, i) => `SYM${i}`);
    const m = await new Ensembl((await context()).http).lookupSymbols(symbols);
    const sizes = fake().requests.map((r) => (JSON.parse(r.body) as { symbols: string[] }).symbols.length).sort((a, b) => a - b);
    expect(sizes).toEqual([203, 1000]);
    expect(m.size).toBe(1203);
    expect([...m.values()].every((g) => g === null)).toBe(true);
  });

  it('reports a 400 refusal and a 503 as UpstreamErrors', async () => {
    fake().route('POST', '/ensembl/lookup/symbol/homo_sapiens', { status: 400, body: { error: "POST body must contain 'symbols' key with array of values" } });
    expect(await expectUpstreamRejection(new Ensembl((await context()).http).lookupSymbols(['BRAF']))).toMatchObject({ source: 'ensembl', failure: 'http', status: 400 });
    fake().route('POST', '/ensembl/lookup/symbol/homo_sapiens', { status: 503, body: 'Service Unavailable' });
    expect(await expectUpstreamRejection(new Ensembl((await context({ retries: 0 })).http).lookupSymbols(['BRAF']))).toMatchObject({ source: 'ensembl', status: 503 });
  });
});
