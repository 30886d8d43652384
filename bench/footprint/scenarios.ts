// The calls the footprint is measured on: at least one per tool of the registry (the budget test
// fails for a tool without one, so a new tool is measured from its first commit), each on a
// recorded world (worlds.ts) with the budget its default answer must fit. Calls in one world run in
// order and share a server, so later calls can use what earlier ones saved (`state.snapshotId`).
import type { MountedWorld, WorldName } from './worlds.js';
import { DISEASE } from './worlds.js';

/** cl100k tokens of the whole tools/list result. */
export const TOOLS_LIST_BUDGET = 6_000;
/** cl100k tokens of one default answer (structured content and text block together). */
export const ANSWER_BUDGET = 6_000;
/** ... of the panel analysis of a 50-gene panel. */
export const LARGE_PANEL_BUDGET = 8_000;

export interface State {
  world: MountedWorld;
  snapshotId?: string;
  /** The panel snapshots of the last comparison. */
  sides?: [string, string];
}

export interface Scenario {
  tool: string;
  name: string;
  world: WorldName;
  budget: number;
  args(state: State): Record<string, unknown>;
}

export const SCENARIOS: Scenario[] = [
  { tool: 'svc_generate_insights', name: '4-gene panel, every source answering', world: 'panel', budget: ANSWER_BUDGET, args: (s) => ({ genes: s.world.genes, diseaseContext: DISEASE }) },
  { tool: 'svc_search_snapshots', name: 'latest analyses (no filter)', world: 'panel', budget: ANSWER_BUDGET, args: () => ({}) },
  { tool: 'svc_get_snapshot', name: 'overview of the 4-gene analysis', world: 'panel', budget: ANSWER_BUDGET, args: (s) => ({ snapshotId: s.snapshotId }) },
  { tool: 'svc_get_snapshot', name: 'drugCandidates section, first page', world: 'panel', budget: ANSWER_BUDGET, args: (s) => ({ snapshotId: s.snapshotId, section: 'drugCandidates' }) },
  { tool: 'svc_get_snapshot', name: 'citationMetrics section, first page', world: 'panel', budget: ANSWER_BUDGET, args: (s) => ({ snapshotId: s.snapshotId, section: 'citationMetrics' }) },
  { tool: 'svc_verify_claim', name: 'claim citing the 4 articles', world: 'panel', budget: ANSWER_BUDGET, args: (s) => ({ claim: 'EGFR is associated with breast cancer progression.', pmids: s.world.pmids }) },
  { tool: 'svc_get_target_brief', name: 'EGFR in non-small cell lung carcinoma', world: 'brief', budget: ANSWER_BUDGET, args: () => ({ gene: 'EGFR', diseaseContext: 'non-small cell lung carcinoma' }) },
  { tool: 'svc_compare_targets', name: '4-gene panel vs 2 of its genes', world: 'panel', budget: ANSWER_BUDGET, args: (s) => ({ panelA: { genes: s.world.genes, diseaseContext: DISEASE }, panelB: { genes: s.world.genes.slice(0, 2), diseaseContext: DISEASE } }) },
  { tool: 'svc_diff_snapshots', name: 'the two sides of that comparison', world: 'panel', budget: ANSWER_BUDGET, args: (s) => ({ snapshotIdA: s.sides![0], snapshotIdB: s.sides![1] }) },
  { tool: 'svc_prioritize_repurposing', name: '4-gene panel, drugs approved elsewhere', world: 'repurpose', budget: ANSWER_BUDGET, args: (s) => ({ genes: s.world.genes, diseaseContext: DISEASE }) },
  { tool: 'svc_generate_validation_plan', name: 'EGFR inhibition in EGFR-mutant NSCLC', world: 'plan', budget: ANSWER_BUDGET, args: () => ({ hypothesis: 'Inhibiting EGFR reduces proliferation in EGFR-mutant NSCLC' }) },
  { tool: 'svc_generate_validation_plan', name: 'PARP1 synthetic lethality in BRCA1-deficient breast cancer', world: 'plan', budget: ANSWER_BUDGET, args: () => ({ hypothesis: 'PARP inhibition is synthetically lethal in BRCA1-deficient breast cancer' }) },
  { tool: 'svc_generate_insights', name: '50-gene panel', world: 'panel50', budget: LARGE_PANEL_BUDGET, args: (s) => ({ genes: s.world.genes, diseaseContext: DISEASE }) },
  { tool: 'svc_get_snapshot', name: 'overview of the 50-gene analysis', world: 'panel50', budget: ANSWER_BUDGET, args: (s) => ({ snapshotId: s.snapshotId }) },
  { tool: 'svc_get_snapshot', name: 'evidenceBrief.statements of the 50-gene analysis, first page', world: 'panel50', budget: ANSWER_BUDGET, args: (s) => ({ snapshotId: s.snapshotId, section: 'evidenceBrief.statements' }) },
  { tool: 'svc_verify_claim', name: 'claim citing 50 articles', world: 'panel50', budget: ANSWER_BUDGET, args: (s) => ({ claim: 'These genes are associated with breast cancer.', pmids: s.world.pmids }) },
];
