// svc_generate_validation_plan: a hypothesis in plain language in; an ordered validation plan out
// (in vitro, in vivo, translational clinical), each step built on sourced tool compounds, cell-line
// models, active trials and literature, every cited PMID checked by the integrity pipeline, the
// whole saved as a snapshot. A hypothesis without a recognisable gene or mechanism gets a message
// saying what to add, never a generic plan.
import { defineTool, loadOnCall } from '../define.js';
import { PLAN_TOOL } from '../names.js';
import { planInput, planOutput } from './schema.js';
import { summarizePlan } from './summary.js';

export const validationPlanTool = defineTool({
  name: PLAN_TOOL,
  title: 'Validation plan for a hypothesis: in vitro, in vivo, translational',
  description:
    'Turns a hypothesis into a validation plan (in vitro, in vivo, translational clinical), naming the genes (HGNC), ' +
    'drugs (ChEMBL), disease (Open Targets) and mechanism it recognised. Each stage: assay, design, expected outcome, ' +
    'controls, timeline, go/no-go, on tool compounds with potency (ChEMBL), cell lines (Cellosaurus; CIViC resistance ' +
    'checked), active trials and literature checked by the integrity pipeline. Without a gene or mechanism it says what ' +
    'to add. Saved as a snapshot.',
  input: planInput,
  output: planOutput,
  summarize: summarizePlan,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true, idempotentHint: false },
  handler: loadOnCall(async () => (await import('./handler.js')).generateValidationPlan),
});
