// The last two steps of every analysis that saves a snapshot: PMIDs PubMed does not know are removed
// everywhere in the answer (and the removal is counted and said), then the answer is saved. A store
// that fails to save is a warning on the answer, never a failed call.
import type { AppContext } from '../../context.js';
import { stripPmids, type StripOptions } from '../../evidence/pmid-fields.js';
import type { NewSnapshot } from '../../store/snapshots.js';

/** `answer` with every PMID in `gone` removed; `alsoRemoved` counts removals done before (e.g. from rendered text). */
export function withoutUnknownPmids<T extends { warnings: string[] }>(answer: T, gone: ReadonlySet<string>, options: StripOptions & { alsoRemoved?: number } = {}): T {
  const stripped = stripPmids(answer, gone, options);
  const result = stripped.value;
  const removed = stripped.removed + (options.alsoRemoved ?? 0);
  if (gone.size > 0) {
    result.warnings.push(`PubMed does not know PMID ${[...gone].join(', ')}: removed from ${removed} place${removed === 1 ? '' : 's'} in this answer (counted in integrity.hallucinated).`);
  }
  return result;
}

/** Saves the answer as a snapshot; when the store fails, says so on the answer. */
export async function saveAnswer<T extends { warnings: string[] }>(ctx: AppContext, snapshot: NewSnapshot & { result: T }): Promise<T> {
  const saved = await ctx.snapshots
    .save(snapshot)
    .then(() => true)
    .catch((err: unknown) => {
      ctx.log.error('snapshot could not be saved', { err });
      return false;
    });
  if (!saved) snapshot.result.warnings.push('the snapshot could not be saved; this result cannot be fetched again by its snapshotId');
  return snapshot.result;
}
