// `biointel genes`: the local HGNC table (src/genes/): where it is, how old, refresh it, and
// resolve symbols with it as the analysis tools do.
import type { TableStatus } from '../genes/service.js';
import { EXIT, print, printJson, table } from './output.js';
import { withContext, type GlobalFlags } from './run-tool.js';

export async function genesStatus(opts: { json?: boolean }, flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
    const s = await ctx.genes.status();
    if (opts.json) printJson(s);
    else print(renderStatus(s));
    return s.present ? EXIT.ok : EXIT.failure;
  });
}

export async function genesRefresh(opts: { json?: boolean }, flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
    const load = await ctx.genes.load({ refresh: true });
    const s = await ctx.genes.status();
    if (opts.json) printJson({ refreshed: load.origin === 'download', warnings: load.warnings, ...s });
    else {
      print(load.origin === 'download' ? `Downloaded HGNC's complete set: ${s.sidecar?.genes ?? '?'} approved genes.` : 'The HGNC complete set was not downloaded.');
      for (const w of load.warnings) process.stderr.write(`warning: ${w}\n`);
      print(renderStatus(s));
    }
    return load.origin === 'download' ? EXIT.ok : EXIT.failure;
  });
}

export async function genesResolve(symbols: string[], opts: { json?: boolean }, flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
    const load = await ctx.genes.load();
    for (const w of load.warnings) process.stderr.write(`warning: ${w}\n`);
    const r = await ctx.sources.hgnc.resolveSymbols(symbols);
    if (opts.json) {
      printJson({ via: r.via, symbols: r.symbols, unresolved: r.unresolved, duplicates: r.duplicates, collisions: r.collisions, notes: r.notes, results: r.results.map(({ gene: _gene, ...rest }) => rest) });
      return EXIT.ok;
    }
    const rows = r.results.map((x) => [x.input, x.symbol ?? '-', x.how, x.how === 'ambiguous' ? `one of ${x.candidates.join(', ')}` : x.replacedBy ? `replaced by ${x.replacedBy.symbol ?? x.replacedBy.hgncId}` : (x.hgncId ?? '')]);
    print(table(rows, ['input', 'symbol', 'how', 'detail']));
    print(`\nResolved ${r.via === 'table' ? "with HGNC's complete set on disk" : 'through the HGNC REST API, one request per symbol'}.`);
    for (const n of r.notes) process.stderr.write(`note: ${n}\n`);
    return EXIT.ok;
  });
}

function renderStatus(s: TableStatus): string {
  const rows: [string, string][] = [['file', s.path], ['present', s.present ? 'yes' : 'no (downloaded on first use, or run `biointel genes refresh`)']];
  if (s.bytes !== undefined) rows.push(['bytes', String(s.bytes)]);
  if (s.sidecar) rows.push(['downloaded', s.sidecar.fetchedAt], ['from', s.sidecar.url], ['sha256', s.sidecar.sha256], ['approved genes', String(s.sidecar.genes)]);
  else if (s.present) rows.push(['download record', 'missing or not matching: run `biointel genes refresh`']);
  rows.push(['refresh', s.stale ? 'due: the next use downloads it again' : `every ${s.ttlDays} days`]);
  return table(rows);
}
