// svc_get_target_brief: a one-page brief on one gene, every number traceable to its source:
// protein (UniProt), structure confidence (AlphaFold), druggability (Open Targets tractability +
// UniProt, analysis/druggability.ts), disease associations and top drugs (Open Targets, ChEMBL,
// PubChem, DGIdb), pathways (Reactome), trials (ClinicalTrials.gov), partners (STRING), and the
// integrity check of the statements that cite PMIDs. Fetching: gather.ts.
import { defineTool, loadOnCall } from '../define.js';
import { BRIEF_TOOL } from '../names.js';
import { briefInput, briefOutput } from './output.js';
import { summarizeBrief } from './summary.js';

export const targetBriefTool = defineTool({
  name: BRIEF_TOOL,
  title: 'Target brief for one gene',
  description:
    'One-page brief on a gene as a drug target: protein (UniProt), AlphaFold pLDDT, druggability with its parts, ' +
    'function with PMIDs, disease associations (Open Targets), top drugs with phase, approval for the disease and ' +
    'ADMET, pathways, active trials and STRING partners; cited PMIDs pass the integrity pipeline.',
  input: briefInput,
  output: briefOutput,
  summarize: summarizeBrief,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  handler: loadOnCall(async () => (await import('./handler.js')).getTargetBrief),
});
