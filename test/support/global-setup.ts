// Builds dist/ once per test run so tests of the binary (stdio, serve, CLI commands) run the
// code under test, whichever way vitest was started.
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './shared.js';

export default function setup(): void {
  const r = spawnSync('npx', ['tsup', '--silent'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed before tests:\n${r.stdout}\n${r.stderr}`);
}
