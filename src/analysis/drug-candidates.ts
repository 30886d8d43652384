// Drug candidates for a gene panel and a disease context (DESIGN.md section 4): Open Targets
// drug and clinical candidates, ChEMBL mechanisms and DGIdb interactions merged per drug across
// genes and sources, tiered (drug-tiers.ts), scored on six factors (drug-scoring.ts), with ADMET
// (admet.ts), an evidence-quality flag, sources and supporting PMIDs. Pure: no I/O.
//
// Decisions (tests pin them):
// - One candidate per drug: records sharing a ChEMBL id (salt ids, ChEMBL parent) or a parent
//   name (salt words stripped) merge, whichever gene or source they came from (drug-merge.ts).
// - Phase = the highest of: Open Targets stage on the target and the drug's overall stage,
//   per-disease stages, ChEMBL max_phase (molecule, mechanism), DGIdb "approved" (= 4).
// - Approved = any of those sources says approved, and the drug is not withdrawn.
// - Withdrawn drugs (ChEMBL withdrawn flag, or Open Targets stage WITHDRAWAL without an
//   approval) are kept, flagged and put in tier III, their phase factor halved; the option
//   `excludeWithdrawn` drops them instead.
// - Sorted by score (desc), then tier, coverage (desc) and name, so equal scores rank the
//   better-evidenced candidate first.
import { admetOf, type Admet } from './admet.js';
import type { Directionality } from '../sources/dgidb.js';
import { isApprovedStage } from './clinical-candidates.js';
import type { DrugIndications } from '../sources/opentargets.js';
import {
  groupDrugEvidence,
  lookupDrug,
  mechanismsOf,
  uniqueTypes,
  type DrugCandidateInput,
  type DrugEvidence,
  type EvidenceRecord,
  type GeneAssociation,
  type MechanismEvidence,
} from './drug-merge.js';
import {
  associationFactor,
  clinicalPhaseValue,
  combineFactors,
  drugLikenessFactor,
  geneCentralities,
  literatureValue,
  mechanismDirectness,
  pathwayCentrality,
  type Factor,
  type FactorName,
  type GeneCentrality,
  type RawFactor,
} from './drug-scoring.js';
import { evidenceQualityOf, phaseText, tierOf, TIER_ORDER, type EvidenceQuality, type MatchedIndication, type Tier } from './drug-tiers.js';

export * from './drug-merge.js';
export * from './drug-scoring.js';
export * from './drug-tiers.js';

export type CandidateSource = 'opentargets' | 'chembl' | 'dgidb' | 'pubchem' | 'eutils';

/** One ranked drug candidate. */
export interface DrugCandidate {
  name: string;
  chemblId: string | null;
  /** Salt forms and other ChEMBL ids merged into this candidate. */
  otherChemblIds: string[];
  drugType: string | null;
  targetGenes: string[];
  mechanisms: MechanismEvidence[];
  /** Distinct curated action types (INHIBITOR, ANTAGONIST, ...). */
  actionTypes: string[];
  /** DGIdb interaction types with their directionality. */
  interactionTypes: { type: string; directionality: Directionality | null }[];
  /** Highest phase on ChEMBL's scale (4 approved), null when no source gives one. */
  maxPhase: number | null;
  /** Furthest Open Targets stage (raw enum), null without an Open Targets record. */
  stage: string | null;
  approved: boolean;
  withdrawn: boolean;
  indicatedForDisease: boolean;
  /** Indications that match the disease context, with the phase reached for each. */
  matchingIndications: MatchedIndication[];
  tier: Tier;
  tierReason: string;
  /** 0-1: weighted mean of the known factors (weights renormalised, see drug-scoring.ts). */
  score: number;
  /** Sum of the weights of the known factors. */
  coverage: number;
  missingFactors: FactorName[];
  factors: Record<FactorName, Factor>;
  admet: Admet;
  evidenceQuality: EvidenceQuality;
  evidenceQualityReason: string;
  sources: CandidateSource[];
  pmids: string[];
}

export interface DrugCandidateOptions {
  /** Drop withdrawn drugs instead of flagging them (default false: flag, tier III). */
  excludeWithdrawn?: boolean;
  /** Most PMIDs kept per candidate (default 10): literature first, then ChEMBL and DGIdb refs. */
  maxPmids?: number;
}

