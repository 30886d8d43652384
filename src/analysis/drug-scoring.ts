// The six-factor drug-candidate score (DESIGN.md section 4). Every factor is 0-1 or null, and
// each carries a one-line detail naming its source so a reader can check it.
//
// Weights (sum to 1):
//   clinicalPhase 0.25, targetDiseaseAssociation 0.20, mechanismDirectness 0.20,
//   literatureSupport 0.15, drugLikeness 0.10, pathwayCentrality 0.10.
// Clinical evidence and the target's link to the disease dominate; drug-likeness counts less
// because biologics have none and an approved drug's developability is already proven.
//
// A null factor (unknown, not "bad") is left out and the weights of the known factors are
// renormalised: score = sum(w_i * v_i) / sum(w_i over known factors). `coverage` (that
// denominator) and `missingFactors` say what the score rests on. Reason: a factor nobody could
// measure (a failed source, an antibody's QED) must not sink every candidate by a constant, and
// reading unknown as 0 would rank a biologic below an equal small molecule. Unknown is only
// "could not be measured": a source that answered "none" gives a measured 0 (an unassociated
// target scores 0 on the association factor, and 0 literature hits score 0).
// Each factor's `contribution` is w_i * v_i / coverage, so contributions add up to the score.
import type { Directionality } from '../sources/dgidb.js';
import { drugLikeness, type Admet } from './admet.js';
import type { DrugEvidence, GeneAssociation } from './drug-merge.js';
import { conflictText, type RoleConflict } from './drug-roles.js';
import type { EnrichmentRow } from './enrichment.js';

/** Weight of each factor; they sum to 1. */
export const FACTOR_WEIGHTS = {
  clinicalPhase: 0.25,
  targetDiseaseAssociation: 0.2,
  mechanismDirectness: 0.2,
  drugLikeness: 0.1,
  literatureSupport: 0.15,
  pathwayCentrality: 0.1,
} as const;

export type FactorName = keyof typeof FACTOR_WEIGHTS;
/** Factor names in display order. */
export const FACTOR_NAMES = Object.keys(FACTOR_WEIGHTS) as FactorName[];

/** A factor before weighting: value 0-1, or null when unknown, and why. */
export interface RawFactor {
  value: number | null;
  detail: string;
}

/** A factor as shown: its value, nominal weight, share of the score, and why. */
export interface Factor extends RawFactor {
  weight: number;
  /** weight * value / coverage (null for a missing factor); the contributions sum to the score. */
  contribution: number | null;
}

export interface ScoreResult {
  score: number;
  /** Sum of the weights of the known factors (1 when nothing is missing). */
  coverage: number;
  missingFactors: FactorName[];
  factors: Record<FactorName, Factor>;
}

const round = (x: number, digits = 4): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** Weighted mean over the known factors (weights renormalised), rounded to 4 decimals. */
export function combineFactors(raw: Record<FactorName, RawFactor>): ScoreResult {
  let coverage = 0;
  let sum = 0;
  for (const name of FACTOR_NAMES) {
    const v = raw[name].value;
    if (v === null) continue;
    coverage += FACTOR_WEIGHTS[name];
    sum += FACTOR_WEIGHTS[name] * v;
  }
  const factors = {} as Record<FactorName, Factor>;
  for (const name of FACTOR_NAMES) {
    const { value, detail } = raw[name];
    const weight = FACTOR_WEIGHTS[name];
    factors[name] = { value, weight, contribution: value === null || coverage === 0 ? null : round((weight * value) / coverage), detail };
  }
  return {
    score: coverage === 0 ? 0 : round(sum / coverage),
    coverage: round(coverage),
    missingFactors: FACTOR_NAMES.filter((n) => raw[n].value === null),
    factors,
  };
}

/**
 * Clinical phase factor: phase / 4 on ChEMBL's scale (4 approved -> 1, 3 -> 0.75, 2 -> 0.5,
 * 1 -> 0.25, 0.5 early phase 1 -> 0.125, 0 preclinical -> 0); halved for a withdrawn drug,
 * which reached the market but left it. Null when no source gives a phase.
 */
export function clinicalPhaseValue(phase: number | null, withdrawn: boolean): number | null {
  if (phase === null || !Number.isFinite(phase)) return null;
  const v = Math.min(1, Math.max(0, phase / 4));
  return withdrawn ? v / 2 : v;
}

