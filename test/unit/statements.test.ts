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

  // Issue 8: "p53 loss ..." and "mTOR inhibition ..." were joined to the sentence before.
  it('starts a sentence at a lower-case gene or protein name, as Punkt (ALCE) does', () => {
    expect(splitSentences('TP53 is mutated in many cancers. p53 loss drives genomic instability. mTOR inhibition reduces growth. miR-21 is induced.')).toEqual([
      'TP53 is mutated in many cancers.',
      'p53 loss drives genomic instability.',
      'mTOR inhibition reduces growth.',
      'miR-21 is induced.',
    ]);
    expect(splitSentences('Drug A works [1]. c-Myc drives it [2].')).toEqual(['Drug A works [1].', 'c-Myc drives it [2].']);
  });

  it('does not split after an abbreviation before a lower-case word', () => {
    expect(splitSentences('Drugs, e.g. imatinib, and others vs. placebo were given i.v. twice. Levels of vitamin D. p53 was stable.')).toEqual([
      'Drugs, e.g. imatinib, and others vs. placebo were given i.v. twice.',
      'Levels of vitamin D.',
      'p53 was stable.',
    ]);
  });
});

describe('citation markers', () => {
  it('a claim without markers: every given PMID cites each statement (a claim checked against a list)', () => {
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

  // Issue 8: a marked claim's unmarked sentences were treated as citing every PMID.
  it('when the claim carries markers, an unmarked sentence is uncited (ALCE: recall 0)', () => {
    expect(citedStatements('A causes B [1]. C causes D. p53 loss follows [2].', ['11', '22'])).toEqual([
      { text: 'A causes B.', pmids: ['11'] },
      { text: 'C causes D.', pmids: [] },
      { text: 'p53 loss follows.', pmids: ['22'] },
    ]);
  });

  it('keeps duplicate markers, as ALCE\'s re.findall(r"\\[\\d+") does', () => {
    expect(citedStatements('A causes B [1][1][2].', ['11', '22'])).toEqual([{ text: 'A causes B.', pmids: ['11', '11', '22'] }]);
  });

  it('a marker left alone after the last period cites the sentence before', () => {
    expect(citedStatements('A causes B [1]. C causes D. [2]', ['11', '22'])).toEqual([
      { text: 'A causes B.', pmids: ['11'] },
      { text: 'C causes D.', pmids: ['22'] },
    ]);
  });

  // "A. [PMID:1001] B. [PMID:1002]": Punkt gives a marker after the period to the next sentence, which
  // left A uncited (a confident "unsupported" without any model) and gave B both PMIDs.
  it('a marker after a sentence\'s period cites that sentence, when it has none of its own', () => {
    expect(citedStatements('Metformin improves survival. [PMID:1001] Metformin is safe. [PMID:1002]', [])).toEqual([
      { text: 'Metformin improves survival.', pmids: ['1001'] },
      { text: 'Metformin is safe.', pmids: ['1002'] },
    ]);
    expect(citedStatements('A causes B. [1][2] C causes D. [2]', ['11', '22'])).toEqual([
      { text: 'A causes B.', pmids: ['11', '22'] },
      { text: 'C causes D.', pmids: ['22'] },
    ]);
    // A sentence that carries its own marker keeps Punkt's reading of the next one's.
    expect(citedStatements('A causes B [1]. [2] C causes D.', ['11', '22'])).toEqual([
      { text: 'A causes B.', pmids: ['11'] },
      { text: 'C causes D.', pmids: ['22'] },
    ]);
  });

  it('does not mistake a parenthesised year for a citation', () => {
    expect(citedStatements('Approved in (2019) for melanoma.', ['5'])).toEqual([{ text: 'Approved in (2019) for melanoma.', pmids: ['5'] }]);
  });
});
