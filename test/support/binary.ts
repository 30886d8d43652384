// The built binary (dist/ is built by test/support/global-setup.ts), for tests that run biointel
// as users do. Asynchronous on purpose: fake upstream servers live in the test process, and a
// synchronous spawn would block them from answering.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fakeSourceUrls, tempDir } from './context.js';
import { REPO_ROOT } from './shared.js';

export const BIN = path.join(REPO_ROOT, 'bin', 'biointel.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to completion. */
export function runCli(args: string[], env: Record<string, string> = {}, timeoutMs = 60_000): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`biointel ${args.join(' ')} timed out\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Environment for a CLI run on a fresh data directory with every source pointed at a fake upstream. */
export function fakeCliEnv(upstreamUrl: string, dataDir = tempDir()): Record<string, string> {
  const out: Record<string, string> = { BIOINTEL_DATA_DIR: dataDir, BIOINTEL_NLI: 'off', BIOINTEL_LOG_LEVEL: 'error' };
  for (const [id, url] of Object.entries(fakeSourceUrls(upstreamUrl))) out[`BIOINTEL_SOURCE_${id.toUpperCase()}_URL`] = url;
  return out;
}
