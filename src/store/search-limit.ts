// How many snapshots one search returns: the CLI help, the tool schema and the store share it.
export const SEARCH_LIMIT = { min: 1, max: 50, default: 10 } as const;