type Of<K extends EvidenceRecord['kind']> = Extract<EvidenceRecord, { kind: K }>;
const recordsOf = <K extends EvidenceRecord['kind']>(d: DrugEvidence, kind: K): Of<K>[] => d.records.filter((r): r is Of<K> => r.kind === kind);

// Furthest-stage order; an approval outranks a withdrawal (as in clinical-candidates.ts).
const STAGE_ORDER = ['UNKNOWN', 'PRECLINICAL', 'IND', 'EARLY_PHASE_1', 'PHASE_1', 'PHASE_1_2', 'PHASE_2', 'PHASE_2_3', 'PHASE_3', 'PREAPPROVAL', 'WITHDRAWAL', 'APPROVAL', 'PHASE_4'];
const stageRank = (s: string | null): number => (s === null ? -2 : STAGE_ORDER.indexOf(s));
const furthest = (stages: (string | null | undefined)[]): string | null =>
  stages.reduce<string | null>((a, b) => (b && stageRank(b) > stageRank(a) ? b : a), null);

function normAssociation(a: GeneAssociation | number | null | undefined): GeneAssociation | null | undefined {
  return typeof a === 'number' ? { score: a } : a;
}

/** Ranks drug candidates for the panel and disease context; sorted by score, best first. */
export function buildDrugCandidates(input: DrugCandidateInput, options: DrugCandidateOptions = {}): DrugCandidate[] {
  const diseaseIds = new Set(input.disease.ids);
  const diseaseName = input.disease.name.trim();
  const associations = new Map(input.genes.map((g) => [g.gene.toUpperCase(), normAssociation(g.association)]));
  const centralities = geneCentralities(input.genes.map((g) => g.gene), input.pathways, input.networkDegree);
  const centralityInputs = { pathways: input.pathways !== undefined, network: input.networkDegree !== undefined };

  const out: DrugCandidate[] = [];
  for (const drug of groupDrugEvidence(input)) {
    const c = candidateOf(drug, input, { diseaseIds, diseaseName, associations, centralities, centralityInputs }, options.maxPmids ?? 10);
    if (c.withdrawn && options.excludeWithdrawn) continue;
    out.push(c);
  }
  return out.sort(byScore);
}

interface Context {
  diseaseIds: ReadonlySet<string>;
  diseaseName: string;
  associations: ReadonlyMap<string, GeneAssociation | null | undefined>;
  centralities: ReadonlyMap<string, GeneCentrality | null>;
  centralityInputs: { pathways: boolean; network: boolean };
}

