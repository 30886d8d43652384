// Expected operating errors of `biointel serve --http` are not bugs: a port in use, an address not
// on this machine, a data directory that cannot be written, an unreachable Redis each end with a
// plain message, the fix, and exit 1 (issue: it said "internal error ... This is a bug").
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';

describe('serve --http operating errors', () => {
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    port = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => busy.close(() => r())));

  const serve = (args: string[], env: Record<string, string> = {}) => runCli(['serve', '--http', ...args], { BIOINTEL_DATA_DIR: tempDir(), ...env });

  it('a port in use', async () => {
    const r = await serve(['--port', String(port)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: port ${port} is already in use on 127.0.0.1`);
    expect(r.stderr).toContain(`hint: Stop that program, or choose another port: biointel serve --http --port ${port + 1}`);
    expect(r.stderr).not.toMatch(/internal|bug/i);
  });

  it('an address that is not on this machine', async () => {
    const r = await serve(['--host', '203.0.113.7', '--port', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: cannot listen on 203.0.113.7:0: 203.0.113.7 is not an address of this machine');
    expect(r.stderr).not.toMatch(/internal|bug/i);
  });

  it('a data directory that cannot be used', async () => {
    const file = path.join(tempDir(), 'not-a-dir');
    writeFileSync(file, 'x');
    const r = await serve(['--port', '0'], { BIOINTEL_DATA_DIR: file });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: cannot use the data directory ${file}: a file is in the way`);
    expect(r.stderr).toContain('hint: Point BIOINTEL_DATA_DIR (or --data-dir) at a directory this user can write');
    expect(r.stderr).not.toMatch(/internal|bug/i);
  });

  it('an unreachable Redis', async () => {
    // Port 1: nothing listens there.
    const r = await serve(['--port', '0'], { BIOINTEL_STORE_URL: 'redis://user:secret@127.0.0.1:1' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: could not connect to Redis at redis:\/\/user:\*\*\*@127\.0\.0\.1/);
    expect(r.stderr).not.toContain('secret');
    expect(r.stderr).not.toMatch(/internal|bug/i);
  });
});
