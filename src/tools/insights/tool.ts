// svc_generate_insights: the primary analysis (the engine is shared: shared/panel-analysis).
import { defineTool } from '../define.js';
import { analysePanel, INSIGHTS_TOOL } from '../shared/panel-analysis/analyse.js';
import { insightsInput, insightsOutput } from '../shared/panel-analysis/schema.js';

export const generateInsightsTool = defineTool({
  name: INSIGHTS_TOOL,
  title: 'Gene-panel insights: pathways, strategies, drugs, hypotheses, evidence brief',
  description:
    'Analyses a gene panel in a disease context: FDR pathway enrichment (hypergeometric + Benjamini-Hochberg ' +
    'over Reactome, GO, WikiPathways, MSigDB Hallmark and KEGG), therapeutic strategies, tiered drug ' +
    'candidates with a 6-factor score and ADMET (withheld for the free tier), data-derived hypotheses, and an ' +
    'evidence brief for the chosen audience whose statements are checked against PubMed (PMIDs exist, NLI ' +
    'entailment, ALCE citation F1). Also: a g:Profiler cross-check of the pathways, profiles of the focus genes ' +
    '(protein, structure, constraint, CIViC clinical evidence, pharmacogenomics), trials and FDA labels of the top ' +
    'candidates, preprints and citation metrics. Saved as a snapshot (snapshotId).',
  input: insightsInput,
  output: insightsOutput,
  annotations: { readOnlyHint: false, openWorldHint: true, idempotentHint: false },
  handler: analysePanel,
});

