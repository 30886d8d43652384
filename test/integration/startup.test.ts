// Instant start: what each entry point loads, counted through a module-resolution hook (no clock).
// `biointel --help` (and a usage error) must load commander alone; the stdio server reads its
// standalone build (one file instead of the commands' shared chunks), never the spinner or
// transformers.js.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rawStdioSession, runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';
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

/** The stdio server started as an assistant does, up to its tools/list answer; the dist files it read. */
async function stdioLoaded(): Promise<{ files: string[]; packages: Set<string> }> {
  const log = path.join(tempDir(), 'modules.txt');
  await rawStdioSession({ method: 'tools/list', params: {} }, { ...process.env, BIOINTEL_MODULE_LOG: log, NODE_OPTIONS: `--import ${HOOK}`, BIOINTEL_DATA_DIR: tempDir(), BIOINTEL_NLI_AUTO_DOWNLOAD: '0' });
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

  it('the stdio server reads its standalone build, with the MCP SDK but neither the spinner nor the NLI library', async () => {
    const { files, packages } = await stdioLoaded();
    expect(files).toContain('dist/stdio/stdio-main.js');
    // cli.js and the few chunks of the command line, then the one file: not the commands' dozens of shared chunks.
    expect(files.filter((f) => f.startsWith('dist/chunk-')).length).toBeLessThanOrEqual(12);
    expect(packages.has('@modelcontextprotocol/sdk')).toBe(true);
    for (const heavy of ['ora', '@huggingface/transformers']) expect(packages.has(heavy), heavy).toBe(false);
  });
});
