// HTTP throughput of `biointel serve --http` against a bare node:http server sending the same
// bytes, measured by the same load generator (autocannon, from npm) in the same run (issue 12):
//   - a cached svc_get_target_brief (plain JSON POST /mcp, a researcher key, every upstream answer
//     already in the SQLite cache, so no upstream request is made);
//   - tools/list (about 50 KB of tool schemas).
// Both servers run as child processes (one core each at most, like the load generator); the bare
// server answers every request with the exact bytes biointel sent for that request. Rounds
// alternate bare / biointel; medians with min-max are reported, and the peak RSS of the biointel
// process (VmHWM). Run: npx vitest run --config bench/vitest.bench.config.ts bench/http
// Writes bench/http/last-run.json; see bench/http/README.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test/support/binary.js';
import { tempDir } from '../../test/support/context.js';
import { EGFR, mountBriefUpstream } from '../../test/support/fake-brief.js';
import { startFakeUpstream } from '../../test/support/fake-upstream.js';
import { sourceEnv, startServe } from '../../test/support/serve-process.js';
import { hasShared, SKIP_SHARED_REASON } from '../../test/support/shared.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const GOALS = { brief: 0.1, toolsList: 0.3, rssMb: 250 };

if (!hasShared) console.warn(`[bench] skipping: ${SKIP_SHARED_REASON}`);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function load(url: string, body: string, headers: Record<string, string>): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, connections: CONNECTIONS, duration: SECONDS },
      (err, r) => {
        if (err) return reject(err);
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
      },
    );
  });
}

/** A bare node:http server (own process) answering every request with these exact bytes. */
function bareServer(bodyFile: string): Promise<{ url: string; stop(): void }> {
  const script = `
    const body = require('fs').readFileSync(${JSON.stringify(bodyFile)});
    const head = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length), 'Cache-Control': 'no-store' };
    const s = require('http').createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(200, head); res.end(body); }); });
    s.keepAliveTimeout = 65000;
    s.listen(0, '127.0.0.1', () => process.stdout.write(String(s.address().port) + '\\n'));`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout?.once('data', (d: Buffer) => resolve({ url: `http://127.0.0.1:${String(d).trim()}`, stop: () => child.kill() }));
  });
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const spread = (xs: number[]) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });

