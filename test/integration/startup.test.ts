// Instant start: what each entry point loads, counted through a module-resolution hook (no clock).
// `biointel --help` (and a usage error) must load commander alone; the stdio server loads what
// serving needs, never the spinner, transformers.js or the HTTP server.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';
import { REPO_ROOT } from '../support/shared.js';

const HOOK = path.join(REPO_ROOT, 'test', 'support', 'module-log.mjs');

const packageOf = (file: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];

/**
 * Packages a run loaded: those resolved from node_modules (the external ones), and those bundled
 * into the dist files it resolved, read from the build's metafile (which inputs each output holds).
 */
async function packagesLoaded(args: string[], env: Record<string, string> = {}): Promise<Set<string>> {
  const log = path.join(tempDir(), 'modules.txt');
  const r = await runCli(args, { BIOINTEL_MODULE_LOG: log, NODE_OPTIONS: `--import ${HOOK}`, ...env });
  expect(r.code, r.stderr).not.toBeNull();
  const meta = JSON.parse(readFileSync(path.join(REPO_ROOT, 'dist', 'metafile-esm.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  const urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const files = urls.flatMap((u) => {
    const file = u.startsWith('file:') ? path.relative(REPO_ROOT, fileURLToPath(u)) : u;
    const output = meta.outputs[file];
    return output ? Object.keys(output.inputs) : [file];
  });
  return new Set(files.flatMap((f) => packageOf(f) ?? []));
}

describe('start-up loads only what the command needs', () => {
  it('--help, --version and a usage error load commander and nothing else', async () => {
    for (const args of [['--help'], ['--version'], ['analyze', '--help'], ['no-such-command']]) {
      expect([...(await packagesLoaded(args))], args.join(' ')).toEqual(['commander']);
    }
  });

  it('a command loads its own dependencies only: `genes status` needs no MCP SDK, spinner or NLI library', async () => {
    const loaded = await packagesLoaded(['genes', 'status', '--json'], { BIOINTEL_DATA_DIR: tempDir() });
    for (const heavy of ['@modelcontextprotocol/sdk', 'ora', '@huggingface/transformers']) expect(loaded.has(heavy), heavy).toBe(false);
  });
});
