import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { cli: 'src/cli.ts', index: 'src/index.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    sourcemap: true,
    clean: true,
    splitting: true,
    // Optional and native dependencies stay external: transformers.js is imported lazily.
    external: ['@huggingface/transformers', 'sqlite3', '@keyv/sqlite'],
  },
]);
