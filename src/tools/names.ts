// Tool names that more than one module needs: a tool's definition (tool.ts) and its run
// (handler.ts, which saves snapshots under the name), and other tools (a diff reads which tool saved
// a snapshot). Kept apart from the tools' code so that naming a tool loads nothing else.
export const INSIGHTS_TOOL = 'svc_generate_insights';
export const COMPARE_TOOL = 'svc_compare_targets';
export const VERIFY_TOOL = 'svc_verify_claim';
export const BRIEF_TOOL = 'svc_get_target_brief';
export const REPURPOSING_TOOL = 'svc_prioritize_repurposing';
export const PLAN_TOOL = 'svc_generate_validation_plan';
