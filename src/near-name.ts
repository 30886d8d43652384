// "Did you mean" for a mistyped argument or section name: the nearest valid name, but only when it
// is near enough to be a typo. Without the bound, "nonsense" got "did you mean "audience"?".
import { closest, distance } from 'fastest-levenshtein';

/** The valid name nearest to `word`, if at most max(2, a third of its length) edits away. */
export function nearName(word: string, names: readonly string[]): string | undefined {
  if (!names.length) return undefined;
  const near = closest(word, [...names]);
  return distance(word.toLowerCase(), near.toLowerCase()) <= Math.max(2, Math.floor(word.length / 3)) ? near : undefined;
}
