import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/live/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts'],
    // No test may start the background NLI model download (servers spawned by tests inherit this).
    env: { BIOINTEL_NLI_AUTO_DOWNLOAD: '0' },
  },
});
