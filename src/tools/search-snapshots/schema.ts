// svc_search_snapshots' arguments and answer.
import { z } from 'zod';
import { freeText, geneSymbol, LIMITS, provenance, wholeNumber } from '../shared/schemas.js';
import { SEARCH_LIMIT, snapshotSummary } from '../shared/snapshot-schemas.js';

export const searchInput = z.strictObject({
  disease: freeText('the disease filter', 1, LIMITS.diseaseChars)
    .optional()
    .describe('Part of the disease context, case-insensitive ("breast" matches "HER2+ breast carcinoma")'),
  gene: geneSymbol
    .optional()
    .describe('One gene symbol (aliases resolved through HGNC: HER2 -> ERBB2), matched exactly against saved panels'),
  limit: wholeNumber('limit', SEARCH_LIMIT.min, SEARCH_LIMIT.max)
    .default(SEARCH_LIMIT.default)
    .describe(`Snapshots to return, newest first (${SEARCH_LIMIT.min}-${SEARCH_LIMIT.max}, default ${SEARCH_LIMIT.default})`),
});

export const resolution = z.enum(['stored', 'approved', 'previous', 'alias', 'withdrawn', 'ambiguous', 'not_found', 'unresolved']);

export const searchOutput = z.object({
  snapshots: z.array(snapshotSummary).describe('Matching snapshots, newest first; fetch one whole with svc_get_snapshot'),
  total: z.number().int().describe('Number of matching snapshots (may exceed the number returned)'),
  query: z.object({
    disease: z.string().optional(),
    gene: z.string().optional().describe('The symbol searched for, after resolution'),
    geneInput: z.string().optional().describe('The gene as given'),
    geneResolution: resolution
      .optional()
      .describe('stored: found as typed in saved panels; approved/previous/alias/withdrawn: HGNC; ambiguous/not_found/unresolved: searched as typed'),
  }),
  ...provenance,
});

export type SearchInput = z.output<typeof searchInput>;
export type SearchOutput = z.input<typeof searchOutput>;
export type Resolution = z.infer<typeof resolution>;
