// A deterministic ModelJudge for unit tests of the pipeline's bookkeeping (windows, joint premises,
// statuses): a window entails when it contains ENTAILS, contradicts when it contains REFUTES; the
// model "input" holds `fitChars` characters of premise. The real model path is tested on the
// generated tiny model (test/support/tiny-nli.ts).
import type { Judgement, ModelJudge } from '../../src/evidence/judge.js';

export interface CueJudge extends ModelJudge {
  /** Every premise scored, in order. */
  premises: string[];
}

export function cueJudge(fitChars = 10_000): CueJudge {
  const premises: string[] = [];
  return {
    nliEnabled: true,
    method: 'nli:cue-test',
    premises,
    fits: (premise) => premise.length <= fitChars,
    takes: () => true,
    score(premise): Promise<Judgement> {
      premises.push(premise);
      const e = premise.includes('ENTAILS');
      const c = premise.includes('REFUTES');
      if (e && c) return Promise.resolve({ entailment: 0.48, neutral: 0.04, contradiction: 0.48 });
      if (e) return Promise.resolve({ entailment: 0.9, neutral: 0.08, contradiction: 0.02 });
      if (c) return Promise.resolve({ entailment: 0.02, neutral: 0.08, contradiction: 0.9 });
      return Promise.resolve({ entailment: 0.05, neutral: 0.9, contradiction: 0.05 });
    },
  };
}
