// Low-level HTTP plumbing shared by the routes of server/http.ts: bounded body reading and the two
// error shapes (JSON-RPC errors on /mcp, `{ error: { code, message, hint } }` everywhere else).
import type { IncomingMessage, ServerResponse } from 'node:http';

/** DESIGN.md 2.2: request bodies over 1 MB get 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'aborted' };

/**
 * Reads the request body as UTF-8, never holding more than `maxBytes`. A declared Content-Length
 * over the limit is refused before anything is read; a chunked body is cut off as soon as it
 * passes the limit. Either way the caller answers 413 with `Connection: close`, so Node closes the
 * socket after the response instead of draining the rest of an oversized upload.
 */
export function readBody(req: IncomingMessage, maxBytes: number = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ ok: false, reason: 'too_large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: BodyResult): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('aborted', onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        req.pause();
        finish({ ok: false, reason: 'too_large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      const text = Buffer.concat(chunks).toString('utf8');
      // A UTF-8 byte-order mark is legal in a file but makes JSON.parse fail; editors add it.
      finish({ ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text });
    };
    const onAbort = (): void => finish({ ok: false, reason: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('aborted', onAbort);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export interface HttpErrorBody {
  error: { code: string; message: string; hint?: string };
}

/** Error body of the non-MCP endpoints. */
export function httpError(code: string, message: string, hint?: string): HttpErrorBody {
  return { error: { code, message, ...(hint === undefined ? {} : { hint }) } };
}

/** JSON-RPC error codes used at the HTTP layer (the SDK answers everything past it). */
export const JSONRPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  INTERNAL_ERROR: -32603,
  /** Implementation-defined server error: HTTP-level refusals (size, host, method, tier). */
  SERVER_ERROR: -32000,
} as const;

export interface JsonRpcErrorBody {
  jsonrpc: '2.0';
  id: null;
  error: { code: number; message: string; data?: Record<string, unknown> };
}

/** A JSON-RPC error not tied to a request id (the request could not be read or was refused). */
export function jsonRpcError(code: number, message: string, data?: Record<string, unknown>): JsonRpcErrorBody {
  return { jsonrpc: '2.0', id: null, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

/**
 * Replaces one request header in both views Node keeps (`headers` and `rawHeaders`): the SDK's
 * Node adapter (@hono/node-server) reads one or the other depending on the call.
 */
export function overrideRequestHeader(req: IncomingMessage, name: string, value: string): void {
  const lower = name.toLowerCase();
  req.headers[lower] = value;
  const raw = req.rawHeaders;
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key = raw[i] as string;
    if (key.toLowerCase() !== lower) kept.push(key, raw[i + 1] as string);
  }
  kept.push(lower, value);
  raw.splice(0, raw.length, ...kept);
}

/** Path of a request URL without its query string (queries may carry secrets; never logged). */
export function requestPath(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
