// Whether the enrichment of a panel analysis ran: "not computed" (no gene-set library could be
// loaded) and "found nothing" (libraries tested, no set reached q <= 0.05) are different answers
// and must read differently, in JSON, in text and in the exit code of `biointel analyze`.
import { z } from 'zod';
import type { LoadResult } from '../../../genesets/service.js';

export const ENRICHMENT_STATES = ['computed', 'partial', 'not_computed'] as const;
export type EnrichmentState = (typeof ENRICHMENT_STATES)[number];

export const enrichmentStatusSchema = z
  .object({
    state: z.enum(ENRICHMENT_STATES).describe('computed: every library tested; partial: some failed; not_computed: none could be loaded, so no pathway result exists'),
    failed: z.array(z.object({ library: z.string(), error: z.string() })),
    fix: z.string().optional().describe('What makes the failed libraries usable'),
  })
  .meta({ id: 'enrichmentStatus' });

export type EnrichmentStatus = z.infer<typeof enrichmentStatusSchema>;

const DOWNLOAD_FIX =
  'Gene-set libraries are downloaded from Enrichr once, then read from the local gene-set cache (offline too): ' +
  'run `biointel enrich --refresh-libraries` once with internet access, or give your own GMT files ' +
  '(`biointel analyze --gene-sets`, or BIOINTEL_GENESETS for the server).';
const FILE_FIX = 'Check the GMT files named above (readable, tab-separated: name, description, genes).';

export function enrichmentStatus(libs: Pick<LoadResult, 'libraries' | 'failures'>): EnrichmentStatus {
  const failed = libs.failures.map((f) => ({ library: f.path ?? f.name, error: f.error }));
  const state: EnrichmentState = libs.libraries.length === 0 ? 'not_computed' : failed.length ? 'partial' : 'computed';
  if (!failed.length) return { state, failed };
  const fix = [libs.failures.some((f) => !f.path) ? DOWNLOAD_FIX : '', libs.failures.some((f) => f.path) ? FILE_FIX : ''].filter(Boolean).join(' ');
  return { state, failed, fix };
}

export { enrichmentLowPowerClause, enrichmentLowPowerNote, enrichmentNotComputedNote, enrichmentUntestedNote, librariesUntestedNote, untestedList } from './enrichment-notes.js';
