// `biointel serve --http` as a separate process (the built binary), for tests of several instances
// sharing one store. The port is chosen by the OS (--port 0) and read from the banner.
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN } from './binary.js';
import { fakeSourceUrls } from './context.js';
import { REPO_ROOT } from './shared.js';
import { SOURCE_IDS } from '../../src/sources/registry.js';

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  stderr(): string;
  stop(): Promise<number | null>;
}

/** Environment pointing every source at `upstreamUrl` (as BIOINTEL_SOURCE_<ID>_URL). */
export function sourceEnv(upstreamUrl: string): Record<string, string> {
  const urls = fakeSourceUrls(upstreamUrl);
  return Object.fromEntries(SOURCE_IDS.map((id) => [`BIOINTEL_SOURCE_${id.toUpperCase()}_URL`, urls[id] as string]));
}

export function startServe(env: Record<string, string>, args: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--http', '--port', '0', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1', BIOINTEL_NLI: 'off', BIOINTEL_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stdout?.resume();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${err}`)), 60_000);
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /listening on (http:\/\/[^/\s]+)\/mcp/.exec(err);
      if (m?.[1] && timer) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          child,
          stderr: () => err,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done(child.exitCode);
              child.once('exit', (code) => done(code));
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${err}`));
    });
  });
}
