// Builds dist/ once per test run so tests of the binary (stdio, serve, CLI commands) run the
// code under test, whichever way vitest was started; and gives the run its own temporary
// directory, removed at the end.
//
// Why the temporary directory: tests make a fresh data directory per context (tempDir() in
// context.ts), and each downloads gene-set libraries and the HGNC table into it from the fake
// upstream. One run left ~750 directories and ~0.5 GB in /tmp, never removed, until repeated runs
// filled the disk. TMPDIR is set before the workers start, so os.tmpdir() in every worker (and in
// the binaries the tests spawn) points inside the run's directory. BIOINTEL_KEEP_TEST_TMP=1 keeps
// it for a look after a failure; screenshots of the browser tests go beside it, kept
// (BIOINTEL_E2E_ARTIFACTS, default <tmp>/biointel-e2e).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './shared.js';

export default function setup(): () => void {
  const systemTmp = os.tmpdir();
  process.env.BIOINTEL_E2E_ARTIFACTS ??= path.join(systemTmp, 'biointel-e2e');
  const runTmp = mkdtempSync(path.join(systemTmp, 'biointel-run-'));
  process.env.TMPDIR = runTmp;
  const teardown = () => {
    if (process.env.BIOINTEL_KEEP_TEST_TMP === '1') process.stderr.write(`[tests] temporary files kept in ${runTmp}\n`);
    else rmSync(runTmp, { recursive: true, force: true });
  };
  // For quick iteration on tests that do not run the binary.
  if (process.env.BIOINTEL_TEST_NO_BUILD === '1') return teardown;
  const r = spawnSync('npx', ['tsup', '--silent'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) {
    teardown();
    throw new Error(`build failed before tests:\n${r.stdout}\n${r.stderr}`);
  }
  return teardown;
}
