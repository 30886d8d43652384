// svc_compare_targets' run: both panels through the panel engine, compared, the comparison saved.
// Loaded on the tool's first call (tool.ts).
import { comparePanels } from '../../analysis/panel-compare.js';
import { newSnapshotId } from '../../store/snapshot-id.js';
import type { ToolCall } from '../define.js';
import { COMPARE_TOOL } from '../names.js';
import { panelView } from '../shared/panel-view.js';
import { fullComparison } from './assemble.js';
import { runPanels } from './run-panels.js';
import type { CompareInput, CompareOutput } from './schema.js';

export async function compareTargets(input: CompareInput, call: ToolCall): Promise<CompareOutput> {
  const { ctx } = call;
  const { a, b } = await runPanels(input, call);
  const comparison = comparePanels(panelView(a, a.snapshotId, 'panelA'), panelView(b, b.snapshotId, 'panelB'));
  const snapshotId = newSnapshotId();
  const full = fullComparison(snapshotId, a, b, comparison);
  const scores = [a.qualityScore, b.qualityScore];
  const saved = await ctx.snapshots
    .save({
      id: snapshotId,
      tool: COMPARE_TOOL,
      genes: [...new Set([...a.genes, ...b.genes])],
      diseaseContext: comparison.diseaseContexts.same ? a.diseaseContext : `${a.diseaseContext} vs ${b.diseaseContext}`,
      // A comparison is as trustworthy as its weaker side.
      qualityScore: Math.min(...scores),
      inputs: input,
      result: full,
    })
    .then(() => true)
    .catch((err: unknown) => {
      ctx.log.error('comparison snapshot could not be saved', { err });
      return false;
    });
  if (!saved) full.warnings = [...full.warnings, 'the comparison snapshot could not be saved; each panel’s own snapshot id still works'];
  // The full comparison (the CLI's --json, the HTML report); the MCP answer is compactComparison of it.
  return full;
}
