// Thousands of malformed and hostile requests against the HTTP server (the real tool registry,
// upstreams unreachable so analyses fail fast): bad JSON, wrong types, huge strings, unicode and
// lone surrogates, NUL bytes, prototype-pollution keys, injection attempts in gene names and disease
// text, unknown methods and tools, foreign Host and Origin, odd paths, methods and headers.
// Every answer must be a clear error (or a valid answer), never a 5xx, a stack trace or a file
// path, and the server must still serve afterwards. Seeded: the same requests on every run.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/support/prng.js';
import { createLogger } from '../../src/log.js';
import { tools as registry } from '../../src/tools/index.js';
import { fakeSourceUrls, tempDir } from '../support/context.js';
import { startTestServer, type TestServer } from './http-support.js';

const COUNT = 3_000;
const rand = mulberry32(20_261_123);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
const int = (n: number): number => Math.floor(rand() * n);

const HOSTILE_STRINGS = [
  '', ' ', '\u0000', 'TP53\u0000BRCA1', '\ud800', 'a\udfffb', '\u202eRTL', '💥🧬', 'Ⅻ', 'ß'.repeat(300), 'x'.repeat(5_000), 'y'.repeat(600_000),
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "'; DROP TABLE snapshots; --", '${process.env}', '{{7*7}}', '../../etc/passwd',
  '%00', '\r\nSet-Cookie: x=1', 'BRCA1) OR (1=1', '$(rm -rf /)', '`id`', 'javascript:alert(1)', 'TP53[tiab] OR cancer', 'NaN', '-1', '1e309',
];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS, null, true, 0, -1, 1.5, 1e309 /* serialises as null */, Number.MAX_SAFE_INTEGER, [], {}, [[[[]]]],
  { __proto__: { admin: true } }, { constructor: { prototype: { polluted: true } } }, Array.from({ length: 2_000 }, (_, i) => `G${i}`),
];
const METHODS = ['tools/call', 'tools/list', 'initialize', 'ping', 'logging/setLevel', 'resources/list', 'prompts/get', 'completion/complete', 'no/such', '', 'x'.repeat(500), '__proto__', 'constructor', 'tools/call\u0000'];
const TOOLS = [...registry.map((t) => t.name), 'svc_unknown', '__proto__', '', 'svc_generate_insights\u0000', 'x'.repeat(1_000)];
const FIELDS = ['genes', 'diseaseContext', 'gene', 'claim', 'pmids', 'geneContext', 'disease', 'limit', 'snapshotId', 'audience', 'includeDrugs', '__proto__', 'constructor', 'prototype', 'includeDrug'];

function hostileArguments(): unknown {
  if (rand() < 0.1) return pick(HOSTILE_VALUES);
  const args: Record<string, unknown> = {};
  for (let i = 0, n = 1 + int(4); i < n; i++) {
    const field = pick(FIELDS);
    const value = field === 'genes' || field === 'pmids' || field === 'geneContext' ? (rand() < 0.7 ? Array.from({ length: 1 + int(4) }, () => pick(HOSTILE_VALUES)) : pick(HOSTILE_VALUES)) : pick(HOSTILE_VALUES);
    Object.defineProperty(args, field, { value, enumerable: true, configurable: true, writable: true });
  }
  return args;
}

function message(): unknown {
  const kind = rand();
  if (kind < 0.45) return { jsonrpc: pick(['2.0', '2.0', '1.0', 2, null]), id: pick([1, 'a', null, {}, [], 1.5, 'x'.repeat(300)]), method: 'tools/call', params: { name: pick(TOOLS), arguments: hostileArguments() } };
  if (kind < 0.6) return { method: 'tools/call', params: { name: pick(TOOLS), arguments: hostileArguments() } };
  if (kind < 0.8) return { jsonrpc: '2.0', id: int(1_000), method: pick(METHODS), params: pick([undefined, {}, [], 'x', { level: pick(HOSTILE_VALUES) }, { cursor: pick(HOSTILE_VALUES) }]) };
  if (kind < 0.9) return Array.from({ length: int(14) }, () => ({ jsonrpc: '2.0', id: int(100), method: pick(METHODS) }));
  return pick(HOSTILE_VALUES);
}

function rawBody(): string | Buffer {
  const kind = rand();
  if (kind < 0.75) return JSON.stringify(message()) ?? 'undefined';
  if (kind < 0.8) return JSON.stringify(message()).slice(0, int(40));
  if (kind < 0.85) return Buffer.from(Array.from({ length: int(200) }, () => int(256)));
  if (kind < 0.9) return `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  if (kind < 0.95) return `\ufeff${JSON.stringify({ method: 'tools/list' })}`;
  return '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"svc_search_snapshots","arguments":{"disease":"\\ud800\\u0000"}}}';
}

interface Fuzzed {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

function request(port: number): Fuzzed {
  const headers: Record<string, string> = { 'Content-Type': pick(['application/json', 'application/json', 'application/json', 'text/plain', 'application/json; charset=latin1', 'multipart/form-data', '']) };
  if (rand() < 0.1) headers.Host = pick(['evil.example', `127.0.0.1:${port}`, 'localhost', '[::1]', 'x'.repeat(300), '127.0.0.1.nip.io']);
  if (rand() < 0.15) headers.Origin = pick(['https://evil.example', 'null', `http://127.0.0.1:${port}`, 'file://', 'x']);
  if (rand() < 0.1) headers['X-API-Key'] = pick(['bik_' + 'A'.repeat(32), 'x', 'bik_', '\u00e9', "' OR 1=1"].map((k) => encodeURIComponent(k)));
  if (rand() < 0.05) headers['Mcp-Session-Id'] = pick(['x', 'A'.repeat(24), '../../x']);
  if (rand() < 0.05) headers['MCP-Protocol-Version'] = pick(['1999-01-01', '2025-06-18', 'x']);
  if (rand() < 0.2) headers.Accept = pick(['text/event-stream', 'application/json, text/event-stream', '*/*', 'image/png']);
  const path = rand() < 0.9 ? '/mcp' : pick(['/', '/mcp/', '/MCP', '/mcp?x=1&api_key=secret', '/%00', '/..%2f..%2fetc%2fpasswd', '/api/keys/usage', '/widget.js', '/.well-known/mcp.json', `/${'a'.repeat(3_000)}`, '/api/nli/status']);
  const method = rand() < 0.9 ? 'POST' : pick(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE']);
  return { method, path, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { body: rawBody() }) };
}

