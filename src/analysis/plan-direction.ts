// What a hypothesis says beyond its mechanism (pure), read for the validation plan: which way the
// effect goes, and in the text's own words the state of a gene ("BRCA1 loss", "EGFR mutation").
// The templates of loss of function, overexpression and a predictive biomarker are written from
// this direction, never from a default: "Knockdown of EGFR reduces proliferation" is a dependency,
// "Loss of PTEN promotes growth" a tumour suppressor, and the plans that test them are opposite.
import type { GeneMention, GeneRole, Mechanism } from './hypothesis-text.js';

/** How the hypothesis' perturbation or state changes growth and survival (under a drug, resistance). */
export type Direction = 'increase' | 'decrease';

export interface EffectReading {
  direction: Direction | null;
  /** The words it was read from ("reduces proliferation"), or why none was ("reduces proliferation" and "increases invasion"). */
  words: string | null;
  /**
   * What the direction is of: growth or survival, or the response to an agent ("sensitises to
   * olaparib", "confers resistance to gefitinib"). A response is not growth: it is never compared
   * with a template's built-in growth direction, and a loss that sensitises is the cells' state.
   */
  about?: 'growth' | 'response';
}

// Verbs by sign: +1 raises what follows, -1 lowers it. Verb forms only: "inhibition" is a mechanism
// cue, not an outcome verb, and "Inhibiting EGFR" is the perturbation (its object is a gene).
const VERBS: readonly [RegExp, 1 | -1][] = [
  [/^(?:reduc|decreas|suppress|inhibit|impair|attenuat|diminish|abrogat|abolish|block|limit|lower|slow|prevent|restrain|halt|imped|retard|revers|weaken)(?:e|es|ed|s|ing)?$/i, -1],
  [/^(?:increas|promot|driv|enhanc|accelerat|augment|stimulat|boost|elevat|rais|fuel|sustain|induc|caus|confer|enabl|support|maintain|favou?r|potentiat)(?:e|es|ed|s|ing|red|ring)?$/i, 1],
];
/** Verbs whose effect needs no object: "sensitises cells to", "kills", "protects". */
const BARE_VERBS: readonly [RegExp, 1 | -1][] = [
  [/^(?:sensiti[sz]|kill|eliminat)(?:e|es|ed|s|ing)?$/i, -1],
  [/^(?:protect|rescu)(?:e|es|ed|s|ing)?$/i, 1],
];
// What the verbs act on, by sign: growth and survival +1; death and drug response -1 (more response
// is less survival under the drug). "reduces sensitivity" is then an increase, "induces apoptosis" a decrease.
const OBJECTS: readonly [RegExp, 1 | -1][] = [
  [/^(?:proliferat\w*|growth|viability|survival|tumou?rigen\w*|invasi\w*|migrat\w*|metasta\w*|colon(?:y|ies)|clonogenic\w*|transformation|progression|fitness|self-renewal|stemness|expansion|resistan\w*|burden|formation)$/i, 1],
  [/^(?:apoptosis|death|senescence|sensitivity|response|responses|responsiveness|efficacy|killing|cytotoxicity|arrest|regression)$/i, -1],
];
const AUXILIARY = /^(?:is|are|was|were|be|been|being)$/i;
const WORDS = /[A-Za-z][A-Za-z-]*/g;

/**
 * The direction the text states, from its outcome verbs and what they act on: "reduces proliferation",
 * "induces apoptosis", "sensitises cells to", "proliferation is reduced". Readings that disagree, or
 * none, give null: the plan then says the direction is not stated instead of assuming one.
 */
