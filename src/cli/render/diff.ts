// Terminal rendering of svc_diff_snapshots.
import { pathwayLabel } from '../../analysis/pathway-names.js';
import { qText, type DrugAbsence } from '../../analysis/panel-view.js';
import { factorMoveText } from '../../analysis/snapshot-diff.js';
import type { DiffOutput } from '../../tools/diff-snapshots/schema.js';
import { truncate as cut } from '../../text.js';
import { heading, style, table } from '../output.js';

/** Why the other side may have had the drug after all. */
function absenceNote(why: DrugAbsence, side: 'A' | 'B'): string {
  if (why === 'drug sources failed') return `${side}'s drug sources failed: maybe a candidate there`;
  return why === 'beyond the reported list' ? `${side}'s list was cut: maybe below it` : '';
}

const sign = (x: number | null) => (x === null ? 'n/a' : `${x > 0 ? '+' : ''}${x}`);

export function renderDiff(d: DiffOutput): string {
  const out: string[] = [heading(`# ${d.snapshotA.id} → ${d.snapshotB.id}`), ''];
  out.push(`A: ${d.snapshotA.createdAt} ${d.snapshotA.tool}, ${d.snapshotA.geneCount} genes, ${d.snapshotA.diseaseContext}`);
  out.push(`B: ${d.snapshotB.createdAt} ${d.snapshotB.tool}, ${d.snapshotB.geneCount} genes, ${d.snapshotB.diseaseContext}`, '', d.summary, '');
  const paths = (title: string, list: DiffOutput['newPathways']) => {
    if (!list.length) return;
    out.push(heading(title), table(list.map((p) => [cut(pathwayLabel(p.name), 60), p.library, qText(p.q), p.otherSide === 'not significant' ? '' : p.otherSide]), ['pathway', 'library', 'q', 'why not on the other side']), '');
  };
  paths('## New pathways', d.newPathways);
  paths('## Pathways no longer reported', d.removedPathways);
  if (d.qChanges.length) out.push(heading('## q changes'), table(d.qChanges.map((q) => [cut(pathwayLabel(q.name), 60), qText(q.qBefore), qText(q.qAfter), sign(q.log10Change)]), ['pathway', 'q A', 'q B', 'log10']), '');
  out.push(heading('## Drug candidates'));
  const s = d.drugCandidateShifts;
  if (!s) out.push(d.drugAnalysisNote ?? 'Not compared.');
  else if (!s.entered.length && !s.left.length && !s.changed.length) out.push('No change.');
  else {
    const rows = [
      // The note names a withdrawal read differently too: a row listed for it alone read "II → II, 0, -".
      ...s.changed.map((c) => [c.name, `${c.tierBefore} → ${c.tierAfter}`, `${c.rankBefore} → ${c.rankAfter}`, sign(c.scoreDelta), [c.factorMovedMost ? factorMoveText(c.factorMovedMost) : '', c.why ?? ''].filter(Boolean).join('; ') || '-']),
      ...s.entered.map((x) => [x.name, `entered (${x.tier})`, `→ ${x.rank}`, '', absenceNote(x.otherSide, 'A')]),
      ...s.left.map((x) => [x.name, `left (${x.tier})`, `${x.rank} →`, '', absenceNote(x.otherSide, 'B')]),
    ];
    out.push(table(rows, ['drug', 'tier', 'rank', 'score', 'factor moved most, or note']));
  }
  if (d.hypothesisConfidenceChanges.length) {
    out.push('', heading('## Hypotheses'));
    for (const h of d.hypothesisConfidenceChanges) out.push(`- ${h.genes.join('-')}: ${h.confidenceBefore ?? 'absent'} → ${h.confidenceAfter ?? 'absent'} (${h.labelBefore ?? '-'} → ${h.labelAfter ?? '-'}${h.why ? `; ${h.why}` : ''})`);
  }
  out.push('', heading('## Evidence'), `Quality ${sign(d.qualityScoreDelta)} | grounded ratio ${sign(d.groundedRatioDelta)}`);
  if (d.sourceChanges.length) out.push(`Sources: ${d.sourceChanges.map((c) => `${c.id} ${c.before} → ${c.after}`).join('; ')}`);
  if (d.more) out.push('', d.more);
  if (d.warnings.length) out.push('', ...d.warnings.map((w) => style('yellow', `! ${w}`)));
  return out.join('\n');
}
