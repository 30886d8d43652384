// The evidence integrity pipeline run on every answer: stage 0 (every PMID exists), stage 1 (NLI on
// whole abstracts, window by window), stage 2 (ALCE citation recall/precision/F1). Fails closed:
// without a model nothing is judged (the warning says which model is missing and how to get it);
// without a readable abstract nothing is supported.
import type { Eutils, PubmedArticle, PubmedSummary } from '../sources/eutils.js';
import type { SourceReport } from '../sources/report.js';
import { alceScores, type AlceStatementScore } from './citations.js';
import { DocumentJudge, type DocJudgement } from './doc-judge.js';
import type { ActiveJudge, NliService } from './judge.js';
import { checkPmids, PMID_PATTERN, type PmidCheck } from './pmids.js';
import { retractionOf, retractionWarning, type Retraction } from './retraction.js';
import { OUT_OF_RANGE, type CitedStatement } from './statements.js';
import { statementStatus, type StatementStatus, type StatusContext } from './status.js';

export interface EvidenceDeps {
  eutils: Eutils;
  nli: NliService;
  report: SourceReport;
  signal?: AbortSignal;
}

export interface IntegrityOptions {
  /** Abstracts already fetched (efetch) for some cited PMIDs. */
  prefetched?: Map<string, PubmedArticle>;
  /**
   * The cited PMIDs were returned by a PubMed search together with these records: they exist, so
   * stage 0 does not ask esummary again (search mode of svc_verify_claim).
   */
  found?: Map<string, PubmedArticle>;
  /** Further PMIDs of the answer (not cited by a statement) checked in the same esummary batches. */
  alsoCheck?: readonly string[];
  /** False when citation precision/recall do not apply (the claim cited nothing: search mode). */
  citationMetrics?: boolean;
}

export interface StatementCheck extends AlceStatementScore {
  text: string;
  citations: string[];
  /** Cited documents some window of which entails / contradicts the statement (distinct, in order). */
  entailing: string[];
  contradicting: string[];
  /**
   * Highest entailment over the statement's readable citations and their windows; null when no
   * model judged any of them (no model, or no abstract could be read): not judged is not 0.
   */
  bestEntailment: number | null;
  /**
   * ALCE recall as a verdict (the cited abstracts jointly entail it; an uncited statement, or one
   * citing a PMID out of range, is not supported); null when no model judged it (no model, or no
   * cited abstract could be read).
   */
  supported: boolean | null;
  bestPmid?: string;
  status: StatementStatus;
}

export interface Integrity {
  pmidsChecked: boolean;
  hallucinated: number;
  hallucinatedPmids: string[];
  /** Checked PMIDs PubMed marks as retracted, or as retraction notices: they exist, but are not evidence. */
  retracted: number;
  retractedPmids: string[];
  hallucinationRate: number;
  groundedRatio: number;
  citationPrecision: number;
  citationRecall: number;
  citeF1: number;
  nliEnabled: boolean;
  entailmentMethod: string;
  threshold: number;
  /** Distinct PMIDs stage 0 examined (0 when PubMed could not be asked). */
  checkedPmids: number;
  /** Statements an NLI model judged (0 without a model). */
  judgedStatements: number;
}

/** The `integrity` block every result carries (DESIGN.md 2.1): the public part of Integrity. */
export function integrityBlock(i: Integrity) {
  return {
    pmidsChecked: i.pmidsChecked,
    hallucinated: i.hallucinated,
    retracted: i.retracted,
    hallucinationRate: i.hallucinationRate,
    groundedRatio: i.groundedRatio,
    citationPrecision: i.citationPrecision,
    citationRecall: i.citationRecall,
    citeF1: i.citeF1,
    nliEnabled: i.nliEnabled,
    entailmentMethod: i.entailmentMethod,
  };
}

export interface IntegrityRun {
  integrity: Integrity;
  statements: StatementCheck[];
  summaries: Map<string, PubmedSummary | null>;
  articles: Map<string, PubmedArticle>;
  /** Cited PMIDs that exist and have an abstract: the only evidence that can support a statement. */
  readable: Set<string>;
  /** Cited PMIDs that exist but efetch did not return (not read, for PubMed's fault). */
  unread: Set<string>;
  /** Distinct PMIDs cited (out-of-range markers excluded). */
  cited: string[];
  /** Cited PMIDs PubMed does not know. */
  citedHallucinated: Set<string>;
  /** Checked PMIDs that PubMed marks as retracted (or that are retraction notices), and which. */
  retractions: Map<string, Retraction>;
  judge: ActiveJudge;
  /** Whether citation precision/recall apply (see IntegrityOptions). */
  citationMetrics: boolean;
  /** One cited PMID judged against a text, window by window (undefined without a model or abstract). */
  judgePmid(pmid: string, text: string): Promise<DocJudgement | undefined>;
}

