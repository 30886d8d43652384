// `biointel serve --http`: a node:http app serving POST /mcp (streamable HTTP + the plain JSON
// form, see http-mcp.ts), the discovery document, NLI status and health probes, behind Host
// validation (DNS rebinding), CORS and a 1 MB body limit. Stateless: any number of instances can
// run behind a load balancer over one shared store.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configSecrets } from '../config.js';
import type { AppContext } from '../context.js';
import { errorMessage } from '../errors.js';
import { createLogger, redact } from '../log.js';
import type { AnyTool } from '../tools/define.js';
import { DISCOVERY_PATH, MCP_PATH, discoveryDocument } from './discovery.js';
import {
  corsHeaders,
  corsPolicy,
  hostForUrl,
  hostPolicy,
  hostRejection,
  isHostAllowed,
  isOriginAllowed,
  isWildcardHost,
  preflightHeaders,
} from './http-guards.js';
import { JSONRPC, MAX_BODY_BYTES, httpError, jsonRpcError, requestPath, sendJson } from './http-io.js';

export { MAX_BODY_BYTES };
import { anonymousTier, handleMcpPost, type TierResolver } from './http-mcp.js';

export { anonymousTier, type TierResolver } from './http-mcp.js';

/** How long close() waits for in-flight requests before cutting their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;
const READY_PROBE_TIMEOUT_MS = 2_000;

/** An extra GET endpoint (e.g. /widget.js, /api/keys/usage) added without touching the router. */
export interface HttpRoute {
  path: string;
  handle(req: IncomingMessage, res: ServerResponse, ctx: AppContext): void | Promise<void>;
}

export interface HttpAppOptions {
  /** Bind address: its name joins the allowed Host values (unless it is 0.0.0.0 or ::). */
  host: string;
  /** Caller's tier from the request; default: everyone is anonymous, tier `free`. */
  resolveTier?: TierResolver;
  /** Tool list to serve instead of the registry (tests). The discovery document follows it. */
  tools?: readonly AnyTool[];
  /** Public origin for the discovery document (e.g. behind a TLS proxy); default: from the request. */
  baseUrl?: string;
  routes?: readonly HttpRoute[];
  maxBodyBytes?: number;
  shutdownGraceMs?: number;
}

export interface HttpApp {
  listener(req: IncomingMessage, res: ServerResponse): void;
  /** From now on: readyz answers 503, new requests are refused, keep-alive connections close. */
  startDraining(): void;
  /** Resolves when no request is in flight (or after `timeoutMs`); true when drained. */
  drained(timeoutMs: number): Promise<boolean>;
}

const PROBE_PATHS = new Set(['/healthz', '/readyz']);
const PUBLIC_ENDPOINTS = `POST ${MCP_PATH}, GET ${DISCOVERY_PATH}, GET /api/nli/status, GET /healthz, GET /readyz`;

