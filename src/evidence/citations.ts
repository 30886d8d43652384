// Stage 2: citation recall and precision exactly as ALCE defines them (princeton-nlp/ALCE eval.py,
// compute_autoais), with PMIDs as documents. See ../shared/notes/alce.md. F1 = 2PR/(P+R) is a
// project convention (ALCE reports only P and R), computed from this output's P and R.

/** ALCE judges at most this many citations per statement (--at_most_citations). */
export const AT_MOST_CITATIONS = 3;

export interface AlceStatement {
  text: string;
  /** Citation ids in order, duplicates kept as ALCE keeps them (its `re.findall(r"\[\d+", sent)`
   * returns `[1][1]` as two citations); ids not in `documents` are out of range. */
  citations: readonly string[];
}

/** φ(concat(passages of ids), text) in {0,1}: does the joint passage entail the statement? */
export type EntailsFn = (ids: readonly string[], text: string) => Promise<boolean>;

export interface AlceStatementScore {
  /** Citations judged (first K, only when all are in range). */
  judged: string[];
  recall: 0 | 1;
  /** Precision credit per judged citation (1 = precise, 0 = irrelevant or unsupported). */
  credits: number[];
  /** Why recall is 0 without judging: no citation, or a citation out of range. */
  skipped?: 'uncited' | 'out_of_range';
}

export interface AlceScores {
  recall: number;
  precision: number;
  f1: number;
  statements: AlceStatementScore[];
}

export async function alceScores(
  statements: readonly AlceStatement[],
  documents: ReadonlySet<string>,
  entails: EntailsFn,
  atMost = AT_MOST_CITATIONS,
): Promise<AlceScores> {
  const scored: AlceStatementScore[] = [];
  let recallSum = 0;
  let precisionNumerator = 0;
  let totalCitations = 0;
  for (const s of statements) {
    if (s.citations.length === 0) {
      scored.push({ judged: [], recall: 0, credits: [], skipped: 'uncited' });
      continue;
    }
    if (s.citations.some((c) => !documents.has(c))) {
      // ALCE: any out-of-range id zeroes recall and the sentence adds nothing to T.
      scored.push({ judged: [], recall: 0, credits: [], skipped: 'out_of_range' });
      continue;
    }
    const judged = s.citations.slice(0, atMost);
    const recall: 0 | 1 = (await entails(judged, s.text)) ? 1 : 0;
    totalCitations += judged.length;
    recallSum += recall;
    let credits: number[];
    if (recall === 1 && judged.length > 1) {
      credits = [];
      for (const c of judged) {
        if (await entails([c], s.text)) credits.push(1);
        else if (await entails(withoutFirst(judged, c), s.text)) credits.push(0); // over-citation
        else credits.push(1); // needed jointly
      }
    } else {
      credits = judged.map(() => recall);
    }
    precisionNumerator += credits.reduce((a, b) => a + b, 0);
    scored.push({ judged, recall, credits });
  }
  const recall = statements.length === 0 ? 0 : recallSum / statements.length;
  const precision = totalCitations === 0 ? 0 : precisionNumerator / totalCitations;
  return { recall, precision, f1: f1Score(precision, recall), statements: scored };
}

/** ALCE's `subset_exclude.remove(psgs_id)`: only the first occurrence goes. */
function withoutFirst(ids: readonly string[], id: string): string[] {
  const out = [...ids];
  out.splice(out.indexOf(id), 1);
  return out;
}

export function f1Score(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}