/**
 * Literature factor from a drug + disease co-mention count: log10(1 + n) / 3, capped at 1
 * (0 -> 0, 1 -> 0.10, 10 -> 0.35, 100 -> 0.67, >= 999 -> 1). Logarithmic because counts span
 * five orders of magnitude and the first few papers matter most.
 */
export function literatureValue(coMentions: number): number {
  return Math.min(1, Math.log10(1 + Math.max(0, coMentions)) / 3);
}

/** Mechanism directness levels, highest first. */
export const DIRECTNESS = {
  /** Curated mechanism (Open Targets / ChEMBL) with a directional action on the gene. */
  directAction: 1,
  /** Curated mechanism without a directional action type (MODULATOR, BINDING AGENT, none given). */
  curatedMechanism: 0.7,
  /** ChEMBL says the interaction is not direct (direct_interaction = 0). */
  indirectMechanism: 0.6,
  /** DGIdb only, with an inhibitory/activating type or directionality. */
  dgidbDirectional: 0.5,
  /** DGIdb only, typed but without a direction (antibody, binder, ligand, modulator). */
  dgidbTyped: 0.35,
  /** DGIdb only, no type or DIRECTIONALITY_UNCLEAR. */
  dgidbUnclear: 0.2,
} as const;

/** ChEMBL action types that state what the drug does to its target. */
export const DIRECTIONAL_ACTIONS: ReadonlySet<string> = new Set([
  'ACTIVATOR', 'AGONIST', 'ALLOSTERIC ANTAGONIST', 'ANTAGONIST', 'ANTISENSE INHIBITOR', 'BLOCKER', 'DEGRADER',
  'DISRUPTING AGENT', 'INHIBITOR', 'INVERSE AGONIST', 'NEGATIVE ALLOSTERIC MODULATOR', 'NEGATIVE MODULATOR', 'OPENER',
  'PARTIAL AGONIST', 'POSITIVE ALLOSTERIC MODULATOR', 'POSITIVE MODULATOR', 'RNAI INHIBITOR', 'STABILISER',
]);

// DGIdb interaction types that imply a direction even when `directionality` was not returned.
const DGIDB_DIRECTIONAL_TYPES = new Set([
  'activator', 'agonist', 'antagonist', 'blocker', 'channel blocker', 'inducer', 'inhibitor', 'inhibitory allosteric modulator',
  'inverse agonist', 'negative modulator', 'partial agonist', 'partial antagonist', 'positive modulator', 'potentiator',
  'stimulator', 'suppressor',
]);

function dgidbLevel(types: readonly { type: string; directionality: Directionality | null }[]): number {
  if (types.some((t) => t.directionality === 'INHIBITORY' || t.directionality === 'ACTIVATING' || DGIDB_DIRECTIONAL_TYPES.has(t.type.toLowerCase()))) {
    return DIRECTNESS.dgidbDirectional;
  }
  return types.some((t) => t.directionality !== 'DIRECTIONALITY_UNCLEAR') ? DIRECTNESS.dgidbTyped : DIRECTNESS.dgidbUnclear;
}

/**
 * Best directness over the drug's records, with the record that earned it. A curated action that
 * contradicts its gene's role (drug-roles.ts: an activated oncogene, an inhibited tumour
 * suppressor) earns nothing: every record on that gene is left out, and a drug acting only against
 * its genes' roles scores 0, said in the detail. Directness once rewarded any curated direction, so
 * an activator of an oncogene scored above the same drug without a stated action.
 */
