// Node 22 for the tests that need it (the MCP conformance suite; the compile cache, which Node 20
// lacks): .ci/conformance installs it from the npm package `node` (npm ci --prefix
// .ci/conformance), apart from the project and the system Node. Without that install those tests
// skip with a message; CI sets BIOINTEL_REQUIRE_CONFORMANCE=1 (.ci/run), which turns the skip into
// a failure.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from './shared.js';

export const NODE22_MODULES = path.join(REPO_ROOT, '.ci', 'conformance', 'node_modules');
export const NODE22 = path.join(NODE22_MODULES, '.bin', 'node');
export const NODE22_REQUIRED = process.env.BIOINTEL_REQUIRE_CONFORMANCE === '1';

/** Says why `name` is skipped, and fails instead in CI (BIOINTEL_REQUIRE_CONFORMANCE=1). */
export function skippedWithoutNode22(name: string, installed = existsSync(NODE22)): boolean {
  if (installed) return false;
  process.stderr.write(`[skip] ${name}: not installed (npm ci --prefix .ci/conformance)\n`);
  if (NODE22_REQUIRED) {
    it(`${name}: required (BIOINTEL_REQUIRE_CONFORMANCE=1)`, () => {
      expect.fail(`${name} needs Node 22 from .ci/conformance, which is not installed: npm ci --prefix .ci/conformance`);
    });
  }
  return true;
}
