// HGNC's complete set cut short must never be used as the table: cut after the last required column
// of its last row it once gave EGFR the UniProt id "P005" (for P00533); cut at a line break it was
// taken with however many genes had arrived. A cut file reads as the file source failing: no table
// (symbols resolved through the REST API, with a warning), or on a refresh the copy that worked.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { geneTableFiles } from '../../src/genes/service.js';
import { parseHgncCompleteSet } from '../../src/sources/hgnc-table.js';
import { SourceReport } from '../../src/sources/report.js';
import { tempDir } from '../support/context.js';
import { completeSetTsv, ownHgncDocs, routeFakeHgnc, routeFakeHgncFiles, type HgncDoc } from '../support/fake-hgnc.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';

const FILE_PATH = '/hgnc_files/tsv/tsv/hgnc_complete_set.txt';
const upstream = useFakeUpstreamContexts();
const fake = () => upstream.fake();

/** The approved fixture genes with EGFR last, then `extra` made-up genes before it. */
function docs(extra = 0): HgncDoc[] {
  const own = ownHgncDocs().filter((d) => d.status === 'Approved');
  const egfr = own.find((d) => d.symbol === 'EGFR')!;
  const more = Array.from({ length: extra }, (_, i) => ({ hgnc_id: `HGNC:${900001 + i}`, symbol: `PANEL${i + 1}`, status: 'Approved', alias_symbol: [], prev_symbol: [] }));
  return [...own.filter((d) => d !== egfr), ...more, egfr];
}

function schemaError(text: string): UpstreamError {
  try {
    parseHgncCompleteSet(text);
  } catch (err) {
    expect(err).toBeInstanceOf(UpstreamError);
    return err as UpstreamError;
  }
  throw new Error('parsed without an error');
}

describe('the complete set, cut short or misaligned', () => {
  const whole = completeSetTsv(docs());

  it('parses the whole file (EGFR last, UniProt P00533)', () => {
    const table = parseHgncCompleteSet(whole);
    expect(table.genes.at(-1)).toMatchObject({ symbol: 'EGFR', uniprotIds: ['P00533'] });
  });

  it('refuses a file cut after the last required column of its last row (EGFR would read P005)', () => {
    const cut = whole.slice(0, whole.lastIndexOf('P00533') + 'P005'.length);
    const err = schemaError(cut);
    expect(err).toMatchObject({ source: 'hgnc_files', failure: 'schema' });
    expect(err.message).toMatch(/the last line \(\d+\) is cut short/);
  });

  it('refuses a row with more fields than the header names (its columns would be misread)', () => {
    const lines = whole.split('\n');
    lines[2] = `${lines[2]}\textra`;
    expect(schemaError(lines.join('\n')).message).toMatch(/line 3 has \d+ fields where the header names \d+/);
  });
});

describe('the local table, when the download is cut short', () => {
  it('a first download cut mid-line: no table, nothing saved, symbols resolved through the REST API with a warning', async () => {
    const all = docs();
    routeFakeHgnc(fake(), all);
    const whole = completeSetTsv(all);
    routeFakeHgncFiles(fake(), whole.slice(0, whole.lastIndexOf('P00533') + 'P005'.length));
    const dataDir = tempDir();
    const ctx = await upstream.context({ dataDir, retries: 0 });
    const report = new SourceReport(ctx.http);
    const load = await ctx.genes.load({ report });
    expect(load.table).toBeUndefined();
    expect(load.warnings).toEqual([expect.stringMatching(/^HGNC complete set unavailable \(.*cut short.*\): gene symbols were resolved one by one through the HGNC REST API$/)]);
    expect(report.list()).toEqual([expect.objectContaining({ id: 'hgnc_files', status: 'failed' })]);
    expect((await ctx.genes.status()).present).toBe(false);
    const r = await ctx.sources.hgnc.resolveSymbols(['EGFR']);
    expect(r.via).toBe('rest');
    expect(r.results[0]).toMatchObject({ symbol: 'EGFR', uniprotIds: ['P00533'] });
  });

  it('a refresh that shrinks the table well below the copy on disk (a cut at a line break) is refused: the copy stays, with a warning', async () => {
    const all = docs(44); // 50 genes
    routeFakeHgnc(fake(), all);
    const dataDir = tempDir();
    const first = await upstream.context({ dataDir, retries: 0 });
    expect((await first.genes.load()).table?.genes).toHaveLength(50);
    const files = geneTableFiles(dataDir);
    const onDisk = readFileSync(files.tsv);

    // Whole lines, a final line break: only the count tells that 47 rows are missing.
    routeFakeHgncFiles(fake(), completeSetTsv(all.slice(0, 3)));
    const later = await upstream.context({ dataDir, retries: 0 });
    const report = new SourceReport(later.http);
    const kept = await later.genes.load({ refresh: true, report });
    expect(kept.origin).toBe('disk');
    expect(kept.table?.genes).toHaveLength(50);
    expect(kept.warnings.join('\n')).toMatch(/HGNC complete set: refresh failed \(.*3 genes where the copy on disk holds 50.*\); using the local copy downloaded \d{4}-\d\d-\d\d/);
    expect(report.list()).toEqual([expect.objectContaining({ id: 'hgnc_files', status: 'failed' })]);
    expect(readFileSync(files.tsv).equals(onDisk)).toBe(true);
    expect(JSON.parse(readFileSync(files.sidecar, 'utf8'))).toMatchObject({ genes: 50 });

    // A release that lost a few withdrawn genes is taken.
    routeFakeHgncFiles(fake(), completeSetTsv(all.slice(3)));
    const taken = await (await upstream.context({ dataDir, retries: 0 })).genes.load({ refresh: true });
    expect(taken.origin).toBe('download');
    expect(taken.table?.genes).toHaveLength(47);
    expect(fake().requests.filter((q) => q.path === FILE_PATH)).toHaveLength(3);
  });
});
