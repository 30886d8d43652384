// The last two steps of every analysis that saves a snapshot: PMIDs PubMed does not know, and
// retracted ones, are removed everywhere in the answer (and the removal is counted and said), then
// the answer is saved. A store
// that fails to save is a warning on the answer, never a failed call.
import type { AppContext } from '../../context.js';
import { stripPmids, type StripOptions } from '../../evidence/pmid-fields.js';
import type { NewSnapshot } from '../../store/snapshots.js';

/**
 * `answer` with every PMID in `gone` removed; `alsoRemoved` counts removals done before (e.g. from
 * rendered text). `retracted` PMIDs (evidence/retraction.ts) exist but are no evidence: an answer
 * the tools wrote does not list them as support either, and says where they went.
 */
export function withoutUnknownPmids<T extends { warnings: string[] }>(
  answer: T,
  gone: ReadonlySet<string>,
  options: StripOptions & { alsoRemoved?: number; retracted?: ReadonlySet<string>; alsoRemovedRetracted?: number } = {},
): T {
  const stripped = stripPmids(answer, gone, options);
  const removed = stripped.removed + (options.alsoRemoved ?? 0);
  if (gone.size > 0) {
    stripped.value.warnings.push(`PubMed does not know PMID ${[...gone].join(', ')}: removed from ${places(removed)} in this answer (counted in integrity.hallucinated).`);
  }
  return withoutRetractedPmids(stripped.value, options.retracted ?? new Set(), { ...options, alsoRemoved: options.alsoRemovedRetracted ?? 0 });
}

/** `answer` without the retracted PMIDs, and a warning counting where they were. */
export function withoutRetractedPmids<T extends { warnings: string[] }>(answer: T, retracted: ReadonlySet<string>, options: StripOptions & { alsoRemoved?: number } = {}): T {
  if (retracted.size === 0) return answer;
  const stripped = stripPmids(answer, retracted, options);
  const removed = stripped.removed + (options.alsoRemoved ?? 0);
  stripped.value.warnings.push(`Retracted PMID ${[...retracted].join(', ')}: removed from ${places(removed)} in this answer (counted in integrity.retracted).`);
  return stripped.value;
}

function places(n: number): string {
  return `${n} place${n === 1 ? '' : 's'}`;
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