export function effectDirection(text: string): EffectReading {
  const words = [...text.matchAll(WORDS)].map((m) => m[0]);
  const readings: { sign: number; words: string }[] = [];
  for (const [i, w] of words.entries()) {
    const bare = signOf(BARE_VERBS, w);
    if (bare) {
      readings.push({ sign: bare, words: w });
      continue;
    }
    const verb = signOf(VERBS, w);
    if (!verb) continue;
    // The object: within four words after, before the next verb ("Inhibiting EGFR reduces ..." stops at "reduces").
    for (let j = i + 1; j < Math.min(words.length, i + 5); j++) {
      if (signOf(VERBS, words[j]!) || signOf(BARE_VERBS, words[j]!)) break;
      const object = signOf(OBJECTS, words[j]!);
      if (object) {
        readings.push({ sign: verb * object, words: words.slice(i, j + 1).join(' ') });
        break;
      }
    }
    // The passive: "proliferation (of NSCLC cells) is reduced by ...".
    const before = words[i - 1];
    if (before && AUXILIARY.test(before) && /ed$/i.test(w)) {
      for (let j = i - 2; j >= Math.max(0, i - 6); j--) {
        const object = signOf(OBJECTS, words[j]!);
        if (object) {
          readings.push({ sign: verb * object, words: words.slice(j, i + 1).join(' ') });
          break;
        }
      }
    }
  }
  return settle(readings);
}

/**
 * A predictive biomarker's direction: marker-positive cells survive the drug more ("predicts
 * resistance", "poor response": increase) or less ("predicts response", "sensitivity", "benefit":
 * decrease); else the outcome verbs ("confers resistance", "sensitises").
 */
export function responseDirection(text: string): EffectReading {
  const resist = /\b(?:resistan(?:ce|t)|insensitiv(?:e|ity)|refractor(?:y|iness)|non-?respon(?:se|ders?)|(?:poor(?:er)?|reduced|decreased|lower|diminished|lack of|no) (?:response|sensitivity|benefit|responsiveness))\b/gi;
  const respond = /\b(?:respon(?:se|ses|siveness|ders?|d|ds)|sensitiv(?:e|ity)|benefit)\b/gi;
  const resisted = [...text.matchAll(resist)].map((m) => m[0]);
  const responded = [...text.replace(resist, ' ').matchAll(respond)].map((m) => m[0]);
  if (resisted.length && !responded.length) return { direction: 'increase', words: resisted[0]!, about: 'response' };
  if (responded.length && !resisted.length) return { direction: 'decrease', words: responded[0]!, about: 'response' };
  if (resisted.length) return { direction: null, words: `"${resisted[0]}" and "${responded[0]}"` };
  return effectDirection(text);
}

/** The direction a plan of this mechanism is written from. */
export function planDirection(mechanism: Mechanism, text: string): EffectReading {
  return mechanism === 'biomarker' ? responseDirection(text) : effectDirection(text);
}

function signOf(table: readonly [RegExp, 1 | -1][], word: string): 1 | -1 | 0 {
  return table.find(([re]) => re.test(word))?.[1] ?? 0;
}

/** Words of a reading about the response to an agent rather than growth. */
const RESPONSE_WORDS = /sensiti|resistan|respon|refractor/i;

function settle(readings: readonly { sign: number; words: string }[]): EffectReading {
  if (!readings.length) return { direction: null, words: null };
  const signs = new Set(readings.map((r) => r.sign));
  if (signs.size > 1) {
    const up = readings.find((r) => r.sign > 0)!;
    const down = readings.find((r) => r.sign < 0)!;
    return { direction: null, words: `"${up.words}" and "${down.words}"` };
  }
  return { direction: readings[0]!.sign > 0 ? 'increase' : 'decrease', words: readings[0]!.words, about: aboutOf(readings.map((r) => r.words)) };
}

function aboutOf(words: readonly string[]): 'growth' | 'response' {
  return words.every((w) => RESPONSE_WORDS.test(w)) ? 'response' : 'growth';
}

/** The fixed direction of the templates that do not follow the text: what their go criteria test. */
const FIXED: Partial<Record<Mechanism, Direction>> = { inhibition: 'decrease', synthetic_lethality: 'decrease', gain_of_function: 'increase' };

/** Mechanisms whose stages are written from the stated direction (the others have their own). */
export const FOLLOWS_DIRECTION: readonly Mechanism[] = ['loss_of_function', 'overexpression', 'biomarker'];

const EFFECT_WORDS: Record<Direction, string> = { increase: 'increases growth or survival', decrease: 'reduces growth or survival' };

/**
 * Warnings about the direction: not stated (the stages then say "changes" and ask for it to be
 * pre-registered), stated both ways, or opposite to what a fixed-direction plan tests.
 */
