// GET /widget.js: the embeddable widget (src/widget, bundled by tsup into dist/widget.js). Read once
// and kept in memory with its ETag; pages load it with a plain <script src>, so it is served to any
// page (a script tag sends no Origin); what it may call is decided by the Origin check on /mcp.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpError, sendJson } from './http-io.js';

export const WIDGET_PATH = '/widget.js';

// Next to the server code in dist/ (the package), or dist/ of the repository (tests run src/).
const CANDIDATES = [new URL('./widget.js', import.meta.url), new URL('../../dist/widget.js', import.meta.url)];

let loaded: { body: Buffer; etag: string } | null | undefined;

function load(): { body: Buffer; etag: string } | null {
  if (loaded !== undefined) return loaded;
  for (const url of CANDIDATES) {
    try {
      const body = readFileSync(url);
      loaded = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` };
      return loaded;
    } catch {
      // try the next place
    }
  }
  // Not cached: a build made while the server runs is picked up by the next request.
  return null;
}

export function serveWidget(req: IncomingMessage, res: ServerResponse): void {
  const widget = load();
  if (!widget) {
    sendJson(res, 503, httpError('widget_missing', 'The widget is not built', 'Build it with `npm run build` (tsup writes dist/widget.js).'));
    return;
  }
  const headers = {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'public, max-age=300',
    ETag: widget.etag,
    'X-Content-Type-Options': 'nosniff',
    // Pages with Cross-Origin-Embedder-Policy may load it from another origin.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  if (req.headers['if-none-match'] === widget.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(widget.body.length) });
  res.end(req.method === 'HEAD' ? undefined : widget.body);
}
