// The disease context as Open Targets knows it, and disease-name matching shared by the tools.
import { diseaseKey, splitDiseaseHits, typedFirst } from '../../analysis/disease-hits.js';
import type { DiseaseHit } from '../../sources/opentargets.js';
import type { Gather } from './gather.js';

/**
 * Open Targets diseases for the context text: the best hit plus hits whose name contains the text.
 * Tiers ("approved for the disease") and association scores refer to these diseases, so a warning
 * says when there is none, or when the best hit is not named as the text is.
 */
export async function matchDisease(g: Gather, text: string): Promise<MatchedDiseases> {
  const found = await g.report.call('opentargets', () => g.call.ctx.sources.opentargets.searchDiseases(text, { size: 10 }, g.call.signal), {
    degrades: 'the disease context could not be mapped to Open Targets diseases, so "indicated for" and association scores are unknown',
  });
  const hits = found && typedFirst(found, text);
  const { matched, narrower, broader } = splitDiseaseHits(hits ?? [], text);
  const note = hits === undefined ? undefined : diseaseMatchNote(text, matched);
  // First: it changes what the whole answer is about.
  if (note) g.report.warnings.unshift(note);
  // The narrower and broader hits ride along for the drug tiers (drugs.ts): below and above the
  // context, never in it.
  return Object.assign(matched, { narrower, broader });
}

/**
 * The context diseases, best first, then the hits narrower than the text (splitDiseaseHits), with
 * those narrower and those broader named apart: "breast cancer" for "triple-negative breast cancer"
 * is a disease above the context (an approval for it may cover the context, check the label), and
 * "triple-negative breast carcinoma" for "breast cancer" one below it (a subtype), neither the
 * context. Callers that know nothing of them (literature, associations) see the context and the
 * narrower hits, about which the answer also is.
 */
export type MatchedDiseases = DiseaseHit[] & { narrower?: readonly DiseaseHit[]; broader?: readonly DiseaseHit[] };

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

/** The context diseases and those below it for the text: see splitDiseaseHits. */
export function bestAndRelated(hits: readonly DiseaseHit[], text: string): DiseaseHit[] {
  return splitDiseaseHits(hits, text).matched;
}

// One rule for the panel tools and the target brief (top-drugs.ts diseaseMatcher).
export { diseaseKey, splitDiseaseHits } from '../../analysis/disease-hits.js';

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
