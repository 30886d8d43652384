// Stage templates of the mechanisms tested by changing the gene itself: gain of function,
// overexpression and a protein-protein interaction (loss of function: plan-templates-loss.ts).
// See plan-templates.ts.
import type { Cast, Templates } from './plan-templates.js';

export const gainOfFunction = (c: Cast): Templates => ({
  in_vitro: {
    title: `Transforming activity of mutant ${c.T}`,
    assayType: 'Isogenic expression of mutant versus wild-type protein: transformation and dependency assays',
    design:
      `Express mutant and wild-type ${c.T} at matched levels in a non-transformed background (Ba/F3 for kinases, MCF10A for epithelial signalling); ` +
      `measure factor-independent growth, soft-agar colonies and pathway activation; test whether ${c.altered} depend on ${c.T} by knockdown and with ${c.compounds}.`,
    expectedOutcome: `Mutant but not wild-type ${c.T} confers factor-independent growth and pathway activation; mutant-carrying lines lose viability when ${c.T} is removed.`,
    criticalControls: [`Wild-type ${c.T} at matched expression (western blot)`, 'Empty vector', 'A function-dead version of the mutant', `Comparison lines without a ${c.T} variation: ${c.comparison}`],
    timeline: '8-10 weeks',
    go: `Mutant transforms (≥5-fold more colonies than wild type) and mutant-carrying lines depend on ${c.T}`,
    noGo: 'Wild type transforms as well as the mutant (an expression artefact), or no dependency',
    rationale: `Activating ${c.T} mutations drive ${c.D}.`,
  },
  in_vivo: {
    title: `Mutant ${c.T} as a driver in vivo`,
    assayType: 'Tumorigenicity of mutant-expressing cells and an inducible mutant allele',
    design:
      `Inject cells expressing mutant or wild-type ${c.T} into immunodeficient mice, or use a doxycycline-inducible mutant allele; ` +
      `after tumours form, withdraw induction or treat with ${c.lead} to test tumour maintenance.`,
    expectedOutcome: `Mutant ${c.T} tumours form and regress when the mutant is switched off or inhibited.`,
    criticalControls: ['Wild-type-expressing cells', 'Doxycycline-only controls', 'Expression confirmed in tumours', 'Randomisation and blinded measurement'],
    timeline: '4-6 months',
    go: 'Tumours form only with the mutant and regress on de-induction or inhibition',
    noGo: 'No difference between mutant and wild type in vivo',
    rationale: `Mutant ${c.T} drives tumour growth in vivo.`,
  },
  translational_clinical: {
    title: `${c.T} mutation as a selection marker`,
    assayType: 'Mutation prevalence in patient cohorts and mutation-selected treatment',
    design:
      `Estimate the frequency of activating ${c.T} mutations in ${c.D} from sequencing cohorts, classify variants (hotspot vs unknown significance), ` +
      `and ${c.reviewTrials} for mutation-selected arms.`,
    expectedOutcome: `A recurrent, targetable ${c.T} mutation class with responses in mutation-selected patients.`,
    criticalControls: ['Variant classification (known hotspots vs variants of unknown significance)', 'Co-occurring driver mutations', 'Wild-type patients treated alike'],
    timeline: '6-18 months',
    go: 'Prevalence high enough to recruit (e.g. ≥2%) and responses in mutation-selected patients',
    noGo: 'Mutation too rare to test, or no benefit in mutation carriers',
    rationale: `Patients with ${c.T}-mutant ${c.D} respond to ${c.T}-targeted therapy.`,
  },
});

