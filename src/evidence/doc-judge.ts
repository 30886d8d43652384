// Judging one cited document against one statement: every window of its abstract is judged
// (evidence/windows.ts), and the document's entailment and contradiction are each the strongest
// over its windows. So a contradiction in the last window of a long abstract is found, and an
// abstract whose background entails a claim its results refute is seen on both sides.
import { strongest, type Judgement, type ModelJudge } from './judge.js';
import { coveringWindows } from './windows.js';

export interface EvidenceDoc {
  title: string;
  /** Plain text; empty when PubMed has none (the title alone is judged then, as ALCE formats it). */
  abstract: string;
}

export type WindowVerdict = 'entails' | 'contradicts' | 'neutral';

export interface DocJudgement {
  pmid: string;
  /** Windows judged: 1 when the whole abstract fits the model's input. */
  windows: number;
  /** Strongest over windows: entailment and contradiction each the max, neutral the min. */
  judgement: Judgement;
  /** Some window entails the statement. */
  entails: boolean;
  /** Some window contradicts the statement. */
  contradicts: boolean;
  /** The window with the highest entailment: this document's evidence in joint premises. */
  evidence: string;
  /** The window with the highest contradiction, when one contradicts. */
  contradicting?: string;
}

/** One window's verdict: entails at P(e) >= threshold (and not below P(c)); contradicts at
 * P(c) >= threshold and above P(e); anything else is neutral. */
export function windowVerdict(j: Judgement, threshold: number): WindowVerdict {
  if (j.entailment >= threshold && j.entailment >= j.contradiction) return 'entails';
  if (j.contradiction >= threshold && j.contradiction > j.entailment) return 'contradicts';
  return 'neutral';
}

/** ALCE's passage format: "Title: {title}\n{text}". */
export function formatPassage(title: string, text: string): string {
  return `Title: ${title}\n${text}`.trim();
}

export class DocumentJudge {
  private readonly memo = new Map<string, Promise<DocJudgement | undefined>>();

  constructor(
    private readonly judge: ModelJudge,
    private readonly threshold: number,
    private readonly window: number,
    private readonly docs: (pmid: string) => EvidenceDoc | undefined,
  ) {}

  /** The passages the judge sees for a document: the whole abstract when it fits, else covering windows. */
  passages(pmid: string, statement: string): string[] | undefined {
    const doc = this.docs(pmid);
    if (!doc) return undefined;
    const whole = formatPassage(doc.title, doc.abstract);
    if (!doc.abstract || this.judge.fits(whole, statement)) return [whole];
    return coveringWindows(doc.abstract, this.window).map((w) => formatPassage(doc.title, w));
  }

  /** The document judged against a statement (memoized); undefined when it cannot be read. */
  document(pmid: string, statement: string): Promise<DocJudgement | undefined> {
    const key = `${pmid}\u0000${statement}`;
    let pending = this.memo.get(key);
    if (!pending) {
      pending = this.judgeDocument(pmid, statement);
      this.memo.set(key, pending);
    }
    return pending;
  }

  /**
   * ALCE's φ(concat(C), statement) for the cited documents C. The joint premise keeps each
   * document's own evidence window (never a share of one window), and φ is true whenever one of
   * the documents entails alone: adding a citation can lower precision, never recall.
   */
  async entails(ids: readonly string[], statement: string): Promise<boolean> {
    const unique = [...new Set(ids)];
    const singles = (await Promise.all(unique.map((id) => this.document(id, statement)))).filter((d): d is DocJudgement => d !== undefined);
    if (singles.some((d) => d.entails)) return true;
    // A statement the model cannot take has no singles (judgeDocument): nothing to join.
    if (singles.length < 2) return false;
    const joint = await this.judge.score(singles.map((d) => d.evidence).join('\n'), statement);
    return windowVerdict(joint, this.threshold) === 'entails';
  }

  private async judgeDocument(pmid: string, statement: string): Promise<DocJudgement | undefined> {
    if (!this.judge.takes(statement)) return undefined;
    const passages = this.passages(pmid, statement);
    if (!passages || passages.length === 0) return undefined;
    const scored: { passage: string; judgement: Judgement }[] = [];
    for (const passage of passages) scored.push({ passage, judgement: await this.judge.score(passage, statement) });
    const verdicts = scored.map((s) => windowVerdict(s.judgement, this.threshold));
    const byEntailment = [...scored].sort((a, b) => b.judgement.entailment - a.judgement.entailment)[0]!;
    const byContradiction = [...scored].sort((a, b) => b.judgement.contradiction - a.judgement.contradiction)[0]!;
    const contradicts = verdicts.includes('contradicts');
    return {
      pmid,
      windows: scored.length,
      judgement: strongest(scored.map((s) => s.judgement)),
      entails: verdicts.includes('entails'),
      contradicts,
      evidence: byEntailment.passage,
      ...(contradicts ? { contradicting: byContradiction.passage } : {}),
    };
  }
}
