// Stage templates of the mechanisms acted on with a compound: inhibition, synthetic lethality and
// a predictive biomarker (the response to a drug is the readout). See plan-templates.ts.
import type { Cast, Templates } from './plan-templates.js';
import { levelSetting } from './plan-roles.js';

export const inhibition = (c: Cast): Templates => ({
  in_vitro: {
    title: `Pharmacological ${c.T} inhibition in ${c.D} cells`,
    // The plan does not know the target's class: phospho-T is a readout only for a kinase.
    assayType: `Dose-response viability (72 h, 9 points) with an on-target readout (a proximal marker of ${c.T} activity and one downstream node by western blot)`,
    design:
      `Treat ${c.altered} and ${c.comparison} with ${c.compounds} from 1 nM to 10 µM; read viability (CellTiter-Glo) at 72 h and ` +
      `a proximal marker of ${c.T} activity at 2 h (its own phosphorylation only if ${c.T} is a kinase; otherwise a direct substrate or product). ` +
      `Repeat with ${c.T} siRNA or CRISPR to separate on-target from off-target effects.`,
    // Only a compound with a known potency gives the IC50 a reference point.
    expectedOutcome: `${c.alteration} lines reach IC50 ${c.potencyKnown ? "within about 10-fold of the compound's ChEMBL potency and " : ''}far below the comparison lines; the ${c.T} activity marker falls at the concentrations that reduce viability.`,
    criticalControls: [
      'Vehicle (DMSO) at the highest concentration used',
      `Comparison lines without the alteration: ${c.comparison}`,
      `${c.T} knockdown or knockout that phenocopies the drug (on-target confirmation)`,
      'A second, chemically distinct inhibitor (rules out scaffold-specific off-target effects)',
    ],
    timeline: '6-8 weeks',
    go: `≥10-fold IC50 window between ${c.alteration} and comparison lines, ${c.T} pathway suppressed at the IC50, and the same selectivity from ${c.T} knockdown`,
    noGo: `No selectivity window; or viability falls without ${c.T} pathway suppression (off-target); or knockdown does not phenocopy`,
    rationale: `${c.T} inhibitors reduce the growth of ${c.D} cells.`,
  },
  in_vivo: {
    title: `${c.T} inhibition in ${c.D} xenografts`,
    assayType: 'Cell-line- or patient-derived xenograft efficacy study with pharmacodynamic biomarkers',
    design:
      `Implant ${c.alteredOne} and ${c.comparisonOne} subcutaneously in immunodeficient mice; randomise at 150-200 mm³ to vehicle or ${c.lead} ` +
      `at its tolerated dose for 21-28 days; harvest tumours 2-4 h after the last dose for the ${c.T} activity marker.`,
    expectedOutcome: `Tumour growth inhibition ≥60% or regression in the ${c.alteration} model, little effect in the comparison model, the ${c.T} activity marker reduced in tumour tissue.`,
    criticalControls: ['Vehicle arm for each model', 'The comparison (non-altered) xenograft', 'Randomisation and blinded calliper measurement', 'Plasma exposure at the dose used (PK) and body-weight monitoring'],
    timeline: '3-5 months',
    go: 'Tumour growth inhibition ≥60% with on-target pharmacodynamics in tumour and <15% body-weight loss',
    noGo: 'Tumour growth inhibition <30%, efficacy only at doses with >15% weight loss, or no pharmacodynamic effect in tumour',
    rationale: `${c.T} inhibition suppresses the growth of ${c.D} xenografts.`,
  },
  translational_clinical: {
    title: `Biomarker-selected translation of ${c.T} inhibition`,
    assayType: 'Selection biomarker on tumour tissue or ctDNA, and a biomarker-selected early-phase cohort',
    design:
      `Make ${c.alteration} status the selection biomarker with a validated assay; ${c.reviewTrials} before designing a cohort; ` +
      `propose a biomarker-selected expansion cohort with paired pre- and on-treatment biopsies.`,
    expectedOutcome: 'Objective responses concentrated in biomarker-positive patients, with target suppression in on-treatment biopsies.',
    criticalControls: ['Biomarker-negative cohort or matched historical control', 'Standard-of-care comparator', 'Pre-specified biomarker cut-off with analytical validation', 'Paired biopsies for pharmacodynamics'],
    timeline: '12-24 months',
    go: 'Objective response rate in biomarker-positive patients clearly above standard of care (e.g. ≥30% vs ≤10%) with acceptable safety',
    noGo: 'No responses in biomarker-positive patients, or benefit unrelated to the biomarker (then the hypothesised mechanism is not what drives it)',
    rationale: `${c.T} inhibitors benefit patients with ${c.D}.`,
  },
});

