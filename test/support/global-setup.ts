// Builds dist/ once per test run so tests of the binary (stdio, serve, CLI commands) run the
// code under test, whichever way vitest was started.
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './shared.js';

export default function setup(): void {
  // For quick iteration on tests that do not run the binary.
  if (process.env.BIOINTEL_TEST_NO_BUILD === '1') return;
  const r = spawnSync('npx', ['tsup', '--silent'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed before tests:\n${r.stdout}\n${r.stderr}`);
}
