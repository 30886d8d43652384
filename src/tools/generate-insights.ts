// svc_generate_insights: the primary analysis. A gene panel and a disease context in; enriched
// pathways, therapeutic strategies, tiered drug candidates, hypotheses and an evidence brief out,
// every statement checked by the integrity pipeline, the whole saved as a snapshot.
//
// Rounds on the critical path (independent work runs in parallel inside each):
//   1. HGNC resolution | Open Targets disease search | gene-set libraries
//   2. STRING network | Open Targets candidates + DGIdb | gene-disease literature | focus-gene profiles
//      (UniProt, AlphaFold, MyGene, Ensembl, gnomAD, CIViC, ClinPGx) | g:Profiler | Reactome summaries |
//      preprints (Europe PMC, then bioRxiv)                                          (enrichment is pure)
//   3. ChEMBL/PubChem for the drafts | drug literature | pair literature
//   4. integrity: esummary + efetch, then NLI | citation metrics (iCite, Semantic Scholar) |
//      trials (ClinicalTrials.gov) and FDA labels (openFDA) of the final top candidates
import { buildDrugCandidates, rankForTier, type DrugCandidate, type GeneDrugEvidence } from '../analysis/drug-candidates.js';
import { enrichMany, type EnrichmentRow } from '../analysis/enrichment.js';
import { focusGenes } from '../analysis/focus-genes.js';
import { canonicalStatements, renderBrief, type BriefFacts } from '../analysis/evidence-brief.js';
import { buildHypotheses, candidatePairs, type Edge } from '../analysis/hypotheses.js';
import { qualityScore } from '../analysis/quality.js';
import { buildStrategies } from '../analysis/strategies.js';
import { integrityBlock, round, runIntegrity } from '../evidence/pipeline.js';
import { SourceReport } from '../sources/report.js';
import { newSnapshotId } from '../store/snapshot-id.js';
import { defineTool, type ToolCall } from './define.js';
import { insightsInput, insightsOutput, type InsightsInput, type InsightsOutput } from './_insights-schema.js';
import { candidateContext, citationMetrics, confirmedBy, gprofilerCrossCheck, preprints, reactomeSummaries, type CandidateContext, type CrossCheck } from './insights-extras.js';
import { geneProfiles } from './insights-profiles.js';
import { drugDetails, drugEvidence, drugLiterature, geneLiterature, matchDisease, networkEdges, pairLiterature, resolvePanel, type Gather } from './insights-gather.js';

export const TOOL_NAME = 'svc_generate_insights';
const MAX_PATHWAYS = 25;
const MAX_CANDIDATES = 25;

export const generateInsightsTool = defineTool({
  name: TOOL_NAME,
  title: 'Gene-panel insights: pathways, strategies, drugs, hypotheses, evidence brief',
  description:
    'Analyses a gene panel in a disease context: FDR pathway enrichment (hypergeometric + Benjamini-Hochberg ' +
    'over Reactome, GO, WikiPathways, MSigDB Hallmark and KEGG), therapeutic strategies, tiered drug ' +
    'candidates with a 6-factor score and ADMET (withheld for the free tier), data-derived hypotheses, and an ' +
    'evidence brief for the chosen audience whose statements are checked against PubMed (PMIDs exist, NLI ' +
    'entailment, ALCE citation F1). Also: a g:Profiler cross-check of the pathways, profiles of the focus genes ' +
    '(protein, structure, constraint, CIViC clinical evidence, pharmacogenomics), trials and FDA labels of the top ' +
    'candidates, preprints and citation metrics. Saved as a snapshot (snapshotId).',
  input: insightsInput,
  output: insightsOutput,
  annotations: { readOnlyHint: false, openWorldHint: true, idempotentHint: false },
  handler: generateInsights,
});