describe.skipIf(!hasShared)('HTTP throughput against a bare node:http server', () => {
  it('cached target brief and tools/list', async () => {
    const fake = await startFakeUpstream();
    mountBriefUpstream(fake);
    const dataDir = tempDir('biointel-bench-http-');
    const env = {
      BIOINTEL_DATA_DIR: dataDir,
      ...sourceEnv(fake.url),
      // The per-minute limits out of the way: tools/list answers some 45,000 requests a second, so
      // three 8-second rounds falling in one minute went past a limit of 1,000,000 and the last
      // round was refused (429) whole.
      BIOINTEL_CLIENT_RATE_PER_MINUTE: '100000000',
      BIOINTEL_ANONYMOUS_RATE_PER_MINUTE: '100000000',
      BIOINTEL_LOG_LEVEL: 'info',
    };
    const created = await runCli(['keys', 'create', '--tier', 'researcher', '--label', 'bench', '--daily-limit', '100000000', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const key = (JSON.parse(created.stdout) as { key: string }).key;
    const server = await startServe(env);
    // The brief with a researcher key (drugs included; every call counts against the key's large
    // daily limit, as in production); tools/list anonymously (not an analysis).
    const cases = {
      brief: { body: JSON.stringify({ method: 'tools/call', params: { name: 'svc_get_target_brief', arguments: { gene: EGFR.symbol, diseaseContext: EGFR.disease } }, id: 1 }), headers: { 'x-api-key': key } as Record<string, string> },
      toolsList: { body: JSON.stringify({ method: 'tools/list', id: 1 }), headers: {} as Record<string, string> },
      // The floor of a tool call through the whole stack (checks, key, SDK, validation, JSON): a
      // search of an empty snapshot store with the same key. Not a goal of its own.
      searchFloor: { body: JSON.stringify({ method: 'tools/call', params: { name: 'svc_search_snapshots', arguments: {} }, id: 1 }), headers: { 'x-api-key': key } as Record<string, string> },
    };
    const results: Record<string, { bare: Load[]; biointel: Load[]; bytes: number }> = {};
    try {
      for (const [name, { body, headers }] of Object.entries(cases)) {
        // The first call fills the cache (brief); the second, a cached answer, gives the bytes the
        // bare server will send (sizes vary by a few bytes with the timings inside).
        const call = () => fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
        expect((await call()).status).toBe(200);
        const bytes = Buffer.from(await (await call()).arrayBuffer());
        const upstreamBefore = fake.requests.length;
        const file = path.join(dataDir, `${name}.json`);
        writeFileSync(file, bytes);
        const bare = await bareServer(file);
        results[name] = { bare: [], biointel: [], bytes: bytes.length };
        try {
          for (let round = 0; round < ROUNDS; round++) {
            results[name].bare.push(await load(bare.url, body, headers));
            results[name].biointel.push(await load(`${server.url}/mcp`, body, headers));
          }
        } finally {
          bare.stop();
        }
        // Cached: not one upstream request during the load.
        expect(fake.requests.length).toBe(upstreamBefore);
        // Which case, and how many answers were not 2xx or failed (timeouts count as errors).
        expect(results[name].biointel.map((r) => ({ non2xx: r.non2xx, errors: r.errors })), name).toEqual(results[name].biointel.map(() => ({ non2xx: 0, errors: 0 })));
      }
    } finally {
      const rss = peakRssMb(server.child.pid!);
      await server.stop();
      await fake.close();
      results.rss = { bare: [], biointel: [], bytes: rss };
    }

    const summary = Object.fromEntries(
      Object.keys(cases).map((name) => {
        const r = results[name]!;
        const ratios = r.biointel.map((b, i) => b.rps / (r.bare[i]?.rps ?? 1));
        return [name, { bytes: r.bytes, bareRps: spread(r.bare.map((x) => x.rps)), biointelRps: spread(r.biointel.map((x) => x.rps)), ratio: spread(ratios), biointelP50Ms: spread(r.biointel.map((x) => x.p50)), biointelP99Ms: spread(r.biointel.map((x) => x.p99)) }];
      }),
    ) as unknown as Record<keyof typeof cases, { bytes: number; bareRps: ReturnType<typeof spread>; biointelRps: ReturnType<typeof spread>; ratio: ReturnType<typeof spread> }>;
    const peakRss = results.rss!.bytes;
    const out = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}, load ${os.loadavg()[0]?.toFixed(1)}`,
      node: process.version,
      rounds: ROUNDS,
      secondsPerRun: SECONDS,
      connections: CONNECTIONS,
      loadGenerator: 'autocannon',
      ...summary,
      peakRssMb: Math.round(peakRss),
      goals: GOALS,
      met: { brief: summary.brief.ratio.median >= GOALS.brief, toolsList: summary.toolsList.ratio.median >= GOALS.toolsList, rss: peakRss < GOALS.rssMb },
    };
    writeFileSync(path.join(here, 'last-run.json'), `${JSON.stringify(out, null, 2)}\n`);
    const row = (name: string, s: (typeof summary)['brief']) =>
      `${name.padEnd(10)} ${String(s.bytes).padStart(7)} B  bare ${s.bareRps.median.toFixed(0).padStart(6)}/s  biointel ${s.biointelRps.median.toFixed(0).padStart(6)}/s  ratio ${s.ratio.median.toFixed(3)} (${s.ratio.min.toFixed(3)}-${s.ratio.max.toFixed(3)})`;
    console.log(['', row('brief', summary.brief), row('tools/list', summary.toolsList), row('search', summary.searchFloor), `peak RSS ${peakRss.toFixed(0)} MB`, ''].join('\n'));
  }, 900_000);
});
