// evidenceStatus (DESIGN.md 2.1), failing closed: without a model nothing is judged (`unjudged`);
// a missing abstract or an unreachable PubMed never yields grounded or supported; entailing and
// contradicting evidence together is `contested`, never `supported` or `grounded`; a retracted
// article is evidence neither way (evidence/retraction.ts).

export const EVIDENCE_STATUSES = ['grounded', 'supported', 'contested', 'contradicted', 'unsupported', 'unjudged', 'hallucinated', 'unverifiable'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

/** A single statement has no citation-F1 of its own, so it is never `grounded`. */
export type StatementStatus = Exclude<EvidenceStatus, 'grounded'>;

/** citeF1 at or above this is "well grounded" (a project convention; ALCE defines no F1 threshold). */
export const GROUNDED_F1 = 0.6;

/** What decides one statement's status (computed by the pipeline). */
export interface StatementEvidence {
  /** Cited ids, out-of-range markers included. */
  citations: readonly string[];
  /** Cited documents that entail / contradict it (some window of their abstract does). */
  entailing: readonly string[];
  contradicting: readonly string[];
}

export interface StatusContext {
  nliEnabled: boolean;
  pmidsChecked: boolean;
  /** Cited PMIDs PubMed does not know. */
  hallucinated: ReadonlySet<string>;
  /** PMIDs PubMed marks as retracted or as retraction notices: they exist, but are not evidence. */
  retracted: ReadonlySet<string>;
  /** Cited PMIDs that exist, have an abstract and are not retracted. */
  readable: ReadonlySet<string>;
  /** Cited PMIDs that exist but PubMed's efetch did not return: not read, for a source's fault. */
  unread?: ReadonlySet<string>;
}

export function statementStatus(s: StatementEvidence, c: StatusContext): StatementStatus {
  // Out-of-range markers ("#7": [7] of a 2-PMID list) cite nothing: recall 0, as in ALCE.
  const ids = [...new Set(s.citations)].filter((p) => !p.startsWith('#'));
  if (ids.length === 0) return 'unsupported'; // uncited
  if (c.pmidsChecked && ids.every((p) => c.hallucinated.has(p))) return 'hallucinated';
  // Nothing it cites can be evidence (fake or retracted): known without a model, as for no citation.
  if (onlyRetractedOrFake(ids, c)) return 'unsupported';
  if (!ids.some((p) => c.readable.has(p))) return 'unverifiable';
  if (!c.nliEnabled) return 'unjudged';
  if (s.entailing.length > 0 && s.contradicting.length > 0) return 'contested';
  if (s.contradicting.length > 0) return 'contradicted';
  return s.entailing.length > 0 ? 'supported' : 'unsupported';
}

/** Every id is fake or retracted, and at least one is retracted (all fake is `hallucinated`). */
function onlyRetractedOrFake(ids: readonly string[], c: Pick<StatusContext, 'pmidsChecked' | 'hallucinated' | 'retracted'>): boolean {
  return ids.some((p) => c.retracted.has(p)) && ids.every((p) => c.retracted.has(p) || (c.pmidsChecked && c.hallucinated.has(p)));
}

export interface ClaimEvidence extends StatusContext {
  /**
   * status: 'unjudged' with a model available means the model could not take the statement (too
   * long); bestEntailment null: no model verdict on any of its citations.
   */
  statements: readonly (StatementEvidence & { judged: readonly string[]; status?: StatementStatus; bestEntailment?: number | null })[];
  /** Distinct cited PMIDs (out-of-range markers excluded). */
  cited: readonly string[];
  citeF1: number;
  /** False when citation precision/recall do not apply (the claim cited nothing: search mode). */
  citationMetrics: boolean;
}

/**
 * The status of a whole claim. Order matters: fake citations, then nothing readable, then no
 * judge, then contradiction in any form (contested or contradicted), then grounded, supported.
 */
export function evidenceStatus(e: ClaimEvidence): EvidenceStatus {
  if (e.pmidsChecked && e.cited.length > 0 && e.cited.every((p) => e.hallucinated.has(p))) return 'hallucinated';
  if (e.cited.length > 0 && onlyRetractedOrFake(e.cited, e)) return 'unsupported';
  if (e.readable.size === 0) return 'unverifiable';
  if (!e.nliEnabled) return 'unjudged';
  // A statement the model could not take is not judged: the claim is no better than unjudged when
  // none was, and never grounded while one was not.
  // ...nor when none got a model verdict: "too long" beside an uncited sentence read "unsupported"
  // (and `biointel verify` exit 3, "judged and not supported") though the model judged nothing.
  const unjudged = e.statements.filter((s) => s.status === 'unjudged');
  const modelJudged = e.statements.some((s) => s.bestEntailment !== undefined && s.bestEntailment !== null);
  if (unjudged.length > 0 && (unjudged.length === e.statements.length || !modelJudged)) return 'unjudged';
  const entails = e.statements.some((s) => s.entailing.length > 0);
  const contradicts = e.statements.some((s) => s.contradicting.length > 0);
  if (entails && contradicts) return 'contested';
  if (contradicts) return 'contradicted';
  // A cited paper PubMed did not return was not read: it may contradict, so no "supported".
  if (e.cited.some((p) => e.unread?.has(p))) return 'unverifiable';
  const allJudgedReadable = e.statements.every((s) => s.judged.every((p) => e.readable.has(p)));
  // Citing a retracted article is a citation fault, as citing a fake one is: never grounded.
  const citesRetracted = e.cited.some((p) => e.retracted.has(p));
  if (e.citationMetrics && e.citeF1 >= GROUNDED_F1 && e.hallucinated.size === 0 && !citesRetracted && e.pmidsChecked && allJudgedReadable && unjudged.length === 0) return 'grounded';
  return entails ? 'supported' : 'unsupported';
}
