// svc_prioritize_repurposing's run (the definition is tool.ts; this is loaded on the first call).
//
// Rounds on the critical path (with the HGNC table on disk):
//   1. HGNC resolution (local) | Open Targets disease search | gene-set libraries | STRING partners
//      (the panel network a second later: STRING's pace; only the scores wait for it)
//   2. Open Targets mapIds of the neighbour genes
//   3. drug evidence for panel + neighbours (Open Targets, DGIdb, ChEMBL targets, disease ontology)
//   4. details of the late-stage drafts (Open Targets drugs, ChEMBL molecules, mechanisms, indications)
//   5. literature of the candidates shown (Europe PMC)
//   6. integrity (esummary + efetch, NLI) | running trials (ClinicalTrials.gov) | labels (openFDA)
import { canonicalStatements } from '../../analysis/evidence-brief.js';
import type { EnrichmentRow } from '../../analysis/enrichment.js';
import { qualityScore } from '../../analysis/quality.js';
import { selectRepurposing, tierFilterNote, type RationaleContext } from '../../analysis/repurposing.js';
import { pathwayRef, type PathwayRef } from '../../analysis/repurposing-neighbourhood.js';
import { runIntegrity } from '../../evidence/pipeline.js';
import type { CallDeadline } from '../../sources/deadline.js';
import { deadlineReport, noteDeadline, withCallDeadline } from '../shared/call-deadline.js';
import { plannedWork } from '../shared/panel-analysis/analyse.js';
import { reportIntegrity } from '../shared/integrity.js';
import { collectPmids } from '../../evidence/pmid-fields.js';
import { newSnapshotId } from '../../store/snapshot-id.js';
import type { ToolCall } from '../define.js';
import { REPURPOSING_TOOL } from '../names.js';
import { drugAnalysisNote, drugEvidence, type DrugEvidence } from '../shared/drugs.js';
import { literatureNames } from '../shared/drug-details.js';
import { saveAnswer, withoutUnknownPmids } from '../shared/finish.js';
import { handled, type Gather } from '../shared/gather.js';
import { networkEdges } from '../shared/panel.js';
import type { Edge } from '../../analysis/hypotheses.js';
import { startPanel } from '../shared/panel-start.js';
import {
  candidateChecks,
  indicationInputs,
  keyOf,
  DETAIL_CAP,
  membersOf,
  panelNeighbourhood,
  panelPartners,
  rankRepurposing,
  scoringEdges,
  scoringPathways,
  withNeighbours,
  type CandidateChecks,
  type Partners,
  type PanelNeighbourhood,
  type RankedRepurposing,
} from './gather.js';
import { alreadyApprovedFor, candidateOut } from './output.js';
import type { RepurposingInput, RepurposingOutput } from './schema.js';

const MAX_ALREADY_APPROVED = 10;
/** Sources only the drug analysis calls: skipped, with the note, for the free tier. */
const DRUG_SOURCES = ['string', 'dgidb', 'chembl', 'pubchem', 'europepmc', 'clinicaltrials', 'openfda'] as const;

export async function prioritizeRepurposing(input: RepurposingInput, call: ToolCall): Promise<RepurposingOutput> {
  // The panel's work plus its neighbourhood's (pathway members and STRING partners, up to the cap).
  return withCallDeadline(call, REPURPOSING_TOOL, plannedWork(input.genes.length * 2), (c, deadline) => repurpose(input, c, deadline));
}