export async function generateInsights(input: InsightsInput, call: ToolCall): Promise<InsightsOutput> {
  const { ctx, signal } = call;
  const report = new SourceReport(ctx.http);
  const g: Gather = { call, report };
  const disease = input.diseaseContext;
  const steps = 6;
  const step = (i: number, message: string) => call.progress.report(i, steps, message);

  step(0, 'Resolving genes, disease and gene-set libraries');
  const [panel, diseases, libs] = await Promise.all([
    resolvePanel(g, input.genes),
    matchDisease(g, disease),
    ctx.genesets.load({ report, ...(signal ? { signal } : {}) }),
  ]);
  const symbols = panel.symbols;
  const diseaseIds = diseases.map((d) => d.id);
  // Enrichr failures are already in the report's warnings; user GMT files are not fetched, so say it here.
  for (const f of libs.failures.filter((x) => x.path)) report.warnings.push(`gene-set file ${f.path} not used: ${f.error}`);
  report.warnings.push(...libs.warnings);
  if (panel.unresolved.length) report.warnings.push(`unresolved genes left out: ${panel.unresolved.join(', ')}`);

  step(1, `Enrichment over ${libs.libraries.length} libraries; network, drugs, literature and focus-gene profiles`);
  // Only significant rows are reported, so only they get overlap lists and row objects.
  const enrichment = enrichMany(symbols, libs.libraries.map((l) => l.library), { rows: 'significant' });
  const significant = enrichment.flatMap((e) => e.rows.filter((r) => r.significant)).sort((a, b) => a.q - b.q || a.p - b.p);
  const drugNote = drugAnalysisNote(input.includeDrugs, call);
  if (drugNote) for (const id of ['dgidb', 'chembl', 'pubchem', 'clinicaltrials', 'openfda'] as const) report.skip(id, drugNote);
  const focus = focusGenes(symbols, significant);
  const panelBySymbol = new Map(panel.results.filter((r) => r.symbol).map((r) => [r.symbol!, r]));
  const [edges, drugs, geneLit, profiles, crossCheck, reactome, preprintList] = await Promise.all([
    networkEdges(g, symbols),
    drugNote ? Promise.resolve(undefined) : drugEvidence(g, panel, diseaseIds),
    geneLiterature(g, symbols, disease, new Map()),
    geneProfiles(g, focus, panelBySymbol, disease),
    gprofilerCrossCheck(g, symbols),
    reactomeSummaries(g, significant),
    preprints(g, focus.map((f) => f.symbol), disease),
  ]);
  for (const lit of geneLit) lit.association = drugs?.associations.get(lit.gene) ?? null;

  step(2, 'Ranking drug candidates and checking the literature of hypotheses');
  const pairs = candidatePairs(symbols, edges, significant);
  const [candidates, pairLit] = await Promise.all([
    drugs ? rankCandidates(g, drugs.evidence, { ids: diseaseIds, name: disease }, significant, edges) : Promise.resolve({ ranked: [] as DrugCandidate[], statements: [] }),
    pairLiterature(g, pairs, disease),
  ]);
  const hypotheses = buildHypotheses(pairs, pairLit, disease);
  const strategies = buildStrategies(significant, candidates.ranked);

  step(3, 'Checking every statement against PubMed; trials, labels and citation metrics');
  const facts: BriefFacts = {
    disease,
    genes: symbols,
    geneLiterature: geneLit,
    drugLiterature: candidates.statements,
    candidates: candidates.ranked,
    hypotheses,
    pathways: significant,
    strategies,
    ...(drugNote ? { drugsNote: drugNote } : {}),
  };
  const statements = canonicalStatements(facts);
  const citedPmids = [...statements.flatMap((s) => s.pmids), ...hypotheses.flatMap((h) => h.supportingPmids), ...candidates.ranked.slice(0, MAX_CANDIDATES).flatMap((c) => c.pmids)];
  const [run, metrics, context] = await Promise.all([
    runIntegrity(
      { eutils: ctx.sources.eutils, nli: ctx.nli, report, ...(signal ? { signal } : {}) },
      statements.map((s) => ({ text: s.claim, pmids: s.pmids })),
    ),
    citationMetrics(g, citedPmids),
    drugs ? candidateContext(g, candidates.ranked, disease) : Promise.resolve(new Map<string, CandidateContext>()),
  ]);
  const brief = renderBrief(facts, statements, input.audience);
  const checks = new Map(statements.map((s, i) => [s.id, run.statements[i]]));

  step(4, 'Scoring and saving the snapshot');
  const i = run.integrity;
  const sources = report.list();
  const quality = qualityScore({ groundedRatio: i.groundedRatio, citeF1: i.citeF1, hallucinationRate: i.hallucinationRate, sources });
  const snapshotId = newSnapshotId();
  const result: InsightsOutput = {
    snapshotId,
    diseaseContext: disease,
    diseaseMatches: diseases.map((d) => ({ id: d.id, name: d.name })),
    audience: input.audience,
    genes: symbols,
    geneResolution: panel.results.map((r) => ({ input: r.input, symbol: r.symbol, how: r.how })),
    unresolvedGenes: panel.unresolved,
    enrichedPathways: significant.slice(0, MAX_PATHWAYS).map((r) => pathwayOut(r, crossCheck, reactome.get(r.id)?.summary ?? null)),
    enrichment: enrichment.map((e) => ({ library: e.library, N: e.N, n: e.n, tested: e.tested, significant: e.rows.filter((r) => r.significant).length, notInLibrary: e.notInLibrary })),
    enrichmentCrossCheck: crossCheckOut(crossCheck, significant.slice(0, MAX_PATHWAYS)),
    focusGenes: profiles,
    therapeuticStrategies: strategies,
    drugCandidates: candidates.ranked.slice(0, MAX_CANDIDATES).map((c) => candidateOut(c, context.get(c.chemblId ?? c.name))),
    ...(drugNote ? { drugAnalysisNote: drugNote } : {}),
    hypotheses,
    evidenceBrief: {
      ...brief,
      statements: brief.statements.map((s) => {
        const c = checks.get(s.id);
        return { ...s, supported: c?.recall === 1, bestEntailment: round(c?.bestEntailment ?? 0) };
      }),
    },
    preprints: preprintList,
    citationMetrics: metrics,
    integrity: integrityBlock(i),
    qualityScore: quality.qualityScore,
    qualityParts: quality.parts,
    sources,
    warnings: report.warnings,
  };
  const saved = await ctx.snapshots
    .save({ id: snapshotId, tool: TOOL_NAME, genes: symbols, diseaseContext: disease, qualityScore: quality.qualityScore, inputs: input, result })
    .then(() => true)
    .catch((err: unknown) => {
      ctx.log.error('snapshot could not be saved', { err });
      return false;
    });
  if (!saved) result.warnings.push('the snapshot could not be saved; this result cannot be fetched again by its snapshotId');
  step(steps, 'Done');
  return result;
}

