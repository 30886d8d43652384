// The node:http app of `biointel serve --http`: POST/DELETE /mcp (http-mcp.ts) and the GET
// endpoints (http-routes.ts), behind, in order: Host validation (DNS rebinding), the Origin check
// (cross-site pages), draining, and the per-address rate limit. Built once per process: the MCP
// server, the tool schemas, the key store and the counters are shared by every request. Any number
// of instances can run behind a load balancer over one shared store (BIOINTEL_STORE_URL=redis://).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../context.js';
import { errorMessage, QuotaError } from '../errors.js';
import { redact } from '../log.js';
import { KeyStore } from '../store/keys.js';
import { Quotas } from '../store/quotas.js';
import type { AnyTool } from '../tools/define.js';
import { tools as registry } from '../tools/index.js';
import { AnalysisGate, RateLimiter } from './admission.js';
import { DISCOVERY_PATH, MCP_PATH } from './discovery.js';
import { corsHeaders, corsPolicy, hostForUrl, hostPolicy, hostRejection, isHostAllowed, isOriginAllowed, originRejection, preflightHeaders } from './http-guards.js';
import { JSONRPC, MAX_BODY_BYTES, httpError, jsonRpcError, requestPath, sendJson } from './http-io.js';
import { createMcpHttp, quotaData } from './http-mcp.js';
import { getRoutes, NLI_STATUS_PATH, USAGE_PATH } from './http-routes.js';
import { clientAddress } from './identify.js';
import { createMcpServer } from './mcp.js';
import { SessionStore } from './sessions.js';
import { WIDGET_PATH } from './widget-route.js';

export { MAX_BODY_BYTES };

export interface HttpAppOptions {
  /** Bind address: its name joins the allowed Host values (unless it is 0.0.0.0 or ::). */
  host: string;
  /** Tool list to serve instead of the registry (tests). The discovery document follows it. */
  tools?: readonly AnyTool[];
  /** Public origin for the discovery document (e.g. behind a TLS proxy); default: from the request. */
  baseUrl?: string;
  maxBodyBytes?: number;
  shutdownGraceMs?: number;
  /** Clock of the rate windows and daily quotas (tests pin it so no window turns mid-test). */
  now?: () => number;
}

export interface HttpApp {
  listener(req: IncomingMessage, res: ServerResponse): void;
  /** From now on: readyz answers 503, new requests are refused, keep-alive connections close. */
  startDraining(): void;
  /** Resolves when no request is in flight (or after `timeoutMs`); true when drained. */
  drained(timeoutMs: number): Promise<boolean>;
  /** Closes the MCP server (after draining). */
  close(): Promise<void>;
  /** Requests in flight, and analyses running and waiting for a slot. */
  load(): { requests: number; analyses: { running: number; queued: number } };
}

const PROBE_PATHS = new Set(['/healthz', '/readyz']);
const PUBLIC_ENDPOINTS = `POST ${MCP_PATH}, GET ${DISCOVERY_PATH}, GET ${USAGE_PATH}, GET ${NLI_STATUS_PATH}, GET ${WIDGET_PATH}, GET /healthz, GET /readyz`;

