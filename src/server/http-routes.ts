// The GET endpoints of the HTTP server besides /mcp: discovery, key usage, NLI status, the widget
// and the health probes. Each answers JSON with the shapes of http-io.ts (the widget: JavaScript).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { configSecrets } from '../config.js';
import type { AppContext } from '../context.js';
import { errorMessage } from '../errors.js';
import { redact } from '../log.js';
import type { KeyStore } from '../store/keys.js';
import type { Quotas } from '../store/quotas.js';
import type { AnyTool } from '../tools/define.js';
import { DISCOVERY_PATH, discoveryDocument } from './discovery.js';
import { httpError, sendJson } from './http-io.js';
import { refuseCaller } from './http-mcp.js';
import { identify } from './identify.js';
import { hidePaths, hidePathsDeep } from './public-text.js';
import { serveWidget, WIDGET_PATH } from './widget-route.js';

export const USAGE_PATH = '/api/keys/usage';
export const NLI_STATUS_PATH = '/api/nli/status';
const READY_PROBE_TIMEOUT_MS = 2_000;

export type GetHandler = (req: IncomingMessage, res: ServerResponse, address: string) => void | Promise<void>;

export interface RouteDeps {
  ctx: AppContext;
  tools: readonly AnyTool[];
  keys: KeyStore;
  quotas: Quotas;
  /** Public origin for the discovery document; default: from the request. */
  baseUrl?: string;
  bindHost: string;
  isDraining(): boolean;
}

export function getRoutes(deps: RouteDeps): Record<string, GetHandler> {
  const { ctx } = deps;
  return {
    [DISCOVERY_PATH]: (req, res) =>
      sendJson(res, 200, discoveryDocument(deps.baseUrl ?? requestOrigin(req, deps.bindHost), { tools: deps.tools, freeDailyLimit: ctx.config.freeDailyLimit })),
    [USAGE_PATH]: async (req, res, address) => {
      if (req.headers['x-api-key'] === undefined) {
        return sendJson(res, 401, httpError('unauthorized', `${USAGE_PATH} reports the use of an API key: send it in the X-API-Key header`, 'Anonymous callers share the free tier; keys are issued by the operator of this server.'));
      }
      try {
        const caller = await identify(req, deps.keys, address);
        const usage = await deps.quotas.usage(caller, deps.tools.filter((t) => t.quota !== 'none').map((t) => t.name));
        sendJson(res, 200, { key: { label: caller.key?.label }, ...usage });
      } catch (err) {
        refuseCaller(ctx, req, res, err);
      }
    },
    // What a remote caller may know about the judge: never where the model files are.
    [NLI_STATUS_PATH]: (_req, res) => {
      const { cacheDir: _where, ...status } = ctx.nli.status();
      sendJson(res, 200, hidePathsDeep(status, [ctx.config.dataDir]));
    },
    [WIDGET_PATH]: (req, res) => serveWidget(req, res),
    '/healthz': (_req, res) => sendJson(res, 200, { status: 'ok' }),
    '/readyz': (_req, res) => readiness(ctx, deps.isDraining()).then(({ status, body }) => sendJson(res, status, body)),
  };
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
  const host = req.headers.host ?? `${bindHost}:${req.socket.localPort ?? ''}`;
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
    // Store errors may quote a connection URL or a file: strip credentials and paths.
    const reason = hidePaths(redact(errorMessage(err), configSecrets(ctx.config)).replace(/\/\/[^/@\s]*@/g, '//***@'), [ctx.config.dataDir]);
    return { status: 503, body: { status: 'unavailable', reason: `store (${ctx.store.kind}) unavailable: ${reason}` } };
  } finally {
    clearTimeout(timer);
  }
}
