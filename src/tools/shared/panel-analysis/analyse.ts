// The panel analysis behind svc_generate_insights (and the panel tools built on it): a gene panel and
// a disease context in; enriched pathways, therapeutic strategies, tiered drug candidates,
// hypotheses and an evidence brief out, every statement checked by the integrity pipeline, the
// whole saved as a snapshot.
//
// Rounds on the critical path. Each piece of work starts as soon as what it needs is known, not when
// the whole previous step is done, so every dependent round is one wave of requests:
//   1. Open Targets disease search | gene-set libraries | (HGNC table on disk: no request) STRING
//      network, gene-disease literature (PubMed) and g:Profiler, which need only the resolved panel
//   2. Open Targets candidates + DGIdb (need the diseases) | focus-gene profiles (UniProt, AlphaFold,
//      MyGene, Ensembl, gnomAD, CIViC, ClinPGx), Reactome summaries, preprint search and pair
//      literature (need the enrichment, which is pure, and the network)
//   3. ChEMBL/PubChem for the drafts | drug literature | bioRxiv details of the preprints found
//   4. integrity: esummary + efetch, then NLI | citation metrics (iCite, Semantic Scholar) |
//      trials (ClinicalTrials.gov) and FDA labels (openFDA) of the final top candidates
// Work whose result only goes into the answer (preprints, focus-gene profiles but their CIViC
// evidence, cross-check) is awaited last, beside the checks: the citation check waits only for what
// carries PMIDs.
import { INSIGHTS_TOOL } from '../../names.js';
import { type DrugCandidate } from '../../../analysis/drug-candidates.js';
import { enrichMany } from '../../../analysis/enrichment.js';
import { focusGenes } from '../../../analysis/focus-genes.js';
import { canonicalStatements, renderBrief, type BriefFacts } from '../../../analysis/evidence-brief.js';
import { buildHypotheses, candidatePairs, pairKey } from '../../../analysis/hypotheses.js';
import { checkedHypotheses } from '../../../analysis/hypotheses-checked.js';
import { qualityScore } from '../../../analysis/quality.js';
import { buildStrategies } from '../../../analysis/strategies.js';
import { round, runIntegrity, verdictOf } from '../../../evidence/pipeline.js';
import { collectPmids } from '../../../evidence/pmid-fields.js';
import type { CallDeadline, WorkPlan } from '../../../sources/deadline.js';
import { deadlineReport, noteDeadline, withCallDeadline } from '../call-deadline.js';
import { reportIntegrity } from '../integrity.js';
import { newSnapshotId } from '../../../store/snapshot-id.js';
import type { ToolCall } from '../../define.js';
import { rankCandidates } from '../drug-details.js';
import { literatureDiseaseNames, matchDisease } from '../disease.js';
import { drugAnalysisNote, drugCoverage, drugEvidence } from '../drugs.js';
import { saveAnswer, withoutUnknownPmids } from '../finish.js';
import { CAPS, handled, type Gather } from '../gather.js';
import { geneLiterature, pairLiterature, wordLikeWarning } from '../literature.js';
import { namesBySymbol, networkEdges, resolvePanel } from '../panel.js';
import { candidateContext, citationMetrics, gprofilerCrossCheck, preprints, reactomeSummaries, type CandidateContext } from './extras.js';
import { enrichmentLowPowerClause, enrichmentLowPowerNote, enrichmentNotComputedNote, enrichmentStatus, enrichmentUntestedNote, librariesUntestedNote } from './enrichment-status.js';
import { candidateOut, crossCheckOut, pathwayOut } from './output.js';
import { clinicalEvidenceOf, geneProfiles, pharmacogenomicsOf, withClinical } from './profiles.js';
import type { InsightsInput, InsightsOutput } from './schema.js';

/** Pathways reported (the rest of the ranking is not kept). */
const MAX_PATHWAYS = 25;
/** Drug candidates reported (the rest of the ranking is not kept). */
export const MAX_CANDIDATES = 25;

/**
 * Requests a panel of `genes` genes may send to each rate-limited source: sizes the call's deadline
 * so that a 500-gene panel is not held to a budget meant for four genes (deadline.ts).
 */
export function plannedWork(genes: number): WorkPlan {
  return {
    hgnc: genes, // without the local table, at least one request per gene
    opentargets: Math.ceil(genes / 10) + 2,
    dgidb: Math.ceil(genes / 50),
    europepmc: 20,
    eutils: 14,
    civic: 4,
    pharmgkb: 4,
    clinicaltrials: 3,
    openfda: 5,
    semanticscholar: 1,
  };
}

