// The evidence integrity pipeline run on every answer: stage 0 (PMIDs exist), stage 1 (NLI on
// abstract passages), stage 2 (ALCE citation recall/precision/F1). Fails closed: without a
// readable abstract or a real NLI judge nothing is called grounded.
import type { Eutils, PubmedArticle, PubmedSummary } from '../sources/eutils.js';
import type { SourceReport } from '../sources/report.js';
import { alceScores, type AlceStatementScore } from './citations.js';
import type { ActiveJudge, Judgement, NliService } from './judge.js';
import { selectPassage } from './passage.js';
import { checkPmids, PMID_PATTERN } from './pmids.js';
import { OUT_OF_RANGE, type CitedStatement } from './statements.js';

export interface EvidenceDeps {
  eutils: Eutils;
  nli: NliService;
  report: SourceReport;
  signal?: AbortSignal;
}

export interface StatementCheck extends AlceStatementScore {
  text: string;
  citations: string[];
  /** Highest single-passage entailment among the statement's existing citations. */
  bestEntailment: number;
  bestPmid?: string;
  contradicted: boolean;
}

export interface Integrity {
  pmidsChecked: boolean;
  hallucinated: number;
  hallucinatedPmids: string[];
  hallucinationRate: number;
  groundedRatio: number;
  citationPrecision: number;
  citationRecall: number;
  citeF1: number;
  nliEnabled: boolean;
  entailmentMethod: string;
  threshold: number;
}

