// Reading an NLI model's output: which logit is entailment, neutral, contradiction (from the
// model's own id2label, never a fixed order), and the softmax over them.
import type { Judgement } from './judge.js';

/** Indices of the model's output classes, read from config.id2label (never a fixed order). */
export interface LabelMap {
  entailment: number;
  neutral?: number;
  contradiction?: number;
  /** 2-label models (entailment / not_entailment). */
  notEntailment?: number;
}

/**
 * Matches labels case-insensitively by prefix: entail*, neutral*, contradict*, and not_entail* /
 * non_entail* for binary models. A binary model's P(not_entailment) is reported as neutral with
 * contradiction 0: it cannot tell "unrelated" from "refuted", and claiming a contradiction would
 * overstate what it said. Throws when the labels are not an NLI head.
 */
export function mapLabels(id2label: Record<string, string> | undefined): LabelMap {
  const found: Partial<LabelMap> = {};
  for (const [id, name] of Object.entries(id2label ?? {})) {
    const label = name.toLowerCase().replace(/[\s-]+/g, '_');
    const index = Number(id);
    if (label.startsWith('entail')) found.entailment = index;
    else if (label.startsWith('neutral')) found.neutral = index;
    else if (label.startsWith('contradict')) found.contradiction = index;
    else if (/^(not|non)_?entail/.test(label)) found.notEntailment = index;
  }
  const { entailment } = found;
  const threeWay = found.neutral !== undefined && found.contradiction !== undefined;
  if (entailment === undefined || (!threeWay && found.notEntailment === undefined)) {
    throw new Error(`not an NLI model: labels ${JSON.stringify(id2label ?? {})}`);
  }
  return { ...found, entailment };
}

export function softmax(logits: readonly number[]): number[] {
  const max = Math.max(...logits);
  const exps = logits.map((x) => Math.exp(x - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((x) => x / sum);
}

export function toJudgement(probs: readonly number[], labels: LabelMap): Judgement {
  const at = (i: number | undefined) => (i === undefined ? 0 : (probs[i] ?? 0));
  if (labels.neutral !== undefined && labels.contradiction !== undefined) {
    return { entailment: at(labels.entailment), neutral: at(labels.neutral), contradiction: at(labels.contradiction) };
  }
  return { entailment: at(labels.entailment), neutral: at(labels.notEntailment), contradiction: 0 };
}
