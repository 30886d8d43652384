// What each mechanism asks of each validation stage: assay, design, expected outcome, critical
// controls, timeline, go/no-go, the literature query behind the step and the statement it rests on.
// The experimental logic differs by mechanism (a drug dose-response with an on-target readout for
// inhibition; isogenic knockout with rescue for loss of function; an isogenic pair for synthetic
// lethality; ...); names of genes, compounds, models and the disease come from the data (Cast).
import type { Mechanism } from './hypothesis-text.js';
import { biomarker, inhibition, syntheticLethality } from './plan-templates-drug.js';
import { gainOfFunction, interaction, overexpression } from './plan-templates-genetic.js';
import { lossOfFunction } from './plan-templates-loss.js';
import type { Direction } from './plan-direction.js';
import type { Setting } from './plan-roles.js';

import type { StageId } from './plan-stages.js';

export { STAGE_IDS, type StageId } from './plan-stages.js';

/** Who plays which part in the plan, with the data-derived phrases the templates use. */
export interface Cast {
  /** The gene acted upon (inhibited, lost, activated, overexpressed, the marker, the first partner). */
  T: string;
  /** The second gene where the mechanism needs one: synthetic-lethal background, interaction partner. */
  B: string | null;
  /** Disease name, or "the disease" when none was recognised. */
  D: string;
  /** The alteration that defines the responsive setting, e.g. "EGFR-mutant", "BRCA1-deficient". */
  alteration: string;
  /** The same setting in parts (plan-roles.ts), for the choices a template makes by it. */
  setting: Setting;
  /** The marker in words: "EGFR mutation", "BRCA1 loss", "EGFR amplification or overexpression", or the gene. */
  marker: string;
  /** The setting is the loss of the target itself ("PTEN-deficient"): rescue is re-expression of the wild type. */
  targetLost: boolean;
  /** The direction the hypothesis states (plan-direction.ts); null when it does not say. */
  direction: Direction | null;
  /** Named compounds with potency, e.g. "gefitinib (IC50 ≈ 3.1 nM, ChEMBL, n=24)"; a fallback phrase when none. */
  compounds: string;
  /** Whether any named compound has a ChEMBL potency (the inhibition plan's IC50 expectation needs one). */
  potencyKnown?: boolean;
  /** The lead compound's name, or a description ("a selective EGFR inhibitor"). */
  lead: string;
  /** Drugs the hypothesis names, as named (for loss-of-function and biomarker plans), or null. */
  drug: string | null;
  /**
   * Said where the design first names `drug` (or, in a biomarker plan without one, the lead): that
   * ChEMBL does not know the drug, or that a tool compound stands in for one; else empty.
   */
  drugNote: string;
  /** Models carrying the alteration, and comparison models, as names (fallback phrases when none). */
  altered: string;
  comparison: string;
  /** First altered / comparison model names for the in vivo step. */
  alteredOne: string;
  comparisonOne: string;
  /**
   * What to do with the active trials (translational step): "review the 2 active trial(s) listed",
   * or, when none was found or the search failed, say so ("review the 0 active trial(s) listed"
   * read a failed ClinicalTrials.gov search as none running).
   */
  reviewTrials: string;
}

export interface StageTemplate {
  title: string;
  assayType: string;
  design: string;
  expectedOutcome: string;
  criticalControls: string[];
  timeline: string;
  go: string;
  noGo: string;
  /** The scientific premise of the step, checked against the literature found for it. */
  rationale: string;
}

export type Templates = Record<StageId, StageTemplate>;

/** A term searched in title or abstract: one phrase, or names of one thing any of which counts. */
export type LiteratureTerm = string | readonly string[];

/**
 * Europe PMC terms (each in title or abstract) behind the hypothesis and each stage: the gene(s) with
 * the mechanism's word (and the disease) for the hypothesis, in cell lines for in vitro, in xenografts
 * for in vivo, in patients for the clinic.
 */
export function literatureTerms(mechanism: Mechanism, c: Pick<Cast, 'T' | 'B'>, disease: LiteratureTerm | null): Record<'hypothesis' | StageId, LiteratureTerm[]> {
  const d = disease === null ? [] : [disease];
  const pair = c.B ? [c.T, c.B] : [c.T];
  const cue: Record<Mechanism, string> = {
    inhibition: 'inhibitor',
    loss_of_function: 'loss',
    gain_of_function: 'activating mutation',
    overexpression: 'overexpression',
    biomarker: 'biomarker',
    interaction: 'interaction',
    synthetic_lethality: 'synthetic lethal',
  };
  return {
    hypothesis: [...pair, cue[mechanism], ...d],
    in_vitro: [...pair, cue[mechanism], 'cell lines'],
    in_vivo: [...pair, 'xenograft', ...d],
    translational_clinical: [...pair, 'patients', ...d],
  };
}

export function templates(mechanism: Mechanism, c: Cast): Templates {
  return BUILDERS[mechanism](c);
}

const BUILDERS: Record<Mechanism, (c: Cast) => Templates> = {
  inhibition,
  loss_of_function: lossOfFunction,
  gain_of_function: gainOfFunction,
  overexpression,
  biomarker,
  interaction,
  synthetic_lethality: syntheticLethality,
};
