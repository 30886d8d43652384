// Loading saved analyses for the snapshot tools (get, diff): one place that turns an unknown id
// into the same clear error, whichever tool asked.
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { Snapshot } from '../../store/snapshots.js';

export const FIND_SNAPSHOTS_HINT =
  'Find the ids of saved analyses with svc_search_snapshots (by disease or gene), or `biointel snapshots search` in a terminal.';

/** The snapshot with this id, or a NotFoundError that says how to find ids. */
export async function loadSnapshot(ctx: AppContext, id: string): Promise<Snapshot> {
  const snapshot = await ctx.snapshots.get(id);
  if (!snapshot) throw new NotFoundError('snapshot', id, FIND_SNAPSHOTS_HINT);
  return snapshot;
}
