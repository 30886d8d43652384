// The gene-set library service against a local fake Enrichr: the exact request, the library file
// and its sidecar, later loads from disk without a request, per-library failures (500, HTML,
// empty body, 404), user GMT files, refresh, and memoisation of prepared libraries.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { createHash } from 'node:crypto';
import { DEFAULT_SET_SIZES, prepareLibrary } from '../../src/analysis/enrichment-library.js';
import { createEnrichmentWorkspace } from '../../src/analysis/enrichment-workspace.js';
import { parseGmt } from '../../src/analysis/gmt.js';
import { CODEC_FORMAT } from '../../src/analysis/prepared-library-codec.js';
import { preparedPath, writePrepared } from '../../src/genesets/prepared-index.js';
import { DEFAULT_LIBRARIES } from '../../src/genesets/service.js';
import { SourceReport } from '../../src/sources/report.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeRequest, type FakeResponse, type FakeUpstream } from '../support/fake-upstream.js';
import { describeShared, sharedPath } from '../support/shared.js';

const GO_BP_2021 = 'GO_Biological_Process_2021';
/** SHA-256 pinned in ../shared/genesets/SOURCE.md: the file written must be these exact bytes. */
const GO_BP_2021_SHA = '5987ce789053fdd5533393cd65b9abdb5e08e4fade7b0625a1fe234a1207eea4';

let fake: FakeUpstream;
const contexts: AppContext[] = [];
/** Library name -> fake answer; unknown names get a 404 like a missing route. */
let answers: Map<string, FakeResponse>;

