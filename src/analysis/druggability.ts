// Druggability score of a target, 0-1 (DESIGN.md section 4), with its parts so a user sees why.
//
//   score = 0.7 * T + 0.1 * E + 0.2 * F
//
// T  Open Targets tractability: the best credit over every tractability bucket whose value is
//    true, across the four modalities (SM small molecule, AB antibody, PR PROTAC, OC other
//    clinical). Best, not sum: one modality with a drug on the market is enough to call a target
//    druggable, and a sum would punish an intracellular kinase for having no antibody. Credits:
//      clinical buckets (any modality): Approved Drug 1.0, Advanced Clinical 0.85, Phase 1 Clinical 0.7
//      SM discovery: Structure with Ligand 0.55, High-Quality Ligand 0.55, High-Quality Pocket 0.45,
//                    Med-Quality Pocket 0.3, Druggable Family 0.3
//      AB discovery: UniProt loc high conf 0.5, GO CC high conf 0.45, UniProt loc med conf 0.35,
//                    UniProt SigP or TMHMM 0.35, GO CC med conf 0.25, Human Protein Atlas loc 0.2
//      PR discovery: Literature 0.35, Small Molecule Binder 0.35, UniProt Ubiquitination 0.25,
//                    Database Ubiquitination 0.25, Half-life Data 0.15
//      a true label not in this table (a future Open Targets bucket) 0.2, named in the evidence.
//    Clinical precedent outranks structural evidence, which outranks localisation (AB) and
//    degradability (PR) hints: the order of Open Targets' own bucket lists.
// E  Enzyme activity: 1 when UniProt gives at least one EC number, else 0.
// F  Druggable family (UniProt keywords, family and domain texts via entry.targetClasses): the
//    best of kinase 1.0, GPCR 1.0, nuclear receptor 1.0, ion channel 0.9, protease 0.8,
//    transporter 0.6, phosphatase 0.4, else 0. The privileged families of approved-drug targets
//    (Santos et al. 2017, Nat Rev Drug Discov 16:19) score highest; phosphatases, with their
//    charged active sites, are notoriously hard. EC numbers count in E only, never twice.
// Weights: clinical and structural tractability dominates (0.7) because it is direct evidence;
// family (0.2) and enzyme activity (0.1) are priors that matter most for targets without drugs.
//
// A part whose source failed (or that does not know the target) has value null and counts 0:
// the score is then a lower bound and `complete` is false. The score is null only when no part
// could be computed. These weights and credits are a project convention, not a published scale.
import type { Tractability } from '../sources/opentargets.js';
import type { TargetClass } from '../sources/uniprot.js';

export const DRUGGABILITY_WEIGHTS = { tractability: 0.7, enzyme: 0.1, family: 0.2 } as const;

export const MODALITIES = ['SM', 'AB', 'PR', 'OC'] as const;
export type Modality = (typeof MODALITIES)[number];

const MODALITY_NAMES: Record<Modality, string> = { SM: 'small molecule', AB: 'antibody', PR: 'PROTAC', OC: 'other clinical' };

const CLINICAL_CREDIT: Record<string, number> = { 'approved drug': 1, 'advanced clinical': 0.85, 'phase 1 clinical': 0.7 };

const DISCOVERY_CREDIT: Record<Modality, Record<string, number>> = {
  SM: {
    'structure with ligand': 0.55,
    'high-quality ligand': 0.55,
    'high-quality pocket': 0.45,
    'med-quality pocket': 0.3,
    'druggable family': 0.3,
  },
  AB: {
    'uniprot loc high conf': 0.5,
    'go cc high conf': 0.45,
    'uniprot loc med conf': 0.35,
    'uniprot sigp or tmhmm': 0.35,
    'go cc med conf': 0.25,
    'human protein atlas loc': 0.2,
  },
  PR: {
    literature: 0.35,
    'small molecule binder': 0.35,
    'uniprot ubiquitination': 0.25,
    'database ubiquitination': 0.25,
    'half-life data': 0.15,
  },
  OC: {},
};

/** Credit of a true bucket Open Targets names but this table does not know. */
export const UNKNOWN_LABEL_CREDIT = 0.2;

export type DruggableFamily = Exclude<TargetClass, 'enzyme'>;

