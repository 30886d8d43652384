// svc_prioritize_repurposing: drugs approved elsewhere or in late-stage development that act on a
// gene panel, its significant pathways or its STRING neighbourhood, and are not yet approved for the
// disease; ranked by the drug engine's tiers and six-factor score, each with why it could work, the
// trials already running, safety flags and checked evidence. Saved as a snapshot.
import { defineTool, loadOnCall } from '../define.js';
import { REPURPOSING_TOOL } from '../names.js';
import { compactRepurposing, repurposingAnswer } from './compact.js';
import { MAX_SHOWN, repurposingInput, repurposingOutput } from './schema.js';
import { summarizeRepurposing } from './summary.js';

export const prioritizeRepurposingTool = defineTool({
  name: REPURPOSING_TOOL,
  title: 'Drug repurposing candidates for a gene panel and a disease',
  description:
    'Drugs approved for other diseases (or at phase 2/3 and later) that act on the panel genes, members of its top ' +
    'enriched pathways or its STRING partners, and are not yet approved for the disease (listed apart). Ranked by tier ' +
    'and a 6-factor score; each with targets, mechanism, approved indications, rationale, running trials, safety flags ' +
    `(withdrawn, FDA boxed warning, action against the gene's role), ADMET and checked PMIDs. Top ${MAX_SHOWN}; withheld ` +
    'for the free tier. Saved as a snapshot.',
  input: repurposingInput,
  output: repurposingOutput,
  answer: { schema: repurposingAnswer, compact: compactRepurposing },
  summarize: summarizeRepurposing,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true, idempotentHint: false },
  handler: loadOnCall(async () => (await import('./handler.js')).prioritizeRepurposing),
});
