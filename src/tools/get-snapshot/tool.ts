// svc_get_snapshot: one saved analysis, whole: what was asked (inputs), what came back (result),
// and its index fields. The ninth tool (DESIGN.md 2.1); ids come from analysis results
// (`snapshotId`) or from svc_search_snapshots.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { snapshotId, snapshotSummary } from '../shared/snapshot-schemas.js';
import { loadSnapshot } from '../shared/snapshots.js';

const input = z.object({
  snapshotId: snapshotId.describe('The id of a saved analysis (the `snapshotId` of an analysis result, or from svc_search_snapshots)'),
});

const output = snapshotSummary.extend({
  inputs: z.record(z.string(), z.unknown()).describe('The arguments the tool was called with'),
  result: z.record(z.string(), z.unknown()).describe('The full result as it was returned when the analysis ran'),
});

export const getSnapshotTool = defineTool({
  name: 'svc_get_snapshot',
  title: 'Get a saved analysis',
  description:
    'Returns one saved analysis (snapshot) whole: the tool that produced it, its inputs, creation time, gene panel, ' +
    'disease context, quality score and the full result exactly as it was returned. Every analysis result carries ' +
    'its snapshotId; svc_search_snapshots finds ids by disease or gene.',
  input,
  output,
  annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
  quota: 'none',
  async handler(args, { ctx }) {
    const snapshot = await loadSnapshot(ctx, args.snapshotId);
    return {
      id: snapshot.id,
      createdAt: snapshot.createdAt,
      tool: snapshot.tool,
      genes: snapshot.genes,
      diseaseContext: snapshot.diseaseContext,
      qualityScore: snapshot.qualityScore,
      inputs: snapshot.inputs,
      result: snapshot.result,
    };
  },
});
