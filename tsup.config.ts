import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { cli: 'src/cli.ts', index: 'src/index.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    sourcemap: true,
    // The widget bundle below is built alongside: keep it.
    clean: ['!widget.js', '!widget.js.map'],
    splitting: true,
    // dist/metafile-esm.json: which source files and packages each output file holds (the start-up
    // test maps the files a command loads back to packages; not shipped, see package.json files).
    metafile: true,
    esbuildOptions(o) { o.minifyWhitespace = true; o.minifySyntax = true; },
    // Optional and native dependencies stay external: transformers.js is imported lazily.
    external: ['@huggingface/transformers', 'sqlite3', '@keyv/sqlite', '@keyv/redis'],
    // CommonJS dependencies bundled into ESM (commander, ajv) require node's built-ins.
    banner: { js: "import { createRequire as __biointelRequire } from 'node:module'; const require = __biointelRequire(import.meta.url);" },
    noExternal: [/^(?!@huggingface\/transformers|sqlite3|@keyv\/sqlite|@keyv\/redis)/],
  },
  {
    // The embeddable widget (GET /widget.js): one self-contained script for browsers.
    entry: { widget: 'src/widget/widget.ts' },
    format: ['iife'],
    platform: 'browser',
    target: 'es2020',
    minify: true,
    sourcemap: false,
    clean: false,
    outExtension: () => ({ js: '.js' }),
  },
]);
