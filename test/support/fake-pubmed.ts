// A PubMed stand-in for tests and benchmarks: answers esummary, efetch and esearch for a small
// library of articles, in the exact shapes of the real recordings in ../shared/fixtures/eutils
// (docsum fields as in esummary-pubmed-27933103.json, unknown uids as in
// esummary-pubmed-unknown-uid-40482261.json, PubmedArticle elements as in the 22663011 efetch).
import type { FakeRequest, FakeResponse, FakeUpstream } from './fake-upstream.js';

export interface FakeArticle {
  pmid: string;
  title: string;
  /** Plain text, or labelled sections. */
  abstract?: string | { label: string; text: string }[];
  journal?: string;
  year?: number;
  /** PubMed publication types (default ["Journal Article"]), e.g. "Retracted Publication". */
  pubTypes?: string[];
}

/** MeSH descriptor ids of the publication types the fake uses, as efetch writes them (UI="..."). */
const PUBTYPE_UI: Record<string, string> = { 'Journal Article': 'D016428', 'Retracted Publication': 'D016441', 'Retraction of Publication': 'D016440', Review: 'D016454' };

export interface FakePubmed {
  /** Every request the fake PubMed answered, by endpoint. */
  calls: { esummary: number; efetch: number; esearch: number };
  /** esearch answers: first matching rule wins; the default finds nothing. */
  searchRule(match: (term: string) => boolean, ids: string[], count?: number): void;
  /** A rule computed per query (first rule whose answer is not undefined wins). */
  searchWith(answer: (term: string) => { ids: string[]; count?: number } | undefined): void;
}

export interface FakePubmedOptions {
  /**
   * PMIDs outside `articles` that PubMed knows anyway (real PMIDs carried by other recordings, e.g.
   * DGIdb or ChEMBL references): answered as records with a title and no abstract.
   */
  alsoExisting?: (pmid: string) => boolean;
  /**
   * Words no PubMed record has. As real PubMed does (../shared/fixtures/eutils
   * esearch-pubmed-phrase-not-found-apc.json: `APC p.E1317Q` ran as `APC`), esearch drops them
   * from the query, lists them in `errorlist.phrasesnotfound` and runs the rest: the rules see the
   * query without them.
   */
  unknownWords?: readonly string[];
}

export function mountFakePubmed(fake: FakeUpstream, articles: readonly FakeArticle[], prefix = '/eutils', options: FakePubmedOptions = {}): FakePubmed {
  const library = new Map(articles.map((a) => [a.pmid, a]));
  const byId = {
    get: (pmid: string): FakeArticle | undefined => library.get(pmid) ?? (options.alsoExisting?.(pmid) ? { pmid, title: `Record ${pmid}` } : undefined),
  };
  const rules: ((t: string) => { ids: string[]; count?: number } | undefined)[] = [];
  const calls = { esummary: 0, efetch: 0, esearch: 0 };
  const ids = (req: FakeRequest) => (req.query.get('id') ?? new URLSearchParams(req.body).get('id') ?? '').split(',').filter(Boolean);

  const esummary = (req: FakeRequest): FakeResponse => {
    calls.esummary++;
    const uids = ids(req);
    const result: Record<string, unknown> = { uids };
    for (const uid of uids) {
      const a = byId.get(uid);
      result[uid] = a ? docsum(a) : { uid, error: 'cannot get document summary' };
    }
    return { body: { header: { type: 'esummary', version: '0.3' }, result } };
  };
  const efetch = (req: FakeRequest): FakeResponse => {
    calls.efetch++;
    const found = ids(req).map((id) => byId.get(id)).filter((a): a is FakeArticle => Boolean(a));
    return { headers: { 'content-type': 'text/xml; charset=UTF-8' }, body: articleSet(found) };
  };
  const esearch = (req: FakeRequest): FakeResponse => {
    calls.esearch++;
    const { term, notFound } = withoutUnknownWords(req.query.get('term') ?? '', options.unknownWords ?? []);
    let answer: { ids: string[]; count?: number } | undefined;
    for (const rule of rules) if ((answer = rule(term))) break;
    const hit = answer?.ids ?? [];
    const retmax = Number(req.query.get('retmax') ?? 20);
    return {
      body: {
        header: { type: 'esearch', version: '0.3' },
        esearchresult: { count: String(answer?.count ?? hit.length), retmax: String(Math.min(retmax, hit.length)), retstart: '0', idlist: hit.slice(0, retmax), translationset: [], querytranslation: term, ...(notFound.length ? { errorlist: { phrasesnotfound: notFound, fieldsnotfound: [] } } : {}) },
      },
    };
  };
  for (const method of ['GET', 'POST']) {
    fake.route(method, `${prefix}/esummary.fcgi`, esummary);
    fake.route(method, `${prefix}/efetch.fcgi`, efetch);
  }
  fake.route('GET', `${prefix}/esearch.fcgi`, esearch);
  return {
    calls,
    searchRule(match, hits, count) {
      rules.push((t) => (match(t) ? { ids: hits, ...(count === undefined ? {} : { count }) } : undefined));
    },
    searchWith(answer) {
      rules.push(answer);
    },
  };
}