/** A small valid library whose genes are prefixed so tests can tell libraries apart. */
function smallGmt(prefix: string, sets = 3): string {
  const lines: string[] = [];
  for (let s = 0; s < sets; s++) {
    const genes = Array.from({ length: 6 }, (_, i) => `${prefix}${s * 3 + i}`);
    lines.push([`${prefix} set ${s}`, '', ...genes].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

async function context(flags: Parameters<typeof testContext>[0] = {}): Promise<AppContext> {
  const ctx = await testContext(flags, fake.url);
  contexts.push(ctx);
  return ctx;
}

const libraryRequests = (): FakeRequest[] => fake.requests.filter((r) => r.path === '/enrichr/geneSetLibrary');

beforeAll(async () => {
  fake = await startFakeUpstream();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
  answers = new Map();
  fake.route('GET', '/enrichr/geneSetLibrary', (req) => answers.get(req.query.get('libraryName') ?? '') ?? { status: 404, body: 'Not Found' });
});

describeShared('gene-set service: a real Enrichr library file', () => {
  it('downloads once with the documented request, writes the exact bytes and a sidecar, then serves from disk', async () => {
    answers.set(GO_BP_2021, { body: readFileSync(sharedPath('genesets', 'enrichr_GO_Biological_Process_2021.gmt'), 'utf8') });
    const ctx = await context({ retries: 0 });
    const report = new SourceReport(ctx.http);

    const first = await ctx.genesets.load({ names: [GO_BP_2021], report });
    expect(first.failures).toEqual([]);
    expect(first.libraries).toHaveLength(1);
    const lib = first.libraries[0]!;
    expect(lib).toMatchObject({ name: GO_BP_2021, origin: 'enrichr', sha256: GO_BP_2021_SHA });
    expect(lib.library.setCount).toBe(6036);
    expect(lib.library.N).toBe(14937);
    expect(lib.url).toBe(`${fake.url}/enrichr/geneSetLibrary?mode=text&libraryName=${GO_BP_2021}`);

    const reqs = libraryRequests();
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.method).toBe('GET');
    expect(Object.fromEntries(reqs[0]!.query)).toEqual({ mode: 'text', libraryName: GO_BP_2021 });
    expect(report.list()).toEqual([expect.objectContaining({ id: 'enrichr', status: 'ok', records: 6036 })]);

    const dir = path.join(ctx.config.dataDir, 'genesets');
    expect(readdirSync(dir).sort()).toEqual([`${GO_BP_2021}.gmt`, `${GO_BP_2021}.index`, `${GO_BP_2021}.json`]); // the file, its prepared index and its record; no temporary files left
    expect(lib.path).toBe(path.join(dir, `${GO_BP_2021}.gmt`));
    const sidecar = JSON.parse(readFileSync(path.join(dir, `${GO_BP_2021}.json`), 'utf8')) as Record<string, unknown>;
    expect(sidecar).toMatchObject({ format: 1, library: GO_BP_2021, source: 'enrichr', url: lib.url, sha256: GO_BP_2021_SHA, sets: 6036, genes: 14937 });
    expect(sidecar.fetchedAt).toBe(lib.fetchedAt);
    expect(Number.isNaN(Date.parse(String(sidecar.fetchedAt)))).toBe(false);

    // Same service: memoised, same PreparedLibrary object, no request.
    const second = await ctx.genesets.load({ names: [GO_BP_2021] });
    expect(second.libraries[0]!.library).toBe(lib.library);
    expect(libraryRequests()).toHaveLength(1);

    // A new process (new context, same data dir): read from disk, provenance from the sidecar, no request.
    const later = await context({ dataDir: ctx.config.dataDir, retries: 0 });
    const laterReport = new SourceReport(later.http);
    const third = await later.genesets.load({ names: [GO_BP_2021], report: laterReport });
    expect(third.libraries[0]).toMatchObject({ origin: 'enrichr', fetchedAt: lib.fetchedAt, sha256: GO_BP_2021_SHA, url: lib.url });
    expect(third.libraries[0]!.library.setCount).toBe(6036);
    expect(third.libraries[0]!.library).not.toBe(lib.library);
    expect(libraryRequests()).toHaveLength(1);
    expect(laterReport.list()).toEqual([expect.objectContaining({ id: 'enrichr', status: 'cached', note: expect.stringContaining('read from the local copy') })]);
    const fourth = await later.genesets.load({ names: [GO_BP_2021] });
    expect(fourth.libraries[0]!.library).toBe(third.libraries[0]!.library);

    const cached = await later.genesets.cached();
    expect(cached).toEqual([expect.objectContaining({ name: GO_BP_2021, bytes: lib.bytes, sidecar: expect.objectContaining({ sets: 6036, genes: 14937 }) })]);
  });
});

describe('gene-set service: downloads and failures', () => {
  it('loads the five default libraries plus BIOINTEL_GENESETS files when nothing is asked', async () => {
    for (const name of DEFAULT_LIBRARIES) answers.set(name, { body: smallGmt(name.slice(0, 4).toUpperCase()) });
    const extra = path.join(tempDir(), 'my_panel_sets.gmt');
    writeFileSync(extra, smallGmt('MINE'));
    const ctx = await context({ geneSets: [extra] });
    const { libraries, failures } = await ctx.genesets.load();
    expect(failures).toEqual([]);
    expect(libraries.map((l) => l.name)).toEqual([...DEFAULT_LIBRARIES, 'my_panel_sets']);
    expect(libraries.at(-1)).toMatchObject({ origin: 'file', path: extra });
    expect(libraryRequests().map((r) => r.query.get('libraryName')).sort()).toEqual([...DEFAULT_LIBRARIES].sort());
  });

  it('reports a library that answers 500 as a failure (and in the SourceReport) while the others load', async () => {
    answers.set('Good_Library', { body: smallGmt('GOOD') });
    answers.set('Broken_Library', { status: 500, body: 'Internal Server Error' });
    const ctx = await context({ retries: 0 });
    const report = new SourceReport(ctx.http);
    const { libraries, failures } = await ctx.genesets.load({ names: ['Good_Library', 'Broken_Library'], report });
    expect(libraries.map((l) => l.name)).toEqual(['Good_Library']);
    expect(failures).toEqual([{ name: 'Broken_Library', error: expect.stringMatching(/^enrichr \(HTTP 500\): library Broken_Library: request failed/) }]);
    const entry = report.list()[0]!;
    expect(entry).toMatchObject({ id: 'enrichr', status: 'partial', calls: 2, failedCalls: 1, error: expect.stringContaining('1 of 2 calls failed') });
    expect(report.warnings.join('\n')).toContain('Broken_Library');
    expect(readdirSync(path.join(ctx.config.dataDir, 'genesets')).sort()).toEqual(['Good_Library.gmt', 'Good_Library.index', 'Good_Library.json']);
  });

  it('retries a 500 and then succeeds', async () => {
    let calls = 0;
    fake.route('GET', '/enrichr/geneSetLibrary', () => (++calls === 1 ? { status: 503, body: 'busy' } : { body: smallGmt('FLAKY') }));
    const ctx = await context({ retries: 2 });
    const { libraries, failures } = await ctx.genesets.load({ names: ['Flaky_Library'] });
    expect(failures).toEqual([]);
    expect(libraries[0]!.library.setCount).toBe(3);
    expect(calls).toBe(2);
  });

  it.each([
    ['an HTML page', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!DOCTYPE html><html><head><title>Enrichr</title></head><body>oops</body></html>' }, /library Odd_Library: expected GMT text but received an HTML page: Enrichr/],
    ['an HTML page sent as text/plain', { body: '<html><body>Library not found</body></html>' }, /library Odd_Library: expected GMT text but received an HTML page/],
    ['an empty body', { body: '' }, /library Odd_Library: empty response \(unknown library name\?\)/],
    ['a JSON error', { body: { error: 'Invalid library name' } }, /library Odd_Library: response is not GMT text.*Invalid library name/],
    ['a 404', { status: 404, body: 'Not Found' }, /library Odd_Library: not found \(unknown library name\?\)/],
  ] as [string, FakeResponse, RegExp][])('rejects %s as a failure naming the library, never an empty library', async (_what, answer, message) => {
    answers.set('Odd_Library', answer);
    const ctx = await context({ retries: 0 });
    const { libraries, failures } = await ctx.genesets.load({ names: ['Odd_Library'] });
    expect(libraries).toEqual([]);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.name).toBe('Odd_Library');
    expect(failures[0]!.error).toMatch(message);
    expect(await ctx.genesets.cached()).toEqual([]);
  });

  it('refuses a path-like library name without any request', async () => {
    const ctx = await context();
    const { failures } = await ctx.genesets.load({ names: ['../../etc/passwd'] });
    expect(failures[0]!.error).toContain('not a valid Enrichr library name');
    expect(fake.requests).toHaveLength(0);
  });

  it('shares one download between concurrent loads', async () => {
    answers.set('Shared_Library', { body: smallGmt('SHR'), delayMs: 100 });
    const ctx = await context();
    const [a, b] = await Promise.all([ctx.genesets.load({ names: ['Shared_Library'] }), ctx.genesets.load({ names: ['Shared_Library'] })]);
    expect(libraryRequests()).toHaveLength(1);
    expect(a.libraries[0]!.library).toBe(b.libraries[0]!.library);
  });

  it('re-downloads on refresh, and keeps the cached copy (with a warning) when the refresh fails', async () => {
    answers.set('Versioned_Library', { body: smallGmt('OLD') });
    const ctx = await context({ retries: 0 });
    const v1 = (await ctx.genesets.load({ names: ['Versioned_Library'] })).libraries[0]!;

    answers.set('Versioned_Library', { body: smallGmt('NEW', 4) });
    const v2 = (await ctx.genesets.load({ names: ['Versioned_Library'], refresh: true })).libraries[0]!;
    expect(v2.library.setCount).toBe(4);
    expect(v2.sha256).not.toBe(v1.sha256);
    expect(libraryRequests()).toHaveLength(2);

    answers.set('Versioned_Library', { status: 500, body: 'down' });
    const v3 = await ctx.genesets.load({ names: ['Versioned_Library'], refresh: true });
    expect(v3.failures).toEqual([]);
    expect(v3.libraries[0]).toMatchObject({ origin: 'enrichr', sha256: v2.sha256 });
    expect(v3.warnings.join('\n')).toMatch(/Versioned_Library: refresh failed .*using the cached copy downloaded \d{4}-\d\d-\d\d/);
  });

  it('uses a hand-placed GMT in the cache directory without a request, labelled as a local file', async () => {
    const ctx = await context();
    const dir = path.join(ctx.config.dataDir, 'genesets');
    await import('node:fs/promises').then((fs) => fs.mkdir(dir, { recursive: true }));
    writeFileSync(path.join(dir, 'Reactome_2022.gmt'), smallGmt('SEED'));
    const { libraries, warnings } = await ctx.genesets.load({ names: ['Reactome_2022'] });
    expect(libraries[0]).toMatchObject({ name: 'Reactome_2022', origin: 'file' });
    expect(warnings.join('\n')).toContain('no matching download record');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('gene-set service: user GMT files', () => {
  it('loads files named after their file name, memoises them, and re-reads a changed file', async () => {
    const dir = tempDir();
    const a = path.join(dir, 'tumour_suppressors.gmt');
    const b = path.join(dir, 'kinases.txt');
    writeFileSync(a, 'DNA repair\thttp://example.org\tTP53\tBRCA1\tBRCA2\tATM\tCHEK2\r\nApoptosis\t\tTP53\tBAX\tBCL2\tCASP3\tCASP9\t\n');
    writeFileSync(b, smallGmt('KIN'));
    const ctx = await context();
    const first = await ctx.genesets.load({ files: [a, b] });
    expect(first.failures).toEqual([]);
    expect(first.libraries.map((l) => [l.name, l.origin, l.path])).toEqual([
      ['tumour_suppressors', 'file', a],
      ['kinases', 'file', b],
    ]);
    expect(first.libraries[0]!.library.setCount).toBe(2);
    expect(fake.requests).toHaveLength(0); // files asked for replace the defaults

    const again = await ctx.genesets.load({ files: [a] });
    expect(again.libraries[0]!.library).toBe(first.libraries[0]!.library);

    writeFileSync(a, smallGmt('CHANGED', 5));
    const changed = await ctx.genesets.load({ files: [a] });
    expect(changed.libraries[0]!.library).not.toBe(first.libraries[0]!.library);
    expect(changed.libraries[0]!.library.setCount).toBe(5);
  });

  it('reads a file Excel saved as "Unicode text" (UTF-16 with a byte-order mark), and refuses bytes that are not UTF-8, naming the encoding', async () => {
    const dir = tempDir();
    const utf16 = path.join(dir, 'excel.gmt');
    const latin1 = path.join(dir, 'latin1.gmt');
    const noBom = path.join(dir, 'nobom.gmt');
    const text = 'MY_SET\tdesc\tEGFR\tERBB2\tBRAF\tKRAS\tNRAS\r\n';
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    writeFileSync(latin1, Buffer.from('CAF\xc9_SET\t\tEGFR\tERBB2\tBRAF\tKRAS\tNRAS\n', 'latin1'));
    writeFileSync(noBom, Buffer.from(text, 'utf16le'));
    const ctx = await context();
    const r = await ctx.genesets.load({ files: [utf16, latin1, noBom] });
    expect(r.libraries.map((l) => [l.name, l.library.setCount])).toEqual([['excel', 1]]);
    expect(r.warnings.join('\n')).not.toContain('has no genes');
    expect(r.failures).toEqual([
      { name: 'latin1', path: latin1, error: expect.stringContaining('not UTF-8 text') },
      { name: 'nobom', path: noBom, error: expect.stringContaining('UTF-16 saved without a byte-order mark') },
    ]);
  });

  it('does not trust an index an earlier version built from a UTF-16 file read as UTF-8', async () => {
    const dataDir = tempDir();
    const utf16 = path.join(tempDir(), 'excel.gmt');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('MY_SET\tdesc\tEGFR\tERBB2\tBRAF\tKRAS\tNRAS\r\n', 'utf16le')]);
    writeFileSync(utf16, bytes);
    // What the earlier code parsed and saved (format 2), under the same bytes' sha256.
    const old = parseGmt(bytes.toString('utf8'));
    const sha = createHash('sha256').update(bytes).digest('hex');
    const file = preparedPath(path.join(dataDir, 'genesets'), utf16, sha);
    await writePrepared(file, prepareLibrary(old, { name: 'excel' }, DEFAULT_SET_SIZES, createEnrichmentWorkspace()), sha, old.warnings);
    const stale = readFileSync(file);
    const header = stale.toString('latin1', 8, 8 + stale.readUInt32LE(4));
    expect(header).toContain(`"format":${CODEC_FORMAT}`);
    stale.write(header.replace(`"format":${CODEC_FORMAT}`, '"format":2'), 8, 'latin1');
    writeFileSync(file, stale);
    const r = await (await context({ dataDir })).genesets.load({ files: [utf16] });
    expect(r.libraries[0]!.library.genes).toContain('EGFR');
  });

  it('reports a missing, empty or duplicate-named file as a failure naming the path; the rest load', async () => {
    const dir = tempDir();
    const good = path.join(dir, 'good.gmt');
    const missing = path.join(dir, 'missing.gmt');
    const empty = path.join(dir, 'empty.gmt');
    const twin = path.join(dir, 'sub', 'good.gmt');
    writeFileSync(good, smallGmt('G'));
    writeFileSync(empty, '\n\n');
    await import('node:fs/promises').then((fs) => fs.mkdir(path.dirname(twin)));
    writeFileSync(twin, smallGmt('T'));
    const ctx = await context();
    const { libraries, failures } = await ctx.genesets.load({ files: [good, missing, empty, twin, dir] });
    expect(libraries.map((l) => l.name)).toEqual(['good']);
    const byPath = Object.fromEntries(failures.map((f) => [f.path, f.error]));
    expect(byPath[missing]).toBe(`cannot load gene-set file ${missing}: file not found`);
    expect(byPath[empty]).toMatch(/no gene sets found/);
    expect(byPath[twin]).toMatch(/two gene-set files are named good/);
    expect(byPath[dir]).toMatch(/is a directory/);
  });

  it('lets a user file named like an Enrichr library stand in for the download', async () => {
    const file = path.join(tempDir(), 'KEGG_2021_Human.gmt');
    writeFileSync(file, smallGmt('LOCALKEGG'));
    const ctx = await context();
    const { libraries } = await ctx.genesets.load({ names: ['KEGG_2021_Human'], files: [file] });
    expect(libraries).toEqual([expect.objectContaining({ name: 'KEGG_2021_Human', origin: 'file', path: file })]);
    expect(fake.requests).toHaveLength(0);
  });
});
