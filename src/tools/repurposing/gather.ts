// Source gathering of svc_prioritize_repurposing, on the shared drug engine (shared/drugs.ts,
// shared/drug-details.ts): the panel's neighbourhood (pathway members, STRING partners), drug
// evidence for panel and neighbours together, details of the late-stage drafts, literature for the
// candidates shown, then their running trials (ClinicalTrials.gov) and labels (openFDA).
import { buildDrugCandidates, lookupDrug, type DrugCandidate, type DrugCandidateInput } from '../../analysis/drug-candidates.js';
import type { EnrichmentRow } from '../../analysis/enrichment.js';
import { setMembers } from '../../analysis/enrichment-library.js';
import type { DrugLiterature } from '../../analysis/evidence-brief.js';
import type { Edge } from '../../analysis/hypotheses.js';
import { boxedWarningCheck, indicationsLookedUp, isLateStage, selectRepurposing, trialsCheck, type BoxedWarningCheck, type RepurposingSelection, type TierFilter, type TrialsCheck } from '../../analysis/repurposing.js';
import {
  NEIGHBOURHOOD_CAPS,
  neighbourhood,
  pathwaysToSearch,
  scoringEdges,
  scoringPathways,
  type Neighbourhood,
} from '../../analysis/repurposing-neighbourhood.js';
import type { LoadedLibrary } from '../../genesets/service.js';
import { ACTIVE_STATUSES, anyCondition } from '../../sources/clinicaltrials.js';
import { drugDetails, drugLiterature, literatureNames, networkDegree, placeMechanisms } from '../shared/drug-details.js';
import type { DrugEvidence } from '../shared/drugs.js';
import { untestedList, untestedReason, type LibraryTested } from '../shared/panel-analysis/enrichment-notes.js';
import type { Gather } from '../shared/gather.js';
import { extraGenes, stringPartners, type PanelGene, type PanelResolution } from '../shared/panel.js';
import { MAX_SHOWN } from './schema.js';

/**
 * Candidates given a literature search before the final ranking: twice those shown, so that one
 * just below the cut can still rise into it on its literature.
 */
const LITERATURE_FOR = 2 * MAX_SHOWN;
/** Approved or late-stage drafts whose indications, molecules and mechanisms are fetched. */
export const DETAIL_CAP = 100;
/** STRING partners asked per panel gene. */
const PARTNERS_PER_GENE = 10;

export interface PanelNeighbourhood {
  hood: Neighbourhood;
  /** Neighbour genes Open Targets mapped, as panel genes for the drug engine. */
  genes: PanelGene[];
  unmapped: string[];
}

/** The panel's high-confidence STRING partners (null: STRING failed); needs only the resolved genes. */
export function panelPartners(g: Gather, symbols: readonly string[]): Promise<Partners | null> {
  return stringPartners(g, symbols, { perGene: PARTNERS_PER_GENE, minScore: NEIGHBOURHOOD_CAPS.minStringScore });
}

export type Partners = { gene: string; partner: string; score: number }[];

/** Members of the top significant pathways and the STRING partners (panelPartners), mapped to Open Targets. */
export async function panelNeighbourhood(
  g: Gather,
  symbols: readonly string[],
  partnersP: Promise<Partners | null>,
  significant: readonly EnrichmentRow[],
  libraries: readonly LoadedLibrary[],
): Promise<PanelNeighbourhood> {
  const partners = await partnersP;
  // No library loaded: the enrichment could not run, so no pathway could be searched (not "none").
  // Libraries loaded that hold no panel gene tested nothing: no pathway could be found either.
  const rows = libraries.map((l) => testedRow(l.library, symbols));
  const tested = libraries.filter((_, i) => untestedReason(rows[i]!) === undefined);
  if (libraries.length && !tested.length) {
    const why = rows.every((r) => r.n === 0) ? `no panel gene is in any of the ${rows.length} gene-set libraries` : untestedList(rows);
    g.report.warnings.push(
      `Pathway enrichment tested nothing (${why}): members of significant pathways were not searched for drugs, only the panel genes and their STRING partners; pathway centrality counts the STRING network alone.`,
    );
  }
  const pathways = tested.length
    ? pathwaysToSearch(significant).flatMap((row) => {
        const members = membersOf(libraries, row);
        return members ? [{ row, members }] : [];
      })
    : null;
  const hood = neighbourhood(symbols, pathways, partners);
  const mapped = await extraGenes(g, hood.genes.map((x) => x.gene));
  return { hood, genes: mapped.genes, unmapped: mapped.unmapped };
}

