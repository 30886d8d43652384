// Enrichr gene-set libraries as GMT text. Only the library download is used: enrichment runs
// locally (src/analysis/enrichment.ts) so that statistics, universe and BH follow DESIGN.md 4
// instead of Enrichr's own scoring.
//
// An unknown library name is not reliably an HTTP error: depending on the deployment the answer
// is a 404, an empty 200 body or a small HTML/JSON page; a busy server has answered 200 with an
// error text in GMT-like columns. Each of those becomes an UpstreamError naming the library, never
// a library (empty or one-set) that would report "nothing enriched" and be saved for every later
// run. A connection dropped mid-body fails in the HTTP client (the body is shorter than announced);
// a refresh that loses sets is refused by the gene-set service (src/genesets/service.ts).
// Large bodies bypass the keyv response cache (cache: false): the gene-set service keeps the
// downloaded file on disk instead (src/genesets/).
// @see https://maayanlab.cloud/Enrichr/help#api
import { cleanGeneToken } from '../analysis/gmt.js';
import { InvalidInputError, UpstreamError } from '../errors.js';
import { buildUrl, type UpstreamClient } from './http.js';
import { resolveSource } from './registry.js';
import { upstreamMessage } from './upstream-message.js';

/** Enrichr names are letters, digits, `_`, `-`, `+`, `.` (e.g. `COVID-19_Related_Gene_Sets`). The
 * name becomes a file name in the library cache, so anything path-like is refused here. */
const LIBRARY_NAME = /^[A-Za-z0-9][A-Za-z0-9_+.-]{0,127}$/;

export function isEnrichrLibraryName(name: string): boolean {
  return LIBRARY_NAME.test(name) && !name.includes('..');
}

export interface EnrichrLibraryText {
  library: string;
  /** The URL actually requested (base-URL overrides included), recorded as provenance. */
  url: string;
  text: string;
}

export class Enrichr {
  constructor(private readonly http: UpstreamClient) {}

  libraryUrl(library: string): string {
    const base = resolveSource('enrichr', this.http.config).baseUrl;
    return buildUrl(base, '/geneSetLibrary', { mode: 'text', libraryName: library });
  }

  /** Downloads one library; throws UpstreamError naming the library when the answer is not GMT. */
  async geneSetLibrary(library: string, signal?: AbortSignal): Promise<EnrichrLibraryText> {
    if (!isEnrichrLibraryName(library)) {
      throw new InvalidInputError('libraries', `"${library}" is not a valid Enrichr library name (letters, digits, _ - + .)`);
    }
    let stored: { contentType: string; body: string };
    try {
      stored = await this.http.request({
        source: 'enrichr',
        path: '/geneSetLibrary',
        query: { mode: 'text', libraryName: library },
        expect: 'text',
        cache: false,
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      throw err instanceof UpstreamError ? nameLibrary(err, library) : err;
    }
    checkGmtBody(library, stored.body, stored.contentType);
    return { library, url: this.libraryUrl(library), text: stored.body };
  }
}

/**
 * Accepts the body only when it is GMT: every line a gene set (a name, a description column, gene
 * symbols) and at least one set. Enrichr has answered HTTP 200 with an error text in three
 * tab-separated fields (`error<TAB>Service temporarily unavailable<TAB>please retry later`): read as
 * GMT that is one set holding the "gene" `please retry later`, which would be saved and used as the
 * library from then on. A final line break is not required: no raw Enrichr answer is recorded to
 * show that it always ends with one, and refusing every download on that guess would cost the
 * enrichment of every run.
 */
export function checkGmtBody(library: string, body: string, contentType = ''): void {
  const unknown = `Check the name against https://maayanlab.cloud/Enrichr/#libraries (names are case-sensitive).`;
  if (body.trim() === '') {
    throw new UpstreamError({ source: 'enrichr', failure: 'parse', message: `library ${library}: empty response (unknown library name?)`, hint: unknown });
  }
  const head = body.slice(0, 2048);
  if (contentType.toLowerCase().includes('text/html') || /^\s*<(!doctype html|html|head|body)/i.test(head)) {
    throw new UpstreamError({
      source: 'enrichr',
      failure: 'content-type',
      message: `library ${library}: expected GMT text but received an HTML page`,
      upstreamMessage: upstreamMessage(head, 'text/html'),
      hint: unknown,
    });
  }
  const notGmt = (why: string, sample: string) =>
    new UpstreamError({
      source: 'enrichr',
      failure: 'parse',
      message: `library ${library}: response is not GMT text (${why})`,
      upstreamMessage: upstreamMessage(sample, contentType),
      hint: unknown,
    });
  const lines = body.split('\n');
  let sets = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, '');
    const kind = gmtLine(line);
    if (kind === 'set') sets++;
    else if (kind === 'text') throw notGmt(`line ${i + 1} holds text with spaces where gene symbols belong`, line.slice(0, 2048));
  }
  if (sets === 0) {
    throw notGmt('no tab-separated gene set found', head);
  }
}

/**
 * One GMT line: 'set' (a name and at least one gene symbol), 'empty' (blank, or a set without genes,
 * which the GMT parser skips with a warning) or 'text' (a field where a gene symbol belongs holds
 * words: a message, not a gene set). Symbols never contain whitespace; a `,weight` suffix of
 * Enrichr's fuzzy libraries is removed first.
 */
function gmtLine(line: string): 'set' | 'empty' | 'text' {
  if (line.trim() === '') return 'empty';
  const fields = line.split('\t');
  const genes = fields.slice(2).map(cleanGeneToken).filter((g) => g !== '');
  if (genes.some((g) => /\s/.test(g))) return 'text';
  return (fields[0] ?? '').trim() !== '' && genes.length ? 'set' : 'empty';
}

/** The shared client's error names the source and status; add which library it was about. */
function nameLibrary(err: UpstreamError, library: string): UpstreamError {
  const prefix = /^enrichr(?: \(HTTP \d+\))?: /;
  let message = err.message.replace(prefix, '');
  if (err.upstreamMessage && message.endsWith(`: ${err.upstreamMessage}`)) {
    message = message.slice(0, -(err.upstreamMessage.length + 2));
  }
  const notFound = err.failure === 'http' && err.status === 404;
  return new UpstreamError({
    source: 'enrichr',
    failure: err.failure,
    ...(err.status === undefined ? {} : { status: err.status }),
    message: notFound ? `library ${library}: not found (unknown library name?)` : `library ${library}: ${message}`,
    ...(err.upstreamMessage ? { upstreamMessage: err.upstreamMessage } : {}),
    retryable: err.retryable,
    ...(notFound ? { hint: 'Check the name against https://maayanlab.cloud/Enrichr/#libraries (names are case-sensitive).' } : err.hint ? { hint: err.hint } : {}),
    cause: err,
  });
}
