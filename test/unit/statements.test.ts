import { describe, expect, it } from 'vitest';
import { citedStatements, splitSentences } from '../../src/evidence/statements.js';

describe('statement splitting', () => {
  it('splits sentences but not at abbreviations or decimals', () => {
    expect(
      splitSentences('Metformin lowers glucose, e.g. in type 2 diabetes. The effect size was 0.45 (Fig. 2). BRAF is a kinase!'),
    ).toEqual(['Metformin lowers glucose, e.g. in type 2 diabetes.', 'The effect size was 0.45 (Fig. 2).', 'BRAF is a kinase!']);
  });

  it('keeps a single sentence whole', () => {
    expect(splitSentences('  Trametinib improves survival in BRAF-mutated melanoma  ')).toEqual([
      'Trametinib improves survival in BRAF-mutated melanoma',
    ]);
  });
});

describe('citation markers', () => {
  it('statements without markers cite every given PMID', () => {
    expect(citedStatements('A causes B. C causes D.', ['1', '2'])).toEqual([
      { text: 'A causes B.', pmids: ['1', '2'] },
      { text: 'C causes D.', pmids: ['1', '2'] },
    ]);
  });

  it('reads positional, PMID and out-of-range markers and removes them from the text', () => {
    const s = citedStatements('A causes B [1][2]. C causes D [PMID:22663011, 123]. E is F [7]. G is H (PMID 999).', ['11', '22']);
    expect(s).toEqual([
      { text: 'A causes B.', pmids: ['11', '22'] },
      { text: 'C causes D.', pmids: ['22663011', '123'] },
      { text: 'E is F.', pmids: ['#7'] },
      { text: 'G is H.', pmids: ['999'] },
    ]);
  });

  it('does not mistake a parenthesised year for a citation', () => {
    expect(citedStatements('Approved in (2019) for melanoma.', ['5'])).toEqual([{ text: 'Approved in (2019) for melanoma.', pmids: ['5'] }]);
  });
});