/** Sends bytes as they are (fetch would refuse some of these headers and normalise others). */
function send(port: number, r: Fuzzed): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const body = r.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body);
    const headers = { Host: `127.0.0.1:${port}`, ...r.headers, 'Content-Length': String(body.length), Connection: 'close' };
    const head = `${r.method} ${r.path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`;
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      let payload = end === -1 ? '' : text.slice(end + 4);
      if (/transfer-encoding: chunked/i.test(text.slice(0, end))) payload = dechunk(payload);
      resolve({ status, headers: end === -1 ? text : text.slice(0, end), body: payload });
    });
    socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  });
}

function dechunk(s: string): string {
  let out = '';
  let rest = s;
  for (;;) {
    const line = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, line), 16);
    if (!size) return out;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 2 + size + 2);
  }
}

const STACK = /\n\s+at [^\n]+[(:]|\bat (?:async )?[\w.<>]+ \(|node:internal|node_modules/;
const PATH = /(?<![\w:/.])\/(?:home|root|tmp|work|srv|var|usr|opt|etc\/(?!passwd))[/\w.-]*|\.(?:ts|mjs|cjs):\d+/;

/** The text a caller is told: an error's message, for answers that are errors. */
function errorMessageOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as unknown;
    const first = (Array.isArray(parsed) ? parsed : [parsed]) as { error?: { message?: unknown }; result?: { isError?: boolean; content?: { text?: string }[] } }[];
    for (const m of first) {
      if (m?.error) return typeof m.error.message === 'string' ? m.error.message : '';
      if (m?.result?.isError) return m.result.content?.[0]?.text ?? '';
    }
  } catch {
    return '';
  }
  return undefined;
}

describe('HTTP fuzz', () => {
  let srv: TestServer;
  const errors: string[] = [];
  beforeAll(async () => {
    srv = await startTestServer(
      {},
      {
        dataDir: tempDir('biointel-fuzz-'),
        // Nothing listens on port 1: every upstream call fails at once.
        sourceUrls: fakeSourceUrls('http://127.0.0.1:1'),
        retries: 0,
        clientRatePerMinute: 1_000_000,
        anonymousRatePerMinute: 1_000_000,
        freeDailyLimit: 300,
        maxQueuedAnalyses: 10_000,
        maxConcurrentAnalyses: 8,
      },
      { log: createLogger('error', { write: (l) => errors.push(l) }) },
    );
  });
  afterAll(() => srv.close());

  it(`answers ${COUNT} hostile requests with clear errors: no 5xx, no stack trace, no file path`, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const requests = Array.from({ length: COUNT }, () => request(srv.port));
    for (let i = 0; i < requests.length; i += 25) {
      const batch = requests.slice(i, i + 25);
      const answers = await Promise.all(batch.map((r) => send(srv.port, r)));
      answers.forEach((a, j) => {
        const r = batch[j]!;
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        const what = `${r.method} ${r.path.slice(0, 60)} ${String(r.body ?? '').slice(0, 120)} -> ${a.status} ${a.body.slice(0, 300)}`;
        if (a.status === 0 || a.status >= 500) failures.push(`status: ${what}`);
        if (STACK.test(a.body)) failures.push(`stack: ${what}`);
        if (PATH.test(a.body)) failures.push(`path: ${what}`);
        // HEAD answers have no body by definition.
        if (r.method !== 'HEAD' && a.status >= 400 && a.status !== 405 && !(a.status === 431 || a.status === 414)) {
          const msg = errorMessageOf(a.body);
          if (!msg) failures.push(`no message: ${what}`);
        }
        if (a.status === 200 && r.method === 'POST' && !a.headers.includes('text/event-stream')) {
          const msg = errorMessageOf(a.body);
          if (msg !== undefined && !msg) failures.push(`empty error: ${what}`);
        }
      });
    }
    expect(failures.slice(0, 20)).toEqual([]);
    process.stderr.write(`[fuzz] statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}\n`);
    // Most hostile requests are refused; some are valid (tools/list, a search) and answered.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].every((s) => s >= 200 && s < 500)).toBe(true);
    // Nothing was a bug: no internal errors logged.
    expect(errors.filter((l) => /internal|failed:/.test(l))).toEqual([]);
  }, 300_000);

  it('still serves afterwards', async () => {
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
    const res = await fetch(`${srv.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ method: 'tools/list' }) });
    expect(res.status).toBe(200);
  });
});
