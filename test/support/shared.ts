// Access to ../shared (recorded upstream responses, gene-set libraries). It exists beside the
// repository in CI but not on a user's clone: tests that need it skip with a message.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED_DIR = process.env.BIOINTEL_SHARED_DIR ?? path.resolve(REPO_ROOT, '../shared');
export const hasShared = existsSync(path.join(SHARED_DIR, 'fixtures'));
export const SKIP_SHARED_REASON = `../shared not found at ${SHARED_DIR}: tests on shared recordings are skipped`;

export function sharedPath(...parts: string[]): string {
  return path.join(SHARED_DIR, ...parts);
}

export function sharedFixture(source: string, file: string): string {
  return readFileSync(sharedPath('fixtures', source, file), 'utf8');
}

export function sharedJson<T = unknown>(source: string, file: string): T {
  return JSON.parse(sharedFixture(source, file)) as T;
}

/** Project-owned fixtures under test/fixtures. */
export function ownFixture(...parts: string[]): string {
  return readFileSync(path.join(REPO_ROOT, 'test', 'fixtures', ...parts), 'utf8');
}

/** A project-owned fixture under test/fixtures/<source>, parsed as JSON. */
export function ownJson<T = unknown>(source: string, file: string): T {
  return JSON.parse(ownFixture(source, file)) as T;
}

/** describe() that runs only when ../shared is present, and says why when it is not. */
export function describeShared(name: string, fn: () => void): void {
  if (!hasShared) {
    process.stderr.write(`[skip] ${name}: ${SKIP_SHARED_REASON}\n`);
    // The body is not even collected: it would read the missing recordings at definition time.
    describe.skip(`${name} (skipped: ../shared absent)`, () => {
      it.skip(SKIP_SHARED_REASON, () => undefined);
    });
    return;
  }
  describe(name, fn);
}
