// A cut-off efetch answer is no answer. fast-xml-parser accepts elements left open at the end of
// the text, so a body cut by a proxy or a dropped connection once parsed as a shorter, complete
// looking article set: a structured abstract cut after its BACKGROUND read as the whole abstract
// (its CONCLUSIONS, which contradicted the claim, gone) and a cut article list as "efetch omitted
// the rest" (unknown PMIDs). Every cut of a small answer must be rejected as malformed.
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { parseEfetchXml } from '../../src/sources/eutils.js';
import { describeShared, sharedFixture } from '../support/shared.js';

/** Two articles in the shape of the real efetch answers (../shared/fixtures/eutils). */
const TWO_ARTICLES =
  '<?xml version="1.0" ?>\n<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">\n' +
  '<PubmedArticleSet>\n' +
  '<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">2003</PMID><Article PubModel="Print">' +
  '<Journal><JournalIssue CitedMedium="Internet"><PubDate><Year>2020</Year></PubDate></JournalIssue><Title>J Test</Title></Journal>' +
  '<ArticleTitle>A <i>long</i> cohort</ArticleTitle><Abstract><AbstractText Label="BACKGROUND" NlmCategory="BACKGROUND">Metformin improved survival.</AbstractText>' +
  '<AbstractText Label="CONCLUSIONS" NlmCategory="CONCLUSIONS">Metformin failed to change survival.</AbstractText></Abstract>' +
  '<PublicationTypeList><PublicationType UI="D016428">Journal Article</PublicationType></PublicationTypeList></Article></MedlineCitation>' +
  '<PubmedData><ArticleIdList><ArticleId IdType="pubmed">2003</ArticleId></ArticleIdList></PubmedData></PubmedArticle>\n' +
  '<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">2004</PMID><Article PubModel="Print">' +
  '<Journal><JournalIssue CitedMedium="Internet"><PubDate><Year>2021</Year></PubDate></JournalIssue><Title>J Test</Title></Journal>' +
  '<ArticleTitle>Registry report</ArticleTitle><Abstract><AbstractText>The drug was effective.</AbstractText></Abstract>' +
  '<PublicationTypeList><PublicationType UI="D016428">Journal Article</PublicationType></PublicationTypeList></Article></MedlineCitation>' +
  '<PubmedData><ArticleIdList><ArticleId IdType="pubmed">2004</ArticleId></ArticleIdList></PubmedData></PubmedArticle>\n' +
  '</PubmedArticleSet>';

/** The cut positions (all, or the given ones) whose prefix parsed without an error: each should have been rejected. */
function acceptedCuts(doc: string, cuts: Iterable<number> = doc.length ? Array.from({ length: doc.length }, (_, i) => i) : []): number[] {
  const accepted: number[] = [];
  for (const cut of cuts) {
    try {
      parseEfetchXml(doc.slice(0, cut));
      accepted.push(cut);
    } catch (err) {
      expect(err).toBeInstanceOf(UpstreamError);
      expect((err as UpstreamError).source).toBe('eutils');
    }
  }
  return accepted;
}

describe('parseEfetchXml: a cut-off answer is rejected', () => {
  it('the whole answer parses: both articles, the structured abstract in full', () => {
    const articles = parseEfetchXml(TWO_ARTICLES);
    expect(articles.map((a) => a.pmid)).toEqual(['2003', '2004']);
    expect(articles[0]!.abstract).toBe('BACKGROUND: Metformin improved survival.\nCONCLUSIONS: Metformin failed to change survival.');
    // Whitespace after the closing tag is still a complete answer.
    expect(parseEfetchXml(`${TWO_ARTICLES}\n`)).toHaveLength(2);
  });

  it('every cut of the answer, at any byte, is a malformed answer (failure "parse"), never fewer articles', () => {
    expect(acceptedCuts(TWO_ARTICLES)).toEqual([]);
  });

  it('the cut after the first </AbstractText> names what is wrong', () => {
    const cut = TWO_ARTICLES.slice(0, TWO_ARTICLES.indexOf('</AbstractText>') + '</AbstractText>'.length);
    expect(() => parseEfetchXml(cut)).toThrow(/efetch answer is cut off/);
    try {
      parseEfetchXml(cut);
    } catch (err) {
      expect(err).toMatchObject({ failure: 'parse', retryable: true });
    }
  });

  it('an article left open inside a closed set is malformed too (a broken splice, not a shorter list)', () => {
    const broken = TWO_ARTICLES.replace('</PubmedArticle>\n<PubmedArticle>', '\n<PubmedArticle>');
    expect(() => parseEfetchXml(broken)).toThrow(UpstreamError);
  });

  it('the empty set PubMed answers for an unknown PMID is still an answer (no article)', () => {
    const empty = '<?xml version="1.0" ?>\n<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">\n<PubmedArticleSet></PubmedArticleSet>\n';
    expect(parseEfetchXml(empty)).toEqual([]);
    expect(acceptedCuts(empty.trimEnd())).toEqual([]);
  });
});

describeShared('parseEfetchXml on the recorded answers', () => {
  it('the recorded 22663011 answer parses whole, and none of its cuts does', () => {
    const doc = sharedFixture('eutils', 'efetch-pubmed-22663011-structured-abstract.xml').trimEnd();
    expect(parseEfetchXml(doc).map((a) => a.pmid)).toEqual(['22663011']);
    // 24 KB: every cut right after a tag (where a cut reads as a complete element) and every 97th byte.
    const cuts = new Set<number>();
    for (let i = 0; i < doc.length; i++) if (doc[i] === '>' || i % 97 === 0) cuts.add(doc[i] === '>' ? i + 1 : i);
    cuts.delete(doc.length);
    expect(cuts.size).toBeGreaterThan(500);
    expect(acceptedCuts(doc, cuts)).toEqual([]);
  });

  it('the recorded empty answer for an unknown PMID is no article', () => {
    expect(parseEfetchXml(sharedFixture('eutils', 'efetch-pubmed-unknown-pmid-40482261-empty.xml'))).toEqual([]);
  });
});
