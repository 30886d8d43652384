// Cellosaurus parser on recorded answers (BioMCP captures) and doc-shaped ones, the query builder,
// and the client's requests against a local fake upstream.
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { UpstreamError } from '../../src/errors.js';
import { Cellosaurus, cellLineQuery, MODEL_FIELDS, parseCellLineList, solrPhrase } from '../../src/sources/cellosaurus.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import type { FakeUpstream } from '../support/fake-upstream.js';
import { ownFixture } from '../support/shared.js';

const own = (file: string): object => JSON.parse(ownFixture('cellosaurus', file)) as object;

describe('Cellosaurus parser', () => {
  it('reads a recorded name search: primary accession, identifier (not the first synonym), species, diseases', () => {
    const lines = parseCellLineList(own('search-idsy-KG1-biomcp.json'));
    expect(lines.map((l) => [l.accession, l.name])).toEqual([
      ['CVCL_E3VV', 'B16-F10.9.KG1'],
      ['CVCL_0374', 'KG-1'],
      ['CVCL_UD72', 'KG1'],
    ]);
    expect(lines[1]).toMatchObject({ category: 'Cancer cell line', taxa: ['9606'], url: 'https://www.cellosaurus.org/CVCL_0374' });
    expect(lines[1]!.diseases.map((d) => d.label)).toEqual(['Acute myeloid leukemia without maturation', 'Adult acute myeloid leukemia', 'Acute myeloid leukemia']);
    expect(lines[0]!.taxa).toEqual(['10090']);
    // A record without the field: no diseases, no variations (not an error).
    expect(lines[2]).toMatchObject({ diseases: [], variations: [] });
  });

  it('reads recorded sequence variations: the HGNC cross-reference names the gene', () => {
    const [line] = parseCellLineList(own('cell-line-CVCL_1844-var-biomcp.json'));
    expect(line!.name).toBe('OCI-AML-3');
    expect(line!.variations).toEqual([
      { gene: 'DNMT3A', type: 'Mutation', description: 'p.Arg882Cys (c.2644C>T)', zygosity: 'Heterozygous' },
      { gene: 'NPM1', type: 'Mutation', description: 'p.Trp288Cysfs*12 (c.860_863dupTCTG)', zygosity: 'Heterozygous' },
      { gene: 'NRAS', type: 'Mutation', description: 'p.Gln61Leu (c.182A>T)', zygosity: 'Homozygous' },
    ]);
  });

  it('reads the doc-shaped disease searches and an empty answer, with or without the list', () => {
    const egfr = parseCellLineList(own('search-di-lung-var-EGFR-doc-shaped.json'));
    expect(egfr.map((l) => l.name)).toEqual(['HCC827', 'PC-9', 'NCI-H1975']);
    expect(egfr[2]!.variations.filter((v) => v.gene === 'EGFR').map((v) => v.description)).toEqual(['p.Leu858Arg (c.2573T>G)', 'p.Thr790Met (c.2369C>T)']);
    expect(parseCellLineList(own('search-no-match-doc-shaped.json'))).toEqual([]);
    expect(parseCellLineList({ Cellosaurus: {} })).toEqual([]);
  });

  it('rejects a drifted answer as a schema error naming Cellosaurus', () => {
    expect(() => parseCellLineList({ cellLines: [] })).toThrow(UpstreamError);
    expect(() => parseCellLineList({ Cellosaurus: { 'cell-line-list': [{ 'name-list': [] }] } })).toThrow(/cellosaurus.*accession/i);
    expect(() => parseCellLineList({ Cellosaurus: { 'cell-line-list': {} } })).toThrow(/not a list/);
  });
});

describe('Cellosaurus queries', () => {
  it('ORs disease phrases on di, keeps human lines, and puts the gene on var', () => {
    expect(cellLineQuery(['non-small cell lung carcinoma', 'lung adenocarcinoma'], 'EGFR')).toBe(
      '(di:"non-small cell lung carcinoma" OR di:"lung adenocarcinoma") AND ox:9606 AND var:"EGFR"',
    );
    expect(cellLineQuery(['breast carcinoma', ' breast carcinoma '])).toBe('(di:"breast carcinoma") AND ox:9606');
    expect(() => cellLineQuery([' '])).toThrow();
  });

  it('escapes quotes and backslashes inside a phrase (user text cannot break out of it)', () => {
    expect(solrPhrase('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
  });
});

describe('Cellosaurus client', () => {
  const { fake: upstream, context } = useFakeUpstreamContexts();
  let fake: FakeUpstream;
  let ctx: AppContext;
  beforeEach(async () => {
    fake = upstream();
    ctx = await context({ retries: 0 });
  });

  it('sends the query, the model fields, JSON format and the row cap', async () => {
    fake.route('GET', '/cellosaurus/search/cell-line', { body: own('search-di-lung-var-EGFR-doc-shaped.json') });
    const lines = await new Cellosaurus(ctx.http).search(cellLineQuery(['lung adenocarcinoma'], 'EGFR'), { rows: 6 });
    expect(lines).toHaveLength(3);
    const req = fake.requests.at(-1)!;
    expect(req.query.get('q')).toBe('(di:"lung adenocarcinoma") AND ox:9606 AND var:"EGFR"');
    expect(req.query.get('fields')).toBe(MODEL_FIELDS);
    expect(req.query.get('format')).toBe('json');
    expect(req.query.get('rows')).toBe('6');
  });

  it('turns an error answer into an UpstreamError naming the source and its message', async () => {
    fake.route('GET', '/cellosaurus/search/cell-line', { status: 400, body: own('error-400-solr-doc-shaped.json') });
    const err = await new Cellosaurus(ctx.http).search('bogus:x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).message).toMatch(/cellosaurus \(HTTP 400\)/);
  });
});
