// zod pieces for the snapshot tools (svc_get_snapshot, svc_search_snapshots, and svc_diff_snapshots
// when it lands): the id format and the summary row, defined once.
import { z } from 'zod';
import { SEARCH_LIMIT } from '../../store/search-limit.js';
import { SNAPSHOT_ID_EXAMPLE, SNAPSHOT_ID_PATTERN } from '../../store/snapshot-id.js';

export { SEARCH_LIMIT };

export const snapshotId = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    SNAPSHOT_ID_PATTERN,
    `a snapshot id is "snap_" followed by 26 letters and digits, e.g. "${SNAPSHOT_ID_EXAMPLE}"; find ids with svc_search_snapshots`,
  );

export const snapshotSummary = z.object({
  id: z.string().describe('Snapshot id, for svc_get_snapshot and svc_diff_snapshots'),
  createdAt: z.string().describe('When the analysis was saved (ISO 8601, UTC)'),
  tool: z.string().describe('The tool that produced it, e.g. svc_generate_insights'),
  genes: z.array(z.string()).describe('The resolved gene panel'),
  diseaseContext: z.string(),
  qualityScore: z.number().min(0).max(1),
});
