// Open Targets drug and clinical candidates: clinical stage -> phase, and the merging of salt
// forms that Open Targets lists as separate rows (EGFR: AFATINIB and AFATINIB DIMALEATE).
// Pure functions: sources/opentargets.ts parses the rows and re-exports these; analysis uses them
// without importing a source module.
// @see https://platform-docs.opentargets.org/data-access/graphql-api
import { uniqueBy } from '../collections.js';

/** Values of `maxClinicalStage` (ot-ui-apps clinicalStageCategories, 2026). */
export const CLINICAL_STAGES = [
  'UNKNOWN', 'PRECLINICAL', 'IND', 'EARLY_PHASE_1', 'PHASE_1', 'PHASE_1_2', 'PHASE_2',
  'PHASE_2_3', 'PHASE_3', 'PREAPPROVAL', 'APPROVAL', 'PHASE_4', 'WITHDRAWAL',
] as const;
export type ClinicalStage = (typeof CLINICAL_STAGES)[number];

/**
 * Stage -> numeric phase for scoring, on ChEMBL's max_phase scale (0.5 = early phase 1).
 *
 * | stage | phase | | stage | phase |
 * |---|---|---|---|---|
 * | UNKNOWN | null | | PHASE_2 | 2 |
 * | PRECLINICAL | 0 | | PHASE_2_3 | 2.5 |
 * | IND | 0 | | PHASE_3 | 3 |
 * | EARLY_PHASE_1 | 0.5 | | PREAPPROVAL | 3.5 |
 * | PHASE_1 | 1 | | APPROVAL, PHASE_4 | 4 |
 * | PHASE_1_2 | 1.5 | | WITHDRAWAL | 4 (approved: false) |
 *
 * Combined phases sit half-way; PREAPPROVAL (filed, not yet approved) between 3 and 4; IND
 * (cleared for trials, none run) counts as preclinical; WITHDRAWAL keeps 4 because the drug
 * reached the market (ChEMBL likewise keeps max_phase 4 with a withdrawn flag) but is never
 * `approved`. A value outside this table (a future enum member) maps to null, raw stage kept.
 */
export const STAGE_PHASE: Readonly<Record<ClinicalStage, number | null>> = {
  UNKNOWN: null,
  PRECLINICAL: 0,
  IND: 0,
  EARLY_PHASE_1: 0.5,
  PHASE_1: 1,
  PHASE_1_2: 1.5,
  PHASE_2: 2,
  PHASE_2_3: 2.5,
  PHASE_3: 3,
  PREAPPROVAL: 3.5,
  APPROVAL: 4,
  PHASE_4: 4,
  WITHDRAWAL: 4,
};

// Order used to pick the furthest stage among merged rows: an approved form beats a withdrawn one.
const STAGE_RANK: readonly string[] = [
  'UNKNOWN', 'PRECLINICAL', 'IND', 'EARLY_PHASE_1', 'PHASE_1', 'PHASE_1_2', 'PHASE_2',
  'PHASE_2_3', 'PHASE_3', 'PREAPPROVAL', 'WITHDRAWAL', 'APPROVAL', 'PHASE_4',
];

export function stagePhase(stage: string | null | undefined): number | null {
  return stage && Object.hasOwn(STAGE_PHASE, stage) ? STAGE_PHASE[stage as ClinicalStage] : null;
}

export function isApprovedStage(stage: string | null | undefined): boolean {
  return stage === 'APPROVAL' || stage === 'PHASE_4';
}

export interface DiseaseRef {
  id: string;
  name: string;
}

export interface Mechanism {
  mechanismOfAction: string;
  actionType: string | null;
}

/** One `drugAndClinicalCandidates` row as parsed, before salt forms are merged. */
export interface CandidateRow {
  drugId: string;
  name: string;
  drugType: string | null;
  stage: string | null;
  drugStage: string | null;
  mechanisms: Mechanism[];
  indications: DiseaseRef[];
}

