// The caller tiers (DESIGN.md 2.3), apart from the zod config so `biointel keys --help` can list them
// without loading zod.
export const TIERS = ['free', 'researcher'] as const;
export type Tier = (typeof TIERS)[number];
