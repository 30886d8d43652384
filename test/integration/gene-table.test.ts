// Gene symbols resolved locally: HGNC's complete set downloaded once into the data directory (URL,
// date and sha256 recorded), indexed by symbol, previous symbol and alias, so a 500-gene panel
// costs one download and no request per gene; the REST API is asked only for what the table lacks.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { UpstreamError } from '../../src/errors.js';
import { geneTableFiles } from '../../src/genes/service.js';
import { parseHgncCompleteSet, resolveInTable } from '../../src/sources/hgnc-table.js';
import { Hgnc } from '../../src/sources/hgnc.js';
import { tempDir } from '../support/context.js';
import { completeSetTsv, ownHgncDocs, routeFakeHgnc, routeFakeHgncFiles, type HgncDoc } from '../support/fake-hgnc.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import { ownFixture } from '../support/shared.js';

const FIXTURE = ownFixture('hgnc', 'hgnc_complete_set-excerpt-doc-shaped.txt');
const FILE_PATH = '/hgnc_files/tsv/tsv/hgnc_complete_set.txt';

const upstream = useFakeUpstreamContexts();
const context = (dataDir = tempDir()): Promise<AppContext> => upstream.context({ dataDir, retries: 0 });
const fake = () => upstream.fake();
const downloads = () => fake().requests.filter((r) => r.path === FILE_PATH).length;
const restRequests = () => fake().requests.filter((r) => r.path.startsWith('/hgnc/')).length;

describe('the complete-set file (doc-shaped fixture in HGNC layout)', () => {
  it('reads columns by name: quoted multi-values, bare single values, rows without trailing fields', () => {
    const table = parseHgncCompleteSet(FIXTURE);
    expect(table.genes).toHaveLength(10);
    expect(table.genes[1]).toMatchObject({ hgncId: 'HGNC:3430', symbol: 'ERBB2', status: 'Approved', aliasSymbols: ['NEU', 'HER-2', 'CD340', 'HER2'], prevSymbols: ['NGL'], entrezId: '2064', ensemblGeneId: 'ENSG00000141736', uniprotIds: ['P04626'], refseqAccessions: ['NM_004448'], locusGroup: 'protein-coding gene' });
    expect(table.byAlias.get('ERK')?.map((i) => table.genes[i]!.symbol)).toEqual(['MAPK1', 'MAPK3']);
  });

  it('resolves as the REST cascade does: approved, as typed, previous, alias; an ambiguous alias is reported with its candidates, never guessed', () => {
    const table = parseHgncCompleteSet(FIXTURE);
    const r = (x: string) => resolveInTable(table, x);
    expect(r('egfr')).toMatchObject({ symbol: 'EGFR', how: 'approved', matched: 'EGFR', uniprotIds: ['P00533'] });
    expect(r('c9ORF72')).toMatchObject({ symbol: 'C9orf72', how: 'approved' });
    expect(r('NGL')).toMatchObject({ symbol: 'ERBB2', how: 'previous' });
    expect(r('HER2')).toMatchObject({ symbol: 'ERBB2', how: 'alias' });
    expect(r('p53')).toMatchObject({ symbol: 'TP53', how: 'alias', matched: 'p53' });
    expect(r('ERK')).toMatchObject({ symbol: null, how: 'ambiguous', candidates: ['MAPK1', 'MAPK3'] });
    expect(r('NOTAGENE1')).toBeUndefined(); // not in the table: the REST API is asked (withdrawn records)
  });

  it('gives the same answers as the REST API over the same records', async () => {
    const docs = ownHgncDocs();
    routeFakeHgnc(fake(), docs);
    const ctx = await context();
    const inputs = ['TP53', 'tp53', 'HER2', 'NGL', 'p53', 'ERK', 'ERBB2', 'AACT', 'EGFR'];
    const rest = await new Hgnc(ctx.http).resolveSymbols(inputs);
    const local = await ctx.sources.hgnc.resolveSymbols(inputs);
    const view = (r: typeof rest) => r.results.map((x) => [x.input, x.symbol, x.how, x.candidates]);
    expect(local.via).toBe('table');
    expect(rest.via).toBe('rest');
    expect(view(local)).toEqual(view(rest));
  });

  it.each([
    ['a column missing from the header', FIXTURE.replace('alias_symbol', 'aliases'), /column "alias_symbol" is missing/],
    ['a download cut short', FIXTURE.slice(0, FIXTURE.indexOf('\tKRAS\t') + 3), /the last line \(11\) is cut short/],
    ['an HTML page', '<!doctype html><html><title>Moved</title></html>', /column "hgnc_id" is missing/],
  ])('refuses %s with a schema error naming hgnc_files', (_name, text, message) => {
    let err: unknown;
    try {
      parseHgncCompleteSet(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ source: 'hgnc_files', failure: 'schema' });
    expect((err as Error).message).toMatch(message);
  });
});

