// NCBI E-utilities (PubMed): esummary for PMID existence, efetch for abstracts, esearch for
// searches and co-mention counts. Requests batch 200 ids and switch to POST for long id lists.
// NCBI answers many failures with HTTP 200 (an `error` field, an esearch `ERROR`, an efetch
// <eFetchResult><ERROR>, or a body cut short): every parser runs inside its request, so such an
// answer fails the call and is never cached.
// @see https://www.ncbi.nlm.nih.gov/books/NBK25499/
import { XMLParser } from 'fast-xml-parser';
import { UpstreamError } from '../errors.js';
import { chunk } from './batch.js';
import type { UpstreamClient } from './http.js';
import { shapeOf } from './shape.js';

export const ESUMMARY_BATCH = 200;
/** Above this many characters of ids the request goes as a POST form (NCBI: URLs over ~2 KB fail). */
const POST_ABOVE_CHARS = 1_000;

export interface PubmedSummary {
  pmid: string;
  title: string;
  journal: string;
  year: number | undefined;
  doi: string | undefined;
  pubTypes: string[];
}

export interface PubmedArticle {
  pmid: string;
  title: string;
  /** Plain text; structured abstracts rendered as `LABEL: text` paragraphs. Empty when none. */
  abstract: string;
  journal: string;
  year: number | undefined;
  doi: string | undefined;
  pubTypes: string[];
  meshTerms: string[];
  kind: 'article' | 'book';
}

export interface SearchResult {
  count: number;
  ids: string[];
  queryTranslation: string | undefined;
  /** Parts of the query PubMed ignored (it runs the rest silently). */
  phrasesNotFound: string[];
}

export class Eutils {
  constructor(private readonly http: UpstreamClient) {}

  /** Map of every requested PMID to its summary, or null when PubMed does not know it. */
  async summaries(pmids: readonly string[], signal?: AbortSignal): Promise<Map<string, PubmedSummary | null>> {
    const unique = [...new Set(pmids)];
    const batches = chunk(unique, ESUMMARY_BATCH);
    const parsed = await Promise.all(
      // Each parser runs inside the request: an answer it rejects (an error in a 200, a cut body) is never cached.
      batches.map((ids) => this.http.json(this.idRequest('/esummary.fcgi', ids, { retmode: 'json' }, signal), (json) => parseEsummary(json, ids))),
    );
    return new Map(parsed.flatMap((m) => [...m]));
  }

  /** Articles found, keyed by PMID; unknown PMIDs are simply absent (efetch omits them). */
  async articles(pmids: readonly string[], signal?: AbortSignal): Promise<Map<string, PubmedArticle>> {
    const unique = [...new Set(pmids)];
    const parsed = await Promise.all(
      chunk(unique, ESUMMARY_BATCH).map((ids) => this.http.text({ ...this.idRequest('/efetch.fcgi', ids, { retmode: 'xml', rettype: 'abstract' }, signal), expect: 'xml' }, parseEfetchXml)),
    );
    return new Map(parsed.flat().map((a) => [a.pmid, a]));
  }

  async search(term: string, options: { retmax?: number; sort?: 'relevance' | 'pub_date' } = {}, signal?: AbortSignal): Promise<SearchResult> {
    return this.http.json(
      {
        source: 'eutils',
        path: '/esearch.fcgi',
        query: { db: 'pubmed', term, retmode: 'json', retmax: options.retmax ?? 20, sort: options.sort ?? 'relevance' },
        ...(signal ? { signal } : {}),
      },
      parseEsearch,
    );
  }

  /** Number of PubMed records matching a query (co-mention counts). */
  async count(term: string, signal?: AbortSignal): Promise<number> {
    const found = await this.http.json({ source: 'eutils', path: '/esearch.fcgi', query: { db: 'pubmed', term, retmode: 'json', retmax: 0 }, ...(signal ? { signal } : {}) }, parseEsearch);
    return found.count;
  }

  private idRequest(path: string, ids: string[], params: Record<string, string>, signal?: AbortSignal) {
    const id = ids.join(',');
    const base = { source: 'eutils' as const, path, ...(signal ? { signal } : {}) };
    if (id.length > POST_ABOVE_CHARS) {
      return { ...base, method: 'POST' as const, form: { db: 'pubmed', ...params, id }, cache: true };
    }
    return { ...base, query: { db: 'pubmed', ...params, id } };
  }
}

// ---------------------------------------------------------------- pure parsers

const esummaryShape = shapeOf(
  'eutils',
  'PubMed answered esummary in a shape biointel does not read, so PMID existence was not checked; nothing is called hallucinated. Update biointel, or report the change.',
);

/**
 * Existence of each requested PMID. A uid with an `error` entry, or absent from both `uids` and the
 * result, does not exist. Anything else must be a readable docsum: a summary whose fields moved
 * (schema drift) is a source error (UpstreamError, failure "schema"), never "does not exist", so an
 * unreadable answer can never turn real PMIDs into hallucinated ones.
 */
