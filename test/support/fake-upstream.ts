// A local HTTP server standing in for upstream APIs. Tests point sources at it through the
// base-URL overrides (with a path prefix per source, e.g. `${url}/eutils`), exactly as users do.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  headers: IncomingMessage['headers'];
  at: number;
}

export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON. */
  body?: string | object;
  delayMs?: number;
}

/** A handler may return undefined to let the previously added matching route answer. */
export type FakeHandler = (req: FakeRequest) => FakeResponse | undefined | Promise<FakeResponse | undefined>;

export interface FakeUpstream {
  url: string;
  requests: FakeRequest[];
  /** Requests whose client went away before the answer was sent (aborted upstream calls). */
  aborted: FakeRequest[];
  /**
   * Adds a route; later routes win (a handler returning undefined passes to the earlier ones). `path`
   * is matched exactly (string) or by RegExp on the path.
   */
  route(method: string, path: string | RegExp, handler: FakeHandler | FakeResponse): void;
  /** Delay applied to every response (cold-cache benchmarks). */
  delayAll(ms: number): void;
  /** Every answer waits for the promise this returns (counting dependent rounds); undefined: none. */
  holdAll(hold: ((req: FakeRequest) => Promise<void>) | undefined): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  let routes: { method: string; path: string | RegExp; handler: FakeHandler }[] = [];
  let globalDelay = 0;
  let hold: ((req: FakeRequest) => Promise<void>) | undefined;
  const requests: FakeRequest[] = [];
  const aborted: FakeRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const u = new URL(req.url ?? '/', 'http://fake');
        const fr: FakeRequest = {
          method: req.method ?? 'GET',
          path: u.pathname,
          query: u.searchParams,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: req.headers,
          at: Date.now(),
        };
        requests.push(fr);
        res.once('close', () => {
          if (!res.writableFinished) aborted.push(fr);
        });
        if (hold) await hold(fr);
        const matching = [...routes]
          .reverse()
          .filter((r) => r.method === fr.method && (typeof r.path === 'string' ? r.path === fr.path : r.path.test(fr.path)));
        let out: FakeResponse | undefined;
        for (const route of matching) {
          out = await route.handler(fr);
          if (out) break;
        }
        out ??= { status: 404, body: { error: `no fake route for ${fr.method} ${fr.path}` } };
        const delay = (out.delayMs ?? 0) + globalDelay;
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        const isText = typeof out.body === 'string' || out.body === undefined;
        const headers: Record<string, string> = {
          'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
          ...out.headers,
        };
        if (res.destroyed) return;
        res.writeHead(out.status ?? 200, headers);
        res.end(isText ? (out.body as string | undefined) ?? '' : JSON.stringify(out.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    aborted,
    route(method, path, handler) {
      routes.push({ method, path, handler: typeof handler === 'function' ? handler : () => handler });
    },
    delayAll(ms) {
      globalDelay = ms;
    },
    holdAll(fn) {
      hold = fn;
    },
    reset() {
      routes = [];
      requests.length = 0;
      aborted.length = 0;
      globalDelay = 0;
      hold = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