export function createHttpApp(ctx: AppContext, options: HttpAppOptions): HttpApp {
  const hosts = hostPolicy(options.host, ctx.config.allowedHosts);
  const cors = corsPolicy(ctx.config.corsOrigins);
  const resolveTier = options.resolveTier ?? anonymousTier;
  const extraRoutes = new Map((options.routes ?? []).map((r) => [r.path, r]));
  let draining = false;
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();

  const getRoutes: Record<string, HttpRoute['handle']> = {
    [DISCOVERY_PATH]: (req, res) =>
      sendJson(res, 200, discoveryDocument(options.baseUrl ?? requestOrigin(req, options.host), {
        ...(options.tools ? { tools: options.tools } : {}),
        freeDailyLimit: ctx.config.freeDailyLimit,
      })),
    '/api/nli/status': (_req, res) => sendJson(res, 200, ctx.nli.status()),
    '/healthz': (_req, res) => sendJson(res, 200, { status: 'ok' }),
    '/readyz': (_req, res) => readiness(ctx, draining).then(({ status, body }) => sendJson(res, status, body)),
  };

  async function route(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (path === MCP_PATH) {
      if (method === 'POST') return handleMcpPost(ctx, req, res, {
        resolveTier,
        ...(options.tools ? { tools: options.tools } : {}),
        ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
      });
      // Stateless: no standalone SSE stream to GET, no session to DELETE. SDK clients expect 405.
      return sendJson(
        res,
        405,
        jsonRpcError(JSONRPC.SERVER_ERROR, `Method not allowed: ${method} ${MCP_PATH}. This server is stateless; send JSON-RPC with POST.`),
        { Allow: 'POST, OPTIONS' },
      );
    }
    const handler = getRoutes[path] ?? extraRoutes.get(path)?.handle;
    if (!handler) {
      return sendJson(res, 404, httpError('not_found', `No endpoint at ${path.slice(0, 200)}`, `Endpoints: ${PUBLIC_ENDPOINTS}.`));
    }
    if (method !== 'GET' && method !== 'HEAD') {
      return sendJson(res, 405, httpError('method_not_allowed', `${method} is not allowed on ${path}`), { Allow: 'GET, HEAD, OPTIONS' });
    }
    return handler(req, res, ctx);
  }

  function listener(req: IncomingMessage, res: ServerResponse): void {
    const started = Date.now();
    const path = requestPath(req);
    const method = req.method ?? 'GET';
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      ctx.log.debug(`${method} ${path.slice(0, 200)} ${res.statusCode} ${Date.now() - started}ms`);
      if (inFlight === 0) for (const wake of [...idleWaiters]) wake();
    });
    const isMcp = path === MCP_PATH;
    const refuse = (status: number, code: string, message: string, hint: string, headers: Record<string, string> = {}) =>
      sendJson(res, status, isMcp ? jsonRpcError(JSONRPC.SERVER_ERROR, message, { code, hint }) : httpError(code, message, hint), headers);

    // Health probes are exempt: orchestrators probe by pod IP (Host: 10.x.y.z:8787), and the
    // probes reveal nothing a rebinding page could use.
    if (!PROBE_PATHS.has(path) && !isHostAllowed(hosts, req.headers.host)) {
      const r = hostRejection(req.headers.host, options.host);
      ctx.log.info(`refused ${method} ${path.slice(0, 200)}: ${r.message}`);
      return refuse(403, 'forbidden_host', r.message, r.hint);
    }
    for (const [name, value] of Object.entries(corsHeaders(cors, req))) res.setHeader(name, value);
    if (draining) {
      res.setHeader('Connection', 'close');
      return refuse(503, 'shutting_down', 'The server is shutting down', 'Retry in a moment (another instance may answer).', { 'Retry-After': '5' });
    }
    const origin = req.headers.origin;
    if (method === 'OPTIONS') {
      if (!isOriginAllowed(cors, origin)) return refuse(403, 'forbidden_origin', `Origin ${origin?.slice(0, 200)} is not allowed`, corsHint());
      res.writeHead(204, preflightHeaders(cors, req));
      res.end();
      return;
    }
    // Browsers send simple cross-site POSTs without a preflight; refuse the ones from origins the
    // operator did not allow before they run a tool (spend quota, write snapshots).
    if (method !== 'GET' && method !== 'HEAD' && !isOriginAllowed(cors, origin)) {
      return refuse(403, 'forbidden_origin', `Origin ${origin?.slice(0, 200)} is not allowed`, corsHint());
    }
    route(req, res, path).catch((err: unknown) => {
      ctx.log.error(`${method} ${path.slice(0, 200)} failed: ${errorMessage(err)}`, { stack: err instanceof Error ? err.stack : undefined });
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
  };
}

function corsHint(): string {
  return 'Add the page origin (scheme://host[:port]) to BIOINTEL_CORS_ORIGINS (comma-separated) or the corsOrigins setting.';
}

/**
 * The origin clients reached us by: the Host header (already validated) and the scheme, which a
 * TLS-terminating proxy reports in X-Forwarded-Proto. Only http/https are believed: the value is
 * echoed into the discovery document.
 */
function requestOrigin(req: IncomingMessage, bindHost: string): string {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim().toLowerCase();
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : encrypted ? 'https' : 'http';
  const host = req.headers.host ?? `${hostForUrl(bindHost)}:${req.socket.localPort ?? ''}`;
  return `${scheme}://${host}`;
}