/** What untestedReason needs of a library: how many panel genes it holds (n) and its tested sets (the BH m). */
function testedRow(lib: LoadedLibrary['library'], symbols: readonly string[]): LibraryTested {
  const n = symbols.filter((s) => (lib.geneIdOf ? lib.geneIdOf(s) >= 0 : lib.geneIndex.has(s))).length;
  return { library: lib.name, n, tested: lib.testedCount };
}

/** Every gene of a significant row's set, from the library it was tested in. */
export function membersOf(libraries: readonly LoadedLibrary[], row: Pick<EnrichmentRow, 'library' | 'id'>): string[] | null {
  const lib = libraries.find((l) => l.library.name === row.library)?.library;
  return lib ? setMembers(lib, row.id) : null;
}

/** The panel plus its mapped neighbours, as one resolution the drug engine can gather for. */
export function withNeighbours(panel: PanelResolution, extra: PanelNeighbourhood): PanelResolution {
  const known = new Set(panel.symbols);
  const genes = extra.genes.filter((x) => x.symbol && !known.has(x.symbol));
  return { results: [...panel.results, ...genes], symbols: [...panel.symbols, ...genes.map((x) => x.symbol!)], unresolved: panel.unresolved };
}

export interface RankedRepurposing {
  selection: RepurposingSelection;
  /** The candidates shown, ranked, with literature. */
  shown: DrugCandidate[];
  /** Drug-target PMIDs of the first shown candidates (statements the integrity pipeline judges). */
  statements: DrugLiterature[];
  input: Pick<DrugCandidateInput, 'drugs' | 'chemblIndications'>;
}

/**
 * The drug engine on panel + neighbours: drafts, details for the late-stage drafts, the repurposing
 * selection, then literature for the candidates shown and the final ranking of those.
 */
export async function rankRepurposing(
  g: Gather,
  drugs: DrugEvidence,
  scoring: { pathways: EnrichmentRow[]; edges: Promise<Edge[]> },
  tierFilter: TierFilter,
): Promise<RankedRepurposing> {
  // The drafts only choose which drugs get the detail requests, so they do without the panel
  // network: STRING, at one request a second, answers it after the drug evidence is in, and the
  // details need not wait for it. Every score from here on has it.
  const drafts = buildDrugCandidates({ genes: drugs.evidence, disease: drugs.disease, pathways: scoring.pathways });
  // Only drugs that may be approved or late-stage get the detail requests; a draft with no phase
  // at all may still be one (ChEMBL can say so), so it follows the known ones.
  const pool = [...drafts.filter((d) => isLateStage(d)), ...drafts.filter((d) => !isLateStage(d) && d.maxPhase === null)];
  if (pool.length === 0) {
    for (const id of ['chembl', 'pubchem'] as const) g.report.skipAfter(id, 'no approved or late-stage drug candidate', ['opentargets', 'dgidb']);
    g.report.skipAfter('europepmc', 'no repurposing candidate', ['opentargets', 'dgidb']);
    const selection = selectRepurposing(drafts, { indicationsChecked: () => false, tierFilter });
    return { selection, shown: [], statements: [], input: {} };
  }
  const [{ mechanisms, ...details }, edges] = await Promise.all([drugDetails(g, pool, DETAIL_CAP), scoring.edges]);
  const base = { genes: drugs.evidence, disease: drugs.disease, pathways: scoring.pathways, networkDegree: networkDegree(edges) };
  const genes = placeMechanisms(drugs.evidence, mechanisms, drugs.chemblTargets);
  const input: DrugCandidateInput = { ...base, genes, ...details };
  const checked = (c: DrugCandidate) => indicationsLookedUp(c, details);
  const first = selectRepurposing(buildDrugCandidates(input), { indicationsChecked: checked, tierFilter });
  const top = first.candidates.slice(0, LITERATURE_FOR);
  if (top.length === 0) {
    g.report.skipAfter('europepmc', 'no repurposing candidate', ['opentargets', 'dgidb', 'chembl']);
    return { selection: first, shown: [], statements: [], input: details };
  }
  const lit = await drugLiterature(g, top, literatureNames(drugs.disease), top.length);
  // The factor names Europe PMC; the query itself (title/abstract, drug AND disease) is in the README.
  const support = new Map([...lit.support].map(([k, v]) => [k, { coMentions: v.coMentions, pmids: v.pmids, source: v.source }]));
  // Literature changes scores, so the searched candidates are ranked again among themselves and the
  // first ones shown; those beyond had no literature search and are counted, not compared.
  const keys = new Set(top.map(keyOf));
  const final = selectRepurposing(buildDrugCandidates({ ...input, literature: support, literatureFailed: lit.failed }), { indicationsChecked: checked, tierFilter });
  const shown = final.candidates.filter((c) => keys.has(keyOf(c))).slice(0, MAX_SHOWN);
  const names = new Set(shown.map((c) => c.name));
  return { selection: final, shown, statements: lit.statements.filter((st) => names.has(st.drug)), input: details };
}

