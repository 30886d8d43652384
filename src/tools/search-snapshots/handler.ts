// svc_search_snapshots' run: the gene resolved (saved panels first, then HGNC), then the index
// searched. Loaded on the tool's first call (tool.ts).
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
  const found = await call.ctx.snapshots.search({
    limit: args.limit,
    ...(args.disease ? { disease: args.disease } : {}),
    ...(gene ? { gene: gene.symbol } : {}),
  });
  return {
    snapshots: found.snapshots,
    total: found.total,
    query: {
      ...(args.disease ? { disease: args.disease } : {}),
      ...(gene ? { gene: gene.symbol, geneInput: args.gene, geneResolution: gene.how } : {}),
    },
    sources: report.list(),
    warnings: [...report.warnings, ...(gene?.warning ? [gene.warning] : [])],
  };
}

async function resolveGene(typed: string, call: ToolCall, report: SourceReport): Promise<{ symbol: string; how: Resolution; warning?: string }> {
  const normal = normaliseSymbol(typed);
  if (await call.ctx.snapshots.hasGene(normal)) {
    report.skip('hgnc', `${normal} appears in saved panels as is`);
    return { symbol: normal, how: 'stored' };
  }
  const r = await report.call('hgnc', () => call.ctx.sources.hgnc.resolveSymbol(typed, call.signal), {
    records: (x) => (x.symbol ? 1 : 0),
    degrades: `gene "${typed}" not resolved; searched for ${normal} as typed`,
  });
  if (!r) return { symbol: normal, how: 'unresolved' };
  if (r.symbol) return { symbol: r.symbol, how: r.how };
  return unresolved(normal, r.how, r.candidates, r.replacedBy?.symbol ?? null);
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
