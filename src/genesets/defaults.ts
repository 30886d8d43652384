/** DESIGN.md section 4. Versioned names: a newer release is a new name, never a silent change. */
export const DEFAULT_LIBRARIES = [
  'Reactome_2022',
  'GO_Biological_Process_2023',
  'WikiPathway_2023_Human',
  'MSigDB_Hallmark_2020',
  'KEGG_2021_Human',
] as const;