function candidateOf(drug: DrugEvidence, input: DrugCandidateInput, ctx: Context, maxPmids: number): DrugCandidate {
  const ot = recordsOf(drug, 'opentargets').map((r) => r.candidate);
  const mechs = recordsOf(drug, 'chembl');
  const dg = recordsOf(drug, 'dgidb').map((r) => r.interaction);
  const molecule = drug.chemblIds.map((id) => input.molecules?.get(id)).find((m) => m) ?? null;
  const drugIndications = lookupDrug(input.indications, drug);
  const pubchem = lookupDrug(input.pubchem, drug);
  const admet = admetOf(molecule, pubchem);
  const literature = lookupDrug(input.literature, drug);

  // Withdrawal first: it overrides every approval signal below.
  const otApprovedElsewhere = ot.some((c) => isApprovedStage(c.drugStage)) || isApprovedStage(drugIndications?.stage);
  const withdrawnBy =
    molecule?.withdrawn === true
      ? 'ChEMBL withdrawn flag'
      : ot.some((c) => c.drugStage === 'WITHDRAWAL') || drugIndications?.stage === 'WITHDRAWAL' || (ot.some((c) => c.withdrawn) && !ot.some((c) => c.approved) && !otApprovedElsewhere)
        ? 'Open Targets stage WITHDRAWAL'
        : null;
  const approvals: [boolean, string][] = [
    [ot.some((c) => c.approved) || otApprovedElsewhere, 'Open Targets'],
    [(molecule?.maxPhase ?? 0) >= 4 || mechs.some((m) => (m.mechanism.maxPhase ?? 0) >= 4), 'ChEMBL max_phase 4'],
    [dg.some((i) => i.approved === true), 'DGIdb'],
  ];
  const approvedBy = approvals.find(([yes]) => yes)?.[1] ?? null;
  const withdrawn = withdrawnBy !== null;

  const phases: { phase: number | null; source: string }[] = [
    ...ot.map((c) => ({ phase: c.phase, source: `Open Targets stage ${c.stage} on the target` })),
    ...ot.map((c) => ({ phase: c.drugPhase, source: `Open Targets drug stage ${c.drugStage}` })),
    { phase: drugIndications?.phase ?? null, source: `Open Targets drug stage ${drugIndications?.stage}` },
    { phase: molecule?.maxPhase ?? null, source: 'ChEMBL molecule max_phase' },
    ...mechs.map((m) => ({ phase: m.mechanism.maxPhase, source: 'ChEMBL mechanism max_phase' })),
    ...dg.map((i) => ({ phase: i.approved ? 4 : null, source: 'DGIdb: approved' })),
  ];
  const top = phases.reduce<{ phase: number; source: string } | null>((a, p) => (p.phase !== null && (!a || p.phase > a.phase) ? { phase: p.phase, source: p.source } : a), null);

  const matching = matchIndications(drug, drugIndications, ctx);
  const mechanisms = mechanismsOf(drug);
  const actionTypes = [...new Set(mechanisms.map((m) => m.actionType?.toUpperCase()).filter((a): a is string => !!a))];
  const { tier, reason } = tierOf({
    approved: approvedBy !== null && !withdrawn,
    approvedBy,
    withdrawn,
    withdrawnBy,
    interactionOnly: ot.length === 0 && mechs.length === 0,
    maxPhase: top?.phase ?? null,
    matching,
    genes: drug.genes,
    actionTypes,
    diseaseName: ctx.diseaseName,
  });

  const raw: Record<FactorName, RawFactor> = {
    clinicalPhase: top
      ? { value: clinicalPhaseValue(top.phase, withdrawn), detail: `phase ${top.phase} (${top.source})${withdrawn ? ', halved: withdrawn' : ''}` }
      : { value: null, detail: 'no clinical phase from Open Targets, ChEMBL or DGIdb' },
    targetDiseaseAssociation: associationFactor(drug.genes, ctx.associations, ctx.diseaseName),
    mechanismDirectness: mechanismDirectness(drug),
    drugLikeness: molecule || pubchem ? drugLikenessFactor(admet) : { value: null, detail: 'no ChEMBL molecule or PubChem record for this drug' },
    literatureSupport: literature
      ? {
          value: literatureValue(literature.coMentions),
          detail: `${literature.coMentions} PubMed articles mention ${drug.name} with ${ctx.diseaseName} (E-utilities${literature.query ? `: ${literature.query}` : ''})`,
        }
      : { value: null, detail: input.literature ? 'no literature count for this drug' : 'literature co-mentions not searched' },
    pathwayCentrality: pathwayCentrality(drug.genes, ctx.centralities, ctx.centralityInputs),
  };
  const scored = combineFactors(raw);
  const quality = evidenceQualityOf({ opentargets: ot.length > 0, chembl: mechs.length > 0, dgidb: dg.length > 0 });

  const sources: CandidateSource[] = [];
  if (ot.length || drugIndications) sources.push('opentargets');
  if (mechs.length || molecule || Object.values(admet).some((v) => isSourced(v, 'chembl'))) sources.push('chembl');
  if (dg.length) sources.push('dgidb');
  if (Object.values(admet).some((v) => isSourced(v, 'pubchem'))) sources.push('pubchem');
  if (literature) sources.push('eutils');

  const chemblRefs = mechs.flatMap((m) => m.mechanism.refs.filter((r) => r.type?.toLowerCase() === 'pubmed' && r.id).map((r) => r.id as string));
  const pmids = [...new Set([...(literature?.pmids ?? []), ...chemblRefs, ...dg.flatMap((i) => i.pmids)].map(String))].slice(0, maxPmids);

  return {
    name: drug.name,
    chemblId: drug.chemblId,
    otherChemblIds: drug.chemblIds.filter((id) => id !== drug.chemblId),
    drugType: ot.find((c) => c.drugType)?.drugType ?? drugIndications?.drugType ?? molecule?.moleculeType ?? null,
    targetGenes: drug.genes,
    mechanisms,
    actionTypes,
    interactionTypes: uniqueTypes(dg.flatMap((i) => i.interactionTypes)),
    maxPhase: top?.phase ?? null,
    stage: furthest([...ot.flatMap((c) => [c.stage, c.drugStage]), drugIndications?.stage]),
    approved: approvedBy !== null && !withdrawn,
    withdrawn,
    indicatedForDisease: matching.length > 0,
    matchingIndications: matching,
    tier,
    tierReason: reason,
    ...scored,
    admet,
    evidenceQuality: quality.quality,
    evidenceQualityReason: quality.reason,
    sources,
    pmids,
  };
}

