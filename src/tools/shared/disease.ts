// The disease context as Open Targets knows it, and disease-name matching shared by the tools.
import type { DiseaseHit } from '../../sources/opentargets.js';
import type { Gather } from './gather.js';

/** Open Targets diseases for the context text: the best hit plus hits whose name contains the text. */
export async function matchDisease(g: Gather, text: string): Promise<DiseaseHit[]> {
  const hits = await g.report.call('opentargets', () => g.call.ctx.sources.opentargets.searchDiseases(text, { size: 10 }, g.call.signal), {
    degrades: 'the disease context could not be mapped to Open Targets diseases, so "indicated for" and association scores are unknown',
  });
  return bestAndRelated(hits ?? [], text);
}

/** The best hit plus hits whose name contains the text (or is contained in it), at most 5. */
export function bestAndRelated(hits: readonly DiseaseHit[], text: string): DiseaseHit[] {
  if (!hits.length) return [];
  const needle = diseaseKey(text);
  const related = hits.filter((h) => {
    const name = diseaseKey(h.name);
    return name.includes(needle) || needle.includes(name);
  });
  return [hits[0]!, ...related.filter((h) => h.id !== hits[0]!.id)].slice(0, 5);
}

/** Disease names compared with the usual synonyms of malignancy folded together. */
export function diseaseKey(name: string): string {
  return name.toLowerCase().replace(/\b(carcinoma|neoplasms?|tumou?rs?|malignanc(y|ies)|cancers)\b/g, 'cancer').replace(/\s+/g, ' ').trim();
}

/** Same disease whatever the word order ("lung non-small cell carcinoma" = "non-small cell lung cancer"):
 * the words of one name all appear in the other, after diseaseKey's folding. */
export function sameDisease(a: string, b: string): boolean {
  const words = (x: string) => new Set(diseaseKey(x).split(/[\s,]+/).filter(Boolean));
  const [x, y] = [words(a), words(b)];
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  return small.size > 0 && [...small].every((w) => large.has(w));
}
