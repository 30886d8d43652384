// The built binary as desktop assistants and operators run it: stdio MCP (only protocol on
// stdout), `serve --http` with a clean SIGTERM shutdown, and CLI exit codes.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../src/tools/index.js';
import { BIN, rawStdioSession, runCli } from '../support/binary.js';
import { tempDir, fakeSourceUrls } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakePubmed } from '../support/fake-pubmed.js';
import { writeTinyNli } from '../support/tiny-nli.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
  mountFakePubmed(fake, [{ pmid: '1001', title: 'Metformin and survival', abstract: 'Metformin improved survival of patients with diabetes.' }]);
});
afterAll(() => fake.close());

function env(): Record<string, string> {
  const out: Record<string, string> = { BIOINTEL_DATA_DIR: tempDir(), BIOINTEL_NLI: 'off', BIOINTEL_LOG_LEVEL: 'warn' };
  for (const [id, url] of Object.entries(fakeSourceUrls(fake.url))) out[`BIOINTEL_SOURCE_${id.toUpperCase()}_URL`] = url;
  return out;
}

describe('stdio MCP server (built binary)', () => {
  it('lists tools and calls one through the official stdio client', async () => {
    const stderr: string[] = [];
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], env: { ...process.env, ...env() } as Record<string, string>, stderr: 'pipe' });
    transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
    const client = new Client({ name: 'stdio-test', version: '0.0.0' });
    await client.connect(transport);
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
    const res = (await client.callTool({ name: 'svc_verify_claim', arguments: { claim: 'Metformin improves survival in patients with diabetes.', pmids: ['1001'] } })) as CallToolResult;
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toMatchObject({ pmidsChecked: true, hallucinated: 0, nliEnabled: false, entailmentMethod: 'none', evidenceStatus: 'unjudged' });
    await client.close();
  });

  it('writes nothing but JSON-RPC messages to stdout', async () => {
    const { stdout: out, code } = await rawStdioSession(
      { method: 'tools/call', params: { name: 'svc_verify_claim', arguments: { claim: 'Metformin improves survival.', pmids: ['1001', '77777777'] } } },
      { ...process.env, ...env(), BIOINTEL_LOG_LEVEL: 'debug' },
    );
    const lines = out.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
    expect(code).toBe(0); // closing stdin ends the session cleanly
  });

  it("says what is wrong with an argument in zod's English (the build bundles that locale alone)", async () => {
    const { stdout } = await rawStdioSession({ method: 'tools/call', params: { name: 'svc_search_snapshots', arguments: { disease: 5 } } }, { ...process.env, ...env() });
    const answer = JSON.parse(stdout.split('\n').find((l) => l.includes('"id":2')) ?? '{}') as { result?: CallToolResult };
    expect(answer.result?.isError).toBe(true);
    expect(answer.result?.content).toEqual([expect.objectContaining({ text: expect.stringContaining('disease: Invalid input: expected string, received number') })]);
  });

  it('lists its tools with a data directory it cannot use, and each call says why (the context is built after the list)', async () => {
    const file = path.join(tempDir(), 'not-a-dir');
    writeFileSync(file, 'x');
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], env: { ...process.env, ...env(), BIOINTEL_DATA_DIR: file } as Record<string, string>, stderr: 'pipe' });
    const stderr: string[] = [];
    transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
    const client = new Client({ name: 'stdio-test', version: '0.0.0' });
    await client.connect(transport);
    expect((await client.listTools()).tools).toHaveLength(tools.length);
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = (await client.callTool({ name: 'svc_search_snapshots', arguments: {} })) as CallToolResult;
      expect(res.isError).toBe(true);
      const text = (res.content as { text: string }[])[0]!.text;
      expect(text).toContain(`cannot use the data directory ${file}: a file is in the way`);
      expect(text).toContain('BIOINTEL_DATA_DIR');
    }
    await client.close();
    expect(stderr.join('')).toContain('could not prepare the tools');
  });
});