export const keyOf = (c: Pick<DrugCandidate, 'chemblId' | 'name'>): string => c.chemblId ?? c.name;

export interface CandidateChecks {
  trials: TrialsCheck;
  boxedWarning: BoxedWarningCheck;
}

/** Running trials in the disease for every shown candidate, and the FDA label of those that were approved. */
/** `disease`: its names, as typed and as matched (literatureNames). */
export async function candidateChecks(g: Gather, shown: readonly DrugCandidate[], disease: readonly string[]): Promise<Map<string, CandidateChecks>> {
  const condition = anyCondition(disease);
  const out = new Map<string, CandidateChecks>();
  const labelled = shown.filter((c) => c.approved || c.withdrawn);
  if (shown.length === 0) g.report.skipAfter('clinicaltrials', 'no repurposing candidate', ['opentargets', 'dgidb', 'chembl']);
  if (labelled.length === 0) g.report.skipAfter('openfda', 'no approved or withdrawn candidate', ['opentargets', 'dgidb', 'chembl']);
  await Promise.all(
    shown.map(async (c) => {
      const drug = c.name.toLowerCase();
      const [trials, label] = await Promise.all([
        g.report.call('clinicaltrials', () => g.call.ctx.sources.clinicaltrials.search({ condition, intervention: drug, statuses: ACTIVE_STATUSES, pageSize: 3 }, g.call.signal), {
          records: (x) => x.trials.length,
          degrades: `running trials of ${c.name} are not checked`,
        }),
        c.approved || c.withdrawn
          ? g.report.call('openfda', () => g.call.ctx.sources.openfda.label(drug, g.call.signal), { degrades: `the boxed warning of ${c.name} is not checked` })
          : Promise.resolve(undefined),
      ]);
      out.set(keyOf(c), {
        trials: trialsCheck(trials, 'ClinicalTrials.gov failed (see warnings)'),
        boxedWarning: boxedWarningCheck(label, c.approved || c.withdrawn ? 'openFDA failed (see warnings)' : 'not approved anywhere, so no US label is expected'),
      });
    }),
  );
  return out;
}

/** Open Targets details and ChEMBL indications of one candidate, as the engine looked them up. */
export function indicationInputs(input: RankedRepurposing['input'], c: DrugCandidate) {
  const drug = { chemblIds: [c.chemblId, ...c.otherChemblIds].filter((x): x is string => !!x), name: c.name };
  return { details: lookupDrug(input.drugs, drug), chembl: lookupDrug(input.chemblIndications, drug) };
}

export { scoringEdges, scoringPathways };
