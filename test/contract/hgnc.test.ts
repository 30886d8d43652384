import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import {
  normaliseSymbol,
  parseHgncDoc,
  parseHgncFetch,
  withdrawnReplacement,
  isApproved,
  isWithdrawn,
} from '../../src/sources/hgnc.js';
import { describeShared, ownFixture, sharedJson } from '../support/shared.js';

const own = (file: string): unknown => JSON.parse(ownFixture('hgnc', file));

describeShared('HGNC recorded fetch answer', () => {
  it('parses the genuine /fetch/ensembl_gene_id answer (TMEM268)', () => {
    const [gene, ...rest] = parseHgncFetch(sharedJson('hgnc', 'fetch-ensembl_gene_id-ENSG00000157693-TMEM268-truncated.json'));
    expect(rest).toEqual([]);
    expect(gene).toMatchObject({
      hgncId: 'HGNC:24513',
      symbol: 'TMEM268',
      name: 'transmembrane protein 268',
      status: 'Approved',
      locusGroup: 'protein-coding gene',
      locusType: 'gene with protein product',
      location: '9q32',
      prevSymbols: ['C9orf91'],
      aliasSymbols: ['DKFZp547P234', 'FLJ38045'],
      entrezId: '203197',
      ensemblGeneId: 'ENSG00000157693',
      uniprotIds: ['Q5VZI3'],
      refseqAccessions: ['NM_153045'],
    });
    expect(isApproved(gene!)).toBe(true);
  });
});

describe('HGNC fetch parser on doc-shaped answers', () => {
  it('reads not-found as an empty list (HTTP 200, numFound 0)', () => {
    expect(parseHgncFetch(own('fetch-not-found-doc-shaped.json'))).toEqual([]);
  });

  it('keeps every document of an ambiguous alias', () => {
    const genes = parseHgncFetch(own('fetch-alias_symbol-ERK-ambiguous-doc-shaped.json'));
    expect(genes.map((g) => g.symbol)).toEqual(['MAPK1', 'MAPK3']);
  });

  it('recognises withdrawn records and where they point', () => {
    const [entry] = parseHgncFetch(own('fetch-symbol-XWDRN1-entry-withdrawn-doc-shaped.json'));
    expect(entry && isWithdrawn(entry)).toBe(true);
    expect(withdrawnReplacement(entry!)).toBeNull();
    expect(entry?.entrezId).toBeNull();
    expect(entry?.uniprotIds).toEqual([]);

    const [merged] = parseHgncFetch(own('fetch-symbol-AACT-symbol-withdrawn-doc-shaped.json'));
    expect(merged && isWithdrawn(merged)).toBe(true);
    expect(withdrawnReplacement(merged!)).toEqual({ hgncId: 'HGNC:16', symbol: null });
  });

  it('reads the older "see SYMBOL" wording and the old ~withdrawn suffix', () => {
    const old = parseHgncDoc({ hgnc_id: 'HGNC:1', symbol: 'OLD1~withdrawn', name: 'symbol withdrawn, see NEW1', status: 'Symbol Withdrawn' });
    expect(old.symbol).toBe('OLD1');
    expect(withdrawnReplacement(old)).toEqual({ hgncId: null, symbol: 'NEW1' });
  });

  it('throws a schema UpstreamError naming hgnc on a malformed answer, never returns []', () => {
    for (const bad of [null, [], {}, { response: {} }, { response: { numFound: 1, docs: [] } }, { response: { numFound: 1, docs: [{ symbol: 'X' }] } }]) {
      let error: unknown;
      try {
        parseHgncFetch(bad);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ source: 'hgnc', failure: 'schema' });
    }
    expect(() => parseHgncDoc({ hgnc_id: 'HGNC:1', symbol: 'A', status: 'Approved', alias_symbol: 'B' })).toThrow(/alias_symbol/);
  });
});

describe('normaliseSymbol', () => {
  it('upper-cases but keeps the lower-case orf of open-reading-frame genes', () => {
    expect(normaliseSymbol(' tp53 ')).toBe('TP53');
    expect(normaliseSymbol('c9orf72')).toBe('C9orf72');
    expect(normaliseSymbol('C9ORF91')).toBe('C9orf91');
    expect(normaliseSymbol('cxorf21')).toBe('CXorf21');
    expect(normaliseSymbol('hla-a')).toBe('HLA-A');
  });
});
