// The lexical fallback judge, used when no NLI model is available (not downloaded, failed to load,
// or BIOINTEL_NLI=off). It is reported as `entailmentMethod: "lexical-overlap"` with
// `nliEnabled: false`, so nobody mistakes it for a model verdict.
//
// Method (deterministic, no data):
//  1. Both texts are lower-cased and split into words; stop words are dropped and the rest are
//     lightly stemmed (evidence/passage.ts `words`), giving the claim's distinct content terms.
//  2. coverage = share of the claim's content terms that occur in the passage.
//  3. A covered term is "negated" when every occurrence of it in the passage has a negation cue
//     ("no", "not", "never", "without", "failed", "lack", "unable", "did not" ...) within 4 words
//     before it or 2 words after it, in the same sentence. negated = share of covered terms negated.
//  4. polarity mismatch = negated, or 1 - negated when the claim itself contains a negation cue.
//  5. strength = coverage^2 (half the terms covered gives 0.25: partial overlap is weak evidence)
//     entailment = 0.95 * strength * (1 - mismatch)
//     contradiction = 0.95 * strength * mismatch
//     neutral = 1 - entailment - contradiction  (so the three sum to 1, neutral >= 0.05)
// With the default threshold of 0.45 a claim counts as supported only when about 70% or more of its
// content terms appear in the passage without negation. It cannot see paraphrase, direction of
// effect ("increases" vs "reduces") or numbers; that is why the NLI model is preferred.
import type { ActiveJudge, Judgement } from './judge.js';
import { words, type WordToken } from './passage.js';

// The word helpers live with passage selection; re-exported for callers that think "lexical".
export { contentWords, contentTerms } from './passage.js';

export const LEXICAL_METHOD = 'lexical-overlap';

const NEGATION_CUES = new Set([
  'no', 'not', 'never', 'without', 'none', 'neither', 'nor', 'cannot',
  'lack', 'lacks', 'lacked', 'lacking', 'absence', 'absent',
  'fail', 'fails', 'failed', 'failing', 'unable',
]);
const BEFORE = 4;
const AFTER = 2;
const MAX_PROBABILITY = 0.95;

export function createLexicalJudge(): ActiveJudge {
  return {
    nliEnabled: false,
    method: LEXICAL_METHOD,
    score: (premise, hypothesis) => Promise.resolve(lexicalJudgement(premise, hypothesis)),
  };
}

export function lexicalJudgement(premise: string, hypothesis: string): Judgement {
  const hypWords = words(hypothesis);
  const claimTerms = new Set(hypWords.flatMap((w) => (w.term ? [w.term] : [])));
  if (claimTerms.size === 0) return { entailment: 0, neutral: 1, contradiction: 0 };

  const premWords = words(premise);
  const occurrences = new Map<string, number[]>();
  premWords.forEach((w, i) => {
    if (w.term && claimTerms.has(w.term)) occurrences.set(w.term, [...(occurrences.get(w.term) ?? []), i]);
  });
  const coverage = occurrences.size / claimTerms.size;
  if (coverage === 0) return { entailment: 0, neutral: 1, contradiction: 0 };

  let negatedTerms = 0;
  for (const positions of occurrences.values()) {
    if (positions.every((i) => isNegated(premise, premWords, i))) negatedTerms++;
  }
  const negated = negatedTerms / occurrences.size;
  const claimNegated = hypWords.some((w) => NEGATION_CUES.has(w.word));
  const mismatch = claimNegated ? 1 - negated : negated;

  const strength = MAX_PROBABILITY * coverage * coverage;
  const entailment = strength * (1 - mismatch);
  const contradiction = strength * mismatch;
  return { entailment, neutral: 1 - entailment - contradiction, contradiction };
}

function isNegated(text: string, ws: WordToken[], at: number): boolean {
  const target = ws[at];
  if (!target) return false;
  for (let j = Math.max(0, at - BEFORE); j <= Math.min(ws.length - 1, at + AFTER); j++) {
    const w = ws[j];
    if (j === at || !w || !NEGATION_CUES.has(w.word)) continue;
    const between = j < at ? text.slice(w.end, target.start) : text.slice(target.end, w.start);
    if (!/[.!?;]/.test(between)) return true;
  }
  return false;
}
