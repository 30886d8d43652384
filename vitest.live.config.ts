import { defineConfig } from 'vitest/config';

// The live lane (npm run test:live): real APIs, one call each, to catch schema drift. Opt-in only.
export default defineConfig({
  test: {
    include: ['test/live/**/*.live.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
