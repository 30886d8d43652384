// bioRxiv / medRxiv API: metadata of one preprint by DOI (title, authors, latest version, licence,
// and the journal DOI once it is published). Used to describe preprints cited as evidence.
// Quirks: the two servers share the 10.1101 prefix (bioRxiv moved to 10.64898 in 2026), so a DOI
// does not say which server holds it: we ask bioRxiv, then medRxiv. Everything comes back HTTP 200:
// an unknown DOI is `messages[0].status: "no posts found"`, an error is another status (e.g.
// "Server not recognized"), reported top-level in some answers. `collection` holds one record per
// version, versions as strings. `published` is "NA" until a journal version exists. There is no
// search endpoint (use Europe PMC SRC:PPR for that).
// @see https://api.biorxiv.org/
import { InvalidInputError, UpstreamError } from '../errors.js';
import type { UpstreamClient } from './http.js';
import { numeric, optStr, shapeOf, type Obj } from './shape.js';

const shape = shapeOf('biorxiv', 'The bioRxiv API changed its details answer (messages[].status, collection[] of versions).');

export type PreprintServer = 'biorxiv' | 'medrxiv';
const SERVERS: readonly PreprintServer[] = ['biorxiv', 'medrxiv'];
const SITE: Record<PreprintServer, string> = { biorxiv: 'https://www.biorxiv.org', medrxiv: 'https://www.medrxiv.org' };

export interface Preprint {
  /** Without version suffix, as the API gives it. */
  doi: string;
  title: string;
  /** As given: "Last, F.; Last2, G." */
  authors: string;
  /** Posting date of this (the latest) version, YYYY-MM-DD. */
  date: string;
  /** Highest version number in the answer. */
  version: number;
  /** "new results", "confirmatory results", medRxiv "PUBLISHAHEADOFPRINT"...; null when absent. */
  type: string | null;
  /** cc_by, cc_by_nc_nd, cc_no...; null when absent. */
  license: string | null;
  category: string | null;
  /** Which server holds it (the one that answered). */
  server: PreprintServer;
  /** DOI of the journal version; null while unpublished ("NA"). */
  publishedDoi: string | null;
  abstract: string | null;
  /** Landing page of this version, e.g. https://www.biorxiv.org/content/10.1101/…v2 */
  url: string;
}

export class BioRxiv {
  constructor(private readonly http: UpstreamClient) {}

  /** The latest version of the preprint `doi` on bioRxiv, else medRxiv; null when neither has it. */
  async details(doi: string, signal?: AbortSignal): Promise<Preprint | null> {
    const bare = normalisePreprintDoi(doi);
    for (const server of SERVERS) {
      const json = await this.http.json({
        source: 'biorxiv',
        // The DOI's own slash stays a path separator: the API expects /details/{server}/10.1101/…/na/json.
        path: `/details/${server}/${bare.split('/').map(encodeURIComponent).join('/')}/na/json`,
        ...(signal ? { signal } : {}),
      });
      const preprint = parseBioRxivDetails(json, server);
      if (preprint) return preprint;
    }
    return null;
  }
}

// ---------------------------------------------------------------- pure parsers

/** Accepts "10.1101/…", "doi:10.1101/…", "https://doi.org/10.1101/…" and a trailing "v2"; returns the bare DOI. */
export function normalisePreprintDoi(input: string): string {
  const doi = input
    .trim()
    .replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '')
    .replace(/(\d)v\d+$/, '$1');
  if (!/^10\.\d{4,9}\/\S+$/.test(doi)) throw new InvalidInputError('doi', `not a DOI: ${input}`, 'Give a preprint DOI such as 10.1101/2020.03.22.002386.');
  return doi;
}

/**
 * The latest version in a `/details/{server}/{doi}/na/json` answer; null for "no posts found".
 * Any other status in the answer is an UpstreamError (the API never uses HTTP errors for it).
 */
export function parseBioRxivDetails(json: unknown, server: PreprintServer): Preprint | null {
  const root = shape.obj(json, 'details answer');
  const status = statusOf(root);
  if (status.toLowerCase() === 'no posts found') return null;
  if (status.toLowerCase() !== 'ok') {
    throw new UpstreamError({ source: 'biorxiv', failure: 'http', message: `${server} API reported an error`, upstreamMessage: status });
  }
  const records = shape.arr(shape.field(root, 'collection'), 'collection').map((r, i) => shape.obj(r, `collection[${i}]`));
  if (records.length === 0) return null;
  let latest = { record: records[0] as Obj, version: -Infinity };
  for (const [i, record] of records.entries()) {
    const version = numeric(record.version);
    if (version === null) throw shape.error(`collection[${i}].version is not a number`);
    if (version > latest.version) latest = { record, version };
  }
  return toPreprint(latest.record, latest.version, server);
}

function statusOf(root: Obj): string {
  if (Array.isArray(root.messages)) {
    const first = shape.obj(root.messages[0], 'messages[0]');
    return shape.str(first.status, 'messages[0].status');
  }
  // Some errors come without the messages wrapper: {"status":"Server not recognized"}.
  if (typeof root.status === 'string' && root.status) return root.status;
  throw shape.error('neither messages[0].status nor status is present');
}

function toPreprint(r: Obj, version: number, server: PreprintServer): Preprint {
  const doi = shape.str(r.doi, 'record.doi');
  if (typeof r.authors !== 'string') throw shape.error('record.authors is not a string');
  const published = optStr(r.published);
  return {
    doi,
    title: shape.str(r.title, 'record.title'),
    authors: r.authors,
    date: shape.str(r.date, 'record.date'),
    version,
    type: optStr(r.type),
    license: optStr(r.license),
    category: optStr(r.category),
    server,
    publishedDoi: published && published.toUpperCase() !== 'NA' ? published : null,
    abstract: optStr(r.abstract),
    url: `${SITE[server]}/content/${doi}v${version}`,
  };
}
