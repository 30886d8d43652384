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

export interface RawStdioSession {
  /** Everything the process wrote to stdout, one JSON-RPC message per line. */
  stdout: string;
  /** From spawning to the answer of `request` (the start-up benchmark's figure). */
  answeredMs: number;
  code: number | null;
}

/**
 * A stdio session as a desktop assistant opens it, without an SDK client: initialize, initialized,
 * then `request` with id 2; once it is answered stdin is closed (the normal end of a session) and
 * the exit awaited.
 */
export function rawStdioSession(request: { method: string; params?: object }, env: NodeJS.ProcessEnv, bin = BIN, node = process.execPath): Promise<RawStdioSession> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(node, [bin], { cwd: REPO_ROOT, env, stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    let answeredMs: number | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no answer to ${request.method} within 60 s`));
    }, 60_000);
    child.on('error', reject);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (answeredMs !== undefined || !stdout.split('\n').some((l) => l.includes('"id":2'))) return;
      answeredMs = performance.now() - started;
      child.stdin.end();
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (answeredMs === undefined) reject(new Error(`exited (${code}) before answering ${request.method}`));
      else resolve({ stdout, answeredMs, code });
    });
    const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, ...request });
  });
}