export const FAMILY_CREDIT: Record<DruggableFamily, number> = {
  kinase: 1,
  gpcr: 1,
  nuclear_receptor: 1,
  ion_channel: 0.9,
  protease: 0.8,
  transporter: 0.6,
  phosphatase: 0.4,
};

const FAMILY_NAMES: Record<DruggableFamily, string> = {
  kinase: 'kinase',
  gpcr: 'GPCR',
  nuclear_receptor: 'nuclear receptor',
  ion_channel: 'ion channel',
  protease: 'protease',
  transporter: 'transporter',
  phosphatase: 'phosphatase',
};

export interface DruggabilityInput {
  /** Open Targets tractability rows; null when Open Targets failed or does not know the target. */
  tractability: readonly Tractability[] | null;
  /** UniProt EC numbers; null when UniProt failed or has no entry. */
  ecNumbers: readonly string[] | null;
  /** UniProt target classes (entry.targetClasses); null when UniProt failed or has no entry. */
  targetClasses: readonly { class: TargetClass; evidence: readonly string[] }[] | null;
  /** Why a null input is missing, for the evidence text (e.g. "Open Targets failed"). */
  missing?: { tractability?: string; uniprot?: string };
}

export type DruggabilityPartName = 'tractability' | 'enzyme' | 'family';

export interface DruggabilityPart {
  name: DruggabilityPartName;
  label: string;
  /** 0-1, or null when its source was unavailable. */
  value: number | null;
  weight: number;
  /** weight * value (0 when value is null). */
  contribution: number;
  evidence: string;
  source: 'opentargets' | 'uniprot';
}

export interface ModalityTractability {
  /** SM, AB, PR, OC (or a modality Open Targets adds later). */
  modality: string;
  /** Best credit among this modality's true buckets (0 when none is true). */
  value: number;
  /** The bucket that gave the value. */
  best: string | null;
  /** Every true bucket of the modality, in Open Targets' order. */
  labels: string[];
}

export interface Druggability {
  score: number | null;
  /** False when a part could not be computed: the score is then a lower bound. */
  complete: boolean;
  parts: DruggabilityPart[];
  modalities: ModalityTractability[];
}

export function druggability(input: DruggabilityInput): Druggability {
  const modalities = input.tractability ? modalityCredits(input.tractability) : [];
  const parts = [tractabilityPart(input, modalities), enzymePart(input), familyPart(input)];
  const available = parts.filter((p) => p.value !== null);
  const score = available.length === 0 ? null : round(parts.reduce((sum, p) => sum + p.contribution, 0));
  return { score, complete: available.length === parts.length, parts, modalities };
}

/**
 * The score in words, with what a missing part could still add: "0.85", or "between 0.30 and 1.00
 * (Open Targets tractability not known)". A lower bound alone reads as a low score (0.00 for BRAF
 * when Open Targets and UniProt fail), which is a failure read as a finding.
 */
export function druggabilityText(score: number | null, parts: readonly Pick<DruggabilityPart, 'label' | 'value' | 'weight'>[]): string {
  const missing = parts.filter((p) => p.value === null);
  if (score === null) return `not known (${missing.map((p) => p.label).join(', ') || 'no part'} not available)`;
  if (!missing.length) return score.toFixed(2);
  const max = Math.min(1, score + missing.reduce((s, p) => s + p.weight, 0));
  return `between ${score.toFixed(2)} and ${max.toFixed(2)} (${missing.map((p) => p.label).join(', ')} not known)`;
}

/** Credit of one true bucket of a modality (clinical labels are shared by all modalities). */
export function bucketCredit(modality: string, label: string): { credit: number; known: boolean } {
  const key = label.trim().toLowerCase();
  const clinical = CLINICAL_CREDIT[key];
  if (clinical !== undefined) return { credit: clinical, known: true };
  const table = isModality(modality) ? DISCOVERY_CREDIT[modality] : {};
  const discovery = table[key];
  return discovery === undefined ? { credit: UNKNOWN_LABEL_CREDIT, known: false } : { credit: discovery, known: true };
}