/** The `integrity` block every result carries (DESIGN.md 2.1): the public part of Integrity. */
export function integrityBlock(i: Integrity) {
  return {
    pmidsChecked: i.pmidsChecked,
    hallucinated: i.hallucinated,
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
  /** Cited PMIDs that exist and have an abstract: the only evidence that can ground a statement. */
  readable: Set<string>;
  /** Distinct PMIDs cited (out-of-range markers excluded). */
  cited: string[];
  judge: ActiveJudge;
  /** Scores one PMID's best passage against a text (memoized; for per-PMID reports). */
  scorePmid(pmid: string, text: string): Promise<{ passage: string; judgement: Judgement } | undefined>;
}

export async function runIntegrity(
  deps: EvidenceDeps,
  statements: readonly CitedStatement[],
  prefetched?: Map<string, PubmedArticle>,
): Promise<IntegrityRun> {
  // Out-of-range markers ([k] beyond the list) are not PMIDs: ALCE scores them, stage 0 skips them.
  const cited = [...new Set(statements.flatMap((s) => s.pmids))].filter((p) => !p.startsWith(OUT_OF_RANGE));
  // Existence (esummary) and abstracts (efetch) in parallel: one round trip instead of two.
  // efetch simply omits PMIDs that do not exist, so nothing is lost by asking before knowing.
  const wellFormed = cited.filter((p) => PMID_PATTERN.test(p));
  const [stage0, fetched] = await Promise.all([
    checkPmids(deps.eutils, cited, deps.report, deps.signal),
    readArticles(deps, wellFormed, prefetched),
  ]);
  // Without esummary, an abstract that efetch returned is still proof that the PMID exists.
  const existing = cited.filter((p) => (stage0.checked ? stage0.summaries.get(p) : fetched.has(p)));
  const articles = new Map([...fetched].filter(([p]) => existing.includes(p)));
  const judge = await deps.nli.judge();
  const scorer = new PassageScorer(judge, deps.nli.window, articles, stage0.summaries);

  // ALCE documents: cited PMIDs that exist in PubMed (an article without abstract is judged on its
  // title, as ALCE formats passages). Nonexistent PMIDs are out of range.
  const documents = new Set(existing.filter((p) => articles.has(p)));
  const threshold = deps.nli.threshold;
  const alce = await alceScores(
    statements.map((s) => ({ text: s.text, citations: s.pmids })),
    documents,
    async (ids, text) => (await scorer.joint(ids, text)).entailment >= threshold,
  );

  const checks: StatementCheck[] = [];
  for (const [i, s] of statements.entries()) {
    let best = 0;
    let bestPmid: string | undefined;
    let contradicted = false;
    for (const pmid of s.pmids.filter((p) => documents.has(p))) {
      const j = await scorer.joint([pmid], s.text);
      if (j.entailment > best) [best, bestPmid] = [j.entailment, pmid];
      if (j.contradiction >= threshold && j.contradiction > j.entailment) contradicted = true;
    }
    checks.push({ ...alce.statements[i]!, text: s.text, citations: s.pmids, bestEntailment: best, ...(bestPmid ? { bestPmid } : {}), contradicted });
  }

  const hallucinatedPmids = stage0.checked ? stage0.hallucinated : [];
  const grounded = checks.filter((c) => c.bestEntailment >= threshold).length;
  return {
    integrity: {
      pmidsChecked: stage0.checked,
      hallucinated: hallucinatedPmids.length,
      hallucinatedPmids,
      hallucinationRate: cited.length === 0 ? 0 : round(hallucinatedPmids.length / cited.length),
      groundedRatio: checks.length === 0 ? 0 : round(grounded / checks.length),
      citationPrecision: round(alce.precision),
      citationRecall: round(alce.recall),
      citeF1: round(alce.f1),
      nliEnabled: judge.nliEnabled,
      entailmentMethod: judge.method,
      threshold,
    },
    statements: checks,
    summaries: stage0.summaries,
    articles,
    readable: new Set(existing.filter((p) => Boolean(articles.get(p)?.abstract))),
    cited,
    judge,
    scorePmid: (pmid, text) => scorer.single(pmid, text),
  };
}

async function readArticles(deps: EvidenceDeps, pmids: string[], prefetched?: Map<string, PubmedArticle>): Promise<Map<string, PubmedArticle>> {
  const have = new Map([...(prefetched ?? [])].filter(([p]) => pmids.includes(p)));
  const missing = pmids.filter((p) => !have.has(p));
  if (missing.length > 0) {
    const fetched = await deps.report.call('eutils', () => deps.eutils.articles(missing, deps.signal), {
      degrades: 'abstracts could not be read, so entailment was not judged',
    });
    for (const [p, a] of fetched ?? []) have.set(p, a);
  }
  return have;
}

/**
 * Builds ALCE-style passages ("Title: ...\n<abstract window>") and memoizes judgements. A joint
 * premise splits the passage window between its documents so it still fits the model.
 */
class PassageScorer {
  private readonly memo = new Map<string, Promise<Judgement>>();

  constructor(
    private readonly judge: ActiveJudge,
    private readonly window: number,
    private readonly articles: Map<string, PubmedArticle>,
    private readonly summaries: Map<string, PubmedSummary | null>,
  ) {}

  passage(pmid: string, text: string, window: number): string | undefined {
    const article = this.articles.get(pmid);
    const title = article?.title || this.summaries.get(pmid)?.title;
    if (!article && !title) return undefined;
    return evidencePassage(title ?? '', article?.abstract ?? '', text, window);
  }

  joint(ids: readonly string[], text: string): Promise<Judgement> {
    const key = `${ids.join(',')}\u0000${text}`;
    let pending = this.memo.get(key);
    if (!pending) {
      const share = Math.floor(this.window / Math.max(1, ids.length));
      const premise = ids.map((id) => this.passage(id, text, share) ?? '').join('\n');
      pending = this.judge.score(premise, text);
      this.memo.set(key, pending);
    }
    return pending;
  }

  async single(pmid: string, text: string): Promise<{ passage: string; judgement: Judgement } | undefined> {
    const passage = this.passage(pmid, text, this.window);
    if (passage === undefined) return undefined;
    return { passage, judgement: await this.joint([pmid], text) };
  }
}

/** ALCE's passage format ("Title: ...\n<text>"), with the abstract window that best matches `text`. */
export function evidencePassage(title: string, abstract: string, text: string, window: number): string {
  const body = abstract ? selectPassage(abstract, text, window) : '';
  return `Title: ${title}\n${body}`.trim();
}

export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
