import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { decodeEntities, parseEfetchXml, parseEsearch, parseEsummary } from '../../src/sources/eutils.js';
import { describeShared, ownFixture, sharedFixture, sharedJson } from '../support/shared.js';

describeShared('eutils parsers on recorded NCBI responses', () => {
  it('reads a valid esummary docsum', () => {
    const m = parseEsummary(sharedJson('eutils', 'esummary-pubmed-27933103.json'), ['27933103']);
    const doc = m.get('27933103');
    expect(doc).toMatchObject({
      pmid: '27933103',
      title: 'Programmatic conversion of crystal structures into 3D printable files using Jmol.',
      journal: 'Journal of cheminformatics',
      year: 2016,
      doi: '10.1186/s13321-016-0181-z',
    });
  });

  it('treats an esummary error entry as a PMID that does not exist', () => {
    const m = parseEsummary(sharedJson('eutils', 'esummary-pubmed-unknown-uid-40482261.json'), ['40482261']);
    expect(m.get('40482261')).toBeNull();
  });

  it('treats a uid absent from the result as not existing', () => {
    const m = parseEsummary(sharedJson('eutils', 'esummary-pubmed-27933103.json'), ['27933103', '99999999']);
    expect(m.get('27933103')).not.toBeNull();
    expect(m.get('99999999')).toBeNull();
  });

  it('parses a structured abstract with labelled sections and entities', () => {
    const [a, ...rest] = parseEfetchXml(sharedFixture('eutils', 'efetch-pubmed-22663011-structured-abstract.xml'));
    expect(rest).toHaveLength(0);
    expect(a?.pmid).toBe('22663011');
    expect(a?.title).toBe('Improved survival with MEK inhibition in BRAF-mutated melanoma.');
    expect(a?.journal).toBe('The New England journal of medicine');
    expect(a?.year).toBe(2012);
    expect(a?.doi).toBe('10.1056/NEJMoa1203421');
    const sections = a?.abstract.split('\n').map((l) => l.split(':')[0]);
    expect(sections).toEqual(['BACKGROUND', 'METHODS', 'RESULTS', 'CONCLUSIONS']);
    expect(a?.abstract).toContain('P<0.001'); // &lt; decoded
    expect(a?.meshTerms.length).toBeGreaterThan(0);
  });

  it('returns no article for an unknown PMID (empty set)', () => {
    expect(parseEfetchXml(sharedFixture('eutils', 'efetch-pubmed-unknown-pmid-40482261-empty.xml'))).toEqual([]);
  });

  it('parses esearch counts (strings) and ids', () => {
    const r = parseEsearch(sharedJson('eutils', 'esearch-pubmed-3-hits-pten.json'));
    expect(r.count).toBe(3);
    expect(r.ids).toHaveLength(3);
  });

  // Issue 8: with esummary's fields renamed, every real PMID was called hallucinated.
  it('a docsum whose fields were renamed is a schema error, never "does not exist"', () => {
    const real = sharedJson<{ result: Record<string, Record<string, unknown>> }>('eutils', 'esummary-pubmed-27933103.json');
    const drifted = structuredClone(real);
    const doc = drifted.result['27933103']!;
    doc.articletitle = doc.title;
    delete doc.title;
    const err = (() => {
      try {
        parseEsummary(drifted, ['27933103']);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ source: 'eutils', failure: 'schema' });
    expect((err as Error).message).toContain('the summary of 27933103 has no "title" string');
    // The same when the result block itself moved.
    expect(() => parseEsummary({ header: {}, results: real.result }, ['27933103'])).toThrow(expect.objectContaining({ failure: 'schema' }));
    const noUids = structuredClone(real) as { result: Record<string, unknown> };
    delete noUids.result.uids;
    expect(() => parseEsummary(noUids, ['27933103'])).toThrow(/field "uids" is missing/);
  });

  it('surfaces phrases PubMed ignored', () => {
    const r = parseEsearch(sharedJson('eutils', 'esearch-pubmed-phrase-not-found-apc.json'));
    expect(r.phrasesNotFound).toContain('p.E1317Q');
    expect(r.count).toBeGreaterThan(1000);
    // An errorlist that cannot be read is a shape error, never "nothing dropped".
    const garbled = structuredClone(sharedJson<{ esearchresult: { errorlist: Record<string, unknown> } }>('eutils', 'esearch-pubmed-phrase-not-found-apc.json'));
    garbled.esearchresult.errorlist.phrasesnotfound = 'p.E1317Q';
    expect(() => parseEsearch(garbled)).toThrow(expect.objectContaining({ source: 'eutils', failure: 'schema' }));
  });

  // A count that cannot be read once became 0, "no article": garbage read as a finding.
  it('rejects an esearch answer whose count or id list cannot be read', () => {
    const real = sharedJson<{ esearchresult: Record<string, unknown> }>('eutils', 'esearch-pubmed-3-hits-pten.json');
    expect(parseEsearch(real).count).toBe(3);
    for (const [field, value] of [['count', undefined], ['count', 'many'], ['count', '-1'], ['idlist', 'x'], ['idlist', [{ id: 1 }]]] as const) {
      const bad = structuredClone(real);
      if (value === undefined) delete bad.esearchresult[field];
      else bad.esearchresult[field] = value;
      expect(() => parseEsearch(bad), `${field}=${JSON.stringify(value)}`).toThrow(expect.objectContaining({ source: 'eutils', failure: 'schema' }));
    }
  });
});

describe('eutils parsers on project fixtures', () => {
  it('keeps inline markup text in order, matches articles by PMID, and reads books', () => {
    const articles = parseEfetchXml(ownFixture('eutils', 'efetch-inline-markup-and-book.xml'));
    const byPmid = new Map(articles.map((a) => [a.pmid, a]));
    expect([...byPmid.keys()].sort()).toEqual(['20301295', '31000001']);
    const a = byPmid.get('31000001');
    expect(a?.title).toBe('BRAF V600E mutation and MEK inhibition.');
    expect(a?.abstract).toBe('Mutations in BRAF occur in 50% of melanomas; IC50 < 10 nM with 10^3 fold selectivity.');
    const book = byPmid.get('20301295');
    expect(book?.kind).toBe('book');
    expect(book?.title).toContain('Lynch Syndrome');
    expect(book?.abstract).toContain('CLINICAL CHARACTERISTICS:');
  });

  it('treats a mixed esummary batch entry by entry', () => {
    const json = JSON.parse(ownFixture('eutils', 'esummary-mixed-doc-shaped.json'));
    const m = parseEsummary(json, ['27933103', '40482261']);
    expect(m.get('27933103')?.title).toMatch(/Jmol/);
    expect(m.get('40482261')).toBeNull();
  });

  it('a top-level esummary error says nothing about the ids: a source error, not "none exist"', () => {
    expect(() => parseEsummary({ error: 'Invalid uid abc at position= 0', result: undefined }, ['1'])).toThrow(/esummary answered with an error: Invalid uid/);
  });

  it('rejects an answer with no recognisable shape', () => {
    expect(() => parseEsummary({ foo: 1 }, ['1'])).toThrow(UpstreamError);
    expect(() => parseEsearch({})).toThrow(/esearchresult/);
    expect(() => parseEfetchXml('<html><body>oops</body></html>')).toThrow(UpstreamError);
  });

  it('decodes numeric and named entities', () => {
    expect(decodeEntities('a&#xa0;b &lt;c&gt; &amp; &#946;')).toBe('a b <c> & β');
  });
});