export async function runIntegrity(deps: EvidenceDeps, statements: readonly CitedStatement[], options: IntegrityOptions = {}): Promise<IntegrityRun> {
  // Out-of-range markers ([k] beyond the list) are not PMIDs: ALCE scores them, stage 0 skips them.
  const cited = [...new Set(statements.flatMap((s) => s.pmids))].filter((p) => !p.startsWith(OUT_OF_RANGE));
  const toCheck = [...new Set([...cited, ...(options.alsoCheck ?? [])])];
  // Existence (esummary) and abstracts (efetch) in parallel: one round trip instead of two.
  // efetch simply omits PMIDs that do not exist, so nothing is lost by asking before knowing.
  const wellFormed = cited.filter((p) => PMID_PATTERN.test(p));
  const [stage0, read] = await Promise.all([
    options.found ? Promise.resolve(foundBySearch(options.found)) : checkPmids(deps.eutils, toCheck, deps.report, deps.signal),
    readArticles(deps, wellFormed, options.prefetched ?? options.found),
  ]);
  // A record efetch returned is proof that the PMID exists, with or without esummary: esummary
  // answers a per-id error ("cannot get document summary") for some real PMIDs, and calling a
  // PMID whose abstract was just read fake would be a confident wrong answer.
  const fetched = read.articles;
  const exists = (p: string) => Boolean(stage0.summaries.get(p)) || fetched.has(p);
  const existing = cited.filter(exists);
  const articles = new Map([...fetched].filter(([p]) => existing.includes(p)));
  // A PMID esummary lists that efetch did not return: PubMed's answer is incomplete, and that
  // paper's abstract (which may contradict) was not read. It once read `unchecked` in its row and
  // nothing more, the claim "grounded", PubMed "ok".
  const unread = new Set(read.answered ? existing.filter((p) => !fetched.has(p)) : []);
  if (unread.size) {
    const list = [...unread].join(', ');
    deps.report.incomplete('eutils', `efetch returned no record for PMID ${list}, which esummary lists: ${unread.size === 1 ? 'its abstract was' : 'their abstracts were'} not read`);
  }
  // A retracted article (or a retraction notice) exists, but is evidence neither way.
  const retractions = new Map<string, Retraction>();
  for (const p of toCheck) {
    const r = retractionOf(stage0.summaries.get(p)?.pubTypes) ?? retractionOf(fetched.get(p)?.pubTypes);
    if (r) retractions.set(p, r);
  }
  const warning = retractionWarning(retractions);
  if (warning) deps.report.warnings.push(warning);
  const readable = new Set(existing.filter((p) => Boolean(articles.get(p)?.abstract) && !retractions.has(p)));
  const judge = await deps.nli.judge();
  const threshold = deps.nli.threshold;
  if (!judge.nliEnabled && statements.length > 0 && !deps.report.warnings.includes(judge.warning)) deps.report.warnings.push(judge.warning);

  // ALCE documents: cited PMIDs that exist in PubMed. Nonexistent PMIDs are out of range.
  // Only a readable abstract is judged. A record without one (a letter, an old article) stays an
  // ALCE document (citing it is no out-of-range fault) but entails and contradicts nothing: judged
  // on its title alone it read "supported" while its own row said "no abstract" and the
  // supporting list was empty. A retracted article is likewise never judged: it costs precision only.
  // A PMID PubMed's efetch omitted is a document too (it exists): unread, it entails nothing, and
  // citing it is no out-of-range fault (it once zeroed the statement's recall as one).
  const documents = new Set(existing);
  const judgeable = (p: string) => readable.has(p);
  const docJudge = judge.nliEnabled
    ? new DocumentJudge(judge, threshold, deps.nli.window, (p) => {
        const a = judgeable(p) ? articles.get(p) : undefined;
        return a ? { title: a.title || stage0.summaries.get(p)?.title || '', abstract: a.abstract } : undefined;
      })
    : undefined;
  const alce = await alceScores(
    statements.map((s) => ({ text: s.text, citations: s.pmids })),
    documents,
    async (ids, text) => (docJudge ? docJudge.entails(ids, text) : false),
  );

  const citedHallucinated = new Set(stage0.checked ? cited.filter((p) => !exists(p)) : []);
  const context: StatusContext = { nliEnabled: judge.nliEnabled, pmidsChecked: stage0.checked, hallucinated: citedHallucinated, retracted: new Set(retractions.keys()), readable, unread };
  const checks: StatementCheck[] = [];
  for (const [i, s] of statements.entries()) {
    const entailing: string[] = [];
    const contradicting: string[] = [];
    let best: DocJudgement | undefined;
    for (const pmid of [...new Set(s.pmids)].filter(judgeable)) {
      const d = await docJudge?.document(pmid, s.text);
      if (!d) continue;
      if (d.entails) entailing.push(pmid);
      if (d.contradicts) contradicting.push(pmid);
      if (!best || d.judgement.entailment > best.judgement.entailment) best = d;
    }
    const evidence = { citations: s.pmids, entailing, contradicting };
    // ALCE's verdict stands when a model judged a cited abstract, or when it needs no judging: an
    // uncited statement, or one citing a PMID PubMed does not know, is not supported, model or
    // not. A citation out of range because PubMed could not be read leaves it unjudged.
    // In search mode a statement cites every record found: citing nothing means nothing was found
    // (or PubMed failed), which is no judgement of the statement.
    const searchFoundNothing = options.citationMetrics === false && s.pmids.length === 0;
    const skipped = searchFoundNothing ? undefined : alce.statements[i]!.skipped;
    const citesOnlyVoid = s.pmids.some((p) => retractions.has(p)) && s.pmids.every((p) => retractions.has(p) || citedHallucinated.has(p));
    const settled = skipped === 'uncited' || (skipped === 'out_of_range' && s.pmids.some((p) => citedHallucinated.has(p))) || citesOnlyVoid;
    const alceVerdict = settled || (docJudge !== undefined && best !== undefined);
    const { skipped: _alceSkip, ...alceScore } = alce.statements[i]!;
    // Longer than the model's input leaves for evidence: not judged, said, never "unsupported".
    const tooLong = judge.nliEnabled && !judge.takes(s.text) && s.pmids.some(judgeable);
    if (tooLong) deps.report.warnings.push(`Statement ${i + 1} ("${s.text.slice(0, 60)}${s.text.length > 60 ? '...' : ''}") is longer than the NLI model's input leaves room for with its evidence: not judged. Split it into shorter sentences.`);
    checks.push({
      ...alceScore,
      ...(skipped ? { skipped } : {}),
      text: s.text,
      citations: s.pmids,
      entailing,
      contradicting,
      bestEntailment: best ? best.judgement.entailment : null,
      supported: alceVerdict ? alce.statements[i]!.recall === 1 : null,
      ...(best && best.judgement.entailment > 0 ? { bestPmid: best.pmid } : {}),
      status: searchFoundNothing ? 'unverifiable' : tooLong ? 'unjudged' : statementStatus(evidence, context),
    });
  }

  const hallucinatedPmids = stage0.checked ? toCheck.filter((p) => !exists(p)) : [];
  const supported = checks.filter((c) => c.status === 'supported').length;
  return {
    integrity: {
      pmidsChecked: stage0.checked,
      hallucinated: hallucinatedPmids.length,
      hallucinatedPmids,
      retracted: retractions.size,
      retractedPmids: [...retractions.keys()],
      hallucinationRate: !stage0.checked || toCheck.length === 0 ? 0 : round(hallucinatedPmids.length / toCheck.length),
      groundedRatio: !judge.nliEnabled || checks.length === 0 ? 0 : round(supported / checks.length),
      citationPrecision: round(alce.precision),
      citationRecall: round(alce.recall),
      citeF1: round(alce.f1),
      nliEnabled: judge.nliEnabled,
      entailmentMethod: judge.method,
      threshold,
      checkedPmids: stage0.checked ? toCheck.length : 0,
      judgedStatements: judge.nliEnabled ? checks.filter((c) => c.citations.some(judgeable) && c.status !== 'unjudged').length : 0,
    },
    statements: checks,
    summaries: stage0.summaries,
    articles,
    readable,
    unread,
    cited,
    citedHallucinated,
    retractions,
    judge,
    citationMetrics: options.citationMetrics ?? true,
    judgePmid: async (pmid, text) => (judgeable(pmid) ? docJudge?.document(pmid, text) : undefined),
  };
}

