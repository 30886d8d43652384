import path from 'node:path';
import { defineConfig, type Options } from 'tsup';

// Native and optional packages stay external; everything else is bundled (node resolving and
// reading some 500 module files was most of a start).
const EXTERNAL = ['@huggingface/transformers', 'sqlite3', '@keyv/sqlite', '@keyv/redis'];
const node: Options = {
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  esbuildOptions(o) {
    o.minifyWhitespace = true;
    o.minifySyntax = true;
  },
  external: EXTERNAL,
  noExternal: [new RegExp(`^(?!${EXTERNAL.join('|')})`)],
  // CommonJS dependencies bundled into ESM (commander, ajv) require node's built-ins.
  banner: { js: "import { createRequire as __biointelRequire } from 'node:module'; const require = __biointelRequire(import.meta.url);" },
  // metafile-esm.json: which source files and packages each output file holds (the start-up test
  // maps the files a command loads back to packages; not shipped, see package.json files).
  metafile: true,
};

// src/cli.ts imports ./stdio-main.js; in dist that is the standalone build below, not a chunk.
// (esbuild's Plugin type, through tsup: esbuild is tsup's dependency, not ours.)
const stdioStandalone: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'stdio-standalone',
  setup(build) {
    build.onResolve({ filter: /^\.\/stdio-main\.js$/ }, (args) =>
      path.basename(args.importer) === 'cli.ts' ? { path: './stdio/stdio-main.js', external: true } : undefined,
    );
  },
};

export default defineConfig([
  {
    ...node,
    entry: { cli: 'src/cli.ts', index: 'src/index.ts' },
    // The widget and the stdio build beside this one are kept.
    clean: ['!widget.js', '!widget.js.map', '!stdio/**'],
    splitting: true,
    esbuildPlugins: [stdioStandalone],
  },
  {
    // The stdio server in one file (src/stdio-main.ts): what it needs, read in one go.
    ...node,
    entry: { 'stdio-main': 'src/stdio-main.ts' },
    outDir: 'dist/stdio',
    clean: true,
    splitting: false,
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
