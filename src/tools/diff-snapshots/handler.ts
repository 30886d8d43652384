// svc_diff_snapshots' run: both snapshots read, checked to be panel analyses, and diffed.
// Loaded on the tool's first call (tool.ts).
import { diffPanels } from '../../analysis/snapshot-diff.js';
import { InvalidInputError } from '../../errors.js';
import type { Snapshot } from '../../store/snapshots.js';
import type { ToolCall } from '../define.js';
import { COMPARE_TOOL, INSIGHTS_TOOL } from '../names.js';
import { panelView } from '../shared/panel-view.js';
import { loadSnapshot } from '../shared/snapshots.js';
import type { DiffInput, DiffOutput } from './schema.js';

/** Tools whose snapshots hold a panel analysis (the sides of a comparison are saved as insights). */
const PANEL_TOOLS = [INSIGHTS_TOOL];

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

export async function diffSnapshots({ snapshotIdA, snapshotIdB }: DiffInput, { ctx }: ToolCall): Promise<DiffOutput> {
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
}

function ref(s: Snapshot): DiffOutput['snapshotA'] {
  return { id: s.id, createdAt: s.createdAt, tool: s.tool, geneCount: s.genes.length, diseaseContext: s.diseaseContext };
}