/** Overexpression, written from the direction the hypothesis states (higher level: more or less growth). */
export const overexpression = (c: Cast): Templates => {
  const key = c.direction ?? 'none';
  const effect = { increase: 'promotes', decrease: 'reduces', none: 'changes' }[key];
  const pre = key === 'none' ? ' (in the pre-registered direction)' : '';
  return {
    in_vitro: {
      title: `${c.T} dosage in ${c.D} cells`,
      assayType: 'Titrated (doxycycline-inducible) overexpression and knockdown, with expression quantified',
      design:
        `Quantify ${c.T} mRNA and protein across ${c.altered} and ${c.comparison}; overexpress ${c.T} at two or three levels in low expressers and knock it down in high expressers; ` +
        'read proliferation, invasion and pathway targets.',
      expectedOutcome: {
        increase: `Proliferation and invasion rise with ${c.T} level; knocking it down in high expressers lowers them.`,
        decrease: `Proliferation and invasion fall as ${c.T} level rises; knocking it down in high expressers raises them.`,
        none: `The phenotype scales with ${c.T} level (the hypothesis states no direction: pre-register it); knocking it down in high expressers reverses it.`,
      }[key],
      criticalControls: ['Doxycycline-only and empty-vector controls (doxycycline itself has effects)', 'Expression titration verified by western blot and qPCR', 'Knockdown with two reagents in high expressers', 'Expression kept within the range seen in patient tumours'],
      timeline: '6-10 weeks',
      go: `A dose-dependent phenotype${pre} within the physiological expression range, reversed by knockdown`,
      noGo: 'Effects only at supraphysiological expression',
      rationale: `Overexpression of ${c.T} ${effect} the growth of ${c.D} cells.`,
    },
    in_vivo: {
      title: `${c.T} overexpression in vivo`,
      assayType: 'Inducible overexpression and knockdown xenografts',
      design: `Grow ${c.alteredOne} (high ${c.T}) with inducible knockdown, and a low expresser with inducible overexpression, as xenografts; induce after engraftment and follow growth.`,
      expectedOutcome: {
        increase: `Tumour growth follows ${c.T} level: slower after knockdown, faster after overexpression.`,
        decrease: `Tumour growth runs against ${c.T} level: faster after knockdown, slower after overexpression.`,
        none: `Tumour growth changes with ${c.T} level, in opposite directions after knockdown and overexpression${pre}.`,
      }[key],
      criticalControls: ['Uninduced tumours in the same cohort', 'Doxycycline-fed non-targeting controls', 'Expression measured in harvested tumours'],
      timeline: '3-5 months',
      go: `Growth change ≥40% in the ${key === 'none' ? 'pre-registered' : 'expected'} direction in both settings`,
      noGo: 'Growth independent of expression level',
      rationale: `${c.T} overexpression ${effect} tumour growth in ${c.D} models.`,
    },
    translational_clinical: {
      title: `${c.T} expression in patient tumours`,
      assayType: 'Immunohistochemistry or RNA cut-off validated against outcome',
      design: `Measure ${c.T} (immunohistochemistry or RNA) in an annotated ${c.D} cohort, fix the cut-off in a training set and test it in a validation set; ${c.reviewTrials}.`,
      expectedOutcome: {
        increase: `High ${c.T} expression associated with poorer outcome or with response to ${c.T}-directed therapy.`,
        decrease: `High ${c.T} expression associated with better outcome.`,
        none: `High ${c.T} expression associated with a different outcome${pre}.`,
      }[key],
      criticalControls: ['Cut-off fixed before the validation set is scored', 'Blinded scoring with a validated antibody', 'Adjustment for stage and subtype'],
      timeline: '6-12 months',
      go: `The cut-off separates outcome in the validation set (hazard ratio ${{ increase: '≥1.5', decrease: '≤0.67', none: '≥1.5 or ≤0.67, as pre-registered' }[key]})`,
      noGo: 'No separation in the validation set',
      rationale: { increase: `High ${c.T} expression is associated with poor prognosis in ${c.D}.`, decrease: `High ${c.T} expression is associated with favourable prognosis in ${c.D}.`, none: `${c.T} expression is associated with prognosis in ${c.D}.` }[key],
    },
  };
};

export const interaction = (c: Cast): Templates => {
  const B = c.B ?? 'its partner';
  return {
    in_vitro: {
      title: `The ${c.T}-${B} interaction in ${c.D} cells`,
      assayType: 'Reciprocal endogenous co-immunoprecipitation, proximity ligation and an interface mutant',
      design:
        `Co-immunoprecipitate endogenous ${c.T} and ${B} in both directions in ${c.altered}; confirm in-cell proximity by proximity ligation; ` +
        `map the interface and make a point mutant that abolishes binding, then compare its function with wild-type ${c.T}.`,
      expectedOutcome: 'Reciprocal endogenous co-IP; the proximity signal and the functional readout are lost with the interface mutant.',
      criticalControls: ['Isotype IgG immunoprecipitation', 'Knockdown of each partner (proximity-ligation specificity)', 'Interface mutant expressed at wild-type level', 'Immunoprecipitation in both directions'],
      timeline: '8-12 weeks',
      go: 'Interaction seen endogenously in both directions, and function lost with the interface mutant',
      noGo: 'Interaction seen only with overexpressed tagged proteins, or the interface mutant keeps function',
      rationale: `${c.T} interacts with ${B}.`,
    },
    in_vivo: {
      title: 'Interface-mutant reconstitution in vivo',
      assayType: 'Xenografts of cells reconstituted with wild-type or interface-mutant protein',
      design: `Replace endogenous ${c.T} with wild-type or interface-mutant ${c.T} in ${c.alteredOne}; grow both as xenografts and confirm the interaction by co-IP from tumour lysates.`,
      expectedOutcome: 'Interface-mutant tumours grow like knockout tumours, not like wild-type ones.',
      criticalControls: ['Wild-type reconstituted tumours', 'Knockout tumours', 'Co-IP from tumour lysates', 'Matched expression of the reconstituted proteins'],
      timeline: '4-6 months',
      go: 'Interface mutant phenocopies loss of the protein in vivo',
      noGo: 'Interface mutant grows like wild type',
      rationale: `The ${c.T}-${B} interaction promotes tumour growth in vivo.`,
    },
    translational_clinical: {
      title: 'The interaction in patient tumours',
      assayType: 'In-situ proximity ligation on patient tissue, and interaction-disrupting compounds',
      design: `Measure ${c.T}-${B} proximity in ${c.D} tissue against outcome; evaluate compounds acting on either partner (${c.compounds}); ${c.reviewTrials}.`,
      expectedOutcome: 'Interaction-high tumours have poorer outcome or respond to compounds that disrupt the complex.',
      criticalControls: ['Single-antibody and no-ligase controls on tissue', 'Cut-off fixed before validation', 'Adjustment for expression of each partner alone'],
      timeline: '9-18 months',
      go: 'The interaction score, not either partner alone, separates outcome in a validation cohort',
      noGo: 'Only the expression of one partner carries the signal',
      rationale: `${c.T} and ${B} form a complex in ${c.D}.`,
    },
  };
};
