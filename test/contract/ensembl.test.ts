import { describe, expect, it } from 'vitest';
import { parseEnsemblLookup } from '../../src/sources/ensembl.js';
import { ownJson } from '../support/shared.js';
import { expectUpstreamError } from '../support/upstream-errors.js';

const BRAF = {
  symbol: 'BRAF',
  id: 'ENSG00000157764',
  biotype: 'protein_coding',
  description: 'B-Raf proto-oncogene, serine/threonine kinase [Source:HGNC Symbol;Acc:HGNC:1097]',
  chromosome: '7',
  start: 140719327,
  end: 140924929,
  strand: -1,
  assembly: 'GRCh38',
  canonicalTranscript: 'ENST00000646891.2',
};

describe('Ensembl lookup parser on the recorded POST /lookup/id answer', () => {
  it('reads gene objects keyed by the request item; a gene without display_name keeps the key', () => {
    const m = parseEnsemblLookup(ownJson('ensembl', 'lookup-id-post-BRAF-ENSG00000248378-owlang.json'), ['ENSG00000157764', 'ENSG00000248378', 'ENSG00000000000']);
    expect(m.get('ENSG00000157764')).toEqual(BRAF);
    expect(m.get('ENSG00000248378')).toEqual({
      symbol: 'ENSG00000248378',
      id: 'ENSG00000248378',
      biotype: 'lncRNA',
      description: 'novel transcript',
      chromosome: '5',
      start: 31743988,
      end: 31744451,
      strand: -1,
      assembly: 'GRCh38',
      canonicalTranscript: 'ENST00000515358.1',
    });
    expect(m.get('ENSG00000000000')).toBeNull();
  });
});

describe('Ensembl lookup parser on doc-shaped POST /lookup/symbol answers', () => {
  it('maps each requested symbol, in request order; omitted symbols are null; case differences tolerated', () => {
    const m = parseEnsemblLookup(ownJson('ensembl', 'lookup-symbol-BRCA2-BRAF-doc-shaped.json'), ['braf', 'BRCA2', 'NOTAGENE1']);
    expect([...m.keys()]).toEqual(['braf', 'BRCA2', 'NOTAGENE1']);
    expect(m.get('braf')).toEqual(BRAF);
    expect(m.get('BRCA2')).toMatchObject({ symbol: 'BRCA2', id: 'ENSG00000139618', chromosome: '13', start: 32315474, end: 32400266, strand: 1 });
    expect(m.get('NOTAGENE1')).toBeNull();
  });

  it('answers null for every symbol when none is known', () => {
    expect([...parseEnsemblLookup(ownJson('ensembl', 'lookup-symbol-none-doc-shaped.json'), ['NOTAGENE1', 'NOTAGENE2'])]).toEqual([
      ['NOTAGENE1', null],
      ['NOTAGENE2', null],
    ]);
  });

  it('throws a schema error on drift, never an empty map', () => {
    const gene = { id: 'ENSG1', biotype: 'protein_coding', seq_region_name: '1', start: 1, end: 2, strand: 1 };
    for (const bad of [
      null,
      [gene],
      { X: 'ENSG1' },
      { X: { ...gene, id: undefined } },
      { X: { ...gene, seq_region_name: 7 } },
      { X: { ...gene, start: '1' } },
      { X: { ...gene, biotype: undefined } },
    ]) {
      expectUpstreamError(() => parseEnsemblLookup(bad, ['X']), { source: 'ensembl', failure: 'schema' });
    }
  });
});