export function modalityCredits(rows: readonly Tractability[]): ModalityTractability[] {
  const out: ModalityTractability[] = [];
  const seen = [...MODALITIES, ...new Set(rows.map((r) => r.modality).filter((m) => !isModality(m)))];
  for (const modality of seen) {
    const trueRows = rows.filter((r) => r.modality === modality && r.value);
    let value = 0;
    let best: string | null = null;
    for (const r of trueRows) {
      const { credit } = bucketCredit(modality, r.label);
      if (credit > value) [value, best] = [credit, r.label];
    }
    if (isModality(modality) || trueRows.length > 0) out.push({ modality, value, best, labels: trueRows.map((r) => r.label) });
  }
  return out;
}

function tractabilityPart(input: DruggabilityInput, modalities: ModalityTractability[]): DruggabilityPart {
  const base = { name: 'tractability' as const, label: 'Open Targets tractability', weight: DRUGGABILITY_WEIGHTS.tractability, source: 'opentargets' as const };
  if (!input.tractability) {
    return { ...base, value: null, contribution: 0, evidence: `not available: ${input.missing?.tractability ?? 'no tractability assessment'}` };
  }
  const best = modalities.reduce<ModalityTractability | null>((a, m) => (m.value > (a?.value ?? 0) ? m : a), null);
  const value = best?.value ?? 0;
  const evidence = best
    ? `best: ${best.modality} "${best.best}" (${value}); ` +
      modalities
        .filter((m) => m.labels.length > 0)
        .map((m) => `${m.modality} (${isModality(m.modality) ? MODALITY_NAMES[m.modality] : 'unrecognised modality'}): ${m.labels.map((l) => labelText(m.modality, l)).join(', ')}`)
        .join('; ')
    : input.tractability.length === 0
      ? 'Open Targets lists no tractability buckets for this target'
      : 'no tractability bucket is true in any modality';
  return { ...base, value, contribution: round(base.weight * value), evidence };
}

function labelText(modality: string, label: string): string {
  return bucketCredit(modality, label).known ? label : `${label} (unrecognised bucket, ${UNKNOWN_LABEL_CREDIT})`;
}

function enzymePart(input: DruggabilityInput): DruggabilityPart {
  const base = { name: 'enzyme' as const, label: 'Enzyme activity (EC number)', weight: DRUGGABILITY_WEIGHTS.enzyme, source: 'uniprot' as const };
  if (!input.ecNumbers) return { ...base, value: null, contribution: 0, evidence: `not available: ${input.missing?.uniprot ?? 'no UniProt entry'}` };
  const ec = input.ecNumbers;
  const value = ec.length > 0 ? 1 : 0;
  const evidence = ec.length > 0 ? ec.slice(0, 5).map((e) => `EC ${e}`).join(', ') + (ec.length > 5 ? `, +${ec.length - 5} more` : '') : 'no EC number in UniProt';
  return { ...base, value, contribution: round(base.weight * value), evidence };
}

function familyPart(input: DruggabilityInput): DruggabilityPart {
  const base = { name: 'family' as const, label: 'Druggable family (UniProt)', weight: DRUGGABILITY_WEIGHTS.family, source: 'uniprot' as const };
  if (!input.targetClasses) return { ...base, value: null, contribution: 0, evidence: `not available: ${input.missing?.uniprot ?? 'no UniProt entry'}` };
  const families = input.targetClasses
    .filter((c): c is { class: DruggableFamily; evidence: readonly string[] } => c.class !== 'enzyme' && c.class in FAMILY_CREDIT)
    .sort((a, b) => FAMILY_CREDIT[b.class] - FAMILY_CREDIT[a.class]);
  const top = families[0];
  if (!top) {
    return { ...base, value: 0, contribution: 0, evidence: 'no kinase, GPCR, nuclear receptor, ion channel, protease, transporter or phosphatase annotation' };
  }
  const value = FAMILY_CREDIT[top.class];
  const evidence = families.map((f) => `${FAMILY_NAMES[f.class]} ${FAMILY_CREDIT[f.class]} (${f.evidence.slice(0, 3).join('; ')})`).join('; ');
  return { ...base, value, contribution: round(base.weight * value), evidence };
}

function isModality(m: string): m is Modality {
  return (MODALITIES as readonly string[]).includes(m);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
