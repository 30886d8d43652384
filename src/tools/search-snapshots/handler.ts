// svc_search_snapshots' run: the gene resolved through HGNC (the local table, the REST API for
// what it lacks; as typed when HGNC fails), then the index searched for it and its previous
// symbols. Loaded on the tool's first call (tool.ts).
import { normaliseSymbol, type ResolutionHow } from '../../sources/hgnc.js';
import type { CallDeadline } from '../../sources/deadline.js';
import type { SourceReport } from '../../sources/report.js';
import { deadlineReport, noteDeadline, withCallDeadline } from '../shared/call-deadline.js';
import type { ToolCall } from '../define.js';
import type { Resolution, SearchInput, SearchOutput } from './schema.js';

export async function searchSnapshots(args: SearchInput, call: ToolCall): Promise<SearchOutput> {
  // Only a gene that saved panels do not hold as typed asks HGNC: that one request has the deadline.
  return withCallDeadline(call, 'svc_search_snapshots', { hgnc: 1 }, (c, deadline) => search(args, c, deadline));
}

async function search(args: SearchInput, call: ToolCall, deadline: CallDeadline): Promise<SearchOutput> {
  const report = deadlineReport(call, deadline);
  const gene = args.gene === undefined ? undefined : await resolveGene(args.gene, call, report);
  noteDeadline(report, deadline, 'the search');
  const query = { limit: args.limit, ...(args.disease ? { disease: args.disease } : {}) };
  // A panel saved before HGNC renamed a gene holds its symbol of then: each symbol is searched and
  // the hits merged newest first (one panel never holds two symbols of one gene).
  const symbols = gene ? [gene.symbol, ...gene.formerly] : [undefined];
  const runs = await Promise.all(symbols.map((symbol) => call.ctx.snapshots.search({ ...query, ...(symbol ? { gene: symbol } : {}) })));
  const snapshots = runs
    .flatMap((r) => r.snapshots)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, args.limit);
  // Said only where a previous symbol found something: "found under ERBB2's previous symbol NGL (1)".
  const under = (gene?.formerly ?? []).map((s, i) => [s, runs[i + 1]!.total] as const).filter(([, n]) => n > 0);
  const renamed = under.length ? [`found under ${gene!.symbol}'s previous HGNC symbol${under.length > 1 ? 's' : ''} ${under.map(([s, n]) => `${s} (${n})`).join(', ')} as well`] : [];
  return {
    snapshots,
    total: runs.reduce((sum, r) => sum + r.total, 0),
    query: {
      ...(args.disease ? { disease: args.disease } : {}),
      ...(gene ? { gene: gene.symbol, geneInput: args.gene, geneResolution: gene.how } : {}),
    },
    sources: report.list(),
    warnings: [...report.warnings, ...(gene?.warning ? [gene.warning] : []), ...renamed],
  };
}

interface SearchedGene {
  symbol: string;
  how: Resolution;
  /** Symbols HGNC lists as the gene's previous ones: saved panels may hold them. */
  formerly: string[];
  warning?: string;
}

async function resolveGene(typed: string, call: ToolCall, report: SourceReport): Promise<SearchedGene> {
  const normal = normaliseSymbol(typed);
  const r = await report.call('hgnc', () => call.ctx.sources.hgnc.resolveSymbol(typed, call.signal), {
    records: (x) => (x.symbol ? 1 : 0),
    degrades: `gene "${typed}" not resolved; searched for ${normal} as typed`,
  });
  // HGNC down: the symbol as typed, which saved panels may hold.
  if (!r) return { symbol: normal, how: (await call.ctx.snapshots.hasGene(normal)) ? 'stored' : 'unresolved', formerly: [] };
  if (r.symbol) {
    const previous = [...new Set((r.gene?.prevSymbols ?? []).map(normaliseSymbol).filter((s) => s !== r.symbol))];
    return { symbol: r.symbol, how: r.how, ...(await stillTheirs(r.symbol, previous, call, report)) };
  }
  return { ...unresolved(normal, r.how, r.candidates, r.replacedBy?.symbol ?? null), formerly: [] };
}

/**
 * The previous symbols that may still name this gene in saved panels. HGNC reuses symbols: one
 * that is now another gene's approved symbol finds that gene's panels ("NEWA found under its
 * previous symbol OLDB" was another gene's panel), so it is not searched, and the warning says so.
 * Each is resolved as typed (the local table answers without a request); one HGNC could not resolve
 * is searched, the warning saying its hits may be another gene's.
 */
async function stillTheirs(symbol: string, previous: readonly string[], call: ToolCall, report: SourceReport): Promise<{ formerly: string[]; warning?: string }> {
  const read = await Promise.all(
    previous.map(async (prev) => {
      const r = await report.call('hgnc', () => call.ctx.sources.hgnc.resolveSymbol(prev, call.signal), {
        records: (x) => (x.symbol ? 1 : 0),
        degrades: `whether ${symbol}'s previous symbol ${prev} now names another gene was not checked`,
      });
      return { prev, reused: r?.how === 'approved' && r.symbol !== null && r.symbol !== symbol ? r.symbol : null, unchecked: r === undefined };
    }),
  );
  const reused = read.filter((x) => x.reused !== null);
  const unchecked = read.filter((x) => x.unchecked);
  const notes = [
    ...reused.map((x) => `not searched under ${symbol}'s previous HGNC symbol ${x.prev}: it is now the approved symbol of another gene, so saved panels holding ${x.prev} are taken as that gene's (a panel saved before the rename is missed)`),
    ...(unchecked.length ? [`searched under ${symbol}'s previous HGNC symbol${unchecked.length > 1 ? 's' : ''} ${unchecked.map((x) => x.prev).join(', ')} without knowing whether HGNC now gives ${unchecked.length > 1 ? 'them' : 'it'} to another gene: a panel found under ${unchecked.length > 1 ? 'them' : 'it'} may be that gene's`] : []),
  ];
  return { formerly: read.filter((x) => x.reused === null).map((x) => x.prev), ...(notes.length ? { warning: notes.join('; ') } : {}) };
}

function unresolved(normal: string, how: ResolutionHow, candidates: string[], replacement: string | null): { symbol: string; how: Resolution; warning: string } {
  if (how === 'withdrawn' && replacement) {
    return { symbol: replacement, how, warning: `HGNC withdrew ${normal}; searched for its replacement ${replacement}` };
  }
  if (how === 'ambiguous') {
    return { symbol: normal, how, warning: `${normal} is ambiguous in HGNC (${candidates.join(', ')}); searched for ${normal} as typed: search one of those symbols instead` };
  }
  return { symbol: normal, how: how === 'withdrawn' ? 'withdrawn' : 'not_found', warning: `HGNC does not know ${normal} as a current symbol; searched for it as typed` };
}
