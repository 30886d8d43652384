// Drug candidates for a gene panel and a disease context (DESIGN.md section 4): Open Targets
// drug and clinical candidates, ChEMBL mechanisms and DGIdb interactions merged per drug across
// genes and sources, tiered (drug-tiers.ts, on per-disease indications: drug-indications.ts),
// scored on six factors (drug-scoring.ts), with ADMET (admet.ts), an evidence-quality flag
// counted by independent curation (drug-evidence-quality.ts), sources and PMIDs. Pure: no I/O.
//
// Decisions (tests pin them):
// - One candidate per drug: records sharing a ChEMBL id (salt ids, ChEMBL parent) or a parent
//   name (salt words stripped) merge, whichever gene or source they came from (drug-merge.ts).
// - Phase = the highest of: Open Targets stage on the target and the drug's overall stage,
//   per-disease stages, ChEMBL max_phase (molecule, mechanism), DGIdb "approved" (= 4).
// - Withdrawn = ChEMBL withdrawn flag, an Open Targets "Withdrawn" drug warning, or the Open
//   Targets stage WITHDRAWAL (of the drug, or of its target row with no approval anywhere). It
//   overrides every approval: a withdrawn drug is never approved, never tier I or II, its phase
//   factor is halved; `excludeWithdrawn` drops such drugs instead.
// - Approved = some source says approved (Open Targets stage APPROVAL/PHASE_4, ChEMBL max_phase
//   4, DGIdb approved) and the drug is not withdrawn.
// - Not withdrawn is known only when a record that would say so was read (its ChEMBL molecule, or
//   Open Targets' drug warnings): otherwise `withdrawalChecked` is false and the tier reason says so.
// - A curated action against a target's role (GeneDrugEvidence.role; drug-roles.ts, the rule of the
//   strategies) earns no directness, is named in `roleConflicts` and the tier reason, and ranks the
//   drug below the others of its tier (rankForTier, rankCountedFirst) when it is on the target its
//   association rests on or on every target it acts on (`conflictRanksLower`).
// - Sorted by score (desc), then tier, coverage (desc) and name, so equal scores rank the
//   better-evidenced candidate first.
import { admetOf, propertyLookups, type Admet } from './admet.js';
import type { Directionality } from '../sources/dgidb.js';
import { isApprovedStage } from './clinical-candidates.js';
import { evidenceQualityOf, type EvidenceQuality } from './drug-evidence-quality.js';
import { approvedIndications, broaderApprovals, contextMatcher, unplacedApprovals, matchIndications, openTargetsWithdrawal, standingApprovals, type ContextMatcher, type IndicationRef } from './drug-indications.js';
import {
  groupDrugEvidence,
  lookedUp,
  lookupDrug,
  mechanismsOf,
  phaseUnread,
  uniqueTypes,
  type DrugCandidateInput,
  type DrugEvidence,
  type EvidenceRecord,
  type GeneAssociation,
  type MechanismEvidence,
} from './drug-merge.js';
import {
  associationFactor,
  bestAssociation,
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
import { approvedIndication, phaseText, tierOf, TIER_ORDER, type MatchedIndication, type Tier } from './drug-tiers.js';
import { actionsOn, onTargets, type InteractionOnlyClaim } from './drug-targets.js';
import { actionOf, roleConflicts, type RoleConflict } from './drug-roles.js';
import type { GeneRole } from './gene-role.js';

export * from './drug-evidence-quality.js';
export * from './drug-indications.js';
export * from './drug-merge.js';
export * from './drug-roles.js';
export * from './drug-scoring.js';
export * from './drug-targets.js';
export * from './drug-tiers.js';

export type CandidateSource = 'opentargets' | 'chembl' | 'dgidb' | 'pubchem' | 'europepmc' | 'eutils';

/** Regulatory status, for wording: approved, investigational (a clinical phase below 4), withdrawn, unknown. */
export type DrugStatus = 'approved' | 'investigational' | 'withdrawn' | 'unknown';

/** One ranked drug candidate. */
export interface DrugCandidate {
  name: string;
  chemblId: string | null;
  /** Salt forms and other ChEMBL ids merged into this candidate. */
  otherChemblIds: string[];
  drugType: string | null;
  /**
   * Panel genes the drug acts on: a curated mechanism (Open Targets, ChEMBL) or a DGIdb pair with
   * an interaction type or ChEMBL among its sources (drug-targets.ts). For a drug with none, the
   * genes DGIdb links it to (each of them then in interactionOnly).
   */
  targetGenes: string[];
  /**
   * Panel genes only bare DGIdb pairs link the drug to (often biomarkers of response or resistance,
   * not targets), each with who claims the pair and the response it names.
   */
  interactionOnly: InteractionOnlyClaim[];
  mechanisms: MechanismEvidence[];
  /** Distinct curated action types (INHIBITOR, ANTAGONIST, ...). */
  actionTypes: string[];
  /**
   * Target genes whose role (GeneDrugEvidence.role) the drug's curated action on them contradicts
   * (an activated oncogene, an inhibited tumour suppressor), with why; [] when none or no role is known.
   */
  roleConflicts: RoleConflict[];
  /**
   * The conflict ranks the drug below the others of its tier (rankForTier, rankCountedFirst): every
   * target it has a curated action on conflicts, or the one its association factor rests on (its
   * best associated target) does, or which that is is not known. Absent: any conflict does.
   */
  conflictRanksLower?: boolean;
  /** DGIdb interaction types with their directionality. */
  interactionTypes: { type: string; directionality: Directionality | null }[];
  /** Highest phase on ChEMBL's scale (4 approved), null when no source gives one. */
  maxPhase: number | null;
  /** Furthest Open Targets stage (raw enum), null without an Open Targets record. */
  stage: string | null;
  approved: boolean;
  withdrawn: boolean;
  /** Which source says it was withdrawn (and where and when, when known); null when not withdrawn. */
  withdrawnReason: string | null;
  /**
   * A record that would say it was withdrawn was read: its ChEMBL molecule (withdrawn flag) or Open
   * Targets' drug warnings. False: `withdrawn` false means not known, not "not withdrawn" (ChEMBL
   * molecules failed, and Open Targets had no warnings field or was not asked).
   */
  withdrawalChecked: boolean;
  status: DrugStatus;
  /** Approved for the disease context (tier I): an approved per-disease indication matches. */
  indicatedForDisease: boolean;
  /**
   * Where an approved drug is approved is known (its per-disease records were read and name an
   * approved indication); true for a drug approved nowhere. False: it may be approved for the context.
   */
  approvalsKnown: boolean;
  /**
   * An approved indication for a disease above the context ("neoplasm" for "breast cancer"): its
   * label may already cover the context (then `approvalsKnown` is false); null when none.
   */
  broaderApproval: IndicationRef | null;
  /** Indications that match the disease context, with the phase reached for each and its source. */
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
  /** The independent curations the evidence quality counts. */
  evidenceCurations: string[];
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
  const matcher = contextMatcher(input.disease);
  const diseaseName = input.disease.name.trim();
  const associations = new Map(input.genes.map((g) => [g.gene.toUpperCase(), normAssociation(g.association)]));
  const centralities = geneCentralities(input.genes.map((g) => g.gene), input.pathways, input.networkDegree);
  const centralityInputs = { pathways: input.pathways !== undefined, network: input.networkDegree !== undefined };
  const roles = new Map(input.genes.flatMap((g) => (g.role ? [[g.gene, g.role] as const] : [])));

  const out: DrugCandidate[] = [];
  for (const drug of groupDrugEvidence(input)) {
    const c = candidateOf(drug, input, { matcher, diseaseName, associations, centralities, centralityInputs, roles }, options.maxPmids ?? 10);
    if (c.withdrawn && options.excludeWithdrawn) continue;
    out.push(c);
  }
  return out.sort(byScore);
}

interface Context {
  matcher: ContextMatcher;
  diseaseName: string;
  associations: ReadonlyMap<string, GeneAssociation | null | undefined>;
  centralities: ReadonlyMap<string, GeneCentrality | null>;
  centralityInputs: { pathways: boolean; network: boolean };
  roles: ReadonlyMap<string, GeneRole>;
}

function withdrawalOf(drug: DrugEvidence, input: DrugCandidateInput, approvedAnywhere: boolean): string | null {
  const molecule = drug.chemblIds.map((id) => input.molecules?.get(id)).find((m) => m) ?? null;
  if (molecule?.withdrawn === true) return 'ChEMBL withdrawn flag';
  const byDetails = openTargetsWithdrawal(lookupDrug(input.drugs, drug));
  if (byDetails) return byDetails;
  const ot = recordsOf(drug, 'opentargets').map((r) => r.candidate);
  if (ot.some((c) => c.drugStage === 'WITHDRAWAL')) return 'Open Targets stage WITHDRAWAL';
  // A target row at WITHDRAWAL while some source still calls the drug approved: not enough.
  if (ot.some((c) => c.withdrawn) && !approvedAnywhere) return 'Open Targets stage WITHDRAWAL on the target';
  return null;
}

function candidateOf(drug: DrugEvidence, input: DrugCandidateInput, ctx: Context, maxPmids: number): DrugCandidate {
  const ot = recordsOf(drug, 'opentargets').map((r) => r.candidate);
  const mechs = recordsOf(drug, 'chembl');
  const dg = recordsOf(drug, 'dgidb').map((r) => r.interaction);
  // What the drug is (approval, phase, name) reads every record; what it does to the panel
  // (genes, directness, association, centrality, curations) reads only the genes it acts on.
  const { drug: targets, interactionOnly } = onTargets(drug);
  const targetDg = recordsOf(targets, 'dgidb').map((r) => r.interaction);
  const molecule = drug.chemblIds.map((id) => input.molecules?.get(id)).find((m) => m) ?? null;
  const details = lookupDrug(input.drugs, drug);
  const chemblInds = lookupDrug(input.chemblIndications, drug);
  const pubchem = lookupDrug(input.pubchem, drug);
  const admet = admetOf(molecule, pubchem, ot.find((c) => c.drugType)?.drugType ?? details?.drugType ?? null, propertyLookups(drug, input));
  const literature = lookupDrug(input.literature, drug);

  const approvals: [boolean, string][] = [
    [ot.some((c) => c.approved || isApprovedStage(c.drugStage)) || isApprovedStage(details?.stage), 'Open Targets'],
    [(molecule?.maxPhase ?? 0) >= 4 || mechs.some((m) => (m.mechanism.maxPhase ?? 0) >= 4), 'ChEMBL max_phase 4'],
    [dg.some((i) => i.approved === true), 'DGIdb'],
  ];
  const matching = matchIndications(drug, details, chemblInds, ctx.matcher);
  // An approved indication is an approval too, whichever record carries it.
  const approvedBy = approvals.find(([yes]) => yes)?.[1] ?? approvedIndication(matching)?.source ?? null;
  // Withdrawal first: it overrides every approval signal.
  const withdrawnBy = withdrawalOf(drug, input, approvedBy !== null);
  const withdrawn = withdrawnBy !== null;
  const approved = approvedBy !== null && !withdrawn;
  const withdrawalChecked = withdrawn || lookedUp(input.molecules, drug) || (details !== null && details.warnings !== null);

  const phases: { phase: number | null; source: string }[] = [
    ...ot.map((c) => ({ phase: c.phase, source: `Open Targets stage ${c.stage} on the target` })),
    ...ot.map((c) => ({ phase: c.drugPhase, source: `Open Targets drug stage ${c.drugStage}` })),
    { phase: details?.phase ?? null, source: `Open Targets drug stage ${details?.stage}` },
    { phase: molecule?.maxPhase ?? null, source: 'ChEMBL molecule max_phase' },
    ...mechs.map((m) => ({ phase: m.mechanism.maxPhase, source: 'ChEMBL mechanism max_phase' })),
    ...dg.map((i) => ({ phase: i.approved ? 4 : null, source: 'DGIdb: approved' })),
  ];
  const top = phases.reduce<{ phase: number; source: string } | null>((a, p) => (p.phase !== null && (!a || p.phase > a.phase) ? { phase: p.phase, source: p.source } : a), null);

  const mechanisms = mechanismsOf(drug);
  const actionTypes = [...new Set(mechanisms.map((m) => m.actionType?.toUpperCase()).filter((a): a is string => !!a))];
  const conflicts = roleConflicts({ targetGenes: targets.genes, mechanisms }, ctx.roles);
  const indicationsChecked = lookedUp(input.drugs, drug) || lookedUp(input.chemblIndications, drug);
  const approvalsNamed = approvedIndications(details, chemblInds).length > 0;
  // An approval above the context that a withdrawal outranks is no label that may cover it: the withdrawal is said instead.
  const broaderApproval = approved ? (standingApprovals(broaderApprovals(details, chemblInds, ctx.matcher), matching)[0] ?? null) : null;
  // Not needed when the drug is approved for the context: it is tier I whatever the heading says.
  const unplacedApproval = approved && approvedIndication(matching) === null ? (unplacedApprovals(chemblInds, ctx.matcher)[0] ?? null) : null;
  const { tier, reason } = tierOf({
    approved,
    approvedBy,
    withdrawn,
    withdrawnBy,
    interactionOnly: ot.length === 0 && mechs.length === 0,
    maxPhase: top?.phase ?? null,
    matching,
    indicationsChecked,
    approvalsNamed,
    broaderApproval,
    unplacedApproval,
    genes: targets.genes,
    actionTypes,
    roleConflicts: conflicts,
    diseaseName: ctx.diseaseName,
    phaseUnread: phaseUnread(drug, input),
    withdrawalChecked,
  });

  const litSource = literature?.source === 'eutils' ? 'PubMed (E-utilities)' : 'Europe PMC';
  const raw: Record<FactorName, RawFactor> = {
    clinicalPhase: top
      ? { value: clinicalPhaseValue(top.phase, withdrawn), detail: `phase ${top.phase}${top.phase === 0 ? ' = preclinical, no clinical development recorded' : ''} (${top.source})${withdrawn ? ', halved: withdrawn' : ''}` }
      : { value: null, detail: 'no clinical phase from Open Targets, ChEMBL or DGIdb' },
    targetDiseaseAssociation: associationFactor(targets.genes, ctx.associations, ctx.diseaseName),
    mechanismDirectness: mechanismDirectness(targets, conflicts),
    drugLikeness: drugLikenessFactor(admet),
    literatureSupport: literature
      ? {
          value: literatureValue(literature.coMentions),
          detail: `${literature.coMentions} articles mention ${drug.name} with ${ctx.diseaseName} (${litSource}${literature.query ? `: ${literature.query}` : ''})`,
        }
      : { value: null, detail: literatureUnknown(input, drug) },
    pathwayCentrality: pathwayCentrality(targets.genes, ctx.centralities, ctx.centralityInputs),
  };
  const scored = combineFactors(raw);
  const quality = evidenceQualityOf(targets);

  const sources: CandidateSource[] = [];
  if (ot.length || details) sources.push('opentargets');
  if (mechs.length || molecule || chemblInds?.length || Object.values(admet).some((v) => isSourced(v, 'chembl'))) sources.push('chembl');
  if (dg.length) sources.push('dgidb');
  if (Object.values(admet).some((v) => isSourced(v, 'pubchem'))) sources.push('pubchem');
  if (literature) sources.push(literature.source);

  const chemblRefs = mechs.flatMap((m) => m.mechanism.refs.filter((r) => r.type?.toLowerCase() === 'pubmed' && r.id).map((r) => r.id as string));
  const pmids = [...new Set([...(literature?.pmids ?? []), ...chemblRefs, ...targetDg.flatMap((i) => i.pmids)].map(String))].slice(0, maxPmids);
  const maxPhase = top?.phase ?? null;

  return {
    // A drug known only by ChEMBL id (a mechanism record) takes its name from Open Targets when it can.
    name: drug.name === drug.chemblId && details ? details.name : drug.name,
    chemblId: drug.chemblId,
    otherChemblIds: drug.chemblIds.filter((id) => id !== drug.chemblId),
    drugType: ot.find((c) => c.drugType)?.drugType ?? details?.drugType ?? molecule?.moleculeType ?? null,
    targetGenes: targets.genes,
    interactionOnly,
    mechanisms,
    actionTypes,
    roleConflicts: conflicts,
    conflictRanksLower: conflictRanksLower(targets.genes, mechanisms, conflicts, ctx.associations),
    interactionTypes: uniqueTypes(targetDg.flatMap((i) => i.interactionTypes)),
    maxPhase,
    stage: furthest([...ot.flatMap((c) => [c.stage, c.drugStage]), details?.stage]),
    approved,
    withdrawn,
    withdrawnReason: withdrawnBy,
    withdrawalChecked,
    status: withdrawn ? 'withdrawn' : approved ? 'approved' : maxPhase !== null && maxPhase > 0 ? 'investigational' : 'unknown',
    indicatedForDisease: !withdrawn && approvedIndication(matching) !== null,
    approvalsKnown: !approved || (indicationsChecked && approvalsNamed && !broaderApproval && !unplacedApproval),
    broaderApproval,
    matchingIndications: matching,
    tier,
    tierReason: reason,
    ...scored,
    admet,
    evidenceQuality: quality.quality,
    evidenceQualityReason: quality.reason,
    evidenceCurations: quality.curations,
    sources,
    pmids,
  };
}

/** Why a drug has no literature count: not searched at all, searched and failed, or beyond the searched few. */
function literatureUnknown(input: DrugCandidateInput, drug: DrugEvidence): string {
  if (!input.literature) return 'literature co-mentions not searched';
  const failed = lookupDrug(input.literatureFailed, drug);
  if (failed) return `not known: the literature search for this drug failed (${failed})`;
  return 'not searched: the literature is counted for the first few candidates only';
}

function isSourced(v: unknown, source: 'chembl' | 'pubchem'): boolean {
  return !!v && typeof v === 'object' && (v as { source?: unknown }).source === source;
}

function byScore(a: DrugCandidate, b: DrugCandidate): number {
  return b.score - a.score || TIER_ORDER[a.tier] - TIER_ORDER[b.tier] || b.coverage - a.coverage || a.name.localeCompare(b.name);
}

/**
 * 1 for a drug whose role conflict ranks it lower, 0 otherwise: within a tier such a drug follows
 * every drug without one, whatever its score. An activator of an oncogene once led the repurposing
 * list, its score raised by the very action that contradicts the gene's role, flagged only at the
 * end of its line. A conflict on a side target does not: an EGFR inhibitor (fits) that also
 * inhibits TP53 (a tumour suppressor) once ranked at 0.97 behind a phase 2 modulator at 0.68,
 * though its directness already gives the TP53 action nothing; it keeps the mark and the reason.
 */
const conflicted = (c: Pick<DrugCandidate, 'roleConflicts' | 'conflictRanksLower'>) => ((c.conflictRanksLower ?? c.roleConflicts.length > 0) ? 1 : 0);

/** See DrugCandidate.conflictRanksLower. */
function conflictRanksLower(genes: readonly string[], mechanisms: MechanismEvidence[], conflicts: readonly RoleConflict[], associations: ReadonlyMap<string, GeneAssociation | null | undefined>): boolean {
  if (!conflicts.length) return false;
  const against = new Set(conflicts.map((x) => x.gene));
  const acted = genes.filter((g) => actionOf(actionsOn({ mechanisms }, g)) !== 'none');
  if (acted.every((g) => against.has(g))) return true;
  const { best } = bestAssociation(genes, associations);
  // Which target the score rests on is not known: the conflict may be on it.
  return !best || best.a.score <= 0 || against.has(best.gene);
}

/**
 * Candidates at or above a tier: 'I' keeps tier I, 'II' tiers I and II, 'all' everything;
 * ordered by tier, then drugs without a role conflict first, then score (the ranking the
 * repurposing tool shows).
 */
export function rankForTier(candidates: readonly DrugCandidate[], tierFilter: 'I' | 'II' | 'all'): DrugCandidate[] {
  const limit = tierFilter === 'all' ? TIER_ORDER.III : TIER_ORDER[tierFilter];
  return candidates.filter((c) => TIER_ORDER[c.tier] <= limit).sort((a, b) => TIER_ORDER[a.tier] - TIER_ORDER[b.tier] || conflicted(a) - conflicted(b) || byScore(a, b));
}

/**
 * The panel ranking: tier, then drugs without a role conflict (conflicted above), then candidates
 * whose literature was counted before those it was not counted for, then score. The literature
 * search runs for the first few drafts only; renormalised over their other factors, the rest once
 * rose above the drugs it had been measured for (all listed at the top as drafts), so a search that
 * was never run outranked one that was.
 */
export function rankCountedFirst(candidates: readonly DrugCandidate[]): DrugCandidate[] {
  const uncounted = (c: DrugCandidate) => (c.factors.literatureSupport.value === null ? 1 : 0);
  return [...candidates].sort((a, b) => TIER_ORDER[a.tier] - TIER_ORDER[b.tier] || conflicted(a) - conflicted(b) || uncounted(a) - uncounted(b) || byScore(a, b));
}

/** One line per candidate, for text output and logs. */
export function summarizeCandidates(candidates: readonly DrugCandidate[], limit = candidates.length): string {
  return candidates
    .slice(0, limit)
    .map((c, i) => {
      const id = c.chemblId ? ` (${c.chemblId})` : '';
      const phase = c.withdrawn ? 'withdrawn' : c.approved ? 'approved' : c.maxPhase === null ? 'phase unknown' : phaseText(c.maxPhase);
      const moa = c.actionTypes.length ? ` ${c.actionTypes.join('/').toLowerCase()}` : '';
      const indicated = c.indicatedForDisease ? `; approved for ${approvedIndication(c.matchingIndications)?.name}` : '';
      return `${i + 1}. ${c.name}${id} -> ${c.targetGenes.join(', ')}${moa}; tier ${c.tier}; score ${c.score.toFixed(2)}; ${phase}${indicated}; evidence ${c.evidenceQuality} [${c.sources.join(', ')}]`;
    })
    .join('\n');
}
