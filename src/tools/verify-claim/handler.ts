// svc_verify_claim's run: cited PMIDs checked, or PubMed searched and every abstract found judged.
// Loaded on the tool's first call (tool.ts).
import { claimQueries } from '../../evidence/claim-query.js';
import { round, runIntegrity, verdictOf } from '../../evidence/pipeline.js';
import { reportIntegrity } from '../shared/integrity.js';
import { citedStatements, withoutMarkers } from '../../evidence/statements.js';
import { evidenceStatus as statusOf } from '../../evidence/status.js';
import type { SourceReport } from '../../sources/report.js';
import type { CallDeadline } from '../../sources/deadline.js';
import { deadlineReport, noteDeadline, withCallDeadline } from '../shared/call-deadline.js';
import type { ToolCall } from '../define.js';
import { VERIFY_TOOL } from '../names.js';
import { perPmid } from './per-pmid.js';
import type { VerifyInput, VerifyOutput } from './schema.js';
import { summarize, type SearchDone } from './summary.js';

/** Abstracts judged when the claim comes without PMIDs. */
export const SEARCH_TOP = 10;

/** Under the call deadline: PubMed (3/s without a key) answers esummary and efetch per 200 PMIDs, and the search. */
export async function verifyClaim(args: VerifyInput, call: ToolCall): Promise<VerifyOutput> {
  const batches = Math.ceil((args.pmids?.length ?? 0) / 200);
  return withCallDeadline(call, VERIFY_TOOL, { eutils: 3 + 2 * batches }, (c, deadline) => checkClaim(args, c, deadline));
}

