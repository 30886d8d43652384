// Enrichr gene-set libraries as GMT text. Only the library download is used: enrichment runs
// locally (src/analysis/enrichment.ts) so that statistics, universe and BH follow DESIGN.md 4
// instead of Enrichr's own scoring.
//
// An unknown library name is not reliably an HTTP error: depending on the deployment the answer
// is a 404, an empty 200 body or a small HTML/JSON page. Each of those becomes an UpstreamError
// naming the library, never an empty library that would silently report "nothing enriched".
// Large bodies bypass the keyv response cache (cache: false): the gene-set service keeps the
// downloaded file on disk instead (src/genesets/).
// @see https://maayanlab.cloud/Enrichr/help#api
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

/** Accepts the body only when it looks like GMT: some line with a name, a description column and genes. */
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
  if (!hasGmtLine(body)) {
    throw new UpstreamError({
      source: 'enrichr',
      failure: 'parse',
      message: `library ${library}: response is not GMT text (no tab-separated gene set found)`,
      upstreamMessage: upstreamMessage(head, contentType),
      hint: unknown,
    });
  }
}

function hasGmtLine(body: string): boolean {
  // Scanning the first lines is enough: a real library has a gene set on its first line.
  let start = 0;
  for (let seen = 0; seen < 20 && start < body.length; seen++) {
    const end = body.indexOf('\n', start);
    const line = body.slice(start, end === -1 ? body.length : end);
    const fields = line.split('\t');
    if ((fields[0] ?? '').trim() !== '' && fields.slice(2).some((g) => g.trim() !== '')) return true;
    if (end === -1) break;
    start = end + 1;
  }
  return false;
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