describe('serve --http (built binary)', () => {
  it('announces its URL on stderr, serves, and shuts down cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--http', '--port', '0'], { env: { ...process.env, ...env() } });
    let err = '';
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /listening on (http:\/\/[^\s/]+)/.exec(err);
        if (m?.[1]) resolve(m[1]);
      });
      child.on('exit', () => reject(new Error(`exited early: ${err}`)));
    });
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    const plain = await fetch(`${url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'tools/list', params: {} }) });
    expect(plain.headers.get('content-type')).toContain('application/json');
    expect(((await plain.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(tools.length);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(out).toBe(''); // the HTTP server too keeps stdout clean
  });
});

describe('CLI', () => {
  it('exits 0 on --help, 2 on usage errors, with the field named', async () => {
    expect((await runCli(['--help'])).code).toBe(0);
    expect((await runCli(['verify', '--help'])).stdout).toContain('--pmids');
    const bad = await runCli(['verify', 'x'.repeat(2001)], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('claim: the claim is limited to 2000 characters');
    expect((await runCli(['verify'], env())).code).toBe(2);
    expect((await runCli(['serve', '--http', '--port', 'abc'], env())).code).toBe(2);
    const unknown = await runCli(['frobnicate'], env());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
  });

  it('a reader that closes the pipe early (| head) is no crash', async () => {
    // `biointel repurpose --help | head -3` died on an unhandled EPIPE with a stack trace.
    const child = spawn(process.execPath, [BIN, 'repurpose', '--help'], { env: { ...process.env, ...env() }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy(); // the reader is gone before the first byte
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at .*\.js:/);
    expect(code).toBe(0);
  });

  it('verify prints a readable report, or JSON with --json', async () => {
    const text = await runCli(['verify', 'Metformin improves survival in patients with diabetes.', '--pmids', '1001'], env());
    // No NLI model here (BIOINTEL_NLI=off): the report is printed, and the exit says "not verified".
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('error: the claim was not verified (unjudged)');
    expect(text.stdout).toContain('Evidence status:');
    expect(text.stdout).toContain('1001');
    const json = await runCli(['verify', 'Metformin improves survival.', '--pmids', '1001,99999999', '--json'], env());
    expect(JSON.parse(json.stdout)).toMatchObject({ hallucinated: 1 });
  });

  it('degrades instead of failing when PubMed cannot answer (replay miss)', async () => {
    const r = await runCli(['verify', 'Metformin improves survival.', '--pmids', '1001', '--replay-dir', tempDir()], { ...env() });
    // PubMed failing degrades the answer instead of failing it: the report is printed, and the exit
    // code says the claim was not verified (it was 0, as for a supported claim).
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('UNVERIFIABLE');
  });

  it('verify exits 0 for a supported claim, 3 for one judged and not supported, 1 when not verified', async () => {
    const withModel = { ...env(), BIOINTEL_NLI: 'auto', BIOINTEL_NLI_MODEL: writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli')) };
    expect((await runCli(['verify', 'Metformin improves survival of patients with diabetes.', '--pmids', '1001'], withModel)).code).toBe(0);
    expect((await runCli(['verify', 'Metformin did not improve survival of patients with diabetes.', '--pmids', '1001'], withModel)).code).toBe(3);
    expect((await runCli(['verify', 'Metformin improves survival.', '--pmids', '99999999'], withModel)).code).toBe(3); // hallucinated
    // "Grounded" by ALCE's F1 (0.67) with its second sentence uncited: not every statement supported.
    const half = await runCli(['verify', 'Metformin improves survival of patients with diabetes [PMID:1001]. Aspirin cures all cancers.'], withModel);
    expect(half.stdout).toContain('GROUNDED');
    expect(half.code).toBe(3);
    expect(half.stderr).toContain('1 of 2 statements are not supported (unsupported)');
    const down = await runCli(['verify', 'Metformin improves survival.', '--pmids', '1001', '--replay-dir', tempDir()], withModel);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('not verified (unverifiable)');
  });

  it('sources lists every source with its override variable', async () => {
    const r = await runCli(['sources', '--json'], env());
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { id: string; overridden: boolean; overrideVariable: string }[];
    expect(rows.find((s) => s.id === 'eutils')).toMatchObject({ overridden: true, overrideVariable: 'BIOINTEL_SOURCE_EUTILS_URL' });
  });

  it('cache stats and clear work on the SQLite store', async () => {
    const e = { ...env(), BIOINTEL_CACHE: 'on' };
    expect((await runCli(['verify', 'Metformin improves survival.', '--pmids', '1001'], e)).code).toBe(1); // unjudged: no model
    const stats = JSON.parse((await runCli(['cache', 'stats', '--json'], e)).stdout) as { upstreamResponses: number; store: string };
    expect(stats.store).toBe('sqlite');
    expect(stats.upstreamResponses).toBeGreaterThan(0);
    expect((await runCli(['cache', 'clear'], e)).stdout).toContain('Cache cleared');
    expect((JSON.parse((await runCli(['cache', 'stats', '--json'], e)).stdout) as { upstreamResponses: number }).upstreamResponses).toBe(0);
  });

  it('nli status explains a missing model and exits 1', async () => {
    const r = await runCli(['nli', 'status', '--json'], { ...env(), BIOINTEL_NLI: 'auto' });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ state: 'not_downloaded', entailmentMethod: 'none' });
  });
});