export interface ClinicalCandidate {
  /** ChEMBL id of the parent form when listed, else of the first salt form seen. */
  drugId: string;
  name: string;
  drugType: string | null;
  /** Furthest stage reached on this target over the merged forms (raw enum string). */
  stage: string | null;
  phase: number | null;
  approved: boolean;
  withdrawn: boolean;
  /** The drug's furthest stage over all its targets and indications ("approved elsewhere"). */
  drugStage: string | null;
  drugPhase: number | null;
  mechanisms: Mechanism[];
  /**
   * Diseases the drug was developed for against this target. Open Targets gives one stage per
   * row, not per disease, so an approved drug listed with a disease may have reached only an
   * earlier phase for it: these never make a drug "indicated" (drug-indications.ts).
   */
  indications: DiseaseRef[];
  /** Other rows merged into this one (e.g. AFATINIB DIMALEATE under AFATINIB). */
  saltForms: { drugId: string; name: string }[];
}

/** Trailing words that name a salt, solvate or counter-ion rather than a different drug. */
const SALT_WORDS = new Set(
  ('ACETATE ANHYDROUS BESILATE BESYLATE BISULFATE BITARTRATE BROMIDE CALCIUM CAMSILATE CAMSYLATE CHLORIDE CITRATE ' +
    'DIHYDRATE DIHYDROCHLORIDE DIMALEATE DIMESYLATE DIPHOSPHATE DIPOTASSIUM DISODIUM DITOSYLATE EDISYLATE ESILATE ' +
    'ESYLATE ETHANOLATE FUMARATE HEMIFUMARATE HEMIHYDRATE HEMISULFATE HEXAHYDRATE HYCLATE HYDRATE HYDROBROMIDE ' +
    'HYDROCHLORIDE HCL ISETHIONATE L-MALATE LACTATE MAGNESIUM MALATE MALEATE MEGLUMINE MESILATE MESYLATE MONOHYDRATE ' +
    'MONOHYDROCHLORIDE MONOSODIUM NAPSYLATE NITRATE OXALATE PAMOATE PENTAHYDRATE PHOSPHATE POTASSIUM S-MALATE ' +
    'SESQUIHYDRATE SODIUM SUCCINATE SULFATE TARTRATE TETRAHYDRATE TOSILATE TOSYLATE TRIHYDRATE TRIHYDROCHLORIDE ' +
    'TRISODIUM TROMETHAMINE').split(' '),
);

/** Trailing solvates of more than one word ("TRAMETINIB DIMETHYL SULFOXIDE"). */
const SALT_PHRASES: readonly string[][] = [['DIMETHYL', 'SULFOXIDE']];

/** The number of trailing words that form a salt word or phrase, 0 when none does. */
function saltTail(words: readonly string[]): number {
  const phrase = SALT_PHRASES.find((p) => p.length < words.length && p.every((w, i) => words[words.length - p.length + i] === w));
  if (phrase) return phrase.length;
  return SALT_WORDS.has(words[words.length - 1] ?? '') ? 1 : 0;
}

/**
 * Name of the parent form: salt words stripped from the end ("AFATINIB DIMALEATE" -> "AFATINIB",
 * "DACOMITINIB ANHYDROUS" -> "DACOMITINIB", "FOSTAMATINIB DISODIUM HEXAHYDRATE" -> "FOSTAMATINIB").
 * Conjugates keep their name ("CETUXIMAB SAROTALOCAN", "DEPATUXIZUMAB MAFODOTIN"): they are
 * different drugs, not salts. So does a name made of salt words only ("SODIUM CHLORIDE", "SODIUM
 * BROMIDE", "DIMETHYL SULFOXIDE": the salt is the drug), which once came down to "SODIUM" and
 * merged two drugs, and a metal or cation with its counter-ion ("FERROUS SULFATE", "GALLIUM
 * NITRATE"). A combination loses a salt word from its last part only ("TRIFLURIDINE AND TIPIRACIL
 * HYDROCHLORIDE" -> "TRIFLURIDINE AND TIPIRACIL"; "DEXTROSE AND SODIUM CHLORIDE" stays whole). Open
 * Targets rows carry no parent id in the fields we select, so the name is the only key.
 */