/** The query PubMed runs once it has dropped the words it does not know (with their field tags and
 * quotes), and the words it dropped, as written. */
export function withoutUnknownWords(term: string, unknown: readonly string[]): { term: string; notFound: string[] } {
  const notFound: string[] = [];
  let q = term;
  for (const word of unknown) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`"${escaped}"(?:\\[[\\w/ ]+\\])?|(?<![\\w-])${escaped}(?![\\w-])(?:\\[[\\w/ ]+\\])?`, 'gi');
    const found = q.match(pattern);
    if (!found) continue;
    notFound.push(found[0].replace(/\[[^\]]*\]$/, '').replace(/"/g, ''));
    q = q.replace(pattern, ' ');
  }
  // Tidy the operators the dropped words leave dangling.
  for (let prev = ''; prev !== q; ) {
    prev = q;
    q = q
      .replace(/\(\s*(?:AND|OR)\s+/g, '(')
      .replace(/\s+(?:AND|OR)\s*\)/g, ')')
      .replace(/\(\s*\)/g, ' ')
      .replace(/\b(?:AND|OR)\s+(AND|OR|NOT)\b/g, '$1')
      .replace(/^\s*(?:AND|OR)\s+/, '')
      .replace(/\s+(?:AND|OR)\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim();
  }
  return { term: q, notFound };
}

function docsum(a: FakeArticle) {
  return {
    uid: a.pmid,
    pubdate: String(a.year ?? 2020),
    epubdate: '',
    source: (a.journal ?? 'J Test').slice(0, 20),
    authors: [{ name: 'Doe J', authtype: 'Author', clusterid: '' }],
    lastauthor: 'Doe J',
    title: a.title,
    sorttitle: a.title.toLowerCase(),
    volume: '1',
    issue: '',
    pages: '1-2',
    lang: ['eng'],
    pubtype: a.pubTypes ?? ['Journal Article'],
    recordstatus: 'PubMed',
    pubstatus: '4',
    articleids: [{ idtype: 'pubmed', idtypen: 1, value: a.pmid }],
    attributes: a.abstract ? ['Has Abstract'] : [],
    pmcrefcount: '',
    fulljournalname: a.journal ?? 'Journal of Tests',
    elocationid: '',
    sortpubdate: `${a.year ?? 2020}/01/01 00:00`,
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function articleSet(articles: FakeArticle[]): string {
  const body = articles
    .map((a) => {
      const parts = typeof a.abstract === 'string' ? [{ label: '', text: a.abstract }] : (a.abstract ?? []);
      const abstract = parts.length
        ? `<Abstract>${parts.map((p) => (p.label ? `<AbstractText Label="${p.label}" NlmCategory="${p.label}">${esc(p.text)}</AbstractText>` : `<AbstractText>${esc(p.text)}</AbstractText>`)).join('')}</Abstract>`
        : '';
      return (
        `<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">${a.pmid}</PMID><Article PubModel="Print">` +
        `<Journal><JournalIssue CitedMedium="Internet"><PubDate><Year>${a.year ?? 2020}</Year></PubDate></JournalIssue><Title>${esc(a.journal ?? 'Journal of Tests')}</Title></Journal>` +
        `<ArticleTitle>${esc(a.title)}</ArticleTitle>${abstract}<PublicationTypeList>${(a.pubTypes ?? ['Journal Article']).map((t) => `<PublicationType UI="${PUBTYPE_UI[t] ?? ''}">${esc(t)}</PublicationType>`).join('')}</PublicationTypeList></Article></MedlineCitation>` +
        `<PubmedData><ArticleIdList><ArticleId IdType="pubmed">${a.pmid}</ArticleId></ArticleIdList></PubmedData></PubmedArticle>`
      );
    })
    .join('\n');
  return `<?xml version="1.0" ?>\n<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">\n<PubmedArticleSet>\n${body}\n</PubmedArticleSet>`;
}