export function parseEsummary(json: unknown, requested: readonly string[]): Map<string, PubmedSummary | null> {
  const body = esummaryShape.obj(json, 'the esummary answer');
  // A top-level error without a result says nothing about the ids: PubMed was not checked.
  if (typeof body.error === 'string' && body.result === undefined) {
    throw new UpstreamError({ source: 'eutils', failure: 'http', message: 'esummary answered with an error', upstreamMessage: body.error });
  }
  const result = esummaryShape.obj(esummaryShape.field(body, 'result'), 'result');
  const uids = new Set(esummaryShape.arr(esummaryShape.field(result, 'uids'), 'result.uids').map(String));
  const out = new Map<string, PubmedSummary | null>();
  for (const id of requested) {
    const entry = result[id];
    if (entry === undefined) {
      if (uids.has(id)) throw esummaryShape.error(`result.uids lists ${id} but the result has no entry for it`);
      out.set(id, null);
      continue;
    }
    const doc = esummaryShape.obj(entry, `the summary of ${id}`);
    if ('error' in doc) {
      out.set(id, null);
      continue;
    }
    if (typeof doc.title !== 'string') throw esummaryShape.error(`the summary of ${id} has no "title" string`);
    const articleIds = Array.isArray(doc.articleids) ? (doc.articleids as { idtype?: string; value?: string }[]) : [];
    out.set(id, {
      pmid: id,
      title: doc.title,
      journal: String(doc.fulljournalname || doc.source || ''),
      year: yearOf(String(doc.pubdate ?? doc.epubdate ?? '')),
      doi: articleIds.find((a) => a.idtype === 'doi')?.value,
      pubTypes: Array.isArray(doc.pubtype) ? (doc.pubtype as string[]) : [],
    });
  }
  return out;
}

export function parseEsearch(json: unknown): SearchResult {
  const r = (json as { esearchresult?: Record<string, unknown> })?.esearchresult;
  if (!r) throw new UpstreamError({ source: 'eutils', failure: 'schema', message: 'esearch answer has no esearchresult' });
  if (typeof r.ERROR === 'string') {
    throw new UpstreamError({ source: 'eutils', failure: 'http', message: 'esearch rejected the query', upstreamMessage: r.ERROR });
  }
  const errorlist = (r.errorlist ?? {}) as { phrasesnotfound?: unknown };
  const dropped = errorlist.phrasesnotfound ?? [];
  // What PubMed dropped decides what its count means (evidence/pubmed-dropped-words.ts): a list that
  // cannot be read is a shape error, never "nothing dropped".
  if (!Array.isArray(dropped) || !dropped.every((p) => typeof p === 'string')) {
    throw new UpstreamError({ source: 'eutils', failure: 'schema', message: 'esearch answer has an errorlist.phrasesnotfound that is not a list of strings' });
  }
  // A count or id list that cannot be read is no answer: read as 0 it would be "no article".
  const count = typeof r.count === 'number' || typeof r.count === 'string' ? Number(r.count) : Number.NaN;
  if (!Number.isInteger(count) || count < 0) throw new UpstreamError({ source: 'eutils', failure: 'schema', message: `esearch answer has no readable count (${JSON.stringify(r.count) ?? 'missing'})` });
  const ids = r.idlist ?? [];
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && /^\d+$/.test(id))) {
    throw new UpstreamError({ source: 'eutils', failure: 'schema', message: 'esearch answer has an idlist that is not a list of PMIDs' });
  }
  return {
    count,
    ids,
    queryTranslation: typeof r.querytranslation === 'string' ? r.querytranslation : undefined,
    phrasesNotFound: dropped,
  };
}

const RICH_TEXT = ['AbstractText', 'ArticleTitle', 'BookTitle', 'Title'];

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Keep inline markup (<i>, <sup>, ...) in order: these elements come back as raw inner XML.
  stopNodes: RICH_TEXT.flatMap((t) => [`*.${t}`]),
  processEntities: false,
  isArray: (name) => ['PubmedArticle', 'PubmedBookArticle', 'AbstractText', 'PublicationType', 'MeshHeading', 'ArticleId'].includes(name),
});

/**
 * Articles in a PubmedArticleSet, matched by their own PMID (efetch omits unknown ids). The answer
 * must be whole: fast-xml-parser closes whatever is left open at the end of the text, so a body cut
 * anywhere would read as fewer articles (missing ones as unknown PMIDs) or a shorter abstract.
 */