export const syntheticLethality = (c: Cast): Templates => {
  const B = c.B ?? 'the partner gene';
  return {
    in_vitro: {
      title: `Synthetic lethality of ${c.T} inhibition with ${B} loss`,
      assayType: 'Isogenic clonogenic survival (10-14 days) with drug and genetic perturbation of the target',
      design:
        `Use an isogenic pair: ${B}-deficient lines (${c.altered}) against ${B}-reconstituted or ${B}-proficient lines (${c.comparison}); ` +
        `treat with ${c.compounds} (8 points, clonogenic assay) and knock down ${c.T}; read a mechanistic marker of the shared pathway ` +
        '(e.g. RAD51 and γH2AX foci for DNA-repair genes).',
      expectedOutcome: `${B}-deficient cells die at ≥5-fold lower ${c.T}-inhibitor concentration than ${B}-proficient cells, and ${c.T} knockdown is selectively lethal.`,
      criticalControls: [
        `${B}-reconstituted isogenic line (the decisive control)`,
        `${c.T} knockdown or knockout (the drug acts through ${c.T})`,
        'Non-targeting and vehicle controls',
        `${B} loss verified (western blot, sequencing) and checked for reversion`,
      ],
      timeline: '8-10 weeks',
      go: `≥5-fold shift in surviving-fraction IC50 between the isogenic lines, for the drug and for ${c.T} knockdown`,
      noGo: 'No differential killing in the isogenic pair, or selectivity from the drug but not from knockdown (off-target)',
      rationale: `${c.T} inhibition is synthetically lethal with ${B} deficiency.`,
    },
    in_vivo: {
      title: `Genotype-selective efficacy in ${B}-deficient tumours`,
      assayType: 'Isogenic or genotype-matched xenograft / PDX efficacy study',
      design:
        `Grow ${B}-deficient (${c.alteredOne}) and ${B}-proficient (${c.comparisonOne}) tumours; treat with ${c.lead} or vehicle for 28 days; ` +
        `follow regression and regrowth; sequence relapsing tumours for ${B} reversion.`,
      expectedOutcome: `Regression of ${B}-deficient tumours with little effect on ${B}-proficient tumours.`,
      criticalControls: ['Vehicle arm for both genotypes', `${B}-proficient tumours (the selectivity control)`, 'Plasma exposure at the dose used', 'Resistance analysis of relapses (reversion)'],
      timeline: '4-6 months',
      go: `Regression in ${B}-deficient tumours and <30% growth inhibition in proficient tumours at a tolerated dose`,
      noGo: 'No genotype selectivity in vivo',
      rationale: `${c.T} inhibitors cause regression of ${B}-deficient tumours.`,
    },
    translational_clinical: {
      title: `${B}-status-selected translation`,
      assayType: `Genotype-selected trial, or retrospective analysis of ${c.T}-inhibitor-treated patients by ${B} status`,
      design:
        `Select patients by ${B} loss (germline and somatic sequencing, or a functional signature of ${B} loss); ${c.reviewTrials}; ` +
        'monitor reversion mutations in ctDNA.',
      expectedOutcome: `Responses concentrated in ${B}-deficient patients.`,
      criticalControls: [`${B}-proficient patients (selectivity)`, `A validated ${B}-status assay distinguishing germline from somatic loss`, 'ctDNA monitoring for reversion mutations', 'Standard-of-care comparator'],
      timeline: '12-24 months',
      go: `Response rate in ${B}-deficient patients at least twice that of ${B}-proficient patients`,
      noGo: `No enrichment of benefit by ${B} status`,
      rationale: `Patients with ${B}-deficient ${c.D} respond to ${c.T} inhibitors.`,
    },
  };
};

/**
 * A predictive biomarker, written from the direction the hypothesis states: marker-positive cells
 * resist the treatment (increase) or respond to it (decrease); "differ", to be pre-registered, when
 * the text does not say. The marker is named in the text's words ("EGFR mutation", "BRCA1 loss").
 */
