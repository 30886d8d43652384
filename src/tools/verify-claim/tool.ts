// svc_verify_claim: is a biomedical claim supported by PubMed? With PMIDs it checks those (do they
// exist, do their abstracts entail the claim); without, it searches PubMed and judges what it finds.
import { z } from 'zod';
import { claimQueries } from '../../evidence/claim-query.js';
import type { Judgement } from '../../evidence/judge.js';
import { evidencePassage, integrityBlock, round, runIntegrity, type IntegrityRun } from '../../evidence/pipeline.js';
import { evidenceStatus as statusOf, type EvidenceStatus } from '../../evidence/status.js';
import { citedStatements } from '../../evidence/statements.js';
import type { PubmedArticle } from '../../sources/eutils.js';
import { SourceReport } from '../../sources/report.js';
import { defineTool, type ToolCall } from '../define.js';
import { evidenceStatus, geneSymbol, integrity, LIMITS, pmid, provenance } from '../shared/schemas.js';

/** Abstracts judged when the claim comes without PMIDs. */
export const SEARCH_TOP = 10;

const input = z.object({
  claim: z
    .string()
    .trim()
    .min(3, 'the claim must be at least 3 characters')
    .max(LIMITS.claimChars, `the claim is limited to ${LIMITS.claimChars} characters`)
    .describe('The biomedical claim to verify. Several sentences are checked one by one; inline [PMID:n] markers cite per sentence.'),
  pmids: z
    .array(pmid)
    .max(LIMITS.pmids, `at most ${LIMITS.pmids} PMIDs`)
    .optional()
    .describe('PubMed ids cited for the claim. Omit to search PubMed for evidence instead.'),
  geneContext: z
    .array(geneSymbol)
    .max(LIMITS.genes, `at most ${LIMITS.genes} genes`)
    .optional()
    .describe('Gene symbols that focus the PubMed search (used when no PMIDs are given).'),
});

const verdict = z.enum(['supports', 'contradicts', 'neutral', 'not_found', 'no_abstract', 'unchecked']);

const output = z.object({
  claim: z.string(),
  evidenceStatus: evidenceStatus.describe('grounded | supported | unsupported | contradicted | hallucinated | unverifiable'),
  summary: z.string(),
  pmidsChecked: z.boolean(),
  hallucinated: z.number().int(),
  citeF1: z.number().min(0).max(1),
  citationPrecision: z.number().min(0).max(1),
  citationRecall: z.number().min(0).max(1),
  nliEnabled: z.boolean(),
  entailmentMethod: z.string(),
  threshold: z.number(),
  integrity,
  statements: z.array(
    z.object({
      text: z.string(),
      citations: z.array(z.string()),
      judged: z.array(z.string()).describe('Citations judged for ALCE metrics (first 3)'),
      supported: z.boolean().describe('ALCE recall: the judged citations jointly entail the statement'),
      bestEntailment: z.number(),
      bestPmid: z.string().optional(),
      skipped: z.enum(['uncited', 'out_of_range']).optional(),
    }),
  ),
  pmids: z.array(
    z.object({
      pmid: z.string(),
      exists: z.boolean().nullable().describe('null when PubMed could not be asked'),
      title: z.string().optional(),
      journal: z.string().optional(),
      year: z.number().int().optional(),
      passage: z.string().optional().describe('The abstract window given to the judge'),
      entailment: z.number().optional(),
      neutral: z.number().optional(),
      contradiction: z.number().optional(),
      verdict,
    }),
  ),
  supportingPmids: z.array(z.string()),
  search: z
    .object({ query: z.string(), count: z.number().int(), phrasesNotFound: z.array(z.string()) })
    .optional()
    .describe('The PubMed search run when no PMIDs were given'),
  ...provenance,
});

type Output = z.input<typeof output>;

export const verifyClaimTool = defineTool({
  name: 'svc_verify_claim',
  title: 'Verify a biomedical claim against PubMed',
  description:
    'Checks a claim against PubMed abstracts with the evidence integrity pipeline: cited PMIDs must exist ' +
    '(hallucinated ones are counted), each abstract is judged by a local NLI model (entailment / neutral / ' +
    'contradiction), and citation precision, recall and F1 are computed as in ALCE. Without pmids it searches ' +
    'PubMed (optionally focused by geneContext) and returns the supporting PMIDs it found.',
  input,
  output,
  annotations: { readOnlyHint: true, openWorldHint: true, idempotentHint: true },
  handler: verifyClaim,
});

