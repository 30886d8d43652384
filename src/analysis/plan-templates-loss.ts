// Stage templates of loss of function, written from the direction the hypothesis states (see
// plan-direction.ts): loss that promotes growth (a tumour suppressor), loss that reduces it (a
// dependency), or, when the text does not say, a change to be pre-registered. The rescue follows
// the cells: lines that lack the gene get it back (wild type); lines that have it (mutant, or
// simply dependent on it) are rescued with a guide-resistant copy, never "re-expressed".
import type { Cast, Templates } from './plan-templates.js';

export const lossOfFunction = (c: Cast): Templates => {
  const dir = c.direction;
  const drug = c.drug;
  const readout = drug ? `the dose-response to ${drug}${c.drugNote}` : 'proliferation, colony formation and pathway output';
  const rescue = c.targetLost ? 'wild-type' : 'guide-resistant';
  const design = c.targetLost
    ? `Knock out ${c.T} in ${c.T}-intact lines (${c.comparison}) with two independent guides; re-express wild-type ${c.T}, and a catalytically dead mutant, ` +
      `in ${c.T}-deficient lines (${c.altered}); compare ${readout} across the isogenic set.`
    : `Knock out ${c.T} with two independent guides in ${c.altered} and in ${c.comparison}; rescue each knockout with a guide-resistant ${c.T} cDNA (the line's own allele) ` +
      `and a catalytically dead version; compare ${readout} across the set.`;
  const inVitro = drug
    ? {
        increase: `${c.T} loss shifts the ${drug} IC50 ≥3-fold upwards; ${rescue} but not catalytically dead ${c.T} restores sensitivity.`,
        decrease: `${c.T} loss shifts the ${drug} IC50 ≥3-fold downwards; ${rescue} but not catalytically dead ${c.T} restores the parental response.`,
        none: `${c.T} loss shifts the ${drug} IC50 ≥3-fold (the hypothesis states no direction: pre-register it); ${rescue} but not catalytically dead ${c.T} reverses the shift.`,
      }
    : {
        increase: `${c.T} loss increases proliferation and pathway output; ${rescue} but not catalytically dead ${c.T} reverses it.`,
        decrease: `${c.T} loss reduces proliferation and pathway output; ${rescue} but not catalytically dead ${c.T} restores them.`,
        none: `${c.T} loss changes proliferation and pathway output (the hypothesis states no direction: pre-register it); ${rescue} but not catalytically dead ${c.T} reverses the change.`,
      };
  const premise = drug
    ? { increase: `Loss of ${c.T} confers resistance to ${drug}.`, decrease: `Loss of ${c.T} sensitises cells to ${drug}.`, none: `Loss of ${c.T} changes the response to ${drug}.` }
    : { increase: `Loss of ${c.T} promotes the growth of ${c.D} cells.`, decrease: `Loss of ${c.T} reduces the growth of ${c.D} cells.`, none: `Loss of ${c.T} changes the growth of ${c.D} cells.` };
  const key = dir ?? 'none';
  return {
    in_vitro: {
      title: `Isogenic ${c.T} loss in ${c.D} cells`,
      assayType: `CRISPR knockout with two independent guides, and rescue by ${rescue} ${c.T}`,
      design,
      expectedOutcome: inVitro[key],
      criticalControls: [
        'Non-targeting guide and empty-vector controls',
        'Two independent guides (off-target control)',
        `${c.T} loss verified by western blot and sequencing of the edited locus`,
        `${c.targetLost ? 'Wild-type' : 'Guide-resistant'} ${c.T} rescue and a catalytically dead mutant`,
        'Parental line passaged in parallel (clonal drift)',
      ],
      timeline: '8-12 weeks',
      go: `The same phenotype${dir ? '' : ' (in the pre-registered direction)'} with two independent guides, reversed by ${rescue} but not by catalytically dead rescue`,
      noGo: 'Phenotype with one guide only, or not reversed by rescue (off-target or clonal artefact)',
      rationale: premise[key],
    },
    in_vivo: inVivo(c, key),
    translational_clinical: dir === 'decrease' && !drug ? dependencyInPatients(c) : lossAsMarker(c, key),
  };
};

type Key = 'increase' | 'decrease' | 'none';

