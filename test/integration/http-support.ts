// Helpers for the HTTP server tests: a raw node:http client (fetch cannot set Host, and always
// sends an Accept header), a test-only echo tool, and a server on a random port.
import { request } from 'node:http';
import { z } from 'zod';
import type { ConfigInput } from '../../src/config.js';
import type { AppContext, ContextOverrides } from '../../src/context.js';
import { startHttpServer, type HttpServerOptions, type RunningHttpServer } from '../../src/server/http-server.js';
import { defineTool, type AnyTool } from '../../src/tools/define.js';
import { tools as registry } from '../../src/tools/index.js';
import { testContext } from '../support/context.js';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): unknown;
}

export interface RawRequest {
  method?: string;
  path: string;
  /** Sent exactly as given: nothing is added but Host (unless given) and Content-Length for bodies. */
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body in chunks without Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

export function rawRequest(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined && !req.chunked) headers['Content-Length'] = String(Buffer.byteLength(req.body));
    const r = request(
      { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port, method: req.method ?? 'GET', path: req.path, headers, setHost: !('Host' in headers || 'host' in headers) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as unknown });
        });
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    if (req.body !== undefined && req.chunked) {
      const buf = Buffer.from(req.body);
      const step = 64 * 1024;
      for (let i = 0; i < buf.length; i += step) r.write(buf.subarray(i, i + step));
      r.end();
    } else {
      r.end(req.body);
    }
  });
}

/** Test-only tool: returns its text and the caller's tier; waits `delayMs` first if asked. */
export const echoTool = defineTool({
  name: 'test_echo',
  title: 'Echo (test)',
  description: 'Returns its input and the caller tier.',
  input: z.object({
    text: z.string().min(1).max(100).describe('Text to echo'),
    delayMs: z.number().int().min(0).max(5_000).optional().describe('Wait before answering'),
  }),
  output: z.object({ text: z.string(), tier: z.string() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  summarize: (r) => r.text,
  async handler(input, call) {
    call.progress.report(1, 2, 'echoing');
    if (input.delayMs) await new Promise((r) => setTimeout(r, input.delayMs));
    return { text: input.text, tier: call.tier };
  },
});

/** Test-only tool whose result has warnings and a failed source, like a degraded analysis. */
export const warnTool = defineTool({
  name: 'test_warn',
  title: 'Warn (test)',
  description: 'Returns warnings and a failed source.',
  input: z.object({}),
  output: z.object({
    warnings: z.array(z.string()),
    sources: z.array(z.object({ id: z.string(), status: z.string(), error: z.string().optional() })),
  }),
  summarize: (a) => JSON.stringify(a),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  quota: 'none',
  async handler() {
    return {
      warnings: ['NLI model missing: entailment judged by word overlap (run `biointel nli download`)'],
      sources: [
        { id: 'uniprot', status: 'ok' },
        { id: 'string', status: 'failed', error: 'HTTP 503' },
      ],
    };
  },
});

/** Test-only tool that counts its calls: proves whether a refused request ran anything. */
export const spy = { calls: 0 };
export const spyTool = defineTool({
  name: 'test_spy',
  title: 'Spy (test)',
  description: 'Counts its calls.',
  input: z.object({}),
  output: z.object({ calls: z.number() }),
  summarize: (a) => JSON.stringify(a),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  quota: 'none',
  async handler() {
    spy.calls += 1;
    return { calls: spy.calls };
  },
});

/**
 * Test-only analysis that waits until the test opens the gate: shows how many calls ran at once
 * without relying on timing.
 */
export const blocker = {
  started: 0,
  active: 0,
  maxActive: 0,
  open: undefined as Promise<void> | undefined,
  release: () => undefined as void,
  onStart: [] as (() => void)[],
  reset(): void {
    let release!: () => void;
    this.open = new Promise<void>((r) => (release = r));
    this.release = release;
    Object.assign(this, { started: 0, active: 0, maxActive: 0, onStart: [] });
  },
  /** Resolves once `n` calls have started. */
  whenStarted(n: number): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.started >= n) resolve();
        else this.onStart.push(check);
      };
      check();
    });
  },
};
blocker.reset();
export const blockerTool = defineTool({
  name: 'test_block',
  title: 'Block (test)',
  description: 'Waits until the test releases it.',
  input: z.object({}),
  output: z.object({ ok: z.boolean() }),
  summarize: (a) => JSON.stringify(a),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async handler(_input, call) {
    blocker.started += 1;
    blocker.active += 1;
    blocker.maxActive = Math.max(blocker.maxActive, blocker.active);
    for (const wake of blocker.onStart.splice(0)) wake();
    const aborted = new Promise<void>((resolve) => call.signal?.addEventListener('abort', () => resolve(), { once: true }));
    await Promise.race([blocker.open, aborted]);
    blocker.active -= 1;
    // Like an analysis that degrades instead of stopping: it tries to save even when cancelled,
    // so the tests see that the store refuses.
    await call.ctx.snapshots.save({ tool: 'test_block', genes: ['TP53'], diseaseContext: 'test', qualityScore: 0.5, inputs: {}, result: { ok: true } });
    return { ok: true };
  },
});

/** The registry plus the test tools: registry behaviour is never exercised beyond tools/list and bad input. */
export const testTools: readonly AnyTool[] = [...registry, echoTool, spyTool, blockerTool, warnTool];

export interface TestServer extends RunningHttpServer {
  ctx: AppContext;
}

export async function startTestServer(
  options: Partial<HttpServerOptions> = {},
  flags: Partial<ConfigInput> = {},
  overrides: ContextOverrides = {},
): Promise<TestServer> {
  const ctx = await testContext(flags, undefined, overrides);
  const running = await startHttpServer(ctx, { host: '127.0.0.1', port: 0, tools: testTools, ...options });
  return { ...running, ctx };
}

/** A JSON POST with fetch (which sends a wildcard Accept unless told otherwise). */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** A registry tool whose input has required fields, so `{}` is invalid; undefined if none. */
export function toolWithRequiredInput(): { tool: AnyTool; field: string } | undefined {
  for (const tool of registry) {
    const parsed = tool.input.safeParse({});
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      if (typeof field === 'string') return { tool, field };
    }
  }
  return undefined;
}
