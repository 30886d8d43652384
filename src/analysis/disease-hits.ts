// Which Open Targets disease search hits are the disease typed, which are below it and which above
// it: one rule for the panel tools (tools/shared/disease.ts, drugs.ts) and the target brief
// (top-drugs.ts diseaseMatcher). The brief once matched names by containment after turning
// "non-small" into "non small", so "small cell lung carcinoma" took in NSCLC and its approvals.
import type { DiseaseHit } from '../sources/opentargets.js';

/**
 * Disease names compared with the words for a malignancy folded together ("carcinoma", "malignancy"
 * into "cancer"). Not "neoplasm" nor "tumour": those include benign growths, so "brain neoplasm" is
 * not "brain cancer"; folded, it once joined the context silently and, through its ontology
 * descendants, an approval for "benign brain tumor" read tier I for brain cancer. (MeSH headings,
 * which name cancers "... Neoplasms", keep their own rule: drug-indications.ts diseaseWordSet.)
 */
export function diseaseKey(name: string): string {
  let key = name.toLowerCase();
  // A neoplasm or tumour said to be malignant is a cancer ("head and neck malignant neoplasia" is
  // head and neck cancer; "malignant brain neoplasm" brain cancer).
  if (/\bmalignant\b/.test(key) && /\b(neoplasms?|neoplasia|tumou?rs?)\b/.test(key)) key = key.replace(/\bmalignant\s+/g, '').replace(/\b(neoplasms?|neoplasia|tumou?rs?)\b/g, 'cancer');
  return key.replace(/\b(carcinomas?|malignanc(y|ies)|cancers)\b/g, 'cancer').replace(/\s+/g, ' ').trim();
}

/**
 * diseaseKey's words for whole-word comparison: hyphens and case do not count ("triple-negative" =
 * "triple negative"), but "non-small" stays one word, so "small cell" is never found inside it, and
 * so does "pre-eclampsia" ("eclampsia" is another disease). En and em dashes count as hyphens
 * ("non–small" was once split).
 */
export function phraseWords(x: string): string[] {
  return diseaseKey(x)
    .replace(/\b(non|pre)[\s\u2010-\u2015-]+/g, '$1')
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

/**
 * The search hits with one named in the text's own words first, when Open Targets ranked another
 * above it: the disease asked is the one the text names. For "lung cancer" the search has ranked
 * "non-small cell lung carcinoma" first; the answer was then about NSCLC, and a small cell approval
 * read "a subtype of non-small cell lung carcinoma" (a sister, not a subtype). Every tool orders
 * the hits this way as they arrive, so "the best hit" means one thing everywhere.
 */
export function typedFirst<T extends Pick<DiseaseHit, 'name'>>(hits: readonly T[], text: string): T[] {
  const typed = phraseWords(text);
  const i = typed.length ? hits.findIndex((h) => sameWords(phraseWords(h.name), typed)) : -1;
  return i > 0 ? [hits[i]!, ...hits.slice(0, i), ...hits.slice(i + 1)] : [...hits];
}

/** Context hits at most (the best hit and the same disease written otherwise). */
const MAX_MATCHED = 5;

export interface SplitHits {
  /** The best hit and the narrower hits (context first), at most 5: the diseases an answer is about or below it (literature, associations). */
  matched: DiseaseHit[];
  /** The context: the best hit and hits with the same words as the text or the best hit ("breast carcinoma" for "breast cancer"). */
  context: DiseaseHit[];
  /** Hits whose names hold the best hit's name and more words: below the context, a subtype, never the context. */
  narrower: DiseaseHit[];
  /** Hits whose names are a part of the text's: above the context, never in it. */
  broader: DiseaseHit[];
}

/**
 * The best hit is the disease the answer is about (diseaseMatchNote warns when its name differs
 * from the text). Another hit is:
 * - the context when its words are the text's or the best hit's ("breast carcinoma" for "breast
 *   cancer", "lung non-small cell carcinoma" for NSCLC's best hit);
 * - narrower (below the context) when its name holds the best hit's as whole words and more
 *   ("triple-negative breast carcinoma" for "breast cancer"): it once joined the context, so a TNBC
 *   withdrawal cancelled bevacizumab's breast cancer approval, and an approval for TNBC or HER2+
 *   read "the context disease", depending on whether the hit was among the top 10. Below the best
 *   hit, not merely the text: a subtype is named "a subtype of <best hit>", so "small cell lung
 *   carcinoma" for "lung cancer" read to NSCLC was once "a subtype of non-small cell lung
 *   carcinoma". A hit holding the text but not the best hit is a sibling: none of these (an
 *   approval for it is another indication);
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
  // Below the best hit: its name, or the text when that is the best hit in another word order.
  const below = [bestWords, ...(sameWords(typed, bestWords) ? [typed] : [])].filter((p) => p.length);
  const context: DiseaseHit[] = [best];
  const narrower: DiseaseHit[] = [];
  const broader: DiseaseHit[] = [];
  for (const h of hits.slice(1)) {
    if (h.id === best.id || context.some((c) => c.id === h.id) || narrower.some((c) => c.id === h.id)) continue;
    const words = phraseWords(h.name);
    if (!words.length || benignBeside(words, typed, bestWords)) continue;
    if (phrases.some((p) => sameWords(words, p))) context.push(h);
    else if (below.some((p) => holdsPhrase(words, p))) narrower.push(h);
    // Narrower than the text but not than the best hit: a sibling of the disease the answer is about.
    else if (holdsPhrase(words, typed)) continue;
    else if (holdsPhrase(typed, words)) broader.push(h);
  }
  const ctx = context.slice(0, MAX_MATCHED);
  const matched = [...ctx, ...narrower].slice(0, MAX_MATCHED);
  return { matched, context: ctx, narrower: matched.filter((h) => narrower.includes(h)), broader };
}
