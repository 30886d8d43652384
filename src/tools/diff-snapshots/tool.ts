// svc_diff_snapshots: what changed between two saved panel analyses (analysis/snapshot-diff.ts).
// Read-only: loads both snapshots, diffs them, saves nothing.
import { defineTool, loadOnCall } from '../define.js';
import { ListCut } from '../shared/list-cut.js';
import { diffInput, diffOutput, type DiffOutput } from './schema.js';

const SHOWN = { genes: 25, pathways: 8, drugs: 8, hypotheses: 6, sources: 30 } as const;

export const diffSnapshotsTool = defineTool({
  name: 'svc_diff_snapshots',
  title: 'What changed between two saved panel analyses',
  description:
    'Compares two saved panel analyses, A (earlier) and B (later): genes and disease, pathways new, gone or with a ' +
    'changed q, drug candidates that entered, left or changed tier, rank or score, hypothesis confidence, quality, ' +
    'integrity and sources. Works on svc_generate_insights snapshots and the two sides of a svc_compare_targets ' +
    'comparison; calls no source.',
  input: diffInput,
  output: diffOutput,
  answer: { schema: diffOutput, compact: (full) => compactDiff(full) },
  summarize: (a) => summarizeDiff(a),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  quota: 'none',
  handler: loadOnCall(async () => (await import('./handler.js')).diffSnapshots),
});

/** The answer: every list cut to its first items, `counts` saying how many there are in all. */
export function compactDiff(full: DiffOutput): DiffOutput {
  const lists = new ListCut();
  const shifts = full.drugCandidateShifts;
  const answer: DiffOutput = {
    ...full,
    inputs: {
      genesAdded: lists.take('inputs.genesAdded', full.inputs.genesAdded, SHOWN.genes),
      genesRemoved: lists.take('inputs.genesRemoved', full.inputs.genesRemoved, SHOWN.genes),
      diseaseChanged: full.inputs.diseaseChanged,
    },
    newPathways: lists.take('newPathways', full.newPathways, SHOWN.pathways),
    removedPathways: lists.take('removedPathways', full.removedPathways, SHOWN.pathways),
    qChanges: lists.take('qChanges', full.qChanges, SHOWN.pathways),
    drugCandidateShifts: shifts && {
      entered: lists.take('drugCandidateShifts.entered', shifts.entered, SHOWN.drugs),
      left: lists.take('drugCandidateShifts.left', shifts.left, SHOWN.drugs),
      changed: lists.take('drugCandidateShifts.changed', shifts.changed, SHOWN.drugs),
    },
    hypothesisConfidenceChanges: lists.take('hypothesisConfidenceChanges', full.hypothesisConfidenceChanges, SHOWN.hypotheses),
    sourceChanges: lists.take('sourceChanges', full.sourceChanges, SHOWN.sources),
    counts: lists.counts,
  };
  const cut = lists.cut();
  if (cut.length) answer.more = `Lists cut to their first items (${cut.join(', ')}). The whole diff: biointel snapshots diff ${full.snapshotA.id} ${full.snapshotB.id} --json; both analyses: svc_get_snapshot by section.`;
  return answer;
}

/** The MCP text block: the written summary and what moved, in a few lines. */
function summarizeDiff(a: DiffOutput): string {
  const lines = [`Diff ${a.snapshotA.id} -> ${a.snapshotB.id}: ${a.summary}`];
  if (a.warnings.length) lines.push(`Warnings: ${a.warnings.join(' | ')}`);
  if (a.more) lines.push(a.more);
  return lines.join('\n');
}