export async function analysePanel(input: InsightsInput, call: ToolCall): Promise<InsightsOutput> {
  // At the deadline the analysis goes on with what it has; the late sources are named (report.ts).
  return withCallDeadline(call, INSIGHTS_TOOL, plannedWork(input.genes.length), (c, deadline) => analyse(input, c, deadline));
}

async function analyse(input: InsightsInput, call: ToolCall, deadline: CallDeadline): Promise<InsightsOutput> {
  const { ctx, signal } = call;
  const report = deadlineReport(call, deadline);
  const g: Gather = { call, report };
  const disease = input.diseaseContext;
  const steps = 6;
  const step = (i: number, message: string) => call.progress.report(i, steps, message);

  step(0, 'Resolving genes, disease and gene-set libraries');
  const drugNote = drugAnalysisNote(input.includeDrugs, call);
  if (drugNote) for (const id of ['dgidb', 'chembl', 'pubchem', 'clinicaltrials', 'openfda'] as const) report.skip(id, drugNote);
  const panelP = resolvePanel(g, input.genes);
  const diseasesP = matchDisease(g, disease);
  const libsP = ctx.genesets.load({ report, ...(signal ? { signal } : {}) });
  // Needs only the resolved panel: starts with round 1 when the HGNC table is on disk.
  const edgesP = handled(panelP.then((p) => networkEdges(g, p.symbols)));
  // The literature names the disease as typed and as Open Targets matched it (disease.ts).
  const diseaseNamesP = diseasesP.then((d) => literatureDiseaseNames(disease, d.map((x) => x.name)));
  const geneLitP = handled(Promise.all([panelP, diseaseNamesP]).then(([p, d]) => geneLiterature(g, p.symbols, d, new Map(), namesBySymbol(p))));
  const crossCheckP = handled(panelP.then((p) => gprofilerCrossCheck(g, p.symbols)));
  const drugsP = handled(Promise.all([panelP, diseasesP]).then(([p, d]) => (drugNote ? undefined : drugEvidence(g, p, d, disease))));
  const [panel, diseases, libs, diseaseNames] = await Promise.all([panelP, diseasesP, libsP, diseaseNamesP]);
  const symbols = panel.symbols;
  // Enrichr failures are already in the report's warnings; user GMT files are not fetched, so say it here.
  for (const f of libs.failures.filter((x) => x.path)) report.warnings.push(`gene-set file ${f.path} not used: ${f.error}`);
  report.warnings.push(...libs.warnings);
  if (panel.unresolved.length) report.warnings.push(`unresolved genes left out: ${panel.unresolved.join(', ')}`);
  const wordLike = wordLikeWarning(symbols);
  if (wordLike) report.warnings.push(wordLike);
  const enrichmentState = enrichmentStatus(libs);
  const enrichmentNote = enrichmentNotComputedNote(enrichmentState);
  if (enrichmentNote) report.warnings.unshift(`${enrichmentNote} ${enrichmentState.fix ?? ''}`.trim());

  step(1, `Enrichment over ${libs.libraries.length} libraries; network, drugs, literature and focus-gene profiles`);
  // Only significant rows are reported, so only they get overlap lists and row objects.
  const enrichment = enrichMany(symbols, libs.libraries.map((l) => l.library), { rows: 'significant' });
  const significant = enrichment.flatMap((e) => e.rows.filter((r) => r.significant)).sort((a, b) => a.q - b.q || a.p - b.p);
  // Tested nothing (no panel gene in any library, or no set of the sizes tested) and too few genes
  // to have power are no finding that no pathway is enriched: said, and no gene reads "in no
  // significantly enriched pathway" (enrichment-notes.ts).
  const untestedNote = enrichmentNote ? undefined : enrichmentUntestedNote(enrichment);
  if (untestedNote) report.warnings.unshift(untestedNote);
  const someUntested = enrichmentNote ? undefined : librariesUntestedNote(enrichment);
  if (someUntested) report.warnings.push(someUntested);
  const lowPower = enrichmentNote || untestedNote ? undefined : enrichmentLowPowerClause(enrichment, symbols.length);
  if (lowPower) report.warnings.push(enrichmentLowPowerNote(enrichment, symbols.length)!);
  const focus = focusGenes(symbols, significant, undefined, enrichmentNote ? false : untestedNote ? 'untested' : lowPower ? 'low-power' : true);
  const panelBySymbol = new Map(panel.results.filter((r) => r.symbol).map((r) => [r.symbol!, r]));
  const profilesP = handled(geneProfiles(g, focus, panelBySymbol));
  const civicP = handled(clinicalEvidenceOf(g, focus, disease));
  const pgxP = handled(pharmacogenomicsOf(g, focus));
  const reactomeP = handled(reactomeSummaries(g, significant));
  const names = namesBySymbol(panel);
  const preprintsP = handled(preprints(g, focus.map((f) => f.symbol), diseaseNames, names));
  const pairsP = handled(edgesP.then((edges) => candidatePairs(symbols, edges ?? [], significant)));
  const pairLitP = handled(pairsP.then((pairs) => pairLiterature(g, pairs, diseaseNames, names)));
  // Ranking needs the drug evidence and the network, not the gene literature (PubMed at 3/s takes
  // several windows for ten genes): that is awaited with the pair literature, for the brief.
  const [edges, drugs] = await Promise.all([edgesP, drugsP]);

  step(2, 'Ranking drug candidates and checking the literature of hypotheses');
  const [candidates, pairs, pairLit, geneLit] = await Promise.all([
    drugs ? rankCandidates(g, drugs.evidence, drugs.disease, drugs.chemblTargets, significant, edges ?? []) : Promise.resolve({ ranked: [] as DrugCandidate[], statements: [] }),
    pairsP,
    pairLitP,
    geneLitP,
  ]);
  for (const lit of geneLit) lit.association = drugs?.associations.get(lit.gene) ?? null;
  // STRING is asked about the first genes of a large panel only: pairs beyond them are not checked.
  const stringAsked = edges === null ? false : symbols.length > CAPS.networkGenes ? new Set(symbols.slice(0, CAPS.networkGenes)) : true;
  // No article names any searched gene with the disease: a pair's 0 co-mentions is then no novelty.
  const counted = geneLit.filter((l) => l.count !== null);
  const silent = counted.length > 0 && counted.every((l) => l.count === 0) ? `no article names any searched panel gene with ${disease} either` : undefined;
  const derived = buildHypotheses(pairs, pairLit, disease, stringAsked, silent);
  const coverage = drugCoverage(input.includeDrugs, call, candidates.ranked.length, report.list());
  const strategies = buildStrategies({
    pathways: significant,
    candidates: candidates.ranked,
    genes: symbols,
    ...(drugs ? { roles: drugs.roles } : {}),
    ...(coverage.unknown ? { drugsUnknown: coverage.unknown } : {}),
    ...(coverage.incomplete ? { drugsIncomplete: coverage.incomplete } : {}),
    ...(enrichmentNote ? { pathwaysNotComputed: true } : {}),
    ...(untestedNote ? { pathwaysNotComputed: 'pathway enrichment tested no gene set' } : {}),
    ...(lowPower ? { pathwaysNotComputed: lowPower } : {}),
  });

  step(3, 'Checking every statement against PubMed; trials, labels and citation metrics');
  const facts: BriefFacts = {
    disease,
    genes: symbols,
    geneLiterature: geneLit,
    drugLiterature: candidates.statements,
    candidates: candidates.ranked,
    hypotheses: derived,
    pathways: significant,
    strategies,
    ...(drugNote || coverage.briefNote ? { drugsNote: drugNote ?? coverage.briefNote } : {}),
    ...(coverage.incomplete ? { drugsIncomplete: coverage.incomplete } : {}),
    ...(enrichmentNote || untestedNote ? { enrichmentNote: enrichmentNote ?? untestedNote } : {}),
    ...(untestedNote ? { enrichmentTestedNothing: true } : {}),
    ...(lowPower ? { enrichmentLowPower: lowPower } : {}),
    geneNames: names,
  };
  const statements = canonicalStatements(facts);
  const shown = candidates.ranked.slice(0, MAX_CANDIDATES);
  // The focus genes' CIViC evidence (round 2) carries PMIDs that go through stage 0 too; the rest
  // of their profiles carries none, so the check does not wait for it.
  const civic = await civicP;
  // Every PMID the answer carries goes through stage 0 with the brief's, in the same esummary
  // batches: hypotheses, drug candidates, strategies, CIViC evidence of the focus genes.
  const answerPmids = collectPmids({ hypotheses: derived, drugCandidates: shown.map((c) => candidateOut(c, undefined)), therapeuticStrategies: strategies, focusGenes: [...civic.values()] });
  const [run, metrics, context, crossCheck, reactome, preprintList, profiles, pgx] = await Promise.all([
    runIntegrity(
      { eutils: ctx.sources.eutils, nli: ctx.nli, report, ...(signal ? { signal } : {}) },
      statements.map((s) => ({ text: s.claim, pmids: s.pmids })),
      { alsoCheck: answerPmids },
    ),
    citationMetrics(g, [...statements.flatMap((s) => s.pmids), ...answerPmids]),
    drugs ? candidateContext(g, candidates.ranked, diseaseNames) : Promise.resolve(new Map<string, CandidateContext>()),
    crossCheckP,
    reactomeP,
    preprintsP,
    profilesP,
    pgxP,
  ]);
  const i = run.integrity;
  const gone = new Set(i.hallucinatedPmids);
  const retracted = new Set(i.retractedPmids);
  // What the check found goes back to the hypotheses: a pair whose cited abstracts contradict its
  // statement, or whose every article is void, no longer counts that literature as support.
  const verdicts = new Map(statements.flatMap((s, k) => (s.pair ? [[pairKey(s.pair[0], s.pair[1]), run.statements[k]!] as const] : [])));
  const hypotheses = checkedHypotheses(derived, verdicts, new Set([...gone, ...retracted]), silent);
  // The brief's wording cites its PMIDs in the text: it is written from the checked citations, and
  // knows each statement's verdict (a contradicted statement never reads as plain fact).
  const brief = renderBrief(
    { ...facts, hypotheses },
    statements.map((s, k) => ({ ...s, pmids: s.pmids.filter((p) => !gone.has(p) && !retracted.has(p)), ...(run.statements[k] ? { status: run.statements[k]!.status } : {}) })),
    input.audience,
  );
  const checks = new Map(statements.map((s, k) => [s.id, run.statements[k]]));

  step(4, 'Scoring and saving the snapshot');
  noteDeadline(report, deadline, 'the analysis');
  const sources = report.list();
  const quality = qualityScore({ ...i, sources });
  if (quality.unverified) report.warnings.push('qualityScore is 0: nothing in this answer was verified (no PMID could be checked and no statement was judged by an NLI model).');
  const snapshotId = newSnapshotId();
  const assembled: InsightsOutput = {
    snapshotId,
    diseaseContext: disease,
    diseaseMatches: diseases.map((d) => ({ id: d.id, name: d.name })),
    audience: input.audience,
    genes: symbols,
    geneResolution: panel.results.map((r) => ({ input: r.input, symbol: r.symbol, how: r.how })),
    unresolvedGenes: panel.unresolved,
    enrichedPathways: significant.slice(0, MAX_PATHWAYS).map((r) => pathwayOut(r, crossCheck, reactome.get(r.id)?.summary ?? null)),
    enrichment: enrichment.map((e) => ({ library: e.library, N: e.N, n: e.n, tested: e.tested, significant: e.rows.filter((r) => r.significant).length, notInLibrary: e.notInLibrary })),
    enrichmentStatus: enrichmentState,
    enrichmentCrossCheck: crossCheckOut(crossCheck, significant.slice(0, MAX_PATHWAYS)),
    focusGenes: withClinical(profiles, civic, pgx),
    therapeuticStrategies: strategies,
    drugCandidates: shown.map((c) => candidateOut(c, context.get(c.chemblId ?? c.name))),
    drugCandidatesTotal: candidates.ranked.length,
    ...(drugNote ? { drugAnalysisNote: drugNote } : {}),
    hypotheses,
    evidenceBrief: {
      ...brief,
      statements: brief.statements.map((s) => {
        const c = checks.get(s.id);
        return { ...s, status: c?.status ?? 'unsupported', ...verdictOf(c) };
      }),
    },
    preprints: preprintList,
    citationMetrics: metrics,
    integrity: reportIntegrity(run),
    qualityScore: quality.qualityScore,
    qualityParts: quality.parts,
    sources,
    warnings: report.warnings,
  };
  // A PMID PubMed does not know is removed everywhere it appears, and the removal is counted.
  const fromBrief = (set: ReadonlySet<string>) => brief.statements.reduce((n, b) => n + (statements.find((s) => s.id === b.id)?.pmids.filter((p) => set.has(p)).length ?? 0), 0);
  const result = withoutUnknownPmids(assembled, gone, { dropRowsUnder: ['citationMetrics'], alsoRemoved: fromBrief(gone), retracted, alsoRemovedRetracted: fromBrief(retracted) });
  await saveAnswer(ctx, { id: snapshotId, tool: INSIGHTS_TOOL, genes: symbols, diseaseContext: disease, qualityScore: quality.qualityScore, inputs: input, result });
  step(steps, 'Done');
  return result;
}