/** A 500-gene world: the fixture's genes plus 490 more, in HGNC's layout. */
function bigWorld(): HgncDoc[] {
  const docs: HgncDoc[] = parseHgncCompleteSet(FIXTURE).genes.map((g) => ({ hgnc_id: g.hgncId, symbol: g.symbol, name: g.name, status: g.status, alias_symbol: g.aliasSymbols, prev_symbol: g.prevSymbols, ensembl_gene_id: g.ensemblGeneId, uniprot_ids: g.uniprotIds }));
  for (let i = 1; docs.length < 500; i++) docs.push({ hgnc_id: `HGNC:${900000 + i}`, symbol: `PANEL${i}`, status: 'Approved', alias_symbol: [`PNL${i}`], prev_symbol: [] });
  return docs;
}

describe('the local table in the data directory', () => {
  it('a 500-gene panel resolves with one download and no request per gene; a second process reads the copy', async () => {
    const docs = bigWorld();
    routeFakeHgnc(fake(), docs);
    const dataDir = tempDir();
    const ctx = await context(dataDir);
    const panel = docs.map((d) => String(d.symbol));
    expect(panel[20]).toBe('PANEL11');
    panel[20] = 'PNL11'; // PANEL11 typed by its alias
    panel[21] = 'NGL'; // ERBB2 (also in the panel) by its previous symbol
    const r = await ctx.sources.hgnc.resolveSymbols(panel);
    expect(r.via).toBe('table');
    expect(r.results).toHaveLength(500);
    expect(r.results[20]).toMatchObject({ symbol: 'PANEL11', how: 'alias' });
    expect(r.symbols).toHaveLength(499);
    expect(r.collisions).toEqual([{ symbol: 'ERBB2', inputs: ['ERBB2', 'NGL'] }]);
    expect(downloads()).toBe(1);
    expect(restRequests()).toBe(0);

    // Provenance beside the file: URL, date, sha256 of the exact bytes.
    const files = geneTableFiles(dataDir);
    const record = JSON.parse(readFileSync(files.sidecar, 'utf8')) as Record<string, unknown>;
    expect(record).toMatchObject({ source: 'hgnc_files', url: `${fake().url}${FILE_PATH}`, genes: 500 });
    expect(record.sha256).toBe(createHash('sha256').update(readFileSync(files.tsv)).digest('hex'));
    expect(Date.now() - Date.parse(String(record.fetchedAt))).toBeLessThan(3_600_000);

    const next = await context(dataDir); // a new process on the same data directory
    await next.sources.hgnc.resolveSymbols(panel);
    expect(downloads()).toBe(1);
    expect(restRequests()).toBe(0);
  });

  it('asks the REST API only for what the table lacks (withdrawn records), at most once per unknown spelling', async () => {
    routeFakeHgnc(fake(), ownHgncDocs());
    const ctx = await context();
    const r = await ctx.sources.hgnc.resolveSymbols(['EGFR', 'HER2', 'XWDRN1', 'NOTAGENE1']);
    expect(r.results.map((x) => [x.input, x.how])).toEqual([
      ['EGFR', 'approved'],
      ['HER2', 'alias'],
      ['XWDRN1', 'withdrawn'],
      ['NOTAGENE1', 'not_found'],
    ]);
    expect(fake().requests.filter((q) => q.path.startsWith('/hgnc/')).map((q) => q.path).sort()).toEqual(['/hgnc/fetch/symbol/NOTAGENE1', '/hgnc/fetch/symbol/XWDRN1']);
  });

  it('says when the REST API could not be asked about a symbol missing from the table, and resolves the rest', async () => {
    routeFakeHgncFiles(fake(), ownHgncDocs());
    fake().route('GET', /^\/hgnc\//, { status: 500, body: { error: 'Solr is down' } });
    const ctx = await context();
    const r = await ctx.sources.hgnc.resolveSymbols(['EGFR', 'NOTAGENE1']);
    expect(r.symbols).toEqual(['EGFR']);
    expect(r.results[1]).toMatchObject({ how: 'not_found' });
    expect(r.notes).toEqual([expect.stringMatching(/^NOTAGENE1: not in HGNC's complete set, and the REST API could not be asked whether it is a withdrawn symbol \(hgnc \(HTTP 500\)/)]);
  });

  it('without the table (download failing, nothing on disk) every symbol goes through the REST API, and the reason is given', async () => {
    routeFakeHgnc(fake(), ownHgncDocs(), '/hgnc', { files: false });
    const ctx = await context();
    const load = await ctx.genes.load();
    expect(load.table).toBeUndefined();
    expect(load.warnings).toEqual([expect.stringMatching(/^HGNC complete set unavailable \(hgnc_files \(HTTP 404\).*\): gene symbols were resolved one by one through the HGNC REST API$/)]);
    const r = await ctx.sources.hgnc.resolveSymbols(['EGFR']);
    expect(r.via).toBe('rest');
    expect(r.symbols).toEqual(['EGFR']);
  });

  it('downloads again past the TTL or on refresh; a failed refresh keeps the old copy and says so', async () => {
    routeFakeHgnc(fake(), ownHgncDocs());
    const dataDir = tempDir();
    const first = await context(dataDir);
    expect((await first.genes.load()).origin).toBe('download');
    // 31 days later (the TTL is 30): the next process downloads it again.
    const files = geneTableFiles(dataDir);
    const record = JSON.parse(readFileSync(files.sidecar, 'utf8')) as { fetchedAt: string };
    writeFileSync(files.sidecar, JSON.stringify({ ...record, fetchedAt: new Date(Date.now() - 31 * 86_400_000).toISOString() }));
    expect((await (await context(dataDir)).genes.load()).origin).toBe('download');
    expect(downloads()).toBe(2);
    // A refresh while HGNC's file server is down: the copy that worked stays in use.
    fake().reset();
    fake().route('GET', FILE_PATH, { status: 503, body: 'down' });
    const offline = await context(dataDir);
    const kept = await offline.genes.load({ refresh: true });
    expect(kept.origin).toBe('disk');
    expect(kept.table?.genes.length).toBeGreaterThan(0);
    expect(kept.warnings.join('\n')).toMatch(/refresh failed \(hgnc_files \(HTTP 503\).*\); using the local copy downloaded \d{4}-\d\d-\d\d/);
  });

  it('a file changed by hand no longer matches its sha256: it is downloaded again', async () => {
    routeFakeHgnc(fake(), ownHgncDocs());
    const dataDir = tempDir();
    await (await context(dataDir)).genes.load();
    const files = geneTableFiles(dataDir);
    writeFileSync(files.tsv, completeSetTsv(ownHgncDocs().slice(0, 2)));
    utimesSync(files.tsv, new Date(), new Date());
    const again = await (await context(dataDir)).genes.load();
    expect(again.origin).toBe('download');
    expect(downloads()).toBe(2);
  });
});