export function parseEfetchXml(text: string): PubmedArticle[] {
  const cut = cutOff(text);
  if (cut) throw new UpstreamError({ source: 'eutils', failure: 'parse', message: `efetch answer is cut off (${cut})`, retryable: true });
  let doc: Record<string, unknown>;
  try {
    doc = xml.parse(text) as Record<string, unknown>;
  } catch (cause) {
    throw new UpstreamError({ source: 'eutils', failure: 'parse', message: 'efetch answer is not valid XML', cause });
  }
  const set = doc.PubmedArticleSet as Record<string, unknown> | '' | undefined;
  if (set === undefined) {
    // NCBI answers some failures with HTTP 200 and <eFetchResult><ERROR>...: no finding about the ids.
    const said = textOf((doc.eFetchResult as Node | undefined)?.ERROR);
    if (said) throw new UpstreamError({ source: 'eutils', failure: 'http', message: 'efetch answered with an error', upstreamMessage: said, retryable: true });
    throw new UpstreamError({ source: 'eutils', failure: 'schema', message: 'efetch answer has no PubmedArticleSet' });
  }
  if (!set) return [];
  const articles = ((set.PubmedArticle as unknown[]) ?? []).map((a) => parseArticle(a as Node));
  const books = ((set.PubmedBookArticle as unknown[]) ?? []).map((b) => parseBook(b as Node));
  return [...articles, ...books].filter((a): a is PubmedArticle => a !== undefined);
}

type Node = Record<string, unknown>;

const ARTICLE_OPEN = /<(PubmedArticle|PubmedBookArticle)[\s>]/g;
const ARTICLE_CLOSE = /<\/(PubmedArticle|PubmedBookArticle)>/g;

/** Why an efetch document is not whole, or undefined when it is (or is no article set at all). */
function cutOff(text: string): string | undefined {
  if (!text.includes('<PubmedArticleSet')) return undefined; // not an article set: read below
  if (!/(<\/PubmedArticleSet>|<PubmedArticleSet\s*\/>)\s*$/.test(text)) return 'it does not end with </PubmedArticleSet>';
  // Element names cannot occur unescaped in text, so counting the tags is exact.
  const opened = text.match(ARTICLE_OPEN)?.length ?? 0;
  const closed = text.match(ARTICLE_CLOSE)?.length ?? 0;
  return opened === closed ? undefined : `${opened} articles opened, ${closed} closed`;
}

function parseArticle(node: Node): PubmedArticle | undefined {
  const citation = node.MedlineCitation as Node | undefined;
  const article = citation?.Article as Node | undefined;
  const pmid = textOf(citation?.PMID);
  if (!pmid || !article) return undefined;
  const journal = article.Journal as Node | undefined;
  const pubDate = ((journal?.JournalIssue as Node | undefined)?.PubDate ?? {}) as Node;
  const ids = (((node.PubmedData as Node | undefined)?.ArticleIdList as Node | undefined)?.ArticleId as Node[] | undefined) ?? [];
  const mesh = ((citation?.MeshHeadingList as Node | undefined)?.MeshHeading as Node[] | undefined) ?? [];
  return {
    pmid,
    title: richText(article.ArticleTitle),
    abstract: abstractOf(article.Abstract as Node | undefined),
    journal: richText(journal?.Title) || textOf(journal?.ISOAbbreviation),
    year: yearOf(textOf(pubDate.Year) || textOf(pubDate.MedlineDate)),
    doi: ids.find((i) => i['@IdType'] === 'doi')?.['#text'] as string | undefined,
    pubTypes: (((article.PublicationTypeList as Node | undefined)?.PublicationType as unknown[]) ?? []).map(textOf),
    meshTerms: mesh.map((m) => textOf(m.DescriptorName)).filter(Boolean),
    kind: 'article',
  };
}

function parseBook(node: Node): PubmedArticle | undefined {
  const doc = node.BookDocument as Node | undefined;
  const pmid = textOf(doc?.PMID);
  if (!pmid || !doc) return undefined;
  const book = (doc.Book ?? {}) as Node;
  const pubDate = (book.PubDate ?? {}) as Node;
  return {
    pmid,
    title: richText(doc.ArticleTitle) || richText(book.BookTitle),
    abstract: abstractOf(doc.Abstract as Node | undefined),
    journal: textOf((book.Publisher as Node | undefined)?.PublisherName),
    year: yearOf(textOf(pubDate.Year)),
    doi: undefined,
    pubTypes: ['Book'],
    meshTerms: [],
    kind: 'book',
  };
}

function abstractOf(abstract: Node | undefined): string {
  const parts = (abstract?.AbstractText as unknown[] | undefined) ?? [];
  return parts
    .map((p) => {
      const label = typeof p === 'object' && p ? (p as Node)['@Label'] : undefined;
      const body = richText(p);
      return label ? `${String(label)}: ${body}` : body;
    })
    .filter(Boolean)
    .join('\n');
}

/** Text of an element that may carry attributes ({#text, @attr}) or be a plain value. */
function textOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return textOf((v as Node)['#text']);
  return decodeEntities(String(v)).trim();
}

/** Inner XML of a stop node with its inline tags removed and entities decoded. */
function richText(v: unknown): string {
  const raw = typeof v === 'object' && v !== null ? String((v as Node)['#text'] ?? '') : String(v ?? '');
  const marked = raw.replace(/<sup[^>]*>([^<]*)<\/sup>/gi, '^$1'); // keep 10^3 from reading as 103
  return decodeEntities(marked.replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code === 0xa0 ? 0x20 : code) : m;
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}

function yearOf(date: string): number | undefined {
  const m = /\b(1[89]\d\d|20\d\d)\b/.exec(date);
  return m ? Number(m[1]) : undefined;
}