function inVivo(c: Cast, key: Key): Templates['in_vivo'] {
  const drug = c.drug;
  // Cells that depend on the gene cannot be expanded without it: knock it out after engraftment.
  const design =
    key === 'decrease' && !drug
      ? `Engraft ${c.alteredOne} carrying a doxycycline-inducible ${c.T} guide (or shRNA) and a non-targeting control in the same cohort; induce once tumours form; follow tumour growth and survival.`
      : `Implant ${c.T}-knockout and non-targeting derivatives of the same line in the same cohort (or cross a conditional ${c.T} allele into a ${c.D} model); ` +
        (drug ? `treat each genotype with ${drug} or vehicle for 28 days.` : 'follow tumour growth, metastasis and survival.');
  const premise = drug
    ? { increase: `Loss of ${c.T} confers resistance to ${drug} in ${c.D} tumours.`, decrease: `Loss of ${c.T} sensitises ${c.D} tumours to ${drug}.`, none: `Loss of ${c.T} changes the response of ${c.D} tumours to ${drug}.` }
    : { increase: `Loss of ${c.T} promotes tumour growth in ${c.D} models.`, decrease: `Loss of ${c.T} reduces tumour growth in ${c.D} models.`, none: `Loss of ${c.T} changes tumour growth in ${c.D} models.` };
  const expected = drug
    ? { increase: `${c.T}-null tumours keep growing on ${drug} while ${c.T}-intact tumours respond.`, decrease: `${c.T}-null tumours respond to ${drug} more than ${c.T}-intact tumours.`, none: `${c.T}-null and ${c.T}-intact tumours respond differently to ${drug} (in the pre-registered direction).` }
    : { increase: `${c.T}-null tumours grow faster or metastasise more than ${c.T}-intact tumours.`, decrease: `Tumours slow or regress once ${c.T} is knocked out, unlike non-targeting controls.`, none: `${c.T}-null tumours differ in growth or metastasis from ${c.T}-intact tumours (in the pre-registered direction).` };
  return {
    title: `${c.T} loss in vivo`,
    assayType: key === 'decrease' && !drug ? `Inducible ${c.T} knockout in established xenografts` : `Paired isogenic xenografts, or a conditional ${c.T} knockout in a ${c.D} mouse model`,
    design,
    expectedOutcome: expected[key],
    criticalControls: ['Isogenic control tumours in the same cohort', drug ? 'Vehicle arm for each genotype' : 'Doxycycline-fed non-targeting controls', `Immunohistochemistry confirming ${c.T} loss in harvested tumours`, 'Randomisation and blinded measurement'],
    timeline: '4-6 months',
    go: 'A genotype-dependent difference in growth or response with the effect size pre-registered (p<0.05)',
    noGo: 'No genotype difference in vivo despite the in vitro phenotype',
    rationale: premise[key],
  };
}

/** Patients' tumours seldom lose a gene they depend on: the translation of a dependency is treatment by status. */
function dependencyInPatients(c: Cast): Templates['translational_clinical'] {
  // "EGFR-dependent" is what the plan tests, not a status a cohort can be scored for.
  const status = c.setting.state === 'dependent' ? `${c.T}-altered` : c.alteration;
  return {
    title: `${c.T} dependency in patients`,
    assayType: `Retrospective cohort: outcome on ${c.T}-directed treatment by ${status} status`,
    design: `Compare outcome on ${c.T}-directed treatment (${c.compounds}) between patients with and without the ${status} setting in an annotated ${c.D} cohort; pre-specify the endpoint (progression-free survival or response); ${c.reviewTrials}.`,
    expectedOutcome: `Patients with ${status} tumours benefit more from ${c.T}-directed treatment than patients without it.`,
    criticalControls: [`Patients without the ${status} setting treated alike`, 'Adjustment for stage, prior therapy and co-occurring drivers', 'Validated, blinded genotyping or scoring', 'An independent validation cohort'],
    timeline: '6-12 months',
    go: `Benefit concentrated in ${status} patients (treatment-by-status interaction p<0.05) in two independent cohorts`,
    noGo: `No difference in benefit by ${status} status, or no ${c.T}-directed treatment to test`,
    rationale: `Patients with ${status} ${c.D} benefit from ${c.T}-directed treatment.`,
  };
}

function lossAsMarker(c: Cast, key: Key): Templates['translational_clinical'] {
  const drug = c.drug;
  const outcome = { increase: drug ? `poorer response to ${drug}` : 'poorer outcome', decrease: drug ? `better response to ${drug}` : 'better outcome', none: `a different ${drug ? `response to ${drug}` : 'outcome'} (in the pre-registered direction)` }[key];
  const hr = { increase: 'Hazard ratio ≥1.5', decrease: 'Hazard ratio ≤0.67', none: 'Hazard ratio ≥1.5 or ≤0.67, as pre-registered,' }[key];
  const premise = { increase: `Loss of ${c.T} is associated with poor outcome in ${c.D}.`, decrease: `Loss of ${c.T} is associated with ${drug ? `response to ${drug}` : 'favourable outcome'} in ${c.D}.`, none: `Loss of ${c.T} is associated with outcome in ${c.D}.` }[key];
  return {
    title: `${c.T} loss as a clinical marker`,
    assayType: `Retrospective cohort: ${c.T} status (immunohistochemistry, sequencing, copy number) against outcome`,
    design:
      `Score ${c.T} loss in an annotated ${c.D} cohort${drug ? ` treated with ${drug}` : ''}; pre-specify the endpoint (progression-free survival or response) ` +
      `and the scoring cut-off; ${c.reviewTrials} for prospective data.`,
    expectedOutcome: `${c.T} loss associated with ${outcome}.`,
    criticalControls: [`Patients with ${c.T}-intact tumours from the same cohort`, 'Adjustment for stage, prior therapy and co-occurring drivers', 'Blinded, validated scoring with a pre-specified cut-off', 'An independent validation cohort'],
    timeline: '6-12 months',
    go: `${hr} for progression with ${c.T} loss in two independent cohorts`,
    noGo: 'No association after adjustment, or in one cohort only',
    rationale: premise,
  };
}
