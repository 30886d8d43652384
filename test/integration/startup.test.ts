// Instant start: what each entry point loads, counted through a module-resolution hook (no clock).
// `biointel --help` (and a usage error) must load commander alone; the stdio server reads its
// own build (a dozen files instead of the commands' shared chunks), never the spinner or
// transformers.js.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN, rawStdioSession, runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';
import { NODE22, skippedWithoutNode22 } from '../support/node22.js';
import { REPO_ROOT } from '../support/shared.js';

const HOOK = path.join(REPO_ROOT, 'test', 'support', 'module-log.mjs');

const packageOf = (file: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];

/**
 * Packages a run loaded: those resolved from node_modules (the external ones), and those bundled
 * into the dist files it resolved, read from the builds' metafiles (which inputs each output holds).
 */
function packagesOf(log: string): Set<string> {
  const outputs: Record<string, { inputs: Record<string, unknown> }> = {};
  for (const meta of ['dist/metafile-esm.json', 'dist/stdio/metafile-esm.json']) {
    Object.assign(outputs, (JSON.parse(readFileSync(path.join(REPO_ROOT, meta), 'utf8')) as { outputs: typeof outputs }).outputs);
  }
  const urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const files = urls.flatMap((u) => {
    const file = u.startsWith('file:') ? path.relative(REPO_ROOT, fileURLToPath(u)) : u;
    const output = outputs[file];
    return output ? Object.keys(output.inputs) : [file];
  });
  return new Set(files.flatMap((f) => packageOf(f) ?? []));
}

async function packagesLoaded(args: string[], env: Record<string, string> = {}): Promise<Set<string>> {
  const log = path.join(tempDir(), 'modules.txt');
  const r = await runCli(args, { BIOINTEL_MODULE_LOG: log, NODE_OPTIONS: `--import ${HOOK}`, ...env });
  expect(r.code, r.stderr).not.toBeNull();
  return packagesOf(log);
}

/**
 * The stdio server started as an assistant does, up to its tools/list answer; the dist files it
 * read. With the defaults a new user has: no model yet, automatic download on (it starts after the
 * first requests are answered, src/server/auto-download.ts; the hub is a closed local port).
 */
async function stdioLoaded(): Promise<{ files: string[]; packages: Set<string> }> {
  const log = path.join(tempDir(), 'modules.txt');
  const env: NodeJS.ProcessEnv = { ...process.env, BIOINTEL_MODULE_LOG: log, NODE_OPTIONS: `--import ${HOOK}`, BIOINTEL_DATA_DIR: tempDir(), BIOINTEL_NLI_REMOTE_HOST: 'http://127.0.0.1:9/' };
  delete env.BIOINTEL_NLI_AUTO_DOWNLOAD;
  delete env.BIOINTEL_NLI;
  await rawStdioSession({ method: 'tools/list', params: {} }, env);
  const files = readFileSync(log, 'utf8').split('\n').filter((u) => u.includes('/dist/')).map((u) => path.relative(REPO_ROOT, fileURLToPath(u)));
  return { files: [...new Set(files)], packages: packagesOf(log) };
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

  it('the stdio server reads its own build, with the MCP SDK but neither the spinner nor the NLI library', async () => {
    const { files, packages } = await stdioLoaded();
    expect(files).toContain('dist/stdio/stdio-main.js');
    // cli.js and the few chunks of the command line, then the one file: not the commands' dozens of shared chunks.
    expect(files.filter((f) => f.startsWith('dist/chunk-')).length).toBeLessThanOrEqual(12);
    expect(packages.has('@modelcontextprotocol/sdk')).toBe(true);
    for (const heavy of ['ora', '@huggingface/transformers']) expect(packages.has(heavy), heavy).toBe(false);
  });
});

const COMPILE_CACHE = 'compile cache on Node 22';
describe.skipIf(skippedWithoutNode22(COMPILE_CACHE))(COMPILE_CACHE, () => {
  it('keeps the compiled code of a run in the temp directory, for the next start to reuse', async () => {
    const tmp = tempDir();
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
    delete env.NODE_COMPILE_CACHE;
    delete env.NODE_DISABLE_COMPILE_CACHE;
    await promisify(execFile)(NODE22, [BIN, '--version'], { env });
    const cache = path.join(tmp, 'node-compile-cache');
    // One folder per Node version, a file per module compiled: the entry, cli.js and its chunks.
    const entries = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(entries.length).toBeGreaterThanOrEqual(3);
  });
});
