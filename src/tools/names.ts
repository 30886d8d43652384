// Names of the tools that other tools refer to (a diff reads which tool saved a snapshot), kept
// apart from the tools' code so that referring to a name loads nothing else.
export const INSIGHTS_TOOL = 'svc_generate_insights';
export const COMPARE_TOOL = 'svc_compare_targets';
export const VERIFY_TOOL = 'svc_verify_claim';
export const BRIEF_TOOL = 'svc_get_target_brief';
export const REPURPOSING_TOOL = 'svc_prioritize_repurposing';
export const PLAN_TOOL = 'svc_generate_validation_plan';
