// svc_compare_targets: two gene panels analysed side by side by the panel engine of
// svc_generate_insights (shared/panel-analysis), then compared (analysis/panel-compare.ts). Each
// panel's analysis is saved as its own snapshot; the comparison is saved too, pointing to both.
import { comparePanels } from '../../analysis/panel-compare.js';
import { newSnapshotId } from '../../store/snapshot-id.js';
import { defineTool } from '../define.js';
import { panelView } from '../shared/panel-view.js';
import { compactComparison, fullComparison, summarizeComparison } from './assemble.js';
import { runPanels } from './run-panels.js';
import { compareInput, compareOutput } from './schema.js';

export const COMPARE_TOOL = 'svc_compare_targets';

export const compareTargetsTool = defineTool({
  name: COMPARE_TOOL,
  title: 'Compare two gene panels: shared and distinct pathways, drugs and evidence',
  description:
    'Analyses two gene panels (each with its disease) side by side with the engine of svc_generate_insights and ' +
    'compares them: pathways significant in both (q on each side) or one only, drug candidates shared or not with ' +
    'tiers (withheld for the free tier), quality and integrity differences (B minus A), and a short written ' +
    'comparison. Saves each panel and the comparison as snapshots; lists show their first items.',
  input: compareInput,
  output: compareOutput,
  answer: { schema: compareOutput, compact: compactComparison },
  summarize: summarizeComparison,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true, idempotentHint: false },
  async handler(input, call) {
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
  },
});