export async function verifyClaim(args: z.output<typeof input>, call: ToolCall): Promise<Output> {
  const { ctx, progress, signal } = call;
  const report = new SourceReport(ctx.http);
  const deps = { eutils: ctx.sources.eutils, nli: ctx.nli, report, ...(signal ? { signal } : {}) };
  const given = args.pmids ?? [];
  let search: Output['search'];
  let prefetched: Map<string, PubmedArticle> | undefined;
  let cited = given;

  if (given.length === 0) {
    progress.report(0, 4, 'Searching PubMed');
    const found = await searchEvidence(call, report, args.claim, args.geneContext ?? []);
    search = found.search;
    prefetched = found.articles;
    progress.report(1, 4, `Judging ${found.articles.size} abstracts`);
    cited = await rankSupporting(call, args.claim, found.articles);
  } else {
    progress.report(1, 4, `Checking ${given.length} PMIDs`);
  }

  const run = await runIntegrity(deps, citedStatements(args.claim, cited), prefetched);
  progress.report(3, 4, 'Scoring citations');
  const pmids = await perPmid(run, given.length > 0 ? given : [...(prefetched?.keys() ?? [])], args.claim);
  const status = statusOf(run);
  const i = run.integrity;
  const supportingPmids = pmids.filter((p) => p.verdict === 'supports').map((p) => p.pmid);
  progress.report(4, 4, 'Done');
  return {
    claim: args.claim,
    evidenceStatus: status,
    summary: summarize(status, run, pmids, given.length === 0),
    pmidsChecked: i.pmidsChecked,
    hallucinated: i.hallucinated,
    citeF1: i.citeF1,
    citationPrecision: i.citationPrecision,
    citationRecall: i.citationRecall,
    nliEnabled: i.nliEnabled,
    entailmentMethod: i.entailmentMethod,
    threshold: i.threshold,
    integrity: integrityBlock(i),
    statements: run.statements.map((s) => ({
      text: s.text,
      citations: s.citations,
      judged: s.judged,
      supported: s.recall === 1,
      bestEntailment: round(s.bestEntailment),
      ...(s.bestPmid ? { bestPmid: s.bestPmid } : {}),
      ...(s.skipped ? { skipped: s.skipped } : {}),
    })),
    pmids,
    supportingPmids,
    ...(search ? { search } : {}),
    sources: report.list(),
    warnings: report.warnings,
  };
}

async function searchEvidence(call: ToolCall, report: SourceReport, claim: string, genes: readonly string[]) {
  const { eutils } = call.ctx.sources;
  for (const query of claimQueries(claim, genes)) {
    const result = await report.call('eutils', () => eutils.search(query, { retmax: SEARCH_TOP }, call.signal), {
      records: (r) => r.ids.length,
      degrades: 'PubMed could not be searched',
    });
    if (!result) break;
    if (result.ids.length === 0) continue;
    const articles = (await report.call('eutils', () => eutils.articles(result.ids, call.signal), { degrades: 'abstracts could not be read' })) ?? new Map();
    // Keep PubMed's relevance order.
    const ordered = new Map(result.ids.filter((id) => articles.has(id)).map((id) => [id, articles.get(id)!]));
    return { search: { query, count: result.count, phrasesNotFound: result.phrasesNotFound }, articles: ordered };
  }
  return { search: { query: claimQueries(claim, genes)[0] ?? '', count: 0, phrasesNotFound: [] }, articles: new Map<string, PubmedArticle>() };
}

/** Found abstracts that entail the claim, best first: they become the claim's citations. */
async function rankSupporting(call: ToolCall, claim: string, articles: Map<string, PubmedArticle>): Promise<string[]> {
  const judge = await call.ctx.nli.judge();
  const scored: { pmid: string; entailment: number }[] = [];
  for (const [pmid, a] of articles) {
    if (!a.abstract) continue;
    const j = await judge.score(evidencePassage(a.title, a.abstract, claim, call.ctx.nli.window), claim);
    if (j.entailment >= call.ctx.nli.threshold) scored.push({ pmid, entailment: j.entailment });
  }
  return scored.sort((x, y) => y.entailment - x.entailment).map((s) => s.pmid);
}

