// The disease context as Open Targets knows it, and disease-name matching shared by the tools.
import type { DiseaseHit } from '../../sources/opentargets.js';
import type { Gather } from './gather.js';

/**
 * Open Targets diseases for the context text: the best hit plus hits whose name contains the text.
 * Tiers ("approved for the disease") and association scores refer to these diseases, so a warning
 * says when there is none, or when the best hit is not named as the text is.
 */
export async function matchDisease(g: Gather, text: string): Promise<MatchedDiseases> {
  const hits = await g.report.call('opentargets', () => g.call.ctx.sources.opentargets.searchDiseases(text, { size: 10 }, g.call.signal), {
    degrades: 'the disease context could not be mapped to Open Targets diseases, so "indicated for" and association scores are unknown',
  });
  const { matched, broader } = splitDiseaseHits(hits ?? [], text);
  const note = hits === undefined ? undefined : diseaseMatchNote(text, matched);
  // First: it changes what the whole answer is about.
  if (note) g.report.warnings.unshift(note);
  // The broader hits ride along for the drug tiers (drugs.ts): above the context, never in it.
  return Object.assign(matched, { broader });
}

/**
 * The context diseases, best first, with the search hits broader than the text apart: "breast
 * cancer" for "triple-negative breast cancer" is a disease above the context (an approval for it
 * may cover the context, check the label), not the context. Callers that know nothing of `broader`
 * see the context alone.
 */
export type MatchedDiseases = DiseaseHit[] & { broader?: readonly DiseaseHit[] };

/**
 * What a reader must know about the mapping: nothing when the best hit names the disease as the
 * text does; otherwise which disease the answer is about (a search's best hit for "long covid" or
 * a misspelling may be another disease), or that there is none.
 */
export function diseaseMatchNote(text: string, matched: readonly Pick<DiseaseHit, 'id' | 'name'>[]): string | undefined {
  const best = matched[0];
  if (!best) {
    return `"${text}" matched no Open Targets disease: drug indications are matched to it by exact name only, so tier I is unlikely, and gene-disease associations are not scored. Give the disease as Open Targets names it.`;
  }
  // The same words both ways: "breast cancer" read as "HER2-positive breast carcinoma" is narrower.
  if (sameDisease(text, best.name) && diseaseWords(text).size === diseaseWords(best.name).size) return undefined;
  const others = matched.length > 1 ? ` (and ${matched.length - 1} related: ${matched.slice(1).map((d) => d.name).join(', ')})` : '';
  return `"${text}" was read as the Open Targets disease "${best.name}" (${best.id}), the best hit of its search${others}: tiers and association scores refer to it. If that is not the disease meant, give its name as Open Targets writes it.`;
}

/**
 * Names the literature is searched by for the disease, any of which counts: the text as typed, the
 * disease the answer is about (Open Targets' best hit: "NSCLC" is "non-small cell lung carcinoma",
 * "brest cancer" is "breast cancer"), and matched diseases whose names hold every word of the text
 * (narrower: "HER2-positive breast carcinoma" for "breast cancer"; their articles are about it too).
 * A broader related disease is never added: its articles are not about the text. Searching the text
 * alone called pairs "novel" when the literature writes the disease another way, or the text was
 * misspelt. `matched`: the matched names, best first (none when Open Targets failed or knew none).
 */
export function literatureDiseaseNames(text: string, matched: readonly string[]): string[] {
  const [best, ...related] = matched;
  const typed = diseaseWords(text);
  const narrower = related.filter((name) => [...typed].every((w) => diseaseWords(name).has(w)));
  // A best hit made of fewer of the text's own words is broader ("breast cancer" for "HER2-positive
  // breast cancer"): the answer warns it is about it, but its articles are not about the text.
  const bestWords = best ? diseaseWords(best) : new Set<string>();
  const broader = bestWords.size < typed.size && [...bestWords].every((w) => typed.has(w));
  const names = [text.trim(), ...(best && !broader ? [best] : []), ...narrower];
  return names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i).slice(0, MAX_DISEASE_NAMES);
}

/** Names per disease clause: a query of 4 alternatives stays well within what the services accept. */
const MAX_DISEASE_NAMES = 4;

/** The context diseases for the text: see splitDiseaseHits. */
export function bestAndRelated(hits: readonly DiseaseHit[], text: string): DiseaseHit[] {
  return splitDiseaseHits(hits, text).matched;
}

/**
 * The best hit (the disease the answer is about, as the target brief's diseaseMatcher reads it,
 * with diseaseMatchNote's warning when its name differs), plus hits whose name holds the text, or
 * the best hit's name, as whole words (narrower or the same disease: "HER2-positive breast
 * carcinoma" for "breast cancer"), at most 5. A hit whose name is a part of the text's ("breast
 * cancer" for "triple-negative breast cancer", "lung cancer" for "non-small cell lung carcinoma")
 * is broader: it once joined the context, with its subtypes and cross-references, so a sibling
 * subtype's approval (HER2-positive, small cell) read "approved for the disease", and typing the
 * full name or the abbreviation gave opposite tiers. Whole words: "non-small cell lung cancer"
 * does not hold "small cell lung cancer", "lung adenocarcinoma" does not hold "carcinoma".
 */
export function splitDiseaseHits(hits: readonly DiseaseHit[], text: string): { matched: DiseaseHit[]; broader: DiseaseHit[] } {
  const best = hits[0];
  if (!best) return { matched: [], broader: [] };
  const typed = phraseWords(text);
  const phrases = [typed, phraseWords(best.name)].filter((p) => p.length);
  const related: DiseaseHit[] = [];
  const broader: DiseaseHit[] = [];
  for (const h of hits.slice(1)) {
    if (h.id === best.id) continue;
    const words = phraseWords(h.name);
    if (phrases.some((p) => holdsPhrase(words, p))) related.push(h);
    else if (words.length && holdsPhrase(typed, words)) broader.push(h);
  }
  return { matched: [best, ...related].slice(0, 5), broader };
}

/**
 * diseaseKey's words for whole-word comparison: hyphens and case do not count ("triple-negative" =
 * "triple negative"), but "non-small" stays one word, so "small cell" is never found inside it.
 */
function phraseWords(x: string): string[] {
  return diseaseKey(x)
    .replace(/\bnon[\s-]+/g, 'non')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** `phrase` appears in `words` as consecutive whole words. */
function holdsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  for (let i = 0; i + phrase.length <= words.length; i++) if (phrase.every((w, j) => words[i + j] === w)) return true;
  return false;
}

/** Disease names compared with the usual synonyms of malignancy folded together. */
export function diseaseKey(name: string): string {
  return name.toLowerCase().replace(/\b(carcinoma|neoplasms?|tumou?rs?|malignanc(y|ies)|cancers)\b/g, 'cancer').replace(/\s+/g, ' ').trim();
}

function diseaseWords(x: string): Set<string> {
  return new Set(diseaseKey(x).split(/[\s,]+/).filter(Boolean));
}

/** Same disease whatever the word order ("lung non-small cell carcinoma" = "non-small cell lung cancer"):
 * the words of one name all appear in the other, after diseaseKey's folding. */
export function sameDisease(a: string, b: string): boolean {
  const [x, y] = [diseaseWords(a), diseaseWords(b)];
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  return small.size > 0 && [...small].every((w) => large.has(w));
}
