// `biointel enrich` as users run it: the built binary (built by the global setup), a temporary
// data directory, Enrichr pointed at a dead port or at a fake server in this process.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrichReport } from '../../src/cli/enrich.js';
import { DEFAULT_LIBRARIES } from '../../src/genesets/service.js';
import { runCli, type CliRun } from '../support/binary.js';
import { tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { describeShared, sharedPath } from '../support/shared.js';

function run(args: string[], env: Record<string, string>): Promise<CliRun> {
  return runCli(args, { BIOINTEL_LOG_LEVEL: 'silent', ...env });
}

/** A port nothing listens on: connection refused at once, like an unreachable Enrichr. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const GMT = [
  ['DNA repair', 'http://example.org/dna', 'TP53', 'BRCA1', 'BRCA2', 'ATM', 'CHEK2', 'PALB2'],
  ['Apoptosis', '', 'TP53', 'BAX', 'BCL2', 'CASP3', 'CASP9'],
  ['Glycolysis', '', 'HK1', 'HK2', 'PFKM', 'PKM', 'LDHA', 'ENO1'],
  ['Too small', '', 'TP53', 'BRCA1'],
]
  .map((f) => f.join('\t'))
  .join('\n');

let offline: Record<string, string>;
let gmtFile: string;

beforeAll(async () => {
  gmtFile = path.join(tempDir(), 'cancer_sets.gmt');
  writeFileSync(gmtFile, `${GMT}\n`);
  offline = { BIOINTEL_DATA_DIR: tempDir(), BIOINTEL_SOURCE_ENRICHR_URL: `http://127.0.0.1:${await deadPort()}/Enrichr`, BIOINTEL_RETRIES: '0' };
});

describe('biointel enrich: local GMT files', () => {
  it('prints JSON for a GMT file without contacting Enrichr (exit 0)', async () => {
    const r = await run(['enrich', '--genes', 'TP53,BRCA1,BRCA2,ATM,NOTAGENE', '--gene-sets', gmtFile, '--all', '--json'], offline);
    expect(r.stderr).toBe('');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as EnrichReport;
    expect(out.genes).toEqual(['TP53', 'BRCA1', 'BRCA2', 'ATM', 'NOTAGENE']);
    expect(out.showing).toBe('all');
    expect(out.failures).toEqual([]);
    expect(out.sources).toEqual([]);
    expect(out.libraries).toHaveLength(1);
    const lib = out.libraries[0]!;
    expect(lib).toMatchObject({ library: 'cancer_sets', origin: 'file', path: gmtFile, N: 16, n: 4, sets: 4, tested: 3, notInLibrary: ['NOTAGENE'] });
    // N = 16 distinct genes. DNA repair: k=4 of K=6, n=4; Apoptosis: k=1 of K=5. Glycolysis has no panel gene.
    expect(lib.rows.map((row) => [row.name, row.k, row.K, row.n, row.N])).toEqual([
      ['DNA repair', 4, 6, 4, 16],
      ['Apoptosis', 1, 5, 4, 16],
    ]);
    expect(lib.rows[0]!.overlapGenes).toEqual(['ATM', 'BRCA1', 'BRCA2', 'TP53']);
    // P(X >= 4) = C(6,4)C(10,0)/C(16,4) = 15/1820; BH over m = 3 tested sets.
    expect(lib.rows[0]!.p).toBeCloseTo(15 / 1820, 12);
    expect(lib.rows[0]!.q).toBeCloseTo((15 / 1820) * 3, 12);
  });

  it('prints a readable table with the significance filter by default', async () => {
    const r = await run(['enrich', '--genes', 'TP53', 'BRCA1', 'BRCA2', 'ATM', '--gene-sets', gmtFile], offline);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('cancer_sets');
    expect(r.stdout).toMatch(/DNA repair\s+4\/6\s+4\/16/);
    expect(r.stdout).not.toContain('Apoptosis'); // q > 0.05
    // A panel none of whose genes is in the library was not tested: never "no set with q <= 0.05".
    const none = await run(['enrich', '--genes', 'NOTAGENE1,NOTAGENE2', '--gene-sets', gmtFile], offline);
    // Nothing tested is no finding: exit 1, as `biointel analyze` (the report is still printed).
    expect(none.code, none.stderr).toBe(1);
    expect(none.stderr).toContain('error: Pathway enrichment tested nothing');
    expect(none.stdout).toContain('Not tested: no panel gene is in this library');
    expect(none.stdout).not.toContain('No set with q');
  });

  it.each([
    ['missing --genes', ['enrich', '--gene-sets', 'x.gmt'], /error: genes: required/],
    ['missing GMT file', ['enrich', '--genes', 'TP53', '--gene-sets', '/nonexistent/dir/sets.gmt'], /error: gene-sets: \/nonexistent\/dir\/sets\.gmt: file not found/],
    ['501 genes', ['enrich', '--genes', Array.from({ length: 501 }, (_, i) => `G${i}`).join(',')], /error: genes: at most 500 genes per panel/],
    ['path-like library', ['enrich', '--genes', 'TP53', '--libraries', '../../etc/passwd'], /error: libraries: "..\/..\/etc\/passwd" is not a valid Enrichr library name/],
    ['bad --top', ['enrich', '--genes', 'TP53', '--top', 'many'], /error: top: expected an integer/],
  ] as [string, string[], RegExp][])('exits 2 with the field named: %s', async (_label, args, message) => {
    const r = await run(args, offline);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('exits 1 and lists every failed default library when Enrichr is unreachable and nothing is cached', async () => {
    const r = await run(['enrich', '--genes', 'TP53,BRCA1', '--json'], { ...offline, BIOINTEL_DATA_DIR: tempDir() });
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout) as EnrichReport;
    expect(out.libraries).toEqual([]);
    expect(out.failures.map((f) => f.name)).toEqual([...DEFAULT_LIBRARIES]);
    expect(out.failures[0]!.error).toMatch(/enrichr: library Reactome_2022: network error/);
    expect(out.sources).toEqual([expect.objectContaining({ id: 'enrichr', status: 'failed' })]);
    expect(r.stderr).toContain('no gene-set library could be loaded');
  });
});

describeShared('biointel enrich: an Enrichr library from a fake Enrichr', () => {
  let fake: FakeUpstream;
  let env: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    const body = readFileSync(sharedPath('genesets', 'enrichr_GO_Biological_Process_2021.gmt'), 'utf8');
    fake.route('GET', '/Enrichr/geneSetLibrary', (req) => (req.query.get('libraryName') === 'GO_Biological_Process_2021' ? { body } : { status: 404, body: 'Not Found' }));
    env = { BIOINTEL_DATA_DIR: tempDir(), BIOINTEL_SOURCE_ENRICHR_URL: `${fake.url}/Enrichr`, BIOINTEL_RETRIES: '0' };
  });

  afterAll(async () => {
    await fake?.close();
  });

  it('downloads the library once, then answers from the local cache', async () => {
    const args = ['enrich', '--genes', 'TP53,BRCA1,BRCA2,ATM,CHEK2,PALB2,RAD51', '--libraries', 'GO_Biological_Process_2021', '--top', '3', '--json'];
    const first = await run(args, env);
    expect(first.code, first.stderr).toBe(0);
    const out = JSON.parse(first.stdout) as EnrichReport;
    const lib = out.libraries[0]!;
    expect(lib).toMatchObject({ library: 'GO_Biological_Process_2021', origin: 'enrichr', N: 14937, n: 7, sets: 6036 });
    expect(lib.rows).toHaveLength(3);
    expect(lib.rows[0]).toMatchObject({ id: 'GO:0006302', k: 6, K: 164, significant: true });
    expect(lib.significant).toBeGreaterThan(3);
    expect(out.sources).toEqual([expect.objectContaining({ id: 'enrichr', status: 'ok' })]);
    expect(fake.requests).toHaveLength(1);

    const second = await run(args, env);
    expect(second.code, second.stderr).toBe(0);
    expect(fake.requests).toHaveLength(1);
    const again = JSON.parse(second.stdout) as EnrichReport;
    expect(again.libraries[0]).toMatchObject({ origin: 'enrichr', fetchedAt: lib.fetchedAt, sha256: lib.sha256 });
    expect(again.libraries[0]!.rows).toEqual(lib.rows);
    expect(again.sources).toEqual([expect.objectContaining({ id: 'enrichr', status: 'cached', note: expect.stringContaining('local copy') })]);

    const listed = await run(['enrich', '--list-libraries', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const cache = JSON.parse(listed.stdout) as { libraries: { name: string; sidecar?: { sets: number } }[] };
    expect(cache.libraries).toEqual([expect.objectContaining({ name: 'GO_Biological_Process_2021', sidecar: expect.objectContaining({ sets: 6036 }) })]);
  });

  it('keeps the other libraries when one is unknown to Enrichr (exit 4: incomplete, failure listed)', async () => {
    const r = await run(['enrich', '--genes', 'TP53,ATM', '--libraries', 'GO_Biological_Process_2021,No_Such_Library', '--json'], env);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain('warning: incomplete answer:');
    expect(r.stderr).toContain('gene-set library No_Such_Library failed');
    const out = JSON.parse(r.stdout) as EnrichReport;
    expect(out.libraries.map((l) => l.library)).toEqual(['GO_Biological_Process_2021']);
    expect(out.failures).toEqual([{ name: 'No_Such_Library', error: expect.stringContaining('library No_Such_Library: not found') }]);
  });
});