async function checkClaim(args: VerifyInput, call: ToolCall, deadline: CallDeadline): Promise<VerifyOutput> {
  const { ctx, progress, signal } = call;
  const report = deadlineReport(call, deadline);
  const deps = { eutils: ctx.sources.eutils, nli: ctx.nli, report, ...(signal ? { signal } : {}) };
  const given = args.pmids ?? [];
  // [PMID:n] markers cite by themselves: a claim that has them is checked, not searched.
  const marked = citedStatements(args.claim, []).some((s) => s.pmids.some((p) => !p.startsWith('#')));
  const searched = given.length === 0 && !marked;
  // Searched, every record found weighs in: a bare [k] (the k-th of pmids, none given) cites nothing.
  const unmarked = searched ? withoutMarkers(args.claim) : { text: args.claim, markers: [] };
  if (unmarked.markers.length) report.warnings.push(`${unmarked.markers.join(' ')}: ${unmarked.markers.length === 1 ? 'this marker cites' : 'these markers cite'} the k-th of pmids, and none were given; ignored: PubMed was searched and every record found judged against the claim. Cite with [PMID:n] or give pmids.`);
  const claim = unmarked.text;
  let done: SearchDone | null = null;
  if (searched) {
    progress.report(0, 4, 'Searching PubMed');
    done = await searchEvidence(call, report, claim, args.geneContext ?? []);
    progress.report(1, 4, `Judging ${done.articles.size} abstracts`);
  } else {
    progress.report(1, 4, 'Checking the cited PMIDs');
  }

  // Search mode: the claim is weighed against every record found, as if it cited them all.
  const found = done?.articles;
  const statements = citedStatements(claim, found ? [...found.keys()] : given);
  // [3] with two PMIDs cites nothing (ALCE's out of range): said, not left to read as "no abstract".
  const outOfRange = [...new Set(statements.flatMap((s) => s.pmids.filter((p) => p.startsWith('#'))))].map((p) => `[${p.slice(1)}]`);
  if (outOfRange.length) report.warnings.push(`${outOfRange.join(' ')} ${outOfRange.length === 1 ? 'points' : 'point'} past the ${given.length} PMID${given.length === 1 ? '' : 's'} given: ${outOfRange.length === 1 ? 'it cites' : 'they cite'} nothing (out of range, as ALCE counts it).`);
  // Every PMID listed is looked up, cited by a marker or not: a real PMID is never called fake
  // because no marker cited it (it read "not_found", "1 of 2 cited PMIDs exist").
  const run = await runIntegrity(deps, statements, found ? { found, citationMetrics: false } : { alsoCheck: given });
  progress.report(3, 4, 'Judging each PMID');
  // A row for every PMID listed and every PMID a marker cites.
  const rows = await perPmid(run, found ? [...found.keys()] : [...given, ...run.cited]);
  const i = run.integrity;
  const status = statusOf({
    statements: run.statements,
    cited: run.cited,
    citeF1: i.citeF1,
    citationMetrics: run.citationMetrics,
    nliEnabled: i.nliEnabled,
    pmidsChecked: i.pmidsChecked,
    hallucinated: run.citedHallucinated,
    retracted: new Set(run.retractions.keys()),
    readable: run.readable,
    unread: run.unread,
  });
  // Figures not computed are null (shared/integrity.ts); citation metrics do not apply to a search.
  const reported = reportIntegrity(run);
  const metric = (x: number | null) => (searched ? null : x);
  progress.report(4, 4, 'Done');
  noteDeadline(report, deadline, 'the check');
  return {
    claim: args.claim,
    evidenceStatus: status,
    summary: summarize(status, run, rows, done),
    mode: searched ? 'search' : 'cited',
    pmidsChecked: reported.pmidsChecked,
    hallucinated: reported.hallucinated,
    citeF1: metric(reported.citeF1),
    citationPrecision: metric(reported.citationPrecision),
    citationRecall: metric(reported.citationRecall),
    nliEnabled: i.nliEnabled,
    entailmentMethod: i.entailmentMethod,
    threshold: i.threshold,
    integrity: { ...reported, citeF1: metric(reported.citeF1), citationPrecision: metric(reported.citationPrecision), citationRecall: metric(reported.citationRecall) },
    statements: run.statements.map((s) => ({
      text: s.text,
      citations: s.citations,
      judged: s.judged,
      status: s.status,
      ...verdictOf(s),
      entailing: s.entailing,
      contradicting: s.contradicting,
      ...(s.bestPmid ? { bestPmid: s.bestPmid } : {}),
      ...(s.skipped ? { skipped: s.skipped } : {}),
    })),
    pmids: rows,
    supportingPmids: rows.filter((p) => p.verdict === 'supports' || p.verdict === 'mixed').map((p) => p.pmid),
    contradictingPmids: rows.filter((p) => p.verdict === 'contradicts' || p.verdict === 'mixed').map((p) => p.pmid),
    ...(done ? { search: done.search } : {}),
    sources: report.list(),
    warnings: report.warnings,
  };
}

async function searchEvidence(call: ToolCall, report: SourceReport, claim: string, genes: readonly string[]): Promise<SearchDone> {
  const { eutils } = call.ctx.sources;
  const attempts = claimQueries(claim, genes);
  for (const attempt of attempts) {
    const { query } = attempt;
    const result = await report.call('eutils', () => eutils.search(query, { retmax: SEARCH_TOP }, call.signal), {
      records: (r) => r.ids.length,
      degrades: 'PubMed could not be searched',
    });
    // Failed is not "found nothing": say so, and do not relax a query PubMed could not run.
    if (!result) return { search: { query, count: null, phrasesNotFound: [] }, asked: null, articles: new Map(), failed: 'search' };
    if (result.ids.length === 0) continue;
    const search = { query, count: result.count, phrasesNotFound: result.phrasesNotFound };
    const articles = await report.call('eutils', () => eutils.articles(result.ids, call.signal), { degrades: 'abstracts could not be read' });
    if (!articles) return { search, asked: attempt, articles: new Map(), failed: 'abstracts' };
    // Keep PubMed's relevance order.
    const ordered = new Map(result.ids.filter((id) => articles.has(id)).map((id) => [id, articles.get(id)!]));
    return { search, asked: attempt, articles: ordered, failed: null };
  }
  return { search: { query: attempts[0]?.query ?? '', count: 0, phrasesNotFound: [] }, asked: null, articles: new Map(), failed: null };
}
