// Which drug tiers a repurposing search keeps (svc_prioritize_repurposing's tierFilter): its own
// module because the tool's schema needs the values and nothing of the selection code.
export const TIER_FILTERS = ['I', 'II', 'all'] as const;
export type TierFilter = (typeof TIER_FILTERS)[number];