async function repurpose(input: RepurposingInput, call: ToolCall, deadline: CallDeadline): Promise<RepurposingOutput> {
  const { ctx, signal } = call;
  const report = deadlineReport(call, deadline);
  const g: Gather = { call, report };
  const disease = input.diseaseContext;
  const steps = 5;
  const step = (i: number, message: string) => call.progress.report(i, steps, message);

  const note = drugAnalysisNote(true, call);
  step(0, 'Resolving genes, disease and gene-set libraries');
  // STRING needs only the resolved genes, so it is asked with round 1, and at one request a second
  // in this order: the partners lead to the neighbours, the drug evidence and everything after; the
  // panel network only weighs the scores, rounds later (it once led and held the partners back).
  let string: { partners: Promise<Partners | null>; edges: Promise<Edge[] | null> } | undefined;
  const { panel, diseases, libs, significant } = await startPanel(g, input.genes, disease, (p) => {
    if (!note) string = { partners: handled(panelPartners(g, p.symbols)), edges: handled(networkEdges(g, p.symbols)) };
  });
  const symbols = panel.symbols;

  let found: { drugs: DrugEvidence; extra: PanelNeighbourhood; ranked: RankedRepurposing; pathways: EnrichmentRow[] } | undefined;
  if (note) {
    for (const id of DRUG_SOURCES) report.skip(id, note);
  } else {
    step(1, 'The panel neighbourhood: STRING partners and members of the significant pathways');
    const asked = string!; // set when the genes resolved, which startPanel returning means
    const extra = await panelNeighbourhood(g, symbols, asked.partners, significant, libs.libraries);
    step(2, `Drug evidence for ${symbols.length} panel and ${extra.genes.length} neighbour genes`);
    const drugs = await drugEvidence(g, withNeighbours(panel, extra), diseases, disease);
    const pathways = scoringPathways(significant, (row) => membersOf(libs.libraries, row), extra.genes.map((x) => x.symbol!));
    step(3, 'Indications, selection and literature of the candidates');
    const edges = handled(asked.edges.then((e) => scoringEdges(e ?? [], extra.hood)));
    const ranked = await rankRepurposing(g, drugs, { pathways, edges }, input.tierFilter);
    found = { drugs, extra, ranked, pathways };
  }

  step(4, 'Checking PMIDs, running trials and FDA labels');
  const shown = found?.ranked.shown ?? [];
  const statements = canonicalStatements({
    disease,
    genes: symbols,
    geneLiterature: [],
    drugLiterature: found?.ranked.statements ?? [],
    candidates: shown,
    hypotheses: [],
    pathways: [],
    strategies: [],
  });
  const [run, checks] = await Promise.all([
    runIntegrity(
      { eutils: ctx.sources.eutils, nli: ctx.nli, report, ...(signal ? { signal } : {}) },
      statements.map((s) => ({ text: s.claim, pmids: s.pmids })),
      { alsoCheck: collectPmids(shown.map((c) => ({ pmids: c.pmids }))) },
    ),
    found ? candidateChecks(g, shown, literatureNames(found.drugs.disease)) : Promise.resolve(new Map<string, CandidateChecks>()),
  ]);
  const i = run.integrity;
  const gone = new Set(i.hallucinatedPmids);
  const claims = new Map(statements.map((s, k) => [s.subject, { claim: s.claim, citations: s.pmids, status: run.statements[k]!.status }]));

  noteDeadline(report, deadline, 'the search for candidates');
  const sources = report.list();
  const quality = qualityScore({ ...i, sources });
  if (quality.unverified) report.warnings.push('qualityScore is 0: nothing in this answer was verified (no PMID could be checked and no statement was judged by an NLI model).');
  // Libraries that loaded but tested nothing are warned of where the neighbourhood is built (gather.ts).
  if (found && !found.extra.hood.pathwaysChecked && libs.libraries.length === 0) {
    report.warnings.push('Pathway enrichment could not run (no gene-set library could be loaded): members of significant pathways were not searched for drugs, only the panel genes and their STRING partners; pathway centrality counts the STRING network alone.');
  }
  const selection = found?.ranked.selection ?? selectRepurposing([], { indicationsChecked: () => false, tierFilter: input.tierFilter });
  const { unchecked } = selection.counts;
  if (unchecked > 0) {
    report.warnings.push(
      `${unchecked} drug${unchecked === 1 ? ' is' : 's are'} not listed: ${unchecked === 1 ? 'its' : 'their'} phase or indications could not be read (Open Targets, ChEMBL; beyond the ${DETAIL_CAP} drugs looked up, the sources failed, or they name no approved indication for an approved drug), so ${unchecked === 1 ? 'it' : 'they'} may already be approved for ${disease}.`,
    );
  }
  const filterNote = note ? undefined : tierFilterNote(input.tierFilter, selection, disease);
  const why = found ? rationaleContext(disease, symbols, found) : undefined;
  const snapshotId = newSnapshotId();
  const assembled: RepurposingOutput = {
    snapshotId,
    diseaseContext: disease,
    diseaseMatches: diseases.map((d) => ({ id: d.id, name: d.name })),
    genes: symbols,
    unresolvedGenes: panel.unresolved,
    tierFilter: input.tierFilter,
    neighbourhood: found
      ? {
          pathways: found.extra.hood.pathways,
          genes: found.extra.genes.map((x) => x.symbol!),
          leftOut: found.extra.hood.leftOut,
          unmapped: found.extra.unmapped.slice(0, 10),
          unmappedTotal: found.extra.unmapped.length,
          stringChecked: found.extra.hood.stringChecked,
          pathwaysChecked: found.extra.hood.pathwaysChecked,
        }
      : null,
    candidates: found
      ? shown.map((c, k) =>
          candidateOut(c, k + 1, {
            rationale: why!,
            indications: indicationInputs(found!.ranked.input, c),
            checks: checks.get(keyOf(c))!,
            targetClaim: claims.get(c.name) ?? null,
          }),
        )
      : [],
    candidatesTotal: selection.candidates.length,
    alreadyApproved: selection.alreadyApproved.slice(0, MAX_ALREADY_APPROVED).map(alreadyApprovedFor(disease)),
    counts: selection.counts,
    ...(note ? { note } : {}),
    ...(filterNote ? { tierFilterNote: filterNote } : {}),
    integrity: reportIntegrity(run),
    qualityScore: quality.qualityScore,
    qualityParts: quality.parts,
    sources,
    warnings: report.warnings,
  };
  const result = withoutUnknownPmids(assembled, gone, { retracted: new Set(i.retractedPmids) });
  await saveAnswer(ctx, { id: snapshotId, tool: REPURPOSING_TOOL, genes: symbols, diseaseContext: disease, qualityScore: quality.qualityScore, inputs: input, result });
  step(steps, 'Done');
  return result;
}

/** What the rationale of every candidate draws on: panel, neighbours, pathways per gene, associations. */
function rationaleContext(disease: string, symbols: readonly string[], found: { drugs: DrugEvidence; extra: PanelNeighbourhood; pathways: EnrichmentRow[] }): RationaleContext {
  const byGene = new Map<string, PathwayRef[]>();
  for (const row of found.pathways) for (const gene of row.overlapGenes) byGene.set(gene, [...(byGene.get(gene) ?? []), pathwayRef(row)]);
  for (const list of byGene.values()) list.sort((a, b) => a.q - b.q);
  return {
    disease,
    panel: new Set(symbols),
    neighbours: new Map(found.extra.hood.genes.map((n) => [n.gene, n])),
    pathwaysOf: (gene) => byGene.get(gene) ?? [],
    associations: found.drugs.associations,
  };
}