export function directionWarnings(mechanism: Mechanism, reading: EffectReading): string[] {
  const fixed = FIXED[mechanism];
  if (FOLLOWS_DIRECTION.includes(mechanism) && reading.direction === null) {
    const what = mechanism === 'biomarker' ? 'whether the marker predicts response or resistance' : 'which way the effect goes (no outcome such as "reduces proliferation" or "promotes growth" was read)';
    const mixed = reading.words ? `: it reads both ${reading.words}` : '';
    return [`The hypothesis does not say ${what}${mixed}; the stages say "changes" and "differs", so pre-register the direction before the experiments.`];
  }
  // Outcomes read both ways under a fixed-direction plan: which one its go criteria test is not the text's choice.
  if (fixed && reading.direction === null && reading.words) {
    return [`The hypothesis reads both ${reading.words}, but ${article(mechanism)} plan tests one direction only (whether the effect ${EFFECT_WORDS[fixed]}): its go criteria speak to one of the outcomes. Pre-register what each stage should show for each outcome.`];
  }
  // A response to a drug is not growth: "sensitise to gefitinib" says nothing against a plan's growth direction.
  if (fixed && reading.direction && reading.direction !== fixed && reading.about !== 'response') {
    return [
      `The hypothesis says the effect ${EFFECT_WORDS[reading.direction]} ("${reading.words}"), but ${article(mechanism)} plan tests whether it ${EFFECT_WORDS[fixed]}: its go criteria are the opposite of the hypothesis, so a go refutes it and a no-go does not confirm it. Check that the hypothesis says what was meant.`,
    ];
  }
  return [];
}

/** Words just before a gene that deny its alteration ("do not carry", "lacking", "without"). */
const ABSENT_BEFORE = /\b(?:(?:do|does|did)\s+not\s+(?:carry|harbou?r|have|express)|not\s+carrying|lack(?:s|ing)?|without|free\s+of|negative\s+for)\s+(?:an?\s+|any\s+)?$/i;

function article(mechanism: Mechanism): string {
  const name = mechanism.replace(/_/g, ' ');
  return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
}

/**
 * The state of a gene in the text's own words, which wins over the role of a nearby mechanism cue:
 * its hyphen modifier ("EGFR-mutant"), else a noun after it ("BRCA1 loss", "EGFR mutation", "EGFR
 * amplification") or an adjective before it ("mutant KRAS"). "Knockdown", "knockout" and "loss of"
 * are left to the cues: they name the experiment as often as the cells' state.
 */
export function statedSetting(text: string, mention: Pick<GeneMention, 'token' | 'index' | 'modifier'>): GeneRole | null {
  const after = /^\s+([a-z-]+)/i.exec(text.slice(mention.index + mention.token.length))?.[1]?.toLowerCase() ?? '';
  const before = /([a-z-]+)\s+$/i.exec(text.slice(0, mention.index))?.[1]?.toLowerCase() ?? '';
  // "cells that do not carry KRAS mutations", "without EGFR mutation", "KRAS wild-type": the setting
  // is the absence of the alteration, never the alteration itself.
  if (ABSENT_BEFORE.test(text.slice(Math.max(0, mention.index - 40), mention.index))) return mention.modifier === 'overexpressed' ? 'negative' : 'wildtype';
  if (/^(?:wild-type|wildtype|wt)$/.test(after)) return 'wildtype';
  if (mention.modifier) return mention.modifier;
  // "low PTEN expression" is a level, not the gene's loss.
  if (/^(?:low|reduced|decreased)$/.test(before) && /^(?:expression|levels?)$/.test(after)) return 'negative';
  if (/^(?:loss|losses|deletion|deletions|deficiency|inactivation|null|loss-of-function|truncation)$/.test(after)) return 'lost';
  if (/^(?:mutation|mutations|mutant|mutants|variant|variants)$/.test(after) || /^(?:mutant|mutated)$/.test(before)) return 'mutated';
  if (/^(?:amplification|amplifications|overexpression|gain)$/.test(after) || /^(?:amplified|overexpressed)$/.test(before)) return 'overexpressed';
  return null;
}
