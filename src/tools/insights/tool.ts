// svc_generate_insights: the primary analysis (the engine is shared: shared/panel-analysis). The
// handler returns the full result (saved whole as a snapshot); the MCP answer is compact.ts.
import { defineTool, loadOnCall } from '../define.js';
import { INSIGHTS_TOOL } from '../names.js';
import { insightsInput, insightsOutput } from '../shared/panel-analysis/schema.js';
import { compactInsights, insightsAnswer } from './compact.js';
import { summarizeInsights } from './summary.js';

export const generateInsightsTool = defineTool({
  name: INSIGHTS_TOOL,
  title: 'Gene-panel insights: pathways, strategies, drugs, hypotheses, evidence brief',
  description:
    'Analyses a gene panel in a disease: pathway enrichment (hypergeometric, Benjamini-Hochberg), therapeutic ' +
    'strategies, tiered drug candidates with a 6-factor score (withheld for the free tier), hypotheses, and an evidence ' +
    'brief whose PMIDs are checked (existence, NLI entailment, citation F1). Answers the top items of each section; ' +
    'svc_get_snapshot returns any section of the saved result.',
  input: insightsInput,
  output: insightsOutput,
  answer: { schema: insightsAnswer, compact: compactInsights },
  summarize: summarizeInsights,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: loadOnCall(async () => (await import('../shared/panel-analysis/analyse.js')).analysePanel),
});
