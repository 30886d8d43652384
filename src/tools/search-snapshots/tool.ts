// svc_search_snapshots: saved analyses by disease (partial, case-insensitive) and/or gene (exact
// after HGNC resolution), newest first. DESIGN.md 2.1.
//
// Gene resolution: saved panels hold HGNC-approved symbols (the analysis tools resolve them), so a
// symbol that already appears in a saved panel is searched as typed, without asking HGNC. Anything
// else (an alias such as HER2, a previous symbol) goes through HGNC; when HGNC cannot be reached the
// upper-cased input is searched and a warning says so. That HGNC call is why openWorldHint is true.
import { z } from 'zod';
import { normaliseSymbol, type ResolutionHow } from '../../sources/hgnc.js';
import type { CallDeadline } from '../../sources/deadline.js';
import type { SourceReport } from '../../sources/report.js';
import { deadlineReport, noteDeadline, withCallDeadline } from '../shared/call-deadline.js';
import { defineTool, type ToolCall } from '../define.js';
import { freeText, geneSymbol, LIMITS, provenance } from '../shared/schemas.js';
import { SEARCH_LIMIT, snapshotSummary } from '../shared/snapshot-schemas.js';

const limitMessage = `limit must be a whole number from ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}`;

const input = z.strictObject({
  disease: freeText('the disease filter', 1, LIMITS.diseaseChars)
    .optional()
    .describe('Part of the disease context, case-insensitive ("breast" matches "HER2+ breast carcinoma")'),
  gene: geneSymbol
    .optional()
    .describe('One gene symbol (aliases resolved through HGNC: HER2 -> ERBB2), matched exactly against saved panels'),
  limit: z
    .number()
    .int(limitMessage)
    .min(SEARCH_LIMIT.min, limitMessage)
    .max(SEARCH_LIMIT.max, limitMessage)
    .default(SEARCH_LIMIT.default)
    .describe(`How many snapshots to return, newest first (${SEARCH_LIMIT.min}-${SEARCH_LIMIT.max}, default ${SEARCH_LIMIT.default}); total counts every match`),
});

const resolution = z.enum(['stored', 'approved', 'previous', 'alias', 'withdrawn', 'ambiguous', 'not_found', 'unresolved']);

const output = z.object({
  snapshots: z.array(snapshotSummary).describe('Matching snapshots, newest first; fetch one whole with svc_get_snapshot'),
  total: z.number().int().describe('Number of matching snapshots (may exceed the number returned)'),
  query: z.object({
    disease: z.string().optional(),
    gene: z.string().optional().describe('The symbol searched for, after resolution'),
    geneInput: z.string().optional().describe('The gene as given'),
    geneResolution: resolution
      .optional()
      .describe('stored: found as typed in saved panels; approved/previous/alias/withdrawn: HGNC; ambiguous/not_found/unresolved: searched as typed'),
  }),
  ...provenance,
});

type Output = z.input<typeof output>;
type Resolution = z.infer<typeof resolution>;

export const searchSnapshotsTool = defineTool({
  name: 'svc_search_snapshots',
  title: 'Search saved analyses',
  description:
    'Finds saved analyses by disease (partial, case-insensitive) and/or gene (exact, after HGNC resolution), newest ' +
    'first: ids, times, tools, genes, diseases, quality scores and the total. Without filters, the latest. ' +
    'svc_get_snapshot reads one.',
  input,
  output,
  summarize: summarizeSearch,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  quota: 'none',
  handler: searchSnapshots,
});

export async function searchSnapshots(args: z.output<typeof input>, call: ToolCall): Promise<Output> {
  // Only a gene that saved panels do not hold as typed asks HGNC: that one request has the deadline.
  return withCallDeadline(call, 'svc_search_snapshots', { hgnc: 1 }, (c, deadline) => search(args, c, deadline));
}

async function search(args: z.output<typeof input>, call: ToolCall, deadline: CallDeadline): Promise<Output> {
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

/** The MCP text block: one line per snapshot found. */
function summarizeSearch(r: Output): string {
  const lines = [r.snapshots.length ? `${r.snapshots.length} of ${r.total} matching snapshots, newest first:` : 'No saved analysis matches.'];
  for (const s of r.snapshots) lines.push(`${s.id}  ${s.createdAt}  ${s.tool}  ${s.genes.slice(0, 6).join(',')}${s.genes.length > 6 ? `,+${s.genes.length - 6}` : ''}  "${s.diseaseContext}"  quality ${s.qualityScore.toFixed(2)}`);
  if (r.warnings.length) lines.push(`Warnings: ${r.warnings.join(' | ')}`);
  return lines.join('\n');
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
