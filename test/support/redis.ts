// A real redis-server (Debian's package) on a free port, for the shared-store tests. On a user's
// clone without it those suites skip with a message; CI installs it and sets
// BIOINTEL_REQUIRE_REDIS=1 (.ci/run), which turns the skip into a failure.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, it, expect } from 'vitest';

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
export const hasRedis = existsSync(REDIS_SERVER);
const required = process.env.BIOINTEL_REQUIRE_REDIS === '1';

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 20_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${out}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** describe() that needs redis-server: skips with a message without it, fails in CI. */
export function describeRedis(name: string, fn: () => void): void {
  if (!hasRedis) {
    process.stderr.write(`[skip] ${name}: no redis-server at ${REDIS_SERVER} (apt-get install redis-server, or set REDIS_SERVER_PATH)\n`);
    if (required) {
      it(`${name}: redis-server is required (BIOINTEL_REQUIRE_REDIS=1)`, () => {
        expect.fail(`no redis-server at ${REDIS_SERVER}: apt-get install redis-server, or set REDIS_SERVER_PATH`);
      });
      return;
    }
    describe.skip(`${name} (skipped: no redis-server)`, () => {
      it.skip('needs redis-server', () => undefined);
    });
    return;
  }
  describe(name, fn);
}
