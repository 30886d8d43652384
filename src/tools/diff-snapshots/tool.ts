// svc_diff_snapshots: what changed between two saved panel analyses (analysis/snapshot-diff.ts).
// Read-only: loads both snapshots, diffs them, saves nothing.
import { diffPanels } from '../../analysis/snapshot-diff.js';
import { InvalidInputError } from '../../errors.js';
import type { Snapshot } from '../../store/snapshots.js';
import { defineTool } from '../define.js';
import { ListCut } from '../shared/list-cut.js';
import { INSIGHTS_TOOL } from '../shared/panel-analysis/analyse.js';
import { panelView } from '../shared/panel-view.js';
import { loadSnapshot } from '../shared/snapshots.js';
import { COMPARE_TOOL } from '../compare-targets/tool.js';
import { diffInput, diffOutput, type DiffOutput } from './schema.js';

/** Tools whose snapshots hold a panel analysis (the sides of a comparison are saved as insights). */
const PANEL_TOOLS = [INSIGHTS_TOOL];
const SHOWN = { genes: 25, pathways: 8, drugs: 8, hypotheses: 6, sources: 30 } as const;

function assertPanel(s: Snapshot, field: string): void {
  if (PANEL_TOOLS.includes(s.tool)) return;
  if (s.tool === COMPARE_TOOL) {
    const side = (k: string) => ((s.result[k] as { snapshotId?: unknown } | undefined)?.snapshotId as string | undefined) ?? 'unknown';
    throw new InvalidInputError(
      field,
      `snapshot ${s.id} is a comparison (${COMPARE_TOOL}), not a panel analysis`,
      `Diff one of its sides: panel A is ${side('panelA')}, panel B is ${side('panelB')}.`,
    );
  }
  throw new InvalidInputError(
    field,
    `snapshot ${s.id} is a ${s.tool} result; svc_diff_snapshots compares panel analyses (${PANEL_TOOLS.join(', ')}, and the sides of ${COMPARE_TOOL})`,
    'Find panel analyses with svc_search_snapshots; to see this snapshot, use svc_get_snapshot.',
  );
}

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
  async handler({ snapshotIdA, snapshotIdB }, { ctx }) {
    // Both read together; when both fail, the error is A's (argument order), never whichever lost the race.
    const [ra, rb] = await Promise.allSettled([loadSnapshot(ctx, snapshotIdA), loadSnapshot(ctx, snapshotIdB)]);
    if (ra.status === 'rejected') throw ra.reason;
    if (rb.status === 'rejected') throw rb.reason;
    const [a, b] = [ra.value, rb.value];
    assertPanel(a, 'snapshotIdA');
    assertPanel(b, 'snapshotIdB');
    const d = diffPanels(panelView(a.result, a.id, 'snapshotIdA'), panelView(b.result, b.id, 'snapshotIdB'));
    const warnings: string[] = [];
    if (a.id === b.id) warnings.push('snapshotIdA and snapshotIdB are the same snapshot: nothing can differ.');
    else if (a.createdAt > b.createdAt) warnings.push(`snapshot A (${a.createdAt}) is newer than snapshot B (${b.createdAt}): "new" and "removed" read from A to B as given.`);
    const shifts = d.drugCandidateShifts;
    // The full diff (the CLI's --json); the MCP answer is compactDiff of it.
    return {
      snapshotA: ref(a),
      snapshotB: ref(b),
      summary: d.summary,
      inputs: d.inputs,
      newPathways: d.newPathways,
      removedPathways: d.removedPathways,
      qChanges: d.qChanges,
      drugCandidateShifts: shifts && { entered: shifts.entered, left: shifts.left, changed: shifts.changed },
      ...(d.drugAnalysisNote ? { drugAnalysisNote: d.drugAnalysisNote } : {}),
      hypothesisConfidenceChanges: d.hypothesisConfidenceChanges,
      qualityScoreDelta: d.qualityScoreDelta,
      groundedRatioDelta: d.groundedRatioDelta,
      integrityDeltas: d.integrityDeltas,
      sourceChanges: d.sourceChanges,
      counts: {},
      warnings,
    };
  },
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

function ref(s: Snapshot): DiffOutput['snapshotA'] {
  return { id: s.id, createdAt: s.createdAt, tool: s.tool, geneCount: s.genes.length, diseaseContext: s.diseaseContext };
}
