// What the stdio server evaluates before its first answers, read from the build's own record
// (esbuild's metafile: which output files import which, statically or on demand, and which sources
// each holds). initialize and tools/list need the tool registry; the tools' code, the source
// clients, the store and the evidence pipeline load after (tools/define.ts loadOnCall,
// server/deferred-context.ts). Without that split the first answer waited for all of it: +150 ms
// over `node -e 0` instead of about +110 (bench/speed).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/shared.js';

interface Metafile {
  outputs: Record<string, { bytes: number; imports: { path: string; kind: string; external?: boolean }[]; inputs: Record<string, unknown> }>;
}

const read = (file: string): Metafile => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as Metafile;
const stdio = read('dist/stdio/metafile-esm.json');
const commands = read('dist/metafile-esm.json');
const ENTRY = 'dist/stdio/stdio-main.js';

/** Output files a start evaluates: the entry and what it imports statically, transitively. */
function loadedAtStart(meta: Metafile): Set<string> {
  const seen = new Set([ENTRY]);
  const todo = [ENTRY];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    for (const i of meta.outputs[file]?.imports ?? []) {
      if (i.external || i.kind !== 'import-statement' || seen.has(i.path)) continue;
      seen.add(i.path);
      todo.push(i.path);
    }
  }
  return seen;
}

const inputsOf = (meta: Metafile, files: Iterable<string>) => new Set([...files].flatMap((f) => Object.keys(meta.outputs[f]?.inputs ?? {})));

/** Loaded after the first answers: each is the root of work a tool call needs, never tools/list. */
const LATER = [
  'src/context.ts',
  'src/sources/http.ts',
  'src/sources/index.ts',
  'src/store/index.ts',
  'src/store/snapshots.ts',
  'src/evidence/pipeline.ts',
  'src/evidence/nli.ts',
  'src/tools/shared/panel-analysis/analyse.ts',
  'src/tools/compare-targets/handler.ts',
  'src/tools/diff-snapshots/handler.ts',
  'src/tools/repurposing/handler.ts',
  'src/tools/search-snapshots/handler.ts',
  'src/tools/target-brief/handler.ts',
  'src/tools/validation-plan/handler.ts',
  'src/tools/verify-claim/handler.ts',
  'node_modules/keyv/dist/index.js',
  'node_modules/ofetch/dist/node.mjs',
  'node_modules/fast-xml-parser/src/xmlparser/XMLParser.js',
];

describe('the stdio server loads the registry first and the tools after', () => {
  const atStart = loadedAtStart(stdio);
  const early = inputsOf(stdio, atStart);
  const all = inputsOf(stdio, Object.keys(stdio.outputs));

  it('answers initialize and tools/list from the registry and the MCP SDK', () => {
    for (const needed of ['src/tools/index.ts', 'src/server/mcp.ts', 'src/server/tool-list.ts']) expect(early.has(needed), needed).toBe(true);
    expect([...early].some((f) => f.startsWith('node_modules/@modelcontextprotocol/sdk/'))).toBe(true);
  });

  it('evaluates no tool code, source client, store or evidence pipeline before those answers', () => {
    for (const later of LATER) {
      expect(all.has(later), `${later} is in the build`).toBe(true);
      expect(early.has(later), `${later} loads before the first answer`).toBe(false);
    }
    expect([...early].filter((f) => f.startsWith('src/sources/') && f !== 'src/sources/registry.ts')).toEqual([]);
  });

  it('imports no native driver before those answers (an external import would load at once)', () => {
    const external = [...atStart].flatMap((f) => stdio.outputs[f]!.imports.filter((i) => i.external && i.kind === 'import-statement').map((i) => i.path));
    for (const driver of ['sqlite3', '@keyv/sqlite', '@keyv/redis', '@huggingface/transformers']) expect(external, driver).not.toContain(driver);
  });

  it('holds half of the build or less at start', () => {
    const bytes = (files: Iterable<string>) => [...files].reduce((n, f) => n + (stdio.outputs[f]?.bytes ?? 0), 0);
    const js = Object.keys(stdio.outputs).filter((f) => f.endsWith('.js'));
    expect(bytes(atStart) / bytes(js)).toBeLessThan(0.6);
  });
});

describe("zod's messages in English only", () => {
  it.each([
    ['the stdio build', stdio],
    ["the commands' build", commands],
  ])('%s bundles no other locale', (_name, meta) => {
    const inputs = inputsOf(meta, Object.keys(meta.outputs));
    expect([...inputs].filter((f) => /zod\/v4\/locales\/(?!en\.js$)[^/]+\.js$/.test(f))).toEqual([]);
    expect(inputs.has('node_modules/zod/v4/locales/en.js')).toBe(true);
  });
});
