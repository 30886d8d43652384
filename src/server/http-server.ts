// Starting and stopping `biointel serve --http`: listening (with plain messages for the usual
// operating errors), connection limits (idle timeout, open-connection caps, slow-request timeouts),
// and graceful shutdown that lets in-flight calls finish.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { configSecrets } from '../config.js';
import type { AppContext } from '../context.js';
import { BiointelError, errorMessage } from '../errors.js';
import { createLogger } from '../log.js';
import { scheduleAutoDownload } from './auto-download.js';
import { DISCOVERY_PATH, MCP_PATH } from './discovery.js';
import { hostForUrl, isWildcardHost } from './http-guards.js';
import { MAX_BODY_BYTES } from './http-io.js';
import { createHttpApp, type HttpApp, type HttpAppOptions } from './http.js';
import { clientAddress } from './identify.js';

/** How long close() waits for in-flight requests before cutting their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** Slow-client limits: all headers within 15 s, the whole request (body included) within 30 s. */
const HEADERS_TIMEOUT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 30_000;

export interface HttpServerOptions extends HttpAppOptions {
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
  /** Requests in flight, and analyses running and queued. */
  load(): ReturnType<HttpApp['load']>;
}

/** Expected failures to listen, as a plain message and the fix (exit 1, not "a bug"). */
export function listenError(err: NodeJS.ErrnoException, host: string, port: number): BiointelError {
  const where = `${hostForUrl(host)}:${port}`;
  switch (err.code) {
    case 'EADDRINUSE':
      return new BiointelError('unavailable', `port ${port} is already in use on ${hostForUrl(host)} (another program, or another biointel, is listening there)`, {
        hint: `Stop that program, or choose another port: biointel serve --http --port ${port === 65_535 ? 8788 : port + 1} (or BIOINTEL_PORT).`,
      });
    case 'EACCES':
    case 'EPERM':
      return new BiointelError('unavailable', `permission denied to listen on ${where}`, {
        hint: port < 1024 ? 'Ports below 1024 need administrator rights: use a port from 1024 up (default 8787) behind a reverse proxy.' : 'Check that this user may open network ports (sandbox, SELinux, container policy).',
      });
    case 'EADDRNOTAVAIL':
      return new BiointelError('unavailable', `cannot listen on ${where}: ${host} is not an address of this machine`, {
        hint: 'Use --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every interface), or an address `ip addr` lists.',
      });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new BiointelError('unavailable', `cannot listen on ${where}: the host name ${host} does not resolve`, { hint: 'Use an IP address for --host.' });
    default:
      return new BiointelError('unavailable', `cannot listen on ${where}: ${errorMessage(err)}`, { hint: 'Check --host and --port (or BIOINTEL_HOST and BIOINTEL_PORT).' });
  }
}

/**
 * Connection limits Node does not have: a socket that connects and sends nothing is never timed
 * out by headersTimeout, and nothing caps sockets per client. Idle sockets (no request in progress)
 * are closed after idleTimeoutMs by a sweep of our own (socket timeouts proved unreliable when many
 * servers share a process); sockets beyond maxConnections, or beyond maxConnectionsPerClient from
 * one address (not behind a trusted proxy, where every socket comes from the proxy), are closed at once.
 */
function limitConnections(server: Server, ctx: AppContext): void {
  const { config } = ctx;
  const idleMs = config.idleTimeoutMs;
  /** Sockets with no request in progress, and since when. */
  const idleSince = new Map<Socket, number>();
  const busy = new Map<Socket, number>();
  server.maxConnections = config.maxConnections;
  server.keepAliveTimeout = idleMs;
  server.headersTimeout = Math.min(HEADERS_TIMEOUT_MS, idleMs);
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  const sweep = setInterval(() => {
    const t = Date.now();
    for (const [socket, since] of idleSince) if (t - since >= idleMs) socket.destroy();
  }, Math.max(100, Math.min(5_000, Math.floor(idleMs / 4))));
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    idleSince.delete(socket);
    res.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) return void busy.set(socket, left);
      busy.delete(socket);
      if (!socket.destroyed) idleSince.set(socket, Date.now());
    });
  });
  const perAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    idleSince.set(socket, Date.now());
    socket.once('close', () => {
      idleSince.delete(socket);
      busy.delete(socket);
    });
    if (config.trustProxy > 0) return;
    const address = clientAddress({ socket, headers: {} } as IncomingMessage, 0);
    const open = (perAddress.get(address) ?? 0) + 1;
    if (open > config.maxConnectionsPerClient) {
      ctx.log.debug(`refused a connection from ${address}: ${config.maxConnectionsPerClient} already open`);
      socket.destroy();
      return;
    }
    perAddress.set(address, open);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
}

export async function startHttpServer(ctx: AppContext, opts: HttpServerOptions): Promise<RunningHttpServer> {
  const app = await createHttpApp(ctx, opts);
  // Node checks headersTimeout/requestTimeout every connectionsCheckingInterval (default 30 s);
  // check every second so a slow-drip client is cut close to the limit.
  const server = createServer({ connectionsCheckingInterval: 1_000 }, app.listener);
  // curl and others ask before uploading a large body (Expect: 100-continue). Node would say yes
  // to anything; an upload already known to be over the limit gets its 413 without being sent.
  const limit = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!(Number(req.headers['content-length']) > limit)) res.writeContinue();
    app.listener(req, res);
  });
  limitConnections(server, ctx);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await app.close();
    throw listenError(err as NodeJS.ErrnoException, opts.host, opts.port);
  }
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
    await app.close();
    await ctx.close();
  }

  return {
    url: `http://${localHost}:${port}`,
    port,
    server,
    load: () => app.load(),
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
  // Background, when the model is missing (BIOINTEL_NLI_AUTO_DOWNLOAD), once the first requests are answered.
  const autoDownload = scheduleAutoDownload(ctx.nli);
  if (isWildcardHost(opts.host) && ctx.config.allowedHosts.length === 0) {
    ctx.log.warn(
      'listening on all interfaces, but only localhost Host headers are accepted: list the public host names ' +
        'this server is reached by in BIOINTEL_ALLOWED_HOSTS',
    );
  }
  if (ctx.config.corsOrigins.includes('*')) {
    ctx.log.warn('BIOINTEL_CORS_ORIGINS contains *: any web page can call this server and read the answers (and spend the anonymous quota)');
  }
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      exit(1);
      return;
    }
    stopping = true;
    autoDownload.cancel();
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
      autoDownload.cancel();
      await running.close();
      detach();
    },
  };
}