/** Records a PubMed search returned exist; their summaries come from the records themselves. */
function foundBySearch(found: Map<string, PubmedArticle>): PmidCheck {
  const summaries = new Map<string, PubmedSummary | null>(
    [...found].map(([p, a]) => [p, { pmid: p, title: a.title, journal: a.journal, year: a.year, doi: a.doi, pubTypes: a.pubTypes }]),
  );
  return { checked: true, summaries, hallucinated: [] };
}

/** The records of `pmids`, and whether efetch answered for those not prefetched (false: it failed). */
async function readArticles(deps: EvidenceDeps, pmids: string[], prefetched?: Map<string, PubmedArticle>): Promise<{ articles: Map<string, PubmedArticle>; answered: boolean }> {
  const have = new Map([...(prefetched ?? [])].filter(([p]) => pmids.includes(p)));
  const missing = pmids.filter((p) => !have.has(p));
  if (missing.length === 0) return { articles: have, answered: true };
  const fetched = await deps.report.call('eutils', () => deps.eutils.articles(missing, deps.signal), {
    degrades: 'abstracts could not be read, so entailment was not judged',
  });
  for (const [p, a] of fetched ?? []) have.set(p, a);
  return { articles: have, answered: fetched !== undefined };
}

/**
 * A statement's verdict as the tools report it: supported and best entailment, null when no model
 * judged it (a missing check too), never a false or a 0 that would read as judged.
 */
export function verdictOf(check: Pick<StatementCheck, 'supported' | 'bestEntailment'> | undefined): { supported: boolean | null; bestEntailment: number | null } {
  const best = check?.bestEntailment ?? null;
  return { supported: check?.supported ?? null, bestEntailment: best === null ? null : round(best) };
}

export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
