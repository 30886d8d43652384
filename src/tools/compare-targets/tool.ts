// svc_compare_targets: two gene panels analysed side by side by the panel engine of
// svc_generate_insights (shared/panel-analysis), then compared (analysis/panel-compare.ts). Each
// panel's analysis is saved as its own snapshot; the comparison is saved too, pointing to both.
import { defineTool, loadOnCall } from '../define.js';
import { COMPARE_TOOL } from '../names.js';
import { compactComparison, summarizeComparison } from './assemble.js';
import { compareInput, compareOutput } from './schema.js';

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
  handler: loadOnCall(async () => (await import('./handler.js')).compareTargets),
});
