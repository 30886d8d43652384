// POST /mcp: MCP streamable HTTP through the official SDK transport, stateless (a fresh McpServer
// and transport per request), plus the plain JSON form of DESIGN.md 2.2.
//
// Accept handling. The SDK transport refuses (406) any POST whose Accept lacks either
// application/json or text/event-stream. We decide the answer format here instead:
// - a JSON-RPC request whose Accept lists text/event-stream gets what the SDK gives MCP clients:
//   an SSE stream (so progress notifications arrive while a long tool runs);
// - everything else (Accept missing, */*, application/json only, or the plain form whatever its
//   Accept says) gets one application/json response (`enableJsonResponse`); progress
//   notifications are then dropped, which is what a caller that cannot read SSE wants.
// The Accept header handed to the transport is rewritten to satisfy its check, and Content-Type
// likewise: the body was already parsed here, so `curl -d '{...}'` (form-urlencoded) works too.
// Cross-site abuse of that leniency is stopped by the Origin check in http.ts.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Tier } from '../config.js';
import type { AppContext } from '../context.js';
import { BiointelError, QuotaError, errorMessage } from '../errors.js';
import { redact } from '../log.js';
import type { AnyTool } from '../tools/define.js';
import {
  JSONRPC,
  MAX_BODY_BYTES,
  jsonRpcError,
  overrideRequestHeader,
  readBody,
  sendJson,
} from './http-io.js';
import { createMcpServer } from './mcp.js';

/** Decides the caller's tier from the request (the API-key store plugs in here). */
export type TierResolver = (req: IncomingMessage) => Tier | Promise<Tier>;

/** Until API keys exist every HTTP caller is anonymous, and anonymous means free (DESIGN.md 2.3). */
export const anonymousTier: TierResolver = () => 'free';

export interface McpPostOptions {
  resolveTier: TierResolver;
  tools?: readonly AnyTool[];
  maxBodyBytes?: number;
}

export interface NormalizedBody {
  body: unknown;
  /** At least one message came in the plain form. */
  plain: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Turns plain-form messages (`{"method": ..., "params": ...}` without `jsonrpc`) into JSON-RPC
 * 2.0 requests with a generated id, so that the SDK answers them. Returns an error text when a
 * message is neither form.
 */
export function normalizeMcpBody(parsed: unknown): NormalizedBody | { error: string } {
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  let plain = false;
  const out: unknown[] = [];
  for (const m of messages) {
    if (!isRecord(m)) return { error: 'each message must be a JSON object' };
    if ('jsonrpc' in m) {
      out.push(m); // JSON-RPC as sent: the SDK validates it
      continue;
    }
    if (typeof m.method !== 'string' || m.method === '') {
      return { error: 'expected a JSON-RPC 2.0 message, or the plain form {"method": "tools/call", "params": {...}}' };
    }
    plain = true;
    const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : randomUUID();
    out.push({ jsonrpc: '2.0', id, method: m.method, ...(m.params === undefined ? {} : { params: m.params }) });
  }
  return { body: Array.isArray(parsed) ? out : out[0], plain };
}

function acceptsEventStream(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept);
}

export async function handleMcpPost(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  options: McpPostOptions,
): Promise<void> {
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const read = await readBody(req, limit);
  if (!read.ok) {
    if (read.reason === 'too_large') {
      sendJson(
        res,
        413,
        jsonRpcError(JSONRPC.SERVER_ERROR, `Request body too large: the limit is ${limit} bytes (1 MB)`),
        { Connection: 'close' },
      );
    }
    return; // aborted: nobody is listening
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.text);
  } catch (err) {
    sendJson(res, 400, jsonRpcError(JSONRPC.PARSE_ERROR, 'Parse error', { detail: `body is not valid JSON: ${errorMessage(err)}` }));
    return;
  }
  const normalized = normalizeMcpBody(parsed);
  if ('error' in normalized) {
    sendJson(res, 400, jsonRpcError(JSONRPC.INVALID_REQUEST, `Invalid Request: ${normalized.error}`));
    return;
  }

  let tier: Tier;
  try {
    tier = await options.resolveTier(req);
  } catch (err) {
    refuseCaller(ctx, req, res, err);
    return;
  }

  const sse = !normalized.plain && acceptsEventStream(req.headers.accept);
  overrideRequestHeader(req, 'accept', 'application/json, text/event-stream');
  overrideRequestHeader(req, 'content-type', 'application/json');

  const server = createMcpServer(ctx, { tier, ...(options.tools ? { tools: options.tools } : {}) });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !sse });
  transport.onerror = (err) => ctx.log.debug(`mcp transport: ${errorMessage(err)}`);
  // Closing the server aborts tool handlers still running for a client that went away.
  res.on('close', () => {
    void transport.close().catch(() => undefined);
    void server.close().catch(() => undefined);
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res, normalized.body);
  } catch (err) {
    ctx.log.error(`POST /mcp failed: ${errorMessage(err)}`, { stack: err instanceof Error ? err.stack : undefined });
    sendJson(res, 500, jsonRpcError(JSONRPC.INTERNAL_ERROR, 'Internal error'));
  }
}

/**
 * A TierResolver that throws refuses the request: a BiointelError maps to its HTTP status
 * (bad key 401, over quota 429 with Retry-After, store down 503); anything else is a 500.
 * The key itself is redacted from whatever message the resolver wrote.
 */
function refuseCaller(ctx: AppContext, req: IncomingMessage, res: ServerResponse, err: unknown): void {
  const key = req.headers['x-api-key'];
  const secrets = typeof key === 'string' ? [key] : Array.isArray(key) ? key : [];
  if (!(err instanceof BiointelError)) {
    ctx.log.error(`tier resolution failed: ${redact(errorMessage(err), secrets)}`);
    sendJson(res, 500, jsonRpcError(JSONRPC.INTERNAL_ERROR, 'Internal error while checking the API key'));
    return;
  }
  const status = err.code === 'invalid_input' ? 401 : err.code === 'quota' ? 429 : err.code === 'unavailable' ? 503 : 500;
  const headers: Record<string, string> = {};
  if (err instanceof QuotaError) {
    headers['Retry-After'] = String(Math.max(1, Math.ceil((err.resetAt.getTime() - Date.now()) / 1000)));
  }
  const data: Record<string, unknown> = { code: err.code };
  if (err.hint) data.hint = redact(err.hint, secrets);
  if (err instanceof QuotaError) Object.assign(data, { limit: err.limit, resetAt: err.resetAt.toISOString() });
  sendJson(res, status, jsonRpcError(JSONRPC.SERVER_ERROR, redact(err.message, secrets), data), headers);
}
