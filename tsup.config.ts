import path from 'node:path';
import { defineConfig, type Options } from 'tsup';

// zod re-exports its 40-odd message locales as a namespace (`z.locales`), so esbuild cannot drop
// the ones nothing uses: 300 KB, a sixth of the stdio bundle, parsed on every start. Only English is
// used (zod registers it as the default; nothing here or in the MCP SDK calls z.config with
// another), so zod's locale index is resolved to English alone. `z.locales.en` stays; the others
// read undefined. test/integration/start-graph.test.ts checks the bundles hold English alone, and
// test/integration/binary.test.ts that zod's messages still read in English.
const zodEnglishOnly: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'zod-english-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: process.cwd(),
      loader: 'js',
    }));
  },
};

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
  esbuildPlugins: [zodEnglishOnly],
};

// src/cli.ts imports ./stdio-main.js; in dist that is the stdio server's own build below, not a chunk.
// (esbuild's Plugin type, through tsup: esbuild is tsup's dependency, not ours.)
const stdioOwnBuild: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'stdio-own-build',
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
    esbuildPlugins: [zodEnglishOnly, stdioOwnBuild],
  },
  {
    // The stdio server's own build (src/stdio-main.ts), not the commands' dozens of shared chunks:
    // what it needs to answer initialize and tools/list is the entry and a dozen files; the tools'
    // code and the context are chunks loaded after those answers (tools/define.ts loadOnCall,
    // server/deferred-context.ts). test/integration/start-graph.test.ts checks the split on this build.
    ...node,
    entry: { 'stdio-main': 'src/stdio-main.ts' },
    outDir: 'dist/stdio',
    clean: true,
    splitting: true,
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
