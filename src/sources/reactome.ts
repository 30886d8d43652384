// Reactome Content Service: the pathways a protein takes part in, pathway details, and pathway
// search by text. Enrichment does not come from here (the analysis runs offline on GMT files).
// `/data/mapping/UniProt/{acc}/pathways` lists the lowest-level pathways containing the
// protein; an identifier Reactome does not know (or in no pathway) is HTTP 404, reported as null.
// Only Reactome's own 404 counts: its ContentService answers errors with a JSON ErrorInfo
// (`{"code":404,"reason":"NOT_FOUND","messages":[...]}`, GlobalExceptionHandler in
// reactome/content-service); any other 404 (an nginx page during maintenance, plain text) is a
// failure, never "in no pathway", and is not cached. Search results carry highlighting HTML in their names,
// stripped here.
// @see https://reactome.org/ContentService/
import { isNotFoundStatus } from '../errors.js';
import type { Stored, UpstreamClient } from './http.js';
import { optNum, optStr, shapeOf, type Obj } from './shape.js';

const shape = shapeOf('reactome', 'Reactome changed its Content Service JSON (stId, displayName).');

export interface ReactomePathway {
  stId: string;
  dbId: number | null;
  name: string;
  species: string | null;
  inDisease: boolean | null;
  url: string;
}

export interface ReactomePathwayDetail extends ReactomePathway {
  /** First summation, as plain text. */
  summary: string | null;
}

export interface ReactomeSearchHit {
  stId: string;
  name: string;
  url: string;
}

export class Reactome {
  constructor(private readonly http: UpstreamClient) {}

  /** Lowest-level pathways of a UniProt accession in a species; null when Reactome does not know it. */
  async pathwaysForProtein(accession: string, species = 9606, signal?: AbortSignal): Promise<ReactomePathway[] | null> {
    try {
      const json = await this.http.json({
        source: 'reactome',
        path: `/data/mapping/UniProt/${encodeURIComponent(accession)}/pathways`,
        query: { species },
        notFound: isReactomeNotFound,
        ...(signal ? { signal } : {}),
      });
      return parseReactomePathways(json);
    } catch (err) {
      if (isNotFoundStatus(err)) return null;
      throw err;
    }
  }

  /** One pathway (or other event) by stable id; null when unknown. */
  async pathway(stId: string, signal?: AbortSignal): Promise<ReactomePathwayDetail | null> {
    try {
      const json = await this.http.json({ source: 'reactome', path: `/data/query/${encodeURIComponent(stId)}`, notFound: isReactomeNotFound, ...(signal ? { signal } : {}) });
      return parseReactomeQuery(json);
    } catch (err) {
      if (isNotFoundStatus(err)) return null;
      throw err;
    }
  }

  /** Pathways whose names match `text`; Reactome answers 404 when nothing matches. */
  async searchPathways(text: string, options: { species?: string; pageSize?: number } = {}, signal?: AbortSignal): Promise<ReactomeSearchHit[]> {
    try {
      const json = await this.http.json({
        source: 'reactome',
        path: '/search/query',
        query: { query: text, species: options.species ?? 'Homo sapiens', types: 'Pathway', cluster: true, pageSize: options.pageSize ?? 10 },
        notFound: isReactomeNotFound,
        ...(signal ? { signal } : {}),
      });
      return parseReactomeSearch(json);
    } catch (err) {
      if (isNotFoundStatus(err)) return [];
      throw err;
    }
  }
}

// ---------------------------------------------------------------- pure parsers

/**
 * A 404 in Reactome's own words: a JSON error document (its ErrorInfo, see the header). Any JSON
 * object counts, not only one with `code: 404`: a page, plain text or an empty body is what a
 * proxy or a server in maintenance answers, and those are the failures to tell apart.
 */
export function isReactomeNotFound(answer: Stored): boolean {
  try {
    const body = JSON.parse(answer.body) as unknown;
    return typeof body === 'object' && body !== null && !Array.isArray(body);
  } catch {
    return false;
  }
}

export function reactomeUrl(stId: string): string {
  return `https://reactome.org/content/detail/${stId}`;
}

export function parseReactomePathways(json: unknown): ReactomePathway[] {
  return shape.arr(json, 'mapping answer').map((p, i) => pathwayOf(shape.obj(p, `pathways[${i}]`), `pathways[${i}]`));
}

/** `/data/query/{stId}`: the event with `displayName`, `speciesName` and `summation[]`. */
export function parseReactomeQuery(json: unknown): ReactomePathwayDetail {
  const body = shape.obj(json, 'query answer');
  const summation = Array.isArray(body.summation) ? body.summation : [];
  const first = summation[0] as Obj | undefined;
  const text = first && typeof first === 'object' ? optStr(first.text) : null;
  return { ...pathwayOf(body, 'query answer'), summary: text ? htmlToText(text) : null };
}

/** `/search/query`: `results[].entries[]` with `stId` and a highlighted `name`. */
export function parseReactomeSearch(json: unknown): ReactomeSearchHit[] {
  const body = shape.obj(json, 'search answer');
  const groups = shape.arr(shape.field(body, 'results'), 'results');
  const hits: ReactomeSearchHit[] = [];
  groups.forEach((g, i) => {
    const entries = shape.arr(shape.field(shape.obj(g, `results[${i}]`), 'entries'), `results[${i}].entries`);
    entries.forEach((e, j) => {
      const entry = shape.obj(e, `results[${i}].entries[${j}]`);
      const stId = shape.str(entry.stId ?? entry.id, `results[${i}].entries[${j}].stId`);
      hits.push({ stId, name: htmlToText(shape.str(entry.name, `results[${i}].entries[${j}].name`)), url: reactomeUrl(stId) });
    });
  });
  return hits;
}

function pathwayOf(p: Obj, what: string): ReactomePathway {
  const stId = shape.str(p.stId, `${what}.stId`);
  return {
    stId,
    dbId: optNum(p.dbId),
    name: htmlToText(shape.str(p.displayName, `${what}.displayName`)),
    species: optStr(p.speciesName),
    inDisease: typeof p.isInDisease === 'boolean' ? p.isInDisease : null,
    url: reactomeUrl(stId),
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Reactome text is HTML: `<br>` becomes a line break, other tags go, entities are decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|[a-z]+);/gi, (m, e: string) => (e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : (ENTITIES[e.toLowerCase()] ?? m)))
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
