// svc_search_snapshots: saved analyses by disease (partial, case-insensitive) and/or gene (exact
// after HGNC resolution), newest first. DESIGN.md 2.1.
//
// Gene resolution: saved panels hold HGNC-approved symbols (the analysis tools resolve them), so a
// symbol that already appears in a saved panel is searched as typed, without asking HGNC. Anything
// else (an alias such as HER2, a previous symbol) goes through HGNC; when HGNC cannot be reached the
// upper-cased input is searched and a warning says so. That HGNC call is why openWorldHint is true.
import { defineTool, loadOnCall } from '../define.js';
import { searchInput, searchOutput, type SearchOutput } from './schema.js';

export const searchSnapshotsTool = defineTool({
  name: 'svc_search_snapshots',
  title: 'Search saved analyses',
  description:
    'Finds saved analyses by disease (partial, case-insensitive) and/or gene (exact, after HGNC resolution), newest ' +
    'first: ids, times, tools, genes, diseases, quality scores and the total. Without filters, the latest. ' +
    'svc_get_snapshot reads one.',
  input: searchInput,
  output: searchOutput,
  summarize: summarizeSearch,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  quota: 'none',
  handler: loadOnCall(async () => (await import('./handler.js')).searchSnapshots),
});

/** The MCP text block: one line per snapshot found. */
function summarizeSearch(r: SearchOutput): string {
  const lines = [r.snapshots.length ? `${r.snapshots.length} of ${r.total} matching snapshots, newest first:` : 'No saved analysis matches.'];
  for (const s of r.snapshots) lines.push(`${s.id}  ${s.createdAt}  ${s.tool}  ${s.genes.slice(0, 6).join(',')}${s.genes.length > 6 ? `,+${s.genes.length - 6}` : ''}  "${s.diseaseContext}"  quality ${s.qualityScore.toFixed(2)}`);
  if (r.warnings.length) lines.push(`Warnings: ${r.warnings.join(' | ')}`);
  return lines.join('\n');
}