async function perPmid(run: IntegrityRun, pmids: readonly string[], claim: string): Promise<Output['pmids']> {
  const threshold = run.integrity.threshold;
  const out: Output['pmids'] = [];
  for (const p of [...new Set(pmids)]) {
    const summary = run.summaries.get(p);
    const article = run.articles.get(p);
    const exists = !run.integrity.pmidsChecked ? null : Boolean(summary);
    const meta = {
      ...(summary?.title || article?.title ? { title: summary?.title ?? article?.title } : {}),
      ...(summary?.journal || article?.journal ? { journal: summary?.journal || article?.journal } : {}),
      ...((summary?.year ?? article?.year) !== undefined ? { year: summary?.year ?? article?.year } : {}),
    };
    if (exists === false) {
      out.push({ pmid: p, exists, verdict: 'not_found' });
      continue;
    }
    if (!article?.abstract) {
      out.push({ pmid: p, exists, ...meta, verdict: exists === null ? 'unchecked' : 'no_abstract' });
      continue;
    }
    const scored = await run.scorePmid(p, claim);
    if (!scored) {
      out.push({ pmid: p, exists, ...meta, verdict: 'unchecked' });
      continue;
    }
    out.push({ pmid: p, exists, ...meta, passage: scored.passage, ...probabilities(scored.judgement), verdict: verdictOf(scored.judgement, threshold) });
  }
  return out;
}

function probabilities(j: Judgement) {
  return { entailment: round(j.entailment), neutral: round(j.neutral), contradiction: round(j.contradiction) };
}

export function verdictOf(j: Judgement, threshold: number): 'supports' | 'contradicts' | 'neutral' {
  if (j.entailment >= threshold && j.entailment >= j.contradiction) return 'supports';
  if (j.contradiction >= threshold && j.contradiction > j.entailment) return 'contradicts';
  return 'neutral';
}

function summarize(status: EvidenceStatus, run: IntegrityRun, pmids: Output['pmids'], searched: boolean): string {
  const i = run.integrity;
  const parts: string[] = [];
  const supporting = pmids.filter((p) => p.verdict === 'supports').map((p) => p.pmid);
  const contradicting = pmids.filter((p) => p.verdict === 'contradicts').map((p) => p.pmid);
  if (searched) parts.push(`Searched PubMed and judged ${pmids.length} abstract${pmids.length === 1 ? '' : 's'}.`);
  else if (i.pmidsChecked) {
    const exist = pmids.filter((p) => p.exists).length;
    parts.push(`${exist} of ${pmids.length} cited PMIDs exist${i.hallucinated ? `; ${i.hallucinated} do not (${run.integrity.hallucinatedPmids.join(', ')})` : ''}.`);
  } else parts.push('PubMed could not be reached, so PMID existence is unknown.');
  const headline: Record<EvidenceStatus, string> = {
    grounded: 'The claim is well grounded in the cited abstracts',
    supported: 'The claim is supported by at least one abstract, but the citations are not well grounded overall',
    unsupported: 'No abstract entails the claim',
    contradicted: 'The abstracts contradict the claim',
    hallucinated: 'Every cited PMID is fake',
    unverifiable: 'No abstract could be read, so the claim could not be verified',
  };
  parts.push(`${headline[status]}.`);
  if (supporting.length) parts.push(`Supporting: PMID ${supporting.slice(0, 5).join(', ')}${supporting.length > 5 ? ', ...' : ''}.`);
  if (contradicting.length) parts.push(`Contradicting: PMID ${contradicting.slice(0, 5).join(', ')}.`);
  if (status !== 'hallucinated' && status !== 'unverifiable') {
    parts.push(
      `Citation precision ${i.citationPrecision.toFixed(2)}, recall ${i.citationRecall.toFixed(2)}, F1 ${i.citeF1.toFixed(2)} (judge: ${i.entailmentMethod}${i.nliEnabled ? '' : ', NLI model unavailable'}).`,
    );
  }
  return parts.join(' ');
}
