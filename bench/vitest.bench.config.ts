import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Benchmarks are ordinary vitest files named *.bench-run.ts so the main suite (test/**/*.test.ts) never
// runs them; they print tables and write JSON rather than asserting speed.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['bench/**/*.bench-run.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
  },
});