export async function createHttpApp(ctx: AppContext, options: HttpAppOptions): Promise<HttpApp> {
  const { config } = ctx;
  const hosts = hostPolicy(options.host, config.allowedHosts);
  const cors = corsPolicy(config.corsOrigins);
  const tools = options.tools ?? registry;
  const keys = new KeyStore(ctx.store);
  const now = options.now ?? Date.now;
  const quotas = new Quotas(ctx.store.counters, config, now);
  const rates = new RateLimiter(now);
  const gate = new AnalysisGate(config.maxConcurrentAnalyses, config.maxQueuedAnalyses);
  const mcp = await createMcpHttp({
    ctx,
    server: createMcpServer(ctx, { tools }),
    tools,
    keys,
    sessions: new SessionStore(ctx.store),
    quotas,
    rates,
    gate,
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
  });
  let draining = false;
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();
  const routes = getRoutes({
    ctx,
    tools,
    keys,
    quotas,
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    bindHost: hostForUrl(options.host),
    isDraining: () => draining,
  });

  async function route(req: IncomingMessage, res: ServerResponse, path: string, address: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (path === MCP_PATH) {
      if (method === 'POST') return mcp.post(req, res, address);
      if (method === 'DELETE') return mcp.remove(req, res, address);
      // No standalone SSE stream to GET: every answer comes on the POST that asked. SDK clients expect 405.
      return sendJson(
        res,
        405,
        jsonRpcError(JSONRPC.SERVER_ERROR, `Method not allowed: ${method.slice(0, 20)} ${MCP_PATH}. Send JSON-RPC with POST (DELETE ends a session).`),
        { Allow: 'POST, DELETE, OPTIONS' },
      );
    }
    const handler = routes[path];
    if (!handler) {
      return sendJson(res, 404, httpError('not_found', `No endpoint at ${redact(path.slice(0, 200))}`, `Endpoints: ${PUBLIC_ENDPOINTS}.`));
    }
    if (method !== 'GET' && method !== 'HEAD') {
      return sendJson(res, 405, httpError('method_not_allowed', `${method.slice(0, 20)} is not allowed on ${path}`), { Allow: 'GET, HEAD, OPTIONS' });
    }
    return handler(req, res, address);
  }

  function listener(req: IncomingMessage, res: ServerResponse): void {
    const started = Date.now();
    const path = requestPath(req);
    const method = req.method ?? 'GET';
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      ctx.log.debug(`${method.slice(0, 20)} ${path.slice(0, 200)} ${res.statusCode} ${Date.now() - started}ms`);
      if (inFlight === 0) for (const wake of [...idleWaiters]) wake();
    });
    const isMcp = path === MCP_PATH;
    const refuse = (status: number, code: string, message: string, hint: string, headers: Record<string, string> = {}) =>
      sendJson(res, status, isMcp ? jsonRpcError(JSONRPC.SERVER_ERROR, message, { code, hint }) : httpError(code, message, hint), headers);

    // Health probes are exempt from Host and Origin checks: orchestrators probe by pod IP
    // (Host: 10.x.y.z:8787), and the probes reveal nothing a rebinding page could use.
    const probe = PROBE_PATHS.has(path);
    if (!probe && !isHostAllowed(hosts, req.headers.host)) {
      const r = hostRejection(req.headers.host, options.host);
      ctx.log.info(`refused ${method.slice(0, 20)} ${path.slice(0, 200)}: ${r.message}`);
      return refuse(403, 'forbidden_host', r.message, r.hint);
    }
    const origin = req.headers.origin;
    if (!probe && !isOriginAllowed(cors, origin, req.socket.localPort)) {
      const r = originRejection(String(origin));
      ctx.log.info(`refused ${method.slice(0, 20)} ${path.slice(0, 200)}: ${r.message}`);
      return refuse(403, 'forbidden_origin', r.message, r.hint);
    }
    for (const [name, value] of Object.entries(corsHeaders(cors, req))) res.setHeader(name, value);
    if (draining) {
      res.setHeader('Connection', 'close');
      return refuse(503, 'shutting_down', 'The server is shutting down', 'Retry in a moment (another instance may answer).', { 'Retry-After': '5' });
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, preflightHeaders(cors, req));
      res.end();
      return;
    }
    const address = clientAddress(req, config.trustProxy);
    if (!probe) {
      try {
        rates.hit([[`addr:${address}`, config.clientRatePerMinute, 'requests a minute from one client address', 'Slow down and retry after the reset time.']]);
      } catch (err) {
        const q = err as QuotaError;
        const data = quotaData(q);
        return sendJson(res, 429, isMcp ? jsonRpcError(JSONRPC.SERVER_ERROR, q.message, data) : { error: { ...data, message: q.message } }, { 'Retry-After': String(q.retryAfterS) });
      }
    }
    route(req, res, path, address).catch((err: unknown) => {
      ctx.log.error(`${method.slice(0, 20)} ${path.slice(0, 200)} failed: ${errorMessage(err)}`, { stack: err instanceof Error ? err.stack : undefined });
      if (isMcp) sendJson(res, 500, jsonRpcError(JSONRPC.INTERNAL_ERROR, 'Internal error'));
      else sendJson(res, 500, httpError('internal', 'Internal error', 'This is a bug in biointel; please report it.'));
    });
  }

  return {
    listener,
    startDraining() {
      draining = true;
    },
    drained(timeoutMs) {
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (ok: boolean): void => {
          clearTimeout(timer);
          idleWaiters.delete(wake);
          resolve(ok);
        };
        const wake = (): void => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        idleWaiters.add(wake);
      });
    },
    close: () => mcp.close(),
    load: () => ({ requests: inFlight, analyses: gate.load }),
  };
}
