// Terminal rendering of svc_compare_targets.
import { pathwayLabel } from '../../analysis/pathway-names.js';
import { anyFigureComputed, computedOnOneSide, qText } from '../../analysis/panel-view.js';
import type { CompareOutput } from '../../tools/compare-targets/schema.js';
import { truncate as cut } from '../../text.js';
import { heading, table } from '../output.js';

const num = (x: number | null, d = 2) => (x === null ? 'n/a' : x.toFixed(d));
const counted = (r: CompareOutput, key: string, shown: number) => {
  const c = r.counts[key];
  return c && c.total > shown ? ` (first ${shown} of ${c.total})` : '';
};

export function renderCompare(r: CompareOutput): string {
  const out: string[] = [heading('# Panel A vs panel B'), ''];
  const side = (label: string, s: CompareOutput['panelA']) =>
    `${label}: ${s.genes.join(', ')}${counted(r, `panel${label}.genes`, s.genes.length)} in ${s.diseaseContext} | quality ${num(s.qualityScore)} | snapshot ${s.snapshotId}`;
  out.push(side('A', r.panelA), side('B', r.panelB), `Comparison snapshot ${r.snapshotId}`, '', r.summary, '');

  out.push(heading('## Pathways significant in both'));
  // Enrichment could not run on a side: its empty lists are no finding, so none is printed as "None.".
  if (r.pathwayNote) out.push(r.pathwayNote);
  else out.push(
    r.sharedPathways.length
      ? table(r.sharedPathways.map((p) => [cut(pathwayLabel(p.name), 60), p.library, qText(p.qA), qText(p.qB)]), ['pathway', 'library', 'q A', 'q B']) + counted(r, 'sharedPathways', r.sharedPathways.length)
      : 'None.',
  );
  for (const [label, list] of [['A', r.uniquePathways.a], ['B', r.uniquePathways.b]] as const) {
    if (r.pathwayNote && !list.length) continue;
    out.push('', heading(`## Only in panel ${label}${counted(r, `uniquePathways.${label.toLowerCase()}`, list.length)}`));
    out.push(list.length ? table(list.map((p) => [cut(pathwayLabel(p.name), 60), p.library, qText(p.q), p.otherSide === 'not significant' ? '' : p.otherSide]), ['pathway', 'library', 'q', 'other side']) : 'None.');
  }

  out.push('', heading('## Drug candidates'));
  const o = r.drugOverlap;
  if (!o) out.push(r.drugAnalysisNote ?? 'Not compared.');
  else {
    out.push(o.shared.length ? table(o.shared.map((d) => [d.name, `${d.tierA} / ${d.tierB}`, `${d.scoreA.toFixed(2)} / ${d.scoreB.toFixed(2)}`, `${d.rankA} / ${d.rankB}`, `${d.genesA.join(',')} / ${d.genesB.join(',')}`]), ['shared', 'tier A / B', 'score A / B', 'rank A / B', 'via genes A / B']) : 'No shared candidate.');
    for (const [label, list] of [['A', o.aOnly], ['B', o.bOnly]] as const) {
      out.push('', list.length ? table(list.map((d) => [d.name, d.tier, d.score.toFixed(2), d.targetGenes.join(',')]), [`only ${label}`, 'tier', 'score', 'targets']) : `No candidate only for ${label}.`);
    }
  }

  out.push('', heading('## Evidence'), `Quality A ${num(r.qualityScore.a)} | B ${num(r.qualityScore.b)} | B − A ${num(r.qualityScore.delta)}`);
  // A figure computed on one side only (a number against null) differs too.
  const computed = (x: unknown) => (x === null ? 'not computed' : String(x));
  const moved = Object.entries(r.integrityDeltas).filter(([, d]) => (d.delta !== null && d.delta !== 0) || computedOnOneSide(d));
  const nothing = !anyFigureComputed(r.integrityDeltas, 'a') && !anyFigureComputed(r.integrityDeltas, 'b');
  const same = nothing ? 'No integrity figure was computed on either side.' : 'Integrity figures do not differ.';
  out.push(moved.length ? moved.map(([k, d]) => `${k}: ${computed(d.a)} → ${computed(d.b)}${d.delta ? ` (${d.delta > 0 ? '+' : ''}${d.delta})` : ''}`).join('; ') : same);
  if (r.more) out.push('', r.more);
  if (r.warnings.length) out.push('', heading('## Warnings'), ...r.warnings.map((w) => `! ${w}`));
  return out.join('\n');
}