function isSourced(v: unknown, source: 'chembl' | 'pubchem'): boolean {
  return !!v && typeof v === 'object' && (v as { source?: unknown }).source === source;
}

// Per-disease stages (drugIndications) take precedence over the stage of the candidate row
// for the same disease; rows still add diseases the per-disease list lacks.
function matchIndications(drug: DrugEvidence, entry: DrugIndications | null, ctx: Context): MatchedIndication[] {
  const contextName = ctx.diseaseName.toLowerCase();
  const wanted = (id: string | null, name: string) => (id !== null && ctx.diseaseIds.has(id)) || (contextName !== '' && name.trim().toLowerCase() === contextName);
  const out = new Map<string, MatchedIndication>();
  for (const ind of entry?.indications ?? []) {
    if (!wanted(ind.diseaseId, ind.diseaseName)) continue;
    const key = ind.diseaseId ?? ind.diseaseName.toLowerCase();
    const prev = out.get(key);
    if (!prev || (ind.phase ?? -1) > (prev.phase ?? -1)) out.set(key, { id: ind.diseaseId, name: ind.diseaseName, phase: ind.phase, basis: 'indications' });
  }
  const fromIndications = new Set(out.keys());
  for (const rec of recordsOf(drug, 'opentargets')) {
    for (const d of rec.candidate.indications) {
      if (!wanted(d.id, d.name) || fromIndications.has(d.id)) continue;
      const prev = out.get(d.id);
      if (!prev || (rec.candidate.phase ?? -1) > (prev.phase ?? -1)) out.set(d.id, { id: d.id, name: d.name, phase: rec.candidate.phase, basis: 'candidate' });
    }
  }
  return [...out.values()].sort((a, b) => (b.phase ?? -1) - (a.phase ?? -1) || a.name.localeCompare(b.name));
}

function byScore(a: DrugCandidate, b: DrugCandidate): number {
  return b.score - a.score || TIER_ORDER[a.tier] - TIER_ORDER[b.tier] || b.coverage - a.coverage || a.name.localeCompare(b.name);
}

/**
 * Candidates at or above a tier: 'I' keeps tier I, 'II' tiers I and II, 'all' everything;
 * ordered by tier, then score (the ranking the repurposing tool shows).
 */
export function rankForTier(candidates: readonly DrugCandidate[], tierFilter: 'I' | 'II' | 'all'): DrugCandidate[] {
  const limit = tierFilter === 'all' ? TIER_ORDER.III : TIER_ORDER[tierFilter];
  return candidates.filter((c) => TIER_ORDER[c.tier] <= limit).sort((a, b) => TIER_ORDER[a.tier] - TIER_ORDER[b.tier] || byScore(a, b));
}

/** One line per candidate, for text output and logs. */
export function summarizeCandidates(candidates: readonly DrugCandidate[], limit = candidates.length): string {
  return candidates
    .slice(0, limit)
    .map((c, i) => {
      const id = c.chemblId ? ` (${c.chemblId})` : '';
      const phase = c.withdrawn ? 'withdrawn' : c.approved ? 'approved' : c.maxPhase === null ? 'phase unknown' : phaseText(c.maxPhase);
      const moa = c.actionTypes.length ? ` ${c.actionTypes.join('/').toLowerCase()}` : '';
      const indicated = c.indicatedForDisease ? `; indicated: ${c.matchingIndications[0]?.name}` : '';
      return `${i + 1}. ${c.name}${id} -> ${c.targetGenes.join(', ')}${moa}; tier ${c.tier}; score ${c.score.toFixed(2)}; ${phase}${indicated}; evidence ${c.evidenceQuality} [${c.sources.join(', ')}]`;
    })
    .join('\n');
}