/** Why drug candidates are absent, or undefined when they are analysed (DESIGN.md 2.3). */
function drugAnalysisNote(includeDrugs: boolean, call: ToolCall): string | undefined {
  if (!includeDrugs) return 'Drug analysis skipped: includeDrugs is false (pathway-only analysis; no drug sources were called).';
  if (call.tier === 'free') {
    return 'Ranked drug candidates are not included for the free tier. Use an API key of tier "researcher" (X-API-Key header), or run biointel locally, to get tiered candidates with scores and ADMET.';
  }
  return undefined;
}

async function rankCandidates(
  g: Gather,
  evidence: GeneDrugEvidence[],
  disease: { ids: string[]; name: string },
  pathways: EnrichmentRow[],
  edges: Edge[],
): Promise<{ ranked: DrugCandidate[]; statements: { drug: string; gene: string; pmids: string[] }[] }> {
  const networkDegree = new Map<string, number>();
  for (const e of edges) for (const x of [e.a, e.b]) networkDegree.set(x, (networkDegree.get(x) ?? 0) + 1);
  const base = { genes: evidence, disease, pathways, networkDegree };
  // Drafts decide which drugs deserve the (per-drug) detail and literature calls.
  const drafts = buildDrugCandidates(base);
  if (drafts.length === 0) {
    for (const id of ['chembl', 'pubchem'] as const) g.report.skip(id, 'no drug candidate for this panel');
    return { ranked: [], statements: [] };
  }
  const [details, literature] = await Promise.all([drugDetails(g, drafts), drugLiterature(g, drafts, disease.name)]);
  // Tiered list: tier I first, then II, then III, by score within a tier.
  const ranked = rankForTier(buildDrugCandidates({ ...base, molecules: details.molecules, pubchem: details.pubchem, literature: literature.support }), 'all');
  return { ranked, statements: literature.statements };
}

function crossCheckOut(check: CrossCheck | undefined, reported: readonly EnrichmentRow[]): InsightsOutput['enrichmentCrossCheck'] {
  if (!check) return null;
  const confirmed = reported.filter((r) => confirmedBy(check, r)).length;
  return { source: check.source, version: check.version, significantTerms: check.significantTerms, confirmed, checked: reported.length };
}

function pathwayOut(r: EnrichmentRow, check: CrossCheck | undefined, reactomeSummary: string | null): InsightsOutput['enrichedPathways'][number] {
  return {
    id: r.id,
    name: r.name,
    library: r.library,
    ...(r.link ? { link: r.link } : {}),
    overlapGenes: r.overlapGenes,
    k: r.k,
    K: r.K,
    n: r.n,
    N: r.N,
    oddsRatio: round(r.oddsRatio),
    p: r.p,
    q: r.q,
    confirmedByGprofiler: confirmedBy(check, r),
    ...(reactomeSummary ? { reactomeSummary } : {}),
  };
}

function candidateOut(c: DrugCandidate, context: CandidateContext | undefined): InsightsOutput['drugCandidates'][number] {
  return {
    name: c.name,
    chemblId: c.chemblId,
    tier: c.tier,
    tierReason: c.tierReason,
    score: c.score,
    factors: c.factors,
    missingFactors: c.missingFactors,
    targetGenes: c.targetGenes,
    actionTypes: c.actionTypes,
    mechanisms: [...new Set(c.mechanisms.map((m) => m.mechanismOfAction).filter((m): m is string => Boolean(m)))],
    maxPhase: c.maxPhase,
    approved: c.approved,
    withdrawn: c.withdrawn,
    indicatedForDisease: c.indicatedForDisease,
    admet: c.admet,
    evidenceQuality: c.evidenceQuality,
    evidenceQualityReason: c.evidenceQualityReason,
    sources: [...c.sources, ...(context?.trials ? ['clinicaltrials'] : []), ...(context?.label ? ['openfda'] : [])],
    pmids: c.pmids,
    ...(context?.trials ? { trials: context.trials } : {}),
    ...(context?.label !== undefined ? { label: context.label } : {}),
  };
}