/** Ready = the store answers a read within 2 s (and we are not shutting down). */
async function readiness(ctx: AppContext, draining: boolean): Promise<{ status: number; body: object }> {
  if (draining) return { status: 503, body: { status: 'unavailable', reason: 'shutting down' } };
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ctx.store.ns('cache').get('readyz:probe'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`store did not answer within ${READY_PROBE_TIMEOUT_MS} ms`)), READY_PROBE_TIMEOUT_MS);
      }),
    ]);
    return { status: 200, body: { status: 'ready', store: ctx.store.kind } };
  } catch (err) {
    // Store errors may quote a connection URL: strip credentials before anyone sees them.
    const reason = redact(errorMessage(err), configSecrets(ctx.config)).replace(/\/\/[^/@\s]*@/g, '//***@');
    return { status: 503, body: { status: 'unavailable', reason: `store (${ctx.store.kind}) unavailable: ${reason}` } };
  } finally {
    clearTimeout(timer);
  }
}

export interface HttpServerOptions extends Omit<HttpAppOptions, 'host'> {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
}

export interface RunningHttpServer {
  /** Base URL to reach the server locally, e.g. `http://127.0.0.1:8787` (no trailing slash). */
  url: string;
  port: number;
  server: Server;
  /** Stops accepting, lets in-flight requests finish (bounded), then closes the context. Idempotent. */
  close(): Promise<void>;
}

export async function startHttpServer(ctx: AppContext, opts: HttpServerOptions): Promise<RunningHttpServer> {
  const app = createHttpApp(ctx, opts);
  const server = createServer(app.listener);
  // curl and others ask before uploading a large body (Expect: 100-continue). Node would say yes
  // to anything; an upload already known to be over the limit gets its 413 without being sent.
  const limit = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!(Number(req.headers['content-length']) > limit)) res.writeContinue();
    app.listener(req, res);
  });
  // Node's default is 5 s; a shorter keep-alive than a proxy's would cause spurious 502s behind one.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.once('error', onError);
    server.listen(opts.port, opts.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const localHost = isWildcardHost(opts.host) ? (opts.host.includes(':') ? '[::1]' : '127.0.0.1') : hostForUrl(opts.host);
  let closing: Promise<void> | undefined;

  async function shutdown(): Promise<void> {
    app.startDraining();
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const clean = await app.drained(opts.shutdownGraceMs ?? SHUTDOWN_GRACE_MS);
    if (!clean) ctx.log.warn('shutdown: requests still running after the grace period were cut off');
    server.closeAllConnections();
    await stopped;
    await ctx.close();
  }

  return {
    url: `http://${localHost}:${port}`,
    port,
    server,
    close() {
      closing ??= shutdown();
      return closing;
    },
  };
}

export interface RunHttpOptions extends HttpServerOptions {
  /** Where the one-line "listening on" banner goes; default: stderr through the logger (see below). */
  announce?: (message: string) => void;
  /** Called after a signal-triggered shutdown; default process.exit. */
  exit?: (code: number) => void;
}

/**
 * `biointel serve --http`: starts the server, announces its URL and shuts down cleanly on
 * SIGINT/SIGTERM (exit 0; a second signal exits 1 at once).
 *
 * The banner is operator information, not a warning, yet the default log level is `warn`. It
 * goes through a logger of its own at level `info` (same stderr, same redaction), so it shows at
 * every level except `silent`.
 */
export async function runHttpServer(ctx: AppContext, opts: RunHttpOptions): Promise<RunningHttpServer> {
  const running = await startHttpServer(ctx, opts);
  const announce =
    opts.announce ??
    ((message: string) =>
      createLogger(ctx.log.level === 'silent' ? 'silent' : 'info', { secrets: configSecrets(ctx.config) }).info(message));
  const where = isWildcardHost(opts.host) ? ` (all interfaces, port ${running.port})` : '';
  announce(`listening on ${running.url}${MCP_PATH}${where}; discovery: ${running.url}${DISCOVERY_PATH}`);
  ctx.nli.startAutoDownload(); // background, when the model is missing (BIOINTEL_NLI_AUTO_DOWNLOAD)
  if (isWildcardHost(opts.host) && ctx.config.allowedHosts.length === 0) {
    ctx.log.warn(
      'listening on all interfaces, but only localhost Host headers are accepted: list the public host names ' +
        'this server is reached by in BIOINTEL_ALLOWED_HOSTS',
    );
  }
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      exit(1);
      return;
    }
    stopping = true;
    ctx.log.info(`${signal}: shutting down`);
    running.close().then(
      () => {
        detach();
        exit(0);
      },
      (err: unknown) => {
        ctx.log.error(`shutdown failed: ${errorMessage(err)}`);
        detach();
        exit(1);
      },
    );
  };
  const detach = (): void => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    ...running,
    async close() {
      await running.close();
      detach();
    },
  };
}
