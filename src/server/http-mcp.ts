// POST /mcp (and DELETE /mcp for sessions): everything between the HTTP request and the one MCP
// server of the process (mcp-dispatch.ts). In order, each step refusing with a JSON-RPC error and
// the right HTTP status before anything runs:
//   Content-Type application/json (415: a browser can send text/plain cross-site without asking),
//   protocol version (400), body size (413) and JSON (400), message shapes and batch size (400),
//   the caller (X-API-Key: 401 if unknown or revoked), rate limits (429), the session (404),
//   then for an analysis: at most one per request (400), the daily quota (429), a slot (503).
// Answers are one JSON body, or an SSE stream when a JSON-RPC client accepts text/event-stream (so
// progress and log notifications arrive while a tool runs). The plain form always gets JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../caller.js';
import type { AppContext } from '../context.js';
import { BiointelError, BusyError, QuotaError, errorMessage } from '../errors.js';
import type { KeyStore } from '../store/keys.js';
import type { Quotas } from '../store/quotas.js';
import type { AnyTool } from '../tools/define.js';
import type { AnalysisGate, RateLimiter } from './admission.js';
import { authInfoFor, type CallInfo } from './call-info.js';
import { HttpExchange } from './http-exchange.js';
import { JSONRPC, MAX_BODY_BYTES, jsonRpcError, readBody, sendJson } from './http-io.js';
import { AuthError, identify } from './identify.js';
import { McpDispatcher, REQUEST_TIMEOUT } from './mcp-dispatch.js';
import { isNotification, isRequest, parseMcpBody } from './mcp-messages.js';
import { toolListOf } from './mcp.js';
import type { Session, SessionStore } from './sessions.js';

export interface McpHttpDeps {
  ctx: AppContext;
  server: McpServer;
  tools: readonly AnyTool[];
  keys: KeyStore;
  sessions: SessionStore;
  quotas: Quotas;
  rates: RateLimiter;
  gate: AnalysisGate;
  maxBodyBytes?: number;
}

export interface McpHttp {
  post(req: IncomingMessage, res: ServerResponse, address: string): Promise<void>;
  /** DELETE /mcp: ends the caller's session. */
  remove(req: IncomingMessage, res: ServerResponse, address: string): Promise<void>;
  /** Calls running or queued (for drain). */
  readonly inFlight: number;
  close(): Promise<void>;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const DISCONNECTED = new Error('the client disconnected');

function acceptsEventStream(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept);
}

