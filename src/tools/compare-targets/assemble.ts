// The comparison result: the full one (saved in the comparison's snapshot) and the compact answer
// (the first items of each list, with counts and where to find the rest).
import type { PanelComparison } from '../../analysis/panel-compare.js';
import type { InsightsOutput } from '../shared/panel-analysis/schema.js';
import { ListCut } from '../shared/list-cut.js';
import type { CompareOutput } from './schema.js';

/** Items shown per list in the answer; the snapshot keeps them all. */
export const SHOWN = { genes: 25, pathways: 8, drugs: 8, unresolved: 20, warnings: 12 } as const;

export function fullComparison(snapshotId: string, a: InsightsOutput, b: InsightsOutput, c: PanelComparison): CompareOutput {
  const side = (r: InsightsOutput) => ({ snapshotId: r.snapshotId, genes: r.genes, unresolvedGenes: r.unresolvedGenes, diseaseContext: r.diseaseContext, qualityScore: r.qualityScore });
  return {
    snapshotId,
    panelA: side(a),
    panelB: side(b),
    summary: c.summary,
    genes: c.genes,
    sharedPathways: c.sharedPathways,
    uniquePathways: c.uniquePathways,
    ...(c.pathwayNote ? { pathwayNote: c.pathwayNote } : {}),
    drugOverlap: c.drugOverlap,
    ...(c.drugAnalysisNote ? { drugAnalysisNote: c.drugAnalysisNote } : {}),
    qualityScore: c.qualityScore,
    groundedRatioDelta: c.groundedRatioDelta,
    integrityDeltas: c.integrityDeltas,
    counts: {},
    sources: mergeSources(a.sources, b.sources),
    warnings: [...a.warnings.map((w) => `panel A: ${w}`), ...b.warnings.map((w) => `panel B: ${w}`)],
  };
}

/** The answer: every list cut to its first items, counts saying how many there are in all. */
export function compactComparison(full: CompareOutput): CompareOutput {
  const lists = new ListCut();
  const side = (s: CompareOutput['panelA'], label: string) => ({
    ...s,
    genes: lists.take(`panel${label}.genes`, s.genes, SHOWN.genes),
    unresolvedGenes: lists.take(`panel${label}.unresolvedGenes`, s.unresolvedGenes, SHOWN.unresolved),
  });
  const d = full.drugOverlap;
  const answer: CompareOutput = {
    ...full,
    panelA: side(full.panelA, 'A'),
    panelB: side(full.panelB, 'B'),
    genes: { shared: lists.take('genes.shared', full.genes.shared, SHOWN.genes), aOnly: lists.take('genes.aOnly', full.genes.aOnly, SHOWN.genes), bOnly: lists.take('genes.bOnly', full.genes.bOnly, SHOWN.genes) },
    sharedPathways: lists.take('sharedPathways', full.sharedPathways, SHOWN.pathways),
    uniquePathways: { a: lists.take('uniquePathways.a', full.uniquePathways.a, SHOWN.pathways), b: lists.take('uniquePathways.b', full.uniquePathways.b, SHOWN.pathways) },
    drugOverlap: d && {
      shared: lists.take('drugOverlap.shared', d.shared, SHOWN.drugs),
      aOnly: lists.take('drugOverlap.aOnly', d.aOnly, SHOWN.drugs),
      bOnly: lists.take('drugOverlap.bOnly', d.bOnly, SHOWN.drugs),
    },
    warnings: lists.take('warnings', full.warnings, SHOWN.warnings),
  };
  answer.counts = lists.counts;
  const cut = lists.cut();
  if (cut.length) {
    answer.more =
      `Lists cut to their first items (${cut.join(', ')}). The whole comparison: svc_get_snapshot ${full.snapshotId}; ` +
      `each panel's full analysis: svc_get_snapshot ${full.panelA.snapshotId} / ${full.panelB.snapshotId}.`;
  }
  return answer;
}

type SourceRow = InsightsOutput['sources'][number];

/**
 * One row per source over both analyses: ok when it answered either panel with a request, cached
 * when only from the cache, failed only when it failed for both; a failure on one side is kept in
 * `error`, named by panel.
 */
export function mergeSources(a: readonly SourceRow[], b: readonly SourceRow[]): SourceRow[] {
  const ids = [...new Set([...a.map((s) => s.id), ...b.map((s) => s.id)])];
  const rank: Record<SourceRow['status'], number> = { ok: 0, cached: 1, partial: 2, failed: 3, skipped: 4 };
  return ids.map((id) => {
    const sides = [
      ['A', a.find((s) => s.id === id)],
      ['B', b.find((s) => s.id === id)],
    ] as const;
    const present = sides.filter((x): x is readonly ['A' | 'B', SourceRow] => x[1] !== undefined);
    const status = present.map(([, s]) => s.status).sort((x, y) => rank[x] - rank[y])[0] ?? 'skipped';
    const errors = present.filter(([, s]) => s.error).map(([p, s]) => `panel ${p}: ${s.error}`);
    const notes = [...new Set(present.map(([, s]) => s.note).filter((n): n is string => !!n))];
    return {
      id,
      status,
      ms: present.reduce((t, [, s]) => Math.max(t, s.ms), 0),
      records: present.reduce((t, [, s]) => t + s.records, 0),
      ...(errors.length ? { error: errors.join('; ') } : {}),
      ...(present.some(([, s]) => s.late) ? { late: true } : {}),
      ...(notes.length ? { note: notes.join('; ') } : {}),
    };
  });
}

/** The MCP text block: the written comparison, the snapshots, and what was cut. */
export function summarizeComparison(a: CompareOutput): string {
  const lines = [
    `Comparison ${a.snapshotId} of panel A (${a.panelA.diseaseContext}, snapshot ${a.panelA.snapshotId}) and panel B (${a.panelB.diseaseContext}, snapshot ${a.panelB.snapshotId}).`,
    a.summary,
  ];
  if (a.drugAnalysisNote) lines.push(`Drugs: ${a.drugAnalysisNote}`);
  if (a.warnings.length) lines.push(`Warnings (${a.warnings.length}): ${a.warnings.slice(0, 3).join(' | ')}${a.warnings.length > 3 ? ' | ...' : ''}`);
  if (a.more) lines.push(a.more);
  return lines.join('\n');
}
