// The whole tree type-checks: src, tests, benchmarks, scripts and configs (tsconfig.json "include").
// vitest strips types without checking them, and the benchmarks do not run in the suite, so a type
// error or a broken string in a bench file would otherwise land unseen (one did: an apostrophe in a
// single-quoted string of bench/insights).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

it('type-checks every file tsconfig.json includes (tsc --noEmit)', async () => {
  const run = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', root], { cwd: root, maxBuffer: 16 * 1024 * 1024 }).then(
    () => ({ code: 0, out: '' }),
    (err: { code?: number; stdout?: string }) => ({ code: err.code ?? 1, out: err.stdout ?? String(err) }),
  );
  expect(run.out).toBe('');
  expect(run.code).toBe(0);
}, 180_000);
