// The stages of a validation plan, in order: its own module because the tool's schema needs them
// and nothing of the templates.
export const STAGE_IDS = ['in_vitro', 'in_vivo', 'translational_clinical'] as const;
export type StageId = (typeof STAGE_IDS)[number];
