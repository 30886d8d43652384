// Which Open Targets disease search hits are the disease typed, which are below it and which above
// it: one rule for the panel tools (tools/shared/disease.ts, drugs.ts) and the target brief
// (top-drugs.ts diseaseMatcher). The brief once matched names by containment after turning
// "non-small" into "non small", so "small cell lung carcinoma" took in NSCLC and its approvals.
import type { DiseaseHit } from '../sources/opentargets.js';

/** Disease names compared with the usual synonyms of malignancy folded together. */
export function diseaseKey(name: string): string {
  return name.toLowerCase().replace(/\b(carcinoma|neoplasms?|tumou?rs?|malignanc(y|ies)|cancers)\b/g, 'cancer').replace(/\s+/g, ' ').trim();
}

/**
 * diseaseKey's words for whole-word comparison: hyphens and case do not count ("triple-negative" =
 * "triple negative"), but "non-small" stays one word, so "small cell" is never found inside it.
 */
export function phraseWords(x: string): string[] {
  return diseaseKey(x)
    .replace(/\bnon[\s-]+/g, 'non')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Words that say a disease is not malignant. Folding "tumour" and "neoplasm" into "cancer" made
 * "benign brain tumor" hold "brain cancer": a name with one of these the other lacks is another
 * disease, never the context nor below it. ("non-malignant" is one word after phraseWords.)
 */
const NOT_MALIGNANT = new Set(['benign', 'nonmalignant', 'noncancerous', 'noncancer', 'premalignant', 'precancerous']);

/** `name` says "benign" (or the like) where none of `of` does. */
export function benignBeside(name: Iterable<string>, ...of: Iterable<string>[]): boolean {
  const said = new Set(of.flatMap((x) => [...x]).filter((w) => NOT_MALIGNANT.has(w)));
  return [...name].some((w) => NOT_MALIGNANT.has(w) && !said.has(w));
}

/** `phrase` appears in `words` as consecutive whole words. */
function holdsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  for (let i = 0; i + phrase.length <= words.length; i++) if (phrase.every((w, j) => words[i + j] === w)) return true;
  return false;
}

const sameWords = (a: readonly string[], b: readonly string[]) => {
  const [x, y] = [new Set(a), new Set(b)];
  return x.size === y.size && [...x].every((w) => y.has(w));
};

/** Context hits at most (the best hit and the same disease written otherwise). */
const MAX_MATCHED = 5;

export interface SplitHits {
  /** The best hit and the narrower hits (context first), at most 5: the diseases an answer is about or below it (literature, associations). */
  matched: DiseaseHit[];
  /** The context: the best hit and hits with the same words as the text or the best hit ("breast carcinoma" for "breast cancer"). */
  context: DiseaseHit[];
  /** Hits whose names hold the text (or the best hit's name) and more words: below the context, a subtype, never the context. */
  narrower: DiseaseHit[];
  /** Hits whose names are a part of the text's: above the context, never in it. */
  broader: DiseaseHit[];
}

/**
 * The best hit is the disease the answer is about (diseaseMatchNote warns when its name differs
 * from the text). Another hit is:
 * - the context when its words are the text's or the best hit's ("breast carcinoma" for "breast
 *   cancer", "lung non-small cell carcinoma" for NSCLC's best hit);
 * - narrower (below the context) when its name holds one of them as whole words and more
 *   ("triple-negative breast carcinoma" for "breast cancer"): it once joined the context, so a TNBC
 *   withdrawal cancelled bevacizumab's breast cancer approval, and an approval for TNBC or HER2+
 *   read "the context disease", depending on whether the hit was among the top 10;
 * - broader (above the context) when its name is a part of the text ("breast cancer" for
 *   "triple-negative breast cancer"): a sibling subtype's approval once read "approved for the disease".
 * Whole words: "non-small cell lung cancer" does not hold "small cell lung cancer". A hit saying
 * "benign" (or the like) where the text and best hit do not is none of these.
 */
export function splitDiseaseHits(hits: readonly DiseaseHit[], text: string): SplitHits {
  const best = hits[0];
  if (!best) return { matched: [], context: [], narrower: [], broader: [] };
  const typed = phraseWords(text);
  const bestWords = phraseWords(best.name);
  const phrases = [typed, bestWords].filter((p) => p.length);
  const context: DiseaseHit[] = [best];
  const narrower: DiseaseHit[] = [];
  const broader: DiseaseHit[] = [];
  for (const h of hits.slice(1)) {
    if (h.id === best.id || context.some((c) => c.id === h.id) || narrower.some((c) => c.id === h.id)) continue;
    const words = phraseWords(h.name);
    if (!words.length || benignBeside(words, typed, bestWords)) continue;
    if (phrases.some((p) => sameWords(words, p))) context.push(h);
    else if (phrases.some((p) => holdsPhrase(words, p))) narrower.push(h);
    else if (holdsPhrase(typed, words)) broader.push(h);
  }
  const ctx = context.slice(0, MAX_MATCHED);
  const matched = [...ctx, ...narrower].slice(0, MAX_MATCHED);
  return { matched, context: ctx, narrower: matched.filter((h) => narrower.includes(h)), broader };
}