export function mechanismDirectness(drug: Pick<DrugEvidence, 'records'>, conflicts: readonly RoleConflict[] = []): RawFactor {
  let best: RawFactor = { value: null, detail: 'no mechanism or interaction on a panel gene' };
  const offer = (value: number, detail: string) => {
    if (best.value === null || value > best.value) best = { value, detail };
  };
  const against = new Set(conflicts.map((x) => x.gene));
  for (const rec of drug.records) {
    if (against.has(rec.gene)) continue;
    if (rec.kind === 'opentargets') {
      const typed = rec.candidate.mechanisms.filter((m) => m.actionType);
      const directional = typed.find((m) => DIRECTIONAL_ACTIONS.has((m.actionType ?? '').toUpperCase()));
      if (directional) offer(DIRECTNESS.directAction, `${directional.actionType} on ${rec.gene} (Open Targets mechanism: ${directional.mechanismOfAction})`);
      else offer(DIRECTNESS.curatedMechanism, `listed against ${rec.gene} by Open Targets (${typed[0]?.actionType ?? 'action type not given'})`);
    } else if (rec.kind === 'chembl') {
      const m = rec.mechanism;
      const action = m.actionType ?? 'action type not given';
      if (m.directInteraction === false) offer(DIRECTNESS.indirectMechanism, `${action} on ${rec.gene}, indirect (ChEMBL mechanism)`);
      else if (DIRECTIONAL_ACTIONS.has((m.actionType ?? '').toUpperCase())) offer(DIRECTNESS.directAction, `${action} on ${rec.gene} (ChEMBL mechanism${m.mechanismOfAction ? `: ${m.mechanismOfAction}` : ''})`);
      else offer(DIRECTNESS.curatedMechanism, `${action} on ${rec.gene} (ChEMBL mechanism)`);
    } else {
      const types = rec.interaction.interactionTypes;
      const level = dgidbLevel(types);
      const described = types.length ? types.map((t) => t.type).join(', ') : 'no interaction type';
      offer(level, `DGIdb interaction with ${rec.gene} only (${described})`);
    }
  }
  if (!conflicts.length) return best;
  const conflict = `its action contradicts the role of ${conflicts.map((x) => x.gene).join(', ')}: ${conflictText(conflicts)}`;
  if (best.value === null) return { value: 0, detail: `0: ${conflict}; no credit for directness` };
  return { value: best.value, detail: `${best.detail}; not counted: ${conflict}` };
}

/** Centrality of one gene: its value and how it was computed. */
export interface GeneCentrality {
  value: number;
  detail: string;
}

/**
 * Pathway centrality per panel gene (upper-case symbol -> value or null), relative to the panel:
 * pathway part = significant pathways containing the gene / the panel's maximum; network part =
 * STRING degree / the panel's maximum; the value is the mean of the parts that are known.
 * Relative, because pathway counts grow with the number of libraries tested.
 */
export function geneCentralities(
  genes: readonly string[],
  pathways: readonly EnrichmentRow[] | undefined,
  degree: ReadonlyMap<string, number> | undefined,
): Map<string, GeneCentrality | null> {
  const panel = [...new Set(genes.map((g) => g.toUpperCase()))];
  const significant = (pathways ?? []).filter((r) => r.significant);
  const counts = new Map<string, number>(panel.map((g) => [g, 0]));
  const seen = new Set<string>();
  for (const row of significant) {
    const id = `${row.library}|${row.id}`;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const g of new Set(row.overlapGenes.map((x) => x.toUpperCase()))) if (counts.has(g)) counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  const maxCount = Math.max(0, ...counts.values());
  const degrees = new Map([...(degree ?? [])].map(([g, d]) => [g.toUpperCase(), d]));
  const maxDegree = Math.max(0, ...panel.map((g) => degrees.get(g) ?? 0));

  const out = new Map<string, GeneCentrality | null>();
  for (const g of panel) {
    const parts: number[] = [];
    const why: string[] = [];
    if (maxCount > 0) {
      const c = counts.get(g) ?? 0;
      parts.push(c / maxCount);
      why.push(`in ${c} of ${seen.size} significant enriched pathways (panel max ${maxCount})`);
    }
    const d = degrees.get(g);
    if (maxDegree > 0 && d !== undefined) {
      parts.push(d / maxDegree);
      why.push(`STRING degree ${d} in the panel network (panel max ${maxDegree})`);
    }
    out.set(g, parts.length ? { value: parts.reduce((a, b) => a + b, 0) / parts.length, detail: why.join('; ') } : null);
  }
  return out;
}

/** Drug-level centrality: the most central of its target genes. */
export function pathwayCentrality(
  targetGenes: readonly string[],
  centralities: ReadonlyMap<string, GeneCentrality | null>,
  inputs: { pathways: boolean; network: boolean },
): RawFactor {
  let best: { gene: string; c: GeneCentrality } | null = null;
  for (const gene of targetGenes) {
    const c = centralities.get(gene.toUpperCase());
    if (c && (!best || c.value > best.c.value)) best = { gene, c };
  }
  if (best) return { value: best.c.value, detail: `${best.gene}: ${best.c.detail}` };
  if (!inputs.pathways && !inputs.network) return { value: null, detail: 'no enriched pathways or STRING network given' };
  return { value: null, detail: 'no significant pathway or network degree for the target genes' };
}

