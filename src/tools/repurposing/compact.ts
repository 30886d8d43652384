// The default answer of svc_prioritize_repurposing: every candidate shown (at most 8) with what a
// model weighs (tier, score, the six factor values, rationale, targets, approved indications,
// trials here, safety, the checked drug-target claim) but not the factors' prose, the ADMET block
// or every PMID; those stay in the snapshot (svc_get_snapshot section "candidates"). Sizes:
// bench/footprint.
import { z } from 'zod';
import { FACTOR_NAMES } from '../../analysis/drug-scoring.js';
import { Compactor, compactMeta, round2, snapshotRest } from '../shared/compact.js';
import { repurposingCandidate, repurposingOutput, type RepurposingCandidateOut, type RepurposingOutput } from './schema.js';

/** Items kept per candidate in the default answer. */
export const REPURPOSING_SHOWN = { pmids: 5, approvedIndications: 3, mechanisms: 2 } as const;

const candidateAnswer = repurposingCandidate.omit({ admet: true, factors: true, evidenceQualityReason: true }).extend({
  factors: z.record(z.enum(FACTOR_NAMES), z.number().nullable()).describe('The six factor values 0-1 (null: unknown); their reasons are in the snapshot'),
  pmidsTotal: z.number().int(),
});

export const repurposingAnswer = repurposingOutput.omit({ candidates: true }).extend({
  candidates: z.array(candidateAnswer),
  ...compactMeta,
});

export type RepurposingAnswer = z.input<typeof repurposingAnswer>;

export function compactRepurposing(r: RepurposingOutput): RepurposingAnswer {
  const c = new Compactor(snapshotRest(r.snapshotId));
  // Per-candidate lists are cut without an `omitted` row each: their totals sit beside them.
  const candidates = c.top('candidates', r.candidates, r.candidates.length, (x: RepurposingCandidateOut) => {
    const { admet: _admet, factors, evidenceQualityReason: _why, pmids, approvedIndications, mechanisms, ...rest } = x;
    return {
      ...rest,
      score: round2(x.score),
      factors: Object.fromEntries(Object.entries(factors).map(([k, f]) => [k, f.value === null ? null : round2(f.value)])) as Record<(typeof FACTOR_NAMES)[number], number | null>,
      mechanisms: mechanisms.slice(0, REPURPOSING_SHOWN.mechanisms),
      approvedIndications: approvedIndications.slice(0, REPURPOSING_SHOWN.approvedIndications),
      pmids: pmids.slice(0, REPURPOSING_SHOWN.pmids),
      pmidsTotal: pmids.length,
    };
  });
  const meta = c.meta();
  const cutInside = r.candidates.some((x) => x.pmids.length > REPURPOSING_SHOWN.pmids || x.approvedIndications.length > REPURPOSING_SHOWN.approvedIndications);
  return {
    ...r,
    candidates,
    ...meta,
    ...(meta.more || !r.candidates.length ? {} : { more: `Factor reasons, ADMET and every PMID of each candidate: svc_get_snapshot ${JSON.stringify({ snapshotId: r.snapshotId, section: 'candidates' })}${cutInside ? ' (lists here are cut; their totals are beside them)' : ''}.` }),
  };
}