export function parentName(name: string): string {
  const words = name.trim().toUpperCase().split(/\s+/);
  // A combination ("TRIFLURIDINE AND TIPIRACIL HYDROCHLORIDE"): only its last part's trailing salt
  // word goes, so it merges with "TRIFLURIDINE AND TIPIRACIL"; its other parts stay as written.
  const cut = words.reduce((at, w, i) => (w === 'AND' || w.endsWith(',') ? i + 1 : at), 0);
  const last = words.slice(cut);
  return [...words.slice(0, cut), ...stripSalt(last)].join(' ');
}

/**
 * Metal ions and cations named with their counter-ion: "FERROUS SULFATE", "GALLIUM NITRATE",
 * "LITHIUM CARBONATE" are the drug itself, never "FERROUS" or "GALLIUM".
 */
const CATION_WORDS = new Set(
  ('ALUMINIUM ALUMINUM AMMONIUM ANTIMONY ARSENIC BARIUM BISMUTH CALCIUM CERIUM CESIUM CHROMIC CHROMIUM COBALT COPPER CUPRIC ' +
    'DISODIUM DIPOTASSIUM FERRIC FERROUS GALLIUM GOLD IRON LANTHANUM LITHIUM MAGNESIUM MANGANESE MERCURY PLATINUM POTASSIUM ' +
    'RUBIDIUM SELENIUM SILVER SODIUM STANNOUS STRONTIUM THALLIUM TRISODIUM ZINC').split(' '),
);

/** Trailing salt words stripped, never down to nothing or to a metal or cation named alone. */
function stripSalt(words: readonly string[]): string[] {
  const kept = [...words];
  for (let n = saltTail(kept); n > 0; n = saltTail(kept)) {
    const rest = kept.slice(0, kept.length - n);
    if (!rest.length || (rest.length === 1 && (CATION_WORDS.has(rest[0]!) || SALT_WORDS.has(rest[0]!)))) break;
    kept.splice(kept.length - n, n);
  }
  return kept;
}

function rank(stage: string | null): number {
  return stage === null ? -1 : STAGE_RANK.indexOf(stage);
}

function furthest(stages: readonly (string | null)[]): string | null {
  return stages.reduce<string | null>((a, b) => (rank(b) > rank(a) ? b : a), null);
}

/** One candidate per parent drug, sorted by phase (furthest first) then name. */
export function mergeSaltForms(rows: readonly CandidateRow[]): ClinicalCandidate[] {
  const groups = new Map<string, CandidateRow[]>();
  for (const row of rows) {
    const key = parentName(row.name);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const out: ClinicalCandidate[] = [];
  for (const [key, group] of groups) {
    const lead = group.find((r) => r.name.toUpperCase() === key) ?? (group[0] as CandidateRow);
    const stage = furthest(group.map((r) => r.stage));
    const drugStage = furthest(group.map((r) => r.drugStage));
    out.push({
      drugId: lead.drugId,
      name: lead.name,
      drugType: lead.drugType ?? group.find((r) => r.drugType)?.drugType ?? null,
      stage,
      phase: stagePhase(stage),
      approved: isApprovedStage(stage),
      withdrawn: stage === 'WITHDRAWAL',
      drugStage,
      drugPhase: stagePhase(drugStage),
      mechanisms: uniqueBy(group.flatMap((r) => r.mechanisms), (m) => `${m.mechanismOfAction}|${m.actionType ?? ''}`),
      indications: uniqueBy(group.flatMap((r) => r.indications), (d) => d.id),
      saltForms: group.filter((r) => r !== lead).map((r) => ({ drugId: r.drugId, name: r.name })),
    });
  }
  return out.sort((a, b) => (b.phase ?? -1) - (a.phase ?? -1) || a.name.localeCompare(b.name));
}
