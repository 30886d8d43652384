// zod pieces shared by svc_compare_targets and svc_diff_snapshots.
import { z } from 'zod';

export const pathwayAbsence = z
  .enum(['not significant', 'library not tested', 'beyond the reported list'])
  .describe('Why the other analysis does not list it: tested and not significant, its library was not tested there, or its list stopped earlier');

export const drugAbsence = z
  .enum(['not a candidate', 'beyond the reported list', 'drug sources failed'])
  .describe('Why the other analysis does not list it: not a candidate there, its list stopped earlier (it may be one below the cut), or its drug sources failed (it may be one)');

const scalar = z.union([z.number(), z.boolean(), z.string()]).nullable();

export const integrityDeltas = z
  .record(z.string(), z.object({ a: scalar, b: scalar, delta: z.number().nullable() }))
  .describe('Every integrity figure on both sides and B minus A (numbers only; null when a side was not computed)');

export const listCounts = z
  .record(z.string(), z.object({ shown: z.number().int(), total: z.number().int() }))
  .describe('Per list: items shown in this answer and items in all (empty in a saved snapshot, which keeps every item)');
