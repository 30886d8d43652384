// Hypotheses after the evidence check of the answer (pure). The literature part of a pair's
// confidence counts the articles naming both genes with the disease as support; two things the
// check learns can undo that:
// - the abstracts the evidence brief cites for the pair contradict its statement (an NLI verdict):
//   "EGFR and ERBB2 may act together (moderate)" stood beside "contradicted", with the contradicting
//   PMID listed as supporting;
// - every article found for the pair is retracted or unknown to PubMed: "1 article mentions both"
//   and "not novel" rested on a retracted paper.
import { confidenceLabelOf, literaturePart, pairKey, type Hypothesis } from './hypotheses.js';

/** What the brief's statement on a pair was found to be by its cited abstracts. */
export interface PairVerdict {
  entailing: readonly string[];
  contradicting: readonly string[];
}

export function checkedHypotheses(
  hypotheses: readonly Hypothesis[],
  verdicts: ReadonlyMap<string, PairVerdict>,
  /** PMIDs PubMed does not know or marks as retracted. */
  voided: ReadonlySet<string>,
  noveltyUnassessable?: string,
): Hypothesis[] {
  const checked = hypotheses.map((h): Hypothesis => {
    const v = verdicts.get(pairKey(h.genes[0], h.genes[1]));
    const against = v?.contradicting ?? [];
    const cited = h.supportingPmids;
    const allVoid = h.coMentions !== null && h.coMentions > 0 && cited.length >= h.coMentions && cited.every((p) => voided.has(p));
    const onlyAgainst = against.length > 0 && (v?.entailing.length ?? 0) === 0;
    if (!allVoid && against.length === 0) return h;
    const ids = (list: readonly string[]) => `PMID ${list.join(', ')}`;
    let note: string;
    if (allVoid) note = `the ${h.coMentions === 1 ? 'article' : `${h.coMentions} articles`} found naming both ${h.coMentions === 1 ? 'is' : 'are'} retracted or unknown to PubMed: no literature counted`;
    else if (onlyAgainst) note = `literature not counted: ${ids(against)}, cited for it in the evidence brief, contradict${against.length === 1 ? 's' : ''} it (NLI)`;
    else note = `${ids(against)}, cited for it in the evidence brief, contradict${against.length === 1 ? 's' : ''} it and ${ids(v!.entailing)} entail${v!.entailing.length === 1 ? 's' : ''} it (NLI)`;
    const drop = allVoid || onlyAgainst;
    const confidence = Math.round((h.confidence - (drop ? literaturePart(h.coMentions) : 0)) * 1000) / 1000;
    return {
      ...h,
      confidence,
      confidenceLabel: confidenceLabelOf(confidence),
      ...(allVoid ? { coMentions: 0, novel: !noveltyUnassessable } : {}),
      // Literature that contradicts the pair is no basis for it (the co-mention count stays: a count).
      ...(drop ? { basis: h.basis.filter((b) => b !== 'literature'), literatureNotCounted: allVoid ? ('void' as const) : ('contradicted' as const) } : {}),
      supportingPmids: cited.filter((p) => !against.includes(p)),
      rationale: `${h.rationale.replace(/\.$/, '')}; ${note}.`,
    };
  });
  // A lowered confidence may change the order (the sort is stable: ties keep theirs).
  return checked.sort((x, y) => y.confidence - x.confidence).map((h, i) => ({ ...h, id: `H${i + 1}` }));
}
