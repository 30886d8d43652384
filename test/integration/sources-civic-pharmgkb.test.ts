// The clinical-evidence source clients (CIViC GraphQL, ClinPGx/PharmGKB REST) against a local fake
// upstream serving genuine and documentation-shaped answers: the exact request each sends, "no
// match" as empty results, GraphQL errors and drift as UpstreamErrors.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { Civic, GENE_EVIDENCE_QUERY } from '../../src/sources/civic.js';
import { PharmGkb } from '../../src/sources/pharmgkb.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import type { FakeRequest } from '../support/fake-upstream.js';
import { ownJson } from '../support/shared.js';
import { expectUpstreamRejection } from '../support/upstream-errors.js';

/** A fresh context per test (`context()`), so one test's rate-limit window never delays the next. */
const { fake, context } = useFakeUpstreamContexts();

// ---------------------------------------------------------------------------- CIViC

const CIVIC_PATH = '/civic/api/graphql';

function gql(req: FakeRequest): { query: string; variables: Record<string, unknown> } {
  return JSON.parse(req.body) as { query: string; variables: Record<string, unknown> };
}

describe('CIViC client against the fake upstream', () => {
  it('posts the gene query with status ACCEPTED and first=25, and drops profiles of other genes', async () => {
    fake().route('POST', CIVIC_PATH, { body: ownJson<object>('civic', 'gene-evidence-ALK-doc-shaped.json') });
    const r = await new Civic((await context()).http).geneEvidence(' ALK ', {});
    expect(fake().requests).toHaveLength(1);
    const req = fake().requests[0]!;
    expect(req.headers['content-type']).toBe('application/json');
    const body = gql(req);
    expect(body.query).toBe(GENE_EVIDENCE_QUERY);
    expect(body.query).toContain('status: ACCEPTED');
    expect(body.query).toContain('source { citation citationId sourceType publicationYear }');
    expect(body.variables).toEqual({ molecularProfileName: 'ALK', first: 25 }); // no diseaseName at all
    expect(r.evidence.map((e) => e.url)).toEqual(['https://civicdb.org/evidence/1001', 'https://civicdb.org/evidence/1002']);
    expect(r).toMatchObject({ gene: 'ALK', totalEvidence: 2, totalAssertions: 2 });
    expect(r.assertions[0]).toMatchObject({ ampLevel: 'TIER_I_LEVEL_A', therapies: ['Alectinib'] });
  });

  it('sends the disease filter and clamps first to 1-25', async () => {
    fake().route('POST', CIVIC_PATH, { body: ownJson<object>('civic', 'gene-evidence-none-doc-shaped.json') });
    const civic = new Civic((await context()).http);
    const none = await civic.geneEvidence('NOTAGENE', { disease: ' melanoma ', first: 100 });
    await civic.geneEvidence('NOTAGENE', { first: 0 });
    await civic.geneEvidence('NOTAGENE', { first: 7.9 });
    expect(fake().requests.map((q) => gql(q).variables)).toEqual([
      { molecularProfileName: 'NOTAGENE', diseaseName: 'melanoma', first: 25 },
      { molecularProfileName: 'NOTAGENE', first: 1 },
      { molecularProfileName: 'NOTAGENE', first: 7 },
    ]);
    expect(none).toEqual({ gene: 'NOTAGENE', totalEvidence: 0, evidence: [], totalAssertions: 0, assertions: [] });
  });

  it('caches the read-only POST: the same question twice costs one request', async () => {
    fake().route('POST', CIVIC_PATH, { body: ownJson<object>('civic', 'gene-evidence-ALK-doc-shaped.json') });
    const civic = new Civic((await context({ cache: true })).http);
    const first = await civic.geneEvidence('ALK', { disease: 'lung' });
    expect(await civic.geneEvidence('ALK', { disease: 'lung' })).toEqual(first);
    expect(fake().requests).toHaveLength(1);
  });

  it('turns GraphQL errors on HTTP 200 into an UpstreamError with the message', async () => {
    fake().route('POST', CIVIC_PATH, { body: ownJson<object>('civic', 'graphql-error-doc-shaped.json') });
    const err = await expectUpstreamRejection(new Civic((await context()).http).geneEvidence('BRAF'));
    expect(err).toMatchObject({ source: 'civic', failure: 'graphql' });
    expect(err.message).toContain("Field 'evidenceDirectionX' doesn't exist on type 'EvidenceItem'");
  });

  it('reports a total without nodes as schema drift, not as "no evidence"', async () => {
    fake().route('POST', CIVIC_PATH, {
      body: { data: { evidenceItems: { totalCount: 17, nodes: [] }, assertions: { totalCount: 0, nodes: [] } } },
    });
    const err = await expectUpstreamRejection(new Civic((await context()).http).geneEvidence('BRAF'));
    expect(err).toMatchObject({ source: 'civic', failure: 'schema' });
  });

  it('reports a 500 as an UpstreamError naming the source', async () => {
    fake().route('POST', CIVIC_PATH, { status: 500, body: { error: 'Internal Server Error' } });
    const err = await expectUpstreamRejection(new Civic((await context({ retries: 0 })).http).geneEvidence('BRAF'));
    expect(err).toMatchObject({ source: 'civic', failure: 'http', status: 500 });
  });

  it('rejects an empty gene without calling CIViC', async () => {
    await expect(new Civic((await context()).http).geneEvidence('  ')).rejects.toBeInstanceOf(InvalidInputError);
    expect(fake().requests).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------- ClinPGx / PharmGKB

const PGKB_PATH = '/pharmgkb/v1/data/clinicalAnnotation';
const NO_MATCH = { status: 404, body: { status: 'fail', data: { errors: [{ message: 'No results matching criteria.' }] } } };

describe('ClinPGx client against the fake upstream', () => {
  it('asks by gene symbol with view=min and reads the captured CYP2D6 answer', async () => {
    fake().route('GET', PGKB_PATH, (req) =>
      req.query.get('location.genes.symbol') === 'CYP2D6' ? { body: ownJson<object>('pharmgkb', 'clinical-annotations-gene-CYP2D6-clinpgx-trimmed.json') } : NO_MATCH,
    );
    const rows = await new PharmGkb((await context()).http).clinicalAnnotations({ gene: 'CYP2D6' });
    const req = fake().requests[0]!;
    expect(req.path).toBe(PGKB_PATH);
    expect([...req.query.entries()]).toEqual([
      ['location.genes.symbol', 'CYP2D6'],
      ['view', 'min'],
    ]);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({ levelOfEvidence: '1A', chemicals: ['codeine'], url: 'https://www.clinpgx.org/clinicalAnnotation/1451288220' });
  });

  it('asks by drug name, and by both filters when both are given', async () => {
    fake().route('GET', PGKB_PATH, { body: ownJson<object>('pharmgkb', 'clinical-annotations-chemical-codeine-clinpgx-trimmed.json') });
    const pgkb = new PharmGkb((await context()).http);
    const byDrug = await pgkb.clinicalAnnotations({ chemical: 'codeine' });
    await pgkb.clinicalAnnotations({ gene: 'CYP2D6', chemical: 'codeine' });
    expect(fake().requests.map((q) => [...q.query.entries()])).toEqual([
      [
        ['relatedChemicals.name', 'codeine'],
        ['view', 'min'],
      ],
      [
        ['location.genes.symbol', 'CYP2D6'],
        ['relatedChemicals.name', 'codeine'],
        ['view', 'min'],
      ],
    ]);
    expect(byDrug.map((r) => r.genes[0])).toEqual(['CYP2D6', 'UGT2B7', 'ABCB1', 'CYP2D6']);
  });

  it('reads HTTP 404 ("No results matching criteria.") as no annotations', async () => {
    fake().route('GET', PGKB_PATH, NO_MATCH);
    expect(await new PharmGkb((await context()).http).clinicalAnnotations({ gene: 'NOTAGENE' })).toEqual([]);
    expect(fake().requests).toHaveLength(1);
  });

  it('reports a 500 as an UpstreamError, and a drifted 200 as a schema error', async () => {
    fake().route('GET', PGKB_PATH, { status: 500, body: { status: 'fail', data: { errors: [{ message: 'boom' }] } } });
    const err = await expectUpstreamRejection(new PharmGkb((await context({ retries: 0 })).http).clinicalAnnotations({ gene: 'CYP2D6' }));
    expect(err).toMatchObject({ source: 'pharmgkb', failure: 'http', status: 500 });

    fake().route('GET', PGKB_PATH, { body: { status: 'success', results: [] } });
    const drift = await expectUpstreamRejection(new PharmGkb((await context()).http).clinicalAnnotations({ gene: 'CYP2D6' }));
    expect(drift).toMatchObject({ source: 'pharmgkb', failure: 'schema' });
  });

  it('needs a gene or a chemical', async () => {
    await expect(new PharmGkb((await context()).http).clinicalAnnotations({ gene: ' ' })).rejects.toBeInstanceOf(InvalidInputError);
    expect(fake().requests).toHaveLength(0);
  });
});