export async function createMcpHttp(deps: McpHttpDeps): Promise<McpHttp> {
  const { ctx, tools, keys, sessions, quotas, rates, gate } = deps;
  const { config } = ctx;
  const limit = deps.maxBodyBytes ?? MAX_BODY_BYTES;
  const dispatcher = new McpDispatcher();
  dispatcher.onerror = (err) => ctx.log.debug(`mcp: ${errorMessage(err)}`);
  await deps.server.connect(dispatcher);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const toolList = toolListOf(deps.server);

  /** The one analysis a request may run: a tools/call of a counted tool with valid arguments. */
  function analysesIn(requests: readonly JSONRPCRequest[]): AnyTool[] {
    const found: AnyTool[] = [];
    for (const r of requests) {
      if (r.method !== 'tools/call') continue;
      const params = (r.params ?? {}) as { name?: unknown; arguments?: unknown };
      const tool = typeof params.name === 'string' ? byName.get(params.name) : undefined;
      // Unknown tools and invalid arguments are answered by the server as errors: not analyses.
      if (tool && tool.quota !== 'none' && validArguments(tool, params.arguments)) found.push(tool);
    }
    return found;
  }

  async function post(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
    if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) {
      return refuse(res, 415, 'unsupported_media_type', `Content-Type must be application/json (got ${String(req.headers['content-type'] ?? 'none').slice(0, 100)})`, 'Send the JSON-RPC message with the header Content-Type: application/json.');
    }
    const version = req.headers['mcp-protocol-version'];
    if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return refuse(res, 400, 'unsupported_protocol_version', `Unsupported MCP-Protocol-Version "${version.slice(0, 50)}"`, `Supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`);
    }
    const read = await readBody(req, limit);
    if (!read.ok) {
      if (read.reason === 'too_large') {
        sendJson(res, 413, jsonRpcError(JSONRPC.SERVER_ERROR, `Request body too large: the limit is ${limit} bytes (1 MB)`, { code: 'too_large' }), { Connection: 'close' });
      }
      return; // aborted: nobody is listening
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(read.text);
    } catch (err) {
      return sendJson(res, 400, jsonRpcError(JSONRPC.PARSE_ERROR, 'Parse error', { detail: `body is not valid JSON: ${errorMessage(err).slice(0, 200)}` }));
    }
    const body = parseMcpBody(parsed, config.maxBatch);
    if ('error' in body) return sendJson(res, 400, jsonRpcError(JSONRPC.INVALID_REQUEST, `Invalid Request: ${body.error}`));

    let caller: Caller;
    let session: Session | undefined;
    const requests = body.messages.filter(isRequest);
    const analyses = analysesIn(requests);
    let release: (() => void) | undefined;
    // Only an analysis may wait (for a slot): only then is the client's leaving watched here.
    let gone: AbortController | undefined;
    try {
      caller = await identify(req, keys, address);
      if (caller.kind === 'key') rates.hit([[caller.client, config.clientRatePerMinute, 'requests a minute for this API key', 'Slow down, or spread the calls over more time.']]);
      else rates.hit([['anonymous', config.anonymousRatePerMinute, 'requests a minute for all anonymous callers together', 'Retry shortly, or use an API key (X-API-Key) to leave the shared anonymous pool.']]);
      const sessionId = req.headers['mcp-session-id'];
      if (typeof sessionId === 'string' && !requests.some((r) => r.method === 'initialize')) {
        session = await sessions.get(sessionId, caller.client);
        if (!session) {
          return sendJson(res, 404, jsonRpcError(-32001, 'Session not found', { code: 'session_not_found', hint: 'The session ended or expired: initialize again (or send requests without Mcp-Session-Id).' }));
        }
      }
      if (analyses.length > 1) {
        return sendJson(res, 400, jsonRpcError(JSONRPC.INVALID_REQUEST, `Invalid Request: a request may run one analysis; this one asks for ${analyses.length} (${analyses.map((t) => t.name).join(', ')})`, { code: 'too_many_analyses', hint: 'Send each analysis in its own request.' }));
      }
      const analysis = analyses[0];
      if (analysis) {
        // A full queue refuses before the quota is charged; the quota is charged before the wait,
        // so requests that would be refused for quota never hold a place in the queue.
        gate.assertRoom();
        await quotas.consume(caller, analysis.name);
        const watch = (gone = new AbortController());
        res.once('close', () => {
          if (!res.writableFinished) watch.abort(DISCONNECTED);
        });
        release = await gate.acquire(watch.signal);
      }
      if (requests.some((r) => r.method === 'initialize')) session = await sessions.create(caller.client);
    } catch (err) {
      release?.();
      if (gone?.signal.aborted) return;
      return refuseCaller(ctx, req, res, err);
    }
    dispatch(req, res, body, caller, session, release);
  }

  function dispatch(
    req: IncomingMessage,
    res: ServerResponse,
    body: { messages: JSONRPCMessage[]; batch: boolean; plain: boolean },
    caller: Caller,
    session: Session | undefined,
    release: (() => void) | undefined,
  ): void {
    const info: CallInfo = {
      caller,
      ...(session?.logLevel ? { logLevel: session.logLevel } : {}),
      setLogLevel: async (level) => {
        if (session) await sessions.setLogLevel(session, level);
      },
    };
    const extra = { authInfo: authInfoFor(info) };
    // Cancellation finds calls by the client's id within its session, or within the caller.
    const scope = session ? `session:${session.id}` : caller.client;
    const requests = body.messages.filter(isRequest);
    for (const m of body.messages) if (isNotification(m)) dispatcher.notification(m, scope, extra);
    if (requests.length === 0) {
      release?.();
      res.writeHead(202, { 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    const sse = !body.plain && acceptsEventStream(req.headers.accept);
    const ids: number[] = [];
    let timer: NodeJS.Timeout | undefined;
    const exchange = new HttpExchange(res, sse ? 'sse' : 'json', requests.length, body.batch, session ? { 'Mcp-Session-Id': session.id } : {}, () => {
      clearTimeout(timer);
      release?.();
    });
    res.once('close', () => {
      if (exchange.done) return;
      for (const id of ids) dispatcher.cancel(id, 'the client disconnected');
      exchange.abandon();
    });
    const only = requests.length === 1 ? requests[0] : undefined;
    if (only && only.method === 'tools/list' && toolList && (only.params as { cursor?: unknown } | undefined)?.cursor === undefined) {
      // The tool list never changes: answered from its kept bytes, without a trip through the SDK.
      void toolList().then((result) => exchange.respond({ jsonrpc: '2.0', id: only.id, result } as JSONRPCMessage));
      return;
    }
    timer = setTimeout(() => {
      for (const id of ids) dispatcher.cancel(id, `Request timed out: it ran longer than ${config.callTimeoutMs} ms (BIOINTEL_CALL_TIMEOUT_MS)`, REQUEST_TIMEOUT);
    }, config.callTimeoutMs);
    for (const r of requests) ids.push(dispatcher.request(r, exchange, scope, extra));
  }

  async function remove(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
    const id = req.headers['mcp-session-id'];
    if (typeof id !== 'string') {
      return refuse(res, 400, 'no_session', 'DELETE /mcp ends a session: send its Mcp-Session-Id header', 'Requests without a session need no ending.');
    }
    try {
      const caller = await identify(req, keys, address);
      const session = await sessions.get(id, caller.client);
      if (!session) return sendJson(res, 404, jsonRpcError(-32001, 'Session not found', { code: 'session_not_found' }));
      await sessions.delete(session.id);
      res.writeHead(200, { 'Cache-Control': 'no-store' });
      res.end();
    } catch (err) {
      refuseCaller(ctx, req, res, err);
    }
  }

  return {
    post,
    remove,
    get inFlight() {
      return dispatcher.inFlight;
    },
    async close() {
      await deps.server.close().catch(() => undefined);
    },
  };
}

/** What a client needs to know about a limit it reached: which, how much, when it resets. */
export function quotaData(err: QuotaError): Record<string, unknown> & { code: string } {
  return { code: 'quota', limit: err.limitName, limitValue: err.limit, resetAt: err.resetAt.toISOString(), ...(err.hint ? { hint: err.hint } : {}) };
}

/** Whether the server will accept these arguments (a schema that cannot answer synchronously counts as yes). */
function validArguments(tool: AnyTool, args: unknown): boolean {
  try {
    return tool.input.safeParse(args ?? {}).success;
  } catch {
    return true;
  }
}

function refuse(res: ServerResponse, status: number, code: string, message: string, hint: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, jsonRpcError(JSONRPC.SERVER_ERROR, message, { code, hint }), headers);
}

/**
 * A refused caller: 401 for a bad key, 429 with Retry-After over a limit, 503 with Retry-After when
 * busy or when the store is down, 500 for anything unexpected (logged). The key itself never
 * appears: messages name keys by label only.
 */
export function refuseCaller(ctx: AppContext, req: IncomingMessage, res: ServerResponse, err: unknown): void {
  if (err instanceof AuthError) return refuse(res, 401, 'unauthorized', err.message, err.hint ?? '');
  if (err instanceof QuotaError) return sendJson(res, 429, jsonRpcError(JSONRPC.SERVER_ERROR, err.message, quotaData(err)), { 'Retry-After': String(err.retryAfterS) });
  if (err instanceof BusyError) {
    return sendJson(res, 503, jsonRpcError(JSONRPC.SERVER_ERROR, err.message, { code: 'busy', ...(err.hint ? { hint: err.hint } : {}) }), { 'Retry-After': String(err.retryAfterS) });
  }
  if (err instanceof BiointelError && err.code === 'unavailable') {
    ctx.log.warn(`${req.method ?? 'POST'} /mcp: ${errorMessage(err)}`);
    return sendJson(res, 503, jsonRpcError(JSONRPC.SERVER_ERROR, 'The service store is unavailable', { code: 'unavailable', hint: 'Retry in a moment.' }), { 'Retry-After': '5' });
  }
  ctx.log.error(`${req.method ?? 'POST'} /mcp failed: ${errorMessage(err)}`, { stack: err instanceof Error ? err.stack : undefined });
  sendJson(res, 500, jsonRpcError(JSONRPC.INTERNAL_ERROR, 'Internal error'));
}
