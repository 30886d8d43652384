// NIH iCite (Office of Portfolio Analysis): article-level citation metrics for PubMed ids, the
// Relative Citation Ratio (RCR, field- and year-normalised, median NIH-funded paper = 1.0), its
// NIH percentile, the Approximate Potential to Translate (APT), the human/animal/molecular
// MeSH shares and how many clinical articles cite a paper.
// Quirks:
// - `GET /api/pubs?pmids=` answers `{meta, links, data: [...]}` (HTTP 200); a PMID iCite does not
//   know is simply absent from `data`, and `data` is in iCite's order, so records are matched by pmid.
// - Two answer generations exist: up to 2024 flags were "Yes"/"No" strings; the current answer
//   uses booleans and adds `_id`, author objects, `citedByPmidsByYear`, `citedByClinicalArticle`.
//   Both are read.
// - RCR and percentile are null for papers too recent to be field-normalised; recent ones that do
//   have an RCR carry `provisional` (it may still move).
// - The current documentation allows 200 PMIDs per request (the page used to say 1000): we send
//   batches of 200.
// - We pass `fl` (ICITE_FIELDS) so iCite returns only what we read: without it each record carries
//   its whole `cited_by` and `references` PMID lists.
// @see https://icite.od.nih.gov/api
// @see https://support.icite.nih.gov/hc/en-us/articles/9513563045787-Bulk-Data-and-API
import { chunk, uniqueIds } from './batch.js';
import type { UpstreamClient } from './http.js';
import { optNum, optStr, shapeOf, type Obj } from './shape.js';

const SOURCE = 'icite';
/** PMIDs per request (current documented maximum). */
export const ICITE_BATCH_SIZE = 200;
/** The `fl` field list sent with every request (legacy field names, the API default). */
export const ICITE_FIELDS = [
  'pmid',
  'year',
  'title',
  'journal',
  'is_research_article',
  'relative_citation_ratio',
  'nih_percentile',
  'human',
  'animal',
  'molecular_cellular',
  'apt',
  'is_clinical',
  'citation_count',
  'citations_per_year',
  'provisional',
  'cited_by_clin',
].join(',');

const shape = shapeOf(SOURCE, 'iCite changed its /api/pubs answer ({data: [{pmid, ...}]}).');

export interface ICitePub {
  pmid: string;
  year: number | null;
  title: string | null;
  /** ISO abbreviation, e.g. "PLoS Biol". */
  journal: string | null;
  citationCount: number | null;
  citationsPerYear: number | null;
  /** Null for papers too recent to have one. */
  relativeCitationRatio: number | null;
  /** Percentile of the RCR among NIH-funded papers, 0-100. */
  nihPercentile: number | null;
  /** True when the RCR is provisional (recent paper); null when iCite does not say. */
  provisional: boolean | null;
  isResearchArticle: boolean | null;
  isClinical: boolean | null;
  /** APT: estimated probability (0.05-0.95) of later citation by clinical trials or guidelines. */
  approximatePotentialToTranslate: number | null;
  /** Fractions of the paper's MeSH terms in each category, 0-1. */
  human: number | null;
  animal: number | null;
  molecularCellular: number | null;
  /** Number of clinical articles citing this one (`cited_by_clin`); null when iCite sends none. */
  citedByClinical: number | null;
}

export class ICite {
  constructor(private readonly http: UpstreamClient) {}

  /**
   * Metrics by PMID, keyed by the PMIDs asked for (trimmed, first occurrence kept, input order).
   * PMIDs iCite does not know, and malformed ones (not all digits, never sent), map to null.
   */
  async pubs(pmids: readonly string[], signal?: AbortSignal): Promise<Map<string, ICitePub | null>> {
    const requested = uniqueIds(pmids);
    const valid = requested.filter((p) => /^\d+$/.test(p));
    const found = new Map<string, ICitePub | null>();
    const parts = await Promise.all(chunk(valid, ICITE_BATCH_SIZE).map((batch) => this.batch(batch, signal)));
    for (const part of parts) for (const [pmid, pub] of part) found.set(pmid, pub);
    return new Map(requested.map((pmid) => [pmid, found.get(pmid) ?? null]));
  }

  private async batch(pmids: readonly string[], signal?: AbortSignal): Promise<Map<string, ICitePub | null>> {
    const json = await this.http.json({
      source: SOURCE,
      path: '/api/pubs',
      query: { pmids: pmids.join(','), fl: ICITE_FIELDS },
      ...(signal ? { signal } : {}),
    });
    return parseICitePubs(json, pmids);
  }
}

// ---------------------------------------------------------------- pure parsers

/** Reads an /api/pubs answer, keyed by `requested`; PMIDs absent from `data` map to null. */
export function parseICitePubs(json: unknown, requested: readonly string[]): Map<string, ICitePub | null> {
  const data = shape.arr(shape.field(shape.obj(json, 'pubs answer'), 'data'), 'data');
  const found = new Map<string, ICitePub>();
  data.forEach((raw, i) => {
    const pub = parsePub(shape.obj(raw, `data[${i}]`), i);
    if (!found.has(pub.pmid)) found.set(pub.pmid, pub);
  });
  return new Map(requested.map((pmid) => [pmid, found.get(samePmid(pmid)) ?? null]));
}

function parsePub(r: Obj, i: number): ICitePub {
  return {
    pmid: pmidOf(r.pmid, i),
    year: optNum(r.year),
    title: optStr(r.title),
    journal: optStr(r.journal),
    citationCount: optNum(r.citation_count),
    citationsPerYear: optNum(r.citations_per_year),
    relativeCitationRatio: optNum(r.relative_citation_ratio),
    nihPercentile: optNum(r.nih_percentile),
    provisional: flag(r.provisional),
    isResearchArticle: flag(r.is_research_article),
    isClinical: flag(r.is_clinical),
    approximatePotentialToTranslate: optNum(r.apt),
    human: optNum(r.human),
    animal: optNum(r.animal),
    molecularCellular: optNum(r.molecular_cellular),
    citedByClinical: Array.isArray(r.cited_by_clin) ? r.cited_by_clin.length : null,
  };
}

/** The record's PMID (a number in every recording): without one it cannot be matched. */
function pmidOf(v: unknown, i: number): string {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return String(v);
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return samePmid(v);
  throw shape.error(`data[${i}].pmid is not a PubMed id`);
}

/** Booleans in the current answer, "Yes"/"No" in the older one. */
function flag(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v !== 'string') return null;
  const s = v.trim().toLowerCase();
  return s === 'yes' ? true : s === 'no' ? false : null;
}

/** PMIDs compare without leading zeros ("0123" and "123" name one article). */
function samePmid(p: string): string {
  return p.trim().replace(/^0+(?=\d)/, '');
}