export const biomarker = (c: Cast): Templates => {
  const treatment = c.drug ?? c.lead;
  const key = c.direction ?? 'none';
  const outcome = key === 'increase' ? 'resistance' : 'response';
  const pre = key === 'none' ? ', in the pre-registered direction' : '';
  // A level (expression, amplification) correlates with IC50; a mutation or a loss splits the lines in two.
  const level = levelSetting(c);
  const stat = level
    ? `Spearman ρ ${{ increase: '≥ 0.5', decrease: '≤ -0.5', none: 'of at least 0.5 in size' }[key]} between ${c.T} level and IC50${pre}`
    : `IC50 or AUC ${{ increase: 'higher', decrease: 'lower', none: 'different' }[key]} than in marker-negative lines, Mann-Whitney p<0.05${pre}`;
  const clinicalMarker = c.marker === c.T ? `${c.T} expression` : c.marker;
  return {
    in_vitro: {
      title: `${c.marker} as a predictor of ${outcome} to ${treatment}`,
      assayType: 'Marker-response correlation across a cell-line panel with a locked assay',
      design:
        `Measure ${c.T} (expression or alteration) in ${c.altered} and ${c.comparison} and their response (AUC, IC50) to ${treatment}${c.drugNote}; ` +
        'lock the assay (reagent, cut-off) before response data are unblinded; modulate the marker in one isogenic pair to test causality.',
      expectedOutcome: `Marker-positive lines (${c.alteration}) are ${{ increase: 'more resistant', decrease: 'more sensitive', none: 'different in sensitivity' }[key]} (${stat}).`,
      criticalControls: ['Analytical validation: positive and negative control lines, replicate reproducibility', 'Blinded scoring', 'Marker-negative lines of the same lineage', 'Isogenic marker modulation (causality)'],
      timeline: '6-8 weeks',
      go: `Area under the ROC curve ≥0.75 for classifying ${key === 'increase' ? 'non-responders' : 'responders'} in the panel`,
      noGo: 'Area under the ROC curve <0.65, or a correlation explained by lineage alone',
      rationale: `${c.marker} predicts ${outcome} to ${treatment}.`,
    },
    in_vivo: {
      title: 'Marker-stratified mouse clinical trial',
      assayType: 'Patient-derived xenograft panel, one mouse per model per arm',
      design: `Treat ${c.D} patient-derived xenografts with and without the marker (${c.alteration}) with ${treatment} or vehicle; score response with pre-specified criteria (mRECIST).`,
      expectedOutcome: { increase: 'Non-responders enriched among marker-positive models.', decrease: 'Responders enriched among marker-positive models.', none: 'Response differs between marker groups, in the pre-registered direction.' }[key],
      criticalControls: ['Vehicle for every model', 'Marker measured on the implanted tissue, not the original tumour', 'Pre-specified response criteria'],
      timeline: '4-6 months',
      go: `Response rate ≥30 percentage points ${{ increase: 'lower', decrease: 'higher', none: 'different (as pre-registered)' }[key]} in marker-positive models`,
      noGo: 'No difference in response between marker groups',
      rationale: `${c.marker === c.T ? `${c.T} status` : c.marker} predicts ${outcome} to ${treatment} in patient-derived xenografts.`,
    },
    translational_clinical: {
      title: 'Clinical validation of the marker',
      assayType: 'Retrospective-prospective validation in trial samples (REMARK), then a CLIA-grade assay',
      design: `Assay archived samples from completed trials of ${treatment} in ${c.D} with the locked cut-off; ${c.reviewTrials} for prospective samples.`,
      expectedOutcome: `The marker predicts ${{ increase: 'lack of benefit', decrease: 'benefit', none: 'a difference in benefit' }[key]} (treatment-by-marker interaction), not only prognosis.`,
      criticalControls: ['A control arm without the treatment (separates prediction from prognosis)', 'Locked assay and cut-off', 'An independent validation cohort'],
      timeline: '9-18 months',
      go: 'Treatment-by-marker interaction p<0.05 in an independent cohort',
      noGo: 'Marker prognostic in both arms but not predictive',
      rationale: `${clinicalMarker} is associated with ${outcome} to ${treatment} in patients with ${c.D}.`,
    },
  };
};
