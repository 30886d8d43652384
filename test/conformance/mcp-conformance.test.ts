// The official MCP conformance suite (@modelcontextprotocol/conformance) against the built
// `biointel serve --http`: every server scenario that applies to biointel must pass. The suite
// needs Node 22; .ci/conformance installs it with Node 22 from the npm package `node` (npm ci
// --prefix .ci/conformance), apart from the project and the system Node. Without that install the
// suite skips with a message; CI sets BIOINTEL_REQUIRE_CONFORMANCE=1 (.ci/run), which turns the
// skip into a failure.
//
// Not applicable: the scenarios that need test tools, resources or prompts of the suite's own
// reference server (tools-call-image, resources-*, prompts-*, ...), and the ones of the draft
// specification (SSE polling, multiple streams).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/context.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { NODE22, NODE22_MODULES, skippedWithoutNode22 } from '../support/node22.js';

const SUITE_BIN = path.join(NODE22_MODULES, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'logging-set-level', 'dns-rebinding-protection'];
const NAME = 'MCP conformance suite';

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

function runScenario(url: string, scenario: string): Promise<{ code: number | null; output: string; checks: Check[] }> {
  const out = tempDir('biointel-conformance-');
  return new Promise((resolve, reject) => {
    const child = spawn(NODE22, [SUITE_BIN, 'server', '--url', `${url}/mcp`, '--scenario', scenario, '-o', out], { env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const checks = readdirSync(out).flatMap((d) => {
        const file = path.join(out, d, 'checks.json');
        return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Check[]) : [];
      });
      resolve({ code, output, checks });
    });
  });
}

const installed = !skippedWithoutNode22(NAME, existsSync(NODE22) && existsSync(SUITE_BIN));

describe.skipIf(!installed)(installed ? NAME : `${NAME} (skipped: npm ci --prefix .ci/conformance)`, () => {
  let server: ServeProcess;
  beforeAll(async () => {
    // Defaults, as an operator starts it: no origins listed, anonymous callers.
    server = await startServe({ BIOINTEL_DATA_DIR: tempDir() });
  }, 60_000);
  afterAll(() => server?.stop());

  for (const scenario of SCENARIOS) {
    it(`passes ${scenario}`, async () => {
      const r = await runScenario(server.url, scenario);
      expect(r.checks.length, r.output).toBeGreaterThan(0);
      expect(r.checks.filter((c) => c.status !== 'SUCCESS'), r.output).toEqual([]);
      expect(r.code, r.output).toBe(0);
    }, 120_000);
  }
});
