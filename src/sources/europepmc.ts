// Europe PMC search: literature (including preprints) and fast hit counts for co-mention
// queries. No published rate limit; the registry keeps us polite (5/s).
// @see https://europepmc.org/RestfulWebService#!/Europe32PMC32Articles32RESTful32API/search
import type { UpstreamClient } from './http.js';
import { optStr, shapeOf } from './shape.js';

const { field, obj, arr, num, str } = shapeOf('europepmc', 'The Europe PMC answer format may have changed; run `npm run test:live` to check for drift.');

export interface EuropePmcRecord {
  /** MED records: the PMID; PMC-only: the PMCID; preprints: PPR ids. */
  id: string;
  source: string;
  pmid: string | null;
  pmcid: string | null;
  doi: string | null;
  title: string;
  year: number | null;
  journal: string | null;
  preprint: boolean;
  citedBy: number | null;
}

export interface EuropePmcSearch {
  hitCount: number;
  records: EuropePmcRecord[];
}

export class EuropePmc {
  constructor(private readonly http: UpstreamClient) {}

  /** Lite search (no abstracts: small answers); `pageSize` 1..1000. */
  async search(query: string, options: { pageSize?: number; sort?: string } = {}, signal?: AbortSignal): Promise<EuropePmcSearch> {
    return this.http.json(
      {
        source: 'europepmc',
        path: '/search',
        query: { query, format: 'json', resultType: 'lite', pageSize: options.pageSize ?? 25, sort: options.sort, cursorMark: '*' },
        ...(signal ? { signal } : {}),
      },
      parseEuropePmcSearch,
    );
  }
}

export function parseEuropePmcSearch(json: unknown): EuropePmcSearch {
  const body = obj(json, 'answer');
  const hitCount = num(field(body, 'hitCount'), 'hitCount');
  const list = obj(field(body, 'resultList'), 'resultList');
  const results = arr(field(list, 'result'), 'resultList.result');
  return { hitCount, records: results.map((r, i) => parseRecord(obj(r, `result[${i}]`))) };
}

function parseRecord(r: Record<string, unknown>): EuropePmcRecord {
  const source = str(field(r, 'source'), 'source');
  const pubType = optStr(r.pubType) ?? '';
  const year = Number.parseInt(String(r.pubYear ?? ''), 10);
  return {
    id: str(field(r, 'id'), 'id'),
    source,
    pmid: optStr(r.pmid),
    pmcid: optStr(r.pmcid),
    doi: optStr(r.doi),
    title: optStr(r.title) ?? '',
    year: Number.isFinite(year) ? year : null,
    journal: optStr(r.journalTitle) ?? optStr((r.journalInfo as { journal?: { title?: string } } | undefined)?.journal?.title),
    preprint: source === 'PPR' || /preprint/i.test(pubType),
    citedBy: typeof r.citedByCount === 'number' ? r.citedByCount : null,
  };
}
