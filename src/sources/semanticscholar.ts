// Semantic Scholar Graph API: citation and influential-citation counts for PubMed articles,
// looked up in batches by PMID (`POST /graph/v1/paper/batch`, at most 500 ids a request).
// Quirks:
// - The answer is an array aligned with the request; an id S2 does not know is `null` in place.
// - S2 merges papers: the record answered for PMID:x can carry another `externalIds.PubMed`
//   (s2-folks #157, #183). Its counts belong to the other article, so it is treated as not found.
// - The batch answer has been reported shorter than the request (an id dropped with no null
//   placeholder). Positions then no longer line up, so records are matched by their PubMed id.
// - The unauthenticated pool is shared and often answers 429. One retry (honouring Retry-After):
//   citation counts are context, and three backed-off retries would hold a whole analysis up.
// @see https://api.semanticscholar.org/api-docs/graph#tag/Paper-Data/operation/post_graph_get_papers
import { chunk, uniqueIds } from './batch.js';
import type { UpstreamClient } from './http.js';
import { optNum, optStr, shapeOf, type Obj } from './shape.js';

const SOURCE = 'semanticscholar';
/** Documented maximum of ids per batch request. */
export const S2_BATCH_SIZE = 500;
export const S2_PAPER_FIELDS = 'paperId,externalIds,title,venue,year,citationCount,influentialCitationCount';

const shape = shapeOf(SOURCE, 'Semantic Scholar changed its paper batch answer (array of papers or null, aligned with the ids sent).');

export interface S2Paper {
  /** The PMID that was asked for. */
  pmid: string;
  paperId: string;
  title: string | null;
  venue: string | null;
  year: number | null;
  citationCount: number | null;
  influentialCitationCount: number | null;
}

export class SemanticScholar {
  constructor(private readonly http: UpstreamClient) {}

  /**
   * Papers by PMID, keyed by the PMIDs asked for (trimmed, first occurrence kept, input order).
   * Unknown, merged-away and malformed PMIDs (not all digits, never sent) map to null.
   */
  async papers(pmids: readonly string[], signal?: AbortSignal): Promise<Map<string, S2Paper | null>> {
    const requested = uniqueIds(pmids);
    const valid = requested.filter(isPmid);
    const found = new Map<string, S2Paper | null>();
    const parts = await Promise.all(chunk(valid, S2_BATCH_SIZE).map((batch) => this.batch(batch, signal)));
    for (const part of parts) for (const [pmid, paper] of part) found.set(pmid, paper);
    return new Map(requested.map((pmid) => [pmid, found.get(pmid) ?? null]));
  }

  private async batch(pmids: readonly string[], signal?: AbortSignal): Promise<Map<string, S2Paper | null>> {
    // The parser runs inside the request, so an answer it rejects is never cached.
    return this.http.json({
      source: SOURCE,
      path: '/graph/v1/paper/batch',
      method: 'POST',
      query: { fields: S2_PAPER_FIELDS },
      json: { ids: pmids.map((p) => `PMID:${p}`) },
      // A read-only POST: cache it like a GET.
      cache: true,
      maxRetries: 1,
      ...(signal ? { signal } : {}),
    }, (json) => parseS2PaperBatch(json, pmids));
  }
}

function isPmid(p: string): boolean {
  return /^\d+$/.test(p);
}

// ---------------------------------------------------------------- pure parsers

/** Reads a batch answer for `requested` (the PMIDs sent, in order), keyed by those PMIDs. */
export function parseS2PaperBatch(json: unknown, requested: readonly string[]): Map<string, S2Paper | null> {
  const records = shape.arr(json, 'paper batch answer').map((r, i) => (r === null ? null : shape.obj(r, `papers[${i}]`)));
  // One entry per id sent (null when unknown): an empty list for ids sent cannot be read as "none known".
  if (records.length === 0 && requested.length > 0) throw shape.error(`paper batch answer is empty for ${requested.length} id(s) sent`);
  if (records.length === requested.length) {
    return new Map(requested.map((pmid, i) => [pmid, toPaper(records[i] ?? null, pmid)]));
  }
  // Misaligned answer: only a record naming its PubMed id can be attributed.
  const byPmid = new Map<string, Obj>();
  for (const r of records) {
    const pubmed = r ? pubmedIdOf(r) : null;
    if (r && pubmed && !byPmid.has(pubmed)) byPmid.set(pubmed, r);
  }
  return new Map(requested.map((pmid) => [pmid, toPaper(byPmid.get(samePmid(pmid)) ?? null, pmid)]));
}

function toPaper(r: Obj | null, pmid: string): S2Paper | null {
  if (!r) return null;
  const pubmed = pubmedIdOf(r);
  // A merged record describes another article: its counts must not be reported for this PMID.
  if (pubmed !== null && pubmed !== samePmid(pmid)) return null;
  return {
    pmid,
    paperId: shape.str(r.paperId, 'paper.paperId'),
    title: optStr(r.title),
    venue: optStr(r.venue),
    year: optNum(r.year),
    citationCount: optNum(r.citationCount),
    influentialCitationCount: optNum(r.influentialCitationCount),
  };
}

/** `externalIds.PubMed` normalised (a string in every recording; numbers tolerated), or null. */
function pubmedIdOf(r: Obj): string | null {
  const ids = r.externalIds;
  if (!ids || typeof ids !== 'object' || Array.isArray(ids)) return null;
  const v = (ids as Obj).PubMed;
  return typeof v === 'string' || typeof v === 'number' ? samePmid(String(v)) : null;
}

/** PMIDs compare without leading zeros ("0123" and "123" name one article). */
function samePmid(p: string): string {
  return p.trim().replace(/^0+(?=\d)/, '');
}
