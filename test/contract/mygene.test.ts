import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { escapeLucene, parseMyGeneBatch, parseMyGeneHit, parseMyGeneQuery, pickBySymbol } from '../../src/sources/mygene.js';
import { describeShared, ownJson, sharedJson } from '../support/shared.js';

const SIZE1 = ['BRAF', 'BRCA1', 'CD274', 'EGFR', 'ERBB2'];

describeShared('MyGene.info recorded query answers', () => {
  it.each(SIZE1)('parses query-symbol-%s-size1.json', (symbol) => {
    const result = parseMyGeneQuery(sharedJson('mygene', `query-symbol-${symbol}-size1.json`));
    expect(result.total).toBe(1);
    const hit = pickBySymbol(result.hits, symbol);
    expect(hit?.symbol).toBe(symbol);
    expect(hit?.entrezId).toMatch(/^\d+$/);
    expect(hit?.ensemblGeneIds[0]).toMatch(/^ENSG\d{11}$/);
    expect(hit?.uniprotSwissProt).toHaveLength(1);
    expect(hit?.summary).toBeTruthy();
    expect(hit?.genomicPos[0]?.chr).toBeTruthy();
    expect(hit?.keggPathways.length).toBeGreaterThan(0);
  });

  it('reads the BRAF cross-references exactly', () => {
    const hit = parseMyGeneQuery(sharedJson('mygene', 'query-symbol-BRAF-size1.json')).hits[0];
    expect(hit).toMatchObject({
      entrezId: '673',
      symbol: 'BRAF',
      name: 'B-Raf proto-oncogene, serine/threonine kinase',
      typeOfGene: 'protein-coding',
      ensemblGeneIds: ['ENSG00000157764'],
      uniprotSwissProt: ['P15056'],
      mim: '164757',
      genomicPos: [{ chr: '7', start: 140719327, end: 140925199, strand: -1 }],
    });
    expect(hit?.aliases).toContain('BRAF1');
    expect(hit?.uniprotTrembl.length).toBe(16);
    expect(hit?.keggPathways[0]).toEqual({ id: 'hsa04010', name: 'MAPK signaling pathway - Homo sapiens (human)' });
  });

  it('normalises scalar-or-array fields: CD274 has a single TrEMBL string, BRAF an array', () => {
    const cd274 = parseMyGeneQuery(sharedJson('mygene', 'query-symbol-CD274-size1.json')).hits[0];
    expect(cd274?.uniprotTrembl).toEqual(['Q0GN75']);
    expect(cd274?.uniprotSwissProt).toEqual(['Q9NZQ7']);
    expect(cd274?.aliases).toContain('PD-L1');
  });

  it('reads the real empty result as "no gene" (total 0), not an error', () => {
    const result = parseMyGeneQuery(sharedJson('mygene', 'query-symbol-PD-L1-empty.json'));
    expect(result).toEqual({ total: 0, hits: [] });
    expect(pickBySymbol(result.hits, 'PD-L1')).toBeNull();
  });

  it('parses symbol-or-alias searches (PD-L1 resolves to CD274; no ensembl field requested)', () => {
    const pdl1 = parseMyGeneQuery(sharedJson('mygene', 'query-symbol-or-alias-PD-L1.json'));
    expect(pdl1.hits.map((h) => h.symbol)).toEqual(['CD274']);
    expect(pdl1.hits[0]?.ensemblGeneIds).toEqual([]);
    expect(pdl1.hits[0]?.summary).toBeNull();
    expect(pickBySymbol(pdl1.hits, 'PD-L1')).toBeNull();
    const braf = parseMyGeneQuery(sharedJson('mygene', 'query-symbol-or-alias-BRAF.json'));
    expect(pickBySymbol(braf.hits, 'braf')?.entrezId).toBe('673');
  });
});

describe('MyGene.info batch query answer (doc-shaped)', () => {
  it('groups hits by the term asked; a notfound term has none', () => {
    const byTerm = parseMyGeneBatch(ownJson('mygene', 'querymany-symbol-BRAF-NOTAGENE1-doc-shaped.json'));
    expect([...byTerm.keys()]).toEqual(['BRAF', 'NOTAGENE1']);
    expect(pickBySymbol(byTerm.get('BRAF')!, 'BRAF')).toMatchObject({ entrezId: '673', symbol: 'BRAF', ensemblGeneIds: ['ENSG00000157764'] });
    expect(byTerm.get('NOTAGENE1')).toEqual([]);
  });

  it('an answer that is not a list, or an element without its query term, is drift', () => {
    expect(() => parseMyGeneBatch({ hits: [] })).toThrow(UpstreamError);
    expect(() => parseMyGeneBatch([{ _id: '673', symbol: 'BRAF' }])).toThrow(/\[0\]\.query is not a string/);
  });

  it('an answer naming none of the terms asked (an empty list with HTTP 200) is drift, not "no such gene"', () => {
    expect(() => parseMyGeneBatch([], ['BRAF', 'EGFR'])).toThrow(/names none of the 2 term\(s\) asked/);
    // Each term asked has its entry (a hit or notfound): read as before.
    expect([...parseMyGeneBatch(ownJson('mygene', 'querymany-symbol-BRAF-NOTAGENE1-doc-shaped.json'), ['BRAF', 'NOTAGENE1']).keys()]).toEqual(['BRAF', 'NOTAGENE1']);
  });
});

describe('MyGene.info parser edge cases', () => {
  it('accepts ensembl as an array of objects (multi-locus genes) and genomic_pos arrays', () => {
    const hit = parseMyGeneHit({
      _id: '3002',
      symbol: 'X',
      ensembl: [{ gene: 'ENSG00000000001' }, { gene: 'ENSG00000000002' }],
      genomic_pos: [{ chr: '6', start: 1, end: 2 }, { chr: 'HSCHR6_MHC_COX_CTG1', start: 3, end: 4 }],
      alias: 'ONLY',
      uniprot: { 'Swiss-Prot': ['P1', 'P2'] },
    });
    expect(hit.ensemblGeneIds).toEqual(['ENSG00000000001', 'ENSG00000000002']);
    expect(hit.genomicPos).toHaveLength(2);
    expect(hit.aliases).toEqual(['ONLY']);
    expect(hit.uniprotSwissProt).toEqual(['P1', 'P2']);
    expect(hit.uniprotTrembl).toEqual([]);
  });

  it('escapes Lucene specials as the recorded requests did (PD\\-L1)', () => {
    expect(escapeLucene('PD-L1')).toBe('PD\\-L1');
    expect(escapeLucene('A:B(C)"')).toBe('A\\:B\\(C\\)\\"');
  });

  it('throws a schema UpstreamError on a malformed answer', () => {
    for (const bad of [null, [], { total: 1 }, { hits: {} , total: 1 }, { hits: [{}], total: 1 }]) {
      expect(() => parseMyGeneQuery(bad)).toThrow(UpstreamError);
    }
  });
});
