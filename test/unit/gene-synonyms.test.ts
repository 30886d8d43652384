// Which names a gene is searched by in the literature (a pair no search finds is called novel),
// and the query clauses they make.
import { describe, expect, it } from 'vitest';
import { literatureNames, MAX_LITERATURE_SYNONYMS, searchedAs } from '../../src/analysis/gene-synonyms.js';
import { tiabClause, titleAbstractQuery } from '../../src/tools/shared/literature.js';

/** HGNC's owners of the names these tests use: each alias to its gene, CD4 a symbol, P450 shared (null). */
const OWNERS: Record<string, string | null> = { 'HER-2': 'ERBB2', CD340: 'ERBB2', HER2: 'ERBB2', NEU: 'ERBB2', NGL: 'ERBB2', CD4: 'CD4', P450: null, P53: 'TP53', LFS1: 'TP53', BCC7: 'TP53', TRP53: 'TP53', BMFS5: 'TP53' };
const ownerOf = (name: string) => OWNERS[name.toUpperCase()] ?? null;

describe('literatureNames', () => {
  it('adds the synonyms with a letter and a digit that belong to this gene alone, symbol first', () => {
    // HGNC order: previous symbols (NGL), then aliases. NEU and NGL are letters only: not searched.
    expect(literatureNames('ERBB2', ['NGL', 'NEU', 'HER-2', 'CD340', 'HER2'], ownerOf)).toEqual(['ERBB2', 'HER-2', 'CD340', 'HER2']);
  });

  it("never another gene's symbol, a shared alias, a short name or a repeat", () => {
    const fooled = literatureNames('ERBB2', ['CD4', 'P450', 'H2', 'erbb2', 'her2', 'HER2'], (n) => (n.toUpperCase() === 'HER2' ? 'ERBB2' : ownerOf(n)));
    expect(fooled).toEqual(['ERBB2', 'her2']);
  });

  it(`keeps at most ${MAX_LITERATURE_SYNONYMS} synonyms, in HGNC's order`, () => {
    expect(literatureNames('TP53', ['P53', 'LFS1', 'BCC7', 'TRP53', 'BMFS5'], ownerOf)).toEqual(['TP53', 'P53', 'LFS1', 'BCC7', 'TRP53']);
  });

  it('the symbol alone when nothing qualifies, and says how a gene was searched', () => {
    expect(literatureNames('BRAF', ['BRAF1'], () => null)).toEqual(['BRAF']);
    expect(searchedAs(['BRAF'])).toBe('BRAF');
    expect(searchedAs(['ERBB2', 'HER-2', 'HER2'])).toBe('ERBB2 (or HER-2, HER2)');
  });
});

describe('query clauses', () => {
  it('Europe PMC: one clause per term, a gene any of its names, in title or abstract', () => {
    expect(titleAbstractQuery([['EGFR'], ['ERBB2', 'HER2'], 'breast cancer'])).toBe(
      '(TITLE:"EGFR" OR ABSTRACT:"EGFR") AND (TITLE:"ERBB2" OR ABSTRACT:"ERBB2" OR TITLE:"HER2" OR ABSTRACT:"HER2") AND (TITLE:"breast cancer" OR ABSTRACT:"breast cancer") AND SRC:MED',
    );
    expect(titleAbstractQuery(['say "no"'], 'PPR')).toBe('(TITLE:"say no" OR ABSTRACT:"say no") AND SRC:PPR');
  });

  it('PubMed: a bare [tiab] term for one plain name, quoted names OR-ed for several', () => {
    expect(tiabClause(['EGFR'])).toBe('EGFR[tiab]');
    expect(tiabClause(['ERBB2', 'HER-2', 'HER2'])).toBe('(ERBB2[tiab] OR "HER-2"[tiab] OR HER2[tiab])');
  });
});