/**
 * Target-disease association: the best Open Targets score of the drug's target genes with the
 * disease context (associations keyed by upper-case symbol). A score of 0 is measured: Open
 * Targets was asked for exactly these diseases and lists none. null = the source failed,
 * undefined = not asked (no disease matched); only those leave the factor unknown. When some
 * genes are unknown and the known ones are all 0, the factor is unknown too: an unknown gene
 * could hold the best association.
 */
/**
 * The first gene with the highest known association (the one the association factor rests on), and
 * the genes whose association is not known.
 */
export function bestAssociation(
  genes: readonly string[],
  associations: ReadonlyMap<string, GeneAssociation | null | undefined>,
): { best: { gene: string; a: GeneAssociation } | null; unknown: string[] } {
  let best: { gene: string; a: GeneAssociation } | null = null;
  const unknown: string[] = [];
  for (const gene of genes) {
    const a = associations.get(gene.toUpperCase());
    if (a === null || a === undefined) unknown.push(gene);
    else if (!best || a.score > best.a.score) best = { gene, a };
  }
  return { best, unknown };
}

export function associationFactor(
  genes: readonly string[],
  associations: ReadonlyMap<string, GeneAssociation | null | undefined>,
  diseaseName: string,
): RawFactor {
  const { best, unknown } = bestAssociation(genes, associations);
  if (best && best.a.score > 0) {
    const disease = best.a.diseaseName ?? diseaseName;
    return { value: Math.min(1, best.a.score), detail: `${best.gene} with ${disease}: ${best.a.score.toFixed(3)} (Open Targets association score)` };
  }
  if (best && unknown.length === 0) {
    const why = [...new Set(genes.map((g) => associations.get(g.toUpperCase())?.note).filter((n): n is string => !!n))];
    return { value: 0, detail: `Open Targets lists no association of ${genes.join(', ')} with ${diseaseName}${why.some((w) => w.startsWith('listed only for')) ? ' itself' : ''} (asked for exactly this disease${why.length ? `; ${why.join('; ')}` : ''})` };
  }
  const failed = unknown.filter((g) => associations.get(g.toUpperCase()) === null);
  if (failed.length) return { value: null, detail: `Open Targets association of ${failed.join(', ')} with ${diseaseName} unknown: the source failed` };
  return { value: null, detail: `association of ${unknown.join(', ')} with ${diseaseName} not looked up (no matched Open Targets disease or no Ensembl id)` };
}

/**
 * An Open Targets association score for people: two decimals, or one significant digit below 0.005
 * (a listed association of 0.003 printed as "0.00" read as none, next to a claim that it exists).
 */
export function associationScoreText(score: number): string {
  return score > 0 && score < 0.005 ? score.toPrecision(1) : score.toFixed(2);
}

/**
 * Drug-likeness factor: QED (ChEMBL) on its own 0-1 scale, with the rule-of-five violations beside
 * it. Null without a QED. Why it is unknown comes from the ADMET note first, which names a failed or
 * skipped lookup ("no ChEMBL record" once followed a ChEMBL call that had failed). A count computed
 * here with properties unknown is a floor, and says of how many properties it was counted.
 */
export function drugLikenessFactor(admet: Admet): RawFactor {
  const values = [admet.molecularWeight, admet.logP, admet.hbd, admet.hba];
  const known = values.filter((v) => v !== null).length;
  const v = admet.lipinskiViolations;
  const ro5 = !v
    ? ''
    : v.source === 'chembl'
      ? `; Ro5 violations ${v.value} (ChEMBL)`
      : `; Ro5 violations ${v.value}${known < 4 ? ` among the ${known} of 4 properties known` : ''} (computed from ${sourcesOf(admet)})`;
  const value = drugLikeness(admet);
  if (value === null) {
    const fromChembl = values.some((x) => x?.source === 'chembl');
    const why = admet.note ?? (fromChembl ? 'ChEMBL gives none for this drug' : 'no ChEMBL record (QED comes from ChEMBL only)');
    return { value: null, detail: `QED unknown: ${why}${ro5}` };
  }
  return { value, detail: `QED ${value} (ChEMBL)${ro5}` };
}

function sourcesOf(admet: Admet): string {
  const names = [admet.molecularWeight, admet.logP, admet.hbd, admet.hba].flatMap((v) => (v ? [v.source === 'chembl' ? 'ChEMBL' : 'PubChem'] : []));
  return [...new Set(names)].join(' + ') || 'no source';
}
