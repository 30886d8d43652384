// The plan follows what the hypothesis says: the direction of its effect (loss of function,
// overexpression, biomarker), the setting in its own words, a target the altered cells lack, a
// drug ChEMBL does not know. Each of these was once planned from a template's default instead.
import { describe, expect, it } from 'vitest';
import type { Mechanism } from '../../src/analysis/hypothesis-text.js';
import type { Direction } from '../../src/analysis/plan-direction.js';
import type { CellModel, ToolCompound } from '../../src/analysis/plan-data.js';
import { assemblePlan, planRoles, targetAbsent, type PlanFacts, type PlanGene, type Section } from '../../src/analysis/validation-plan.js';

const gefitinib: ToolCompound = { chemblId: 'CHEMBL939', name: 'GEFITINIB', gene: 'EGFR', targetChemblId: 'CHEMBL203', actionType: 'INHIBITOR', maxPhase: 4, withdrawn: false, kind: 'drug', potency: { type: 'IC50', pchembl: 9.05, nM: 0.891, n: 3 } };
const model = (accession: string, name: string, role: 'altered' | 'comparison', carries: string[] = []): CellModel => ({ accession, name, disease: null, variants: [], carries, role, url: '' });
const found = <T>(items: T[], source: string): Section<T> => ({ status: 'found', source, items });
const lit = { query: 'q', count: 0, pmids: [] };

function facts(mechanism: Mechanism, genes: PlanGene[], direction: Direction | null, over: Partial<PlanFacts> = {}): PlanFacts {
  return {
    mechanism,
    genes,
    agents: [],
    direction,
    disease: 'non-small cell lung carcinoma',
    compounds: found([gefitinib], 'ChEMBL'),
    models: found([model('CVCL_2063', 'HCC827', 'altered', ['EGFR']), model('CVCL_0023', 'A549', 'comparison')], 'Cellosaurus'),
    trials: { status: 'none', source: 'ClinicalTrials.gov', items: [] },
    resistance: { status: 'none', source: 'CIViC', items: [] },
    literature: { hypothesis: lit, in_vitro: lit, in_vivo: lit, translational_clinical: lit },
    ...over,
  };
}
/** Every sentence a stage says about the outcome. */
const said = (p: ReturnType<typeof assemblePlan>) => p.stages.flatMap((s) => [s.design, s.expectedOutcome, s.goNoGo.go, s.rationale.statement]).join('\n');

// "Knockdown of EGFR reduces proliferation of EGFR-mutant NSCLC cells": cue "knockdown" (lost), modifier "mutant".
const knockdown: PlanGene[] = [{ symbol: 'EGFR', roles: ['lost', 'mutated'], from: 'text', setting: 'mutated' }];
const ptenLoss: PlanGene[] = [{ symbol: 'PTEN', roles: ['lost'], from: 'text' }];

describe('loss of function follows the stated direction', () => {
  it('plans a dependency (loss reduces growth) as one, not as a tumour suppressor', () => {
    const plan = assemblePlan(facts('loss_of_function', knockdown, 'decrease'));
    const [vitro, vivo, clinic] = plan.stages;
    expect(plan.roles.alteration).toBe('EGFR-mutant');
    expect(vitro!.rationale.statement).toBe('Loss of EGFR reduces the growth of non-small cell lung carcinoma cells.');
    expect(vitro!.expectedOutcome).toMatch(/^EGFR loss reduces proliferation/);
    // Mutant lines keep EGFR: they are rescued with a guide-resistant copy, not "re-expressed" wild type.
    expect(vitro!.design).toContain('rescue each knockout with a guide-resistant EGFR cDNA');
    expect(vitro!.design).not.toMatch(/re-express wild-type EGFR/);
    expect(vivo!.expectedOutcome).toMatch(/slow or regress once EGFR is knocked out/);
    expect(clinic!.expectedOutcome).toBe('Patients with EGFR-mutant tumours benefit more from EGFR-directed treatment than patients without it.');
    expect(said(plan)).not.toMatch(/increases proliferation|grow faster|poorer outcome|promotes/);
  });

  it('plans a tumour suppressor (loss promotes growth) with re-expression in the lines that lack it', () => {
    const plan = assemblePlan(facts('loss_of_function', ptenLoss, 'increase', { disease: 'breast cancer' }));
    expect(plan.roles.alteration).toBe('PTEN-deficient');
    expect(plan.stages[0]!.rationale.statement).toBe('Loss of PTEN promotes the growth of breast cancer cells.');
    expect(plan.stages[0]!.design).toContain('re-express wild-type PTEN');
    expect(plan.stages[1]!.expectedOutcome).toMatch(/grow faster/);
    expect(plan.stages[2]!.expectedOutcome).toBe('PTEN loss associated with poorer outcome.');
  });

  it('says "changes" and asks for the direction to be pre-registered when the text gives none', () => {
    const plan = assemblePlan(facts('loss_of_function', ptenLoss, null));
    expect(plan.stages[0]!.rationale.statement).toBe('Loss of PTEN changes the growth of non-small cell lung carcinoma cells.');
    expect(plan.stages[0]!.expectedOutcome).toMatch(/changes proliferation.*pre-register/);
    expect(plan.stages[2]!.goNoGo.go).toMatch(/≥1.5 or ≤0.67, as pre-registered/);
    expect(said(plan)).not.toMatch(/promotes|poorer outcome|grow faster/);
  });

  it('with a drug: loss that sensitises shifts the IC50 down, not up', () => {
    const plan = assemblePlan(facts('loss_of_function', [{ symbol: 'ATR', roles: ['lost'], from: 'text' }], 'decrease', { agents: ['cisplatin'] }));
    expect(plan.stages[0]!.expectedOutcome).toMatch(/IC50 ≥3-fold downwards/);
    expect(plan.stages[0]!.rationale.statement).toBe('Loss of ATR sensitises cells to cisplatin.');
    expect(plan.stages[2]!.expectedOutcome).toBe('ATR loss associated with better response to cisplatin.');
  });

  it('takes a "-deficient" setting from the text\'s words, not from a loss the text says reduces growth', () => {
    // "Loss of EGFR reduces proliferation in NSCLC": the loss is the experiment; cells that depend on EGFR have it.
    expect(planRoles('loss_of_function', [{ symbol: 'EGFR', roles: ['lost'], from: 'text' }], 'decrease').alteration).toBe('EGFR-dependent');
    expect(planRoles('loss_of_function', [{ symbol: 'EGFR', roles: ['lost'], from: 'text' }], 'increase').alteration).toBe('EGFR-deficient');
    expect(planRoles('loss_of_function', knockdown, null).alteration).toBe('EGFR-mutant');
    // "BRCA1 loss predicts resistance": a marker whose words say loss.
    expect(planRoles('biomarker', [{ symbol: 'BRCA1', roles: ['marker'], from: 'text', setting: 'lost' }]).alteration).toBe('BRCA1-deficient');
  });
});

describe('overexpression and biomarker follow the stated direction', () => {
  it('overexpression that suppresses growth expects less growth with more of the gene', () => {
    const genes: PlanGene[] = [{ symbol: 'PTEN', roles: ['overexpressed'], from: 'text' }];
    const plan = assemblePlan(facts('overexpression', genes, 'decrease', { disease: 'breast cancer' }));
    expect(plan.stages[0]!.rationale.statement).toBe('Overexpression of PTEN reduces the growth of breast cancer cells.');
    expect(plan.stages[1]!.expectedOutcome).toMatch(/faster after knockdown, slower after overexpression/);
    expect(plan.stages[2]!.expectedOutcome).toBe('High PTEN expression associated with better outcome.');
    expect(said(plan)).not.toMatch(/promotes|poorer outcome|poor prognosis/);
  });

  it('a marker of resistance expects marker-positive lines to resist', () => {
    const genes: PlanGene[] = [{ symbol: 'EGFR', roles: ['marker'], from: 'text', setting: 'mutated' }];
    const plan = assemblePlan(facts('biomarker', genes, 'increase', { agents: ['erlotinib'] }));
    expect(plan.stages[0]!.title).toBe('EGFR mutation as a predictor of resistance to erlotinib');
    expect(plan.stages[0]!.expectedOutcome).toMatch(/^Marker-positive lines \(EGFR-mutant\) are more resistant/);
    expect(plan.stages[0]!.goNoGo.go).toMatch(/classifying non-responders/);
    expect(plan.stages[1]!.goNoGo.go).toMatch(/percentage points lower/);
    expect(said(plan)).not.toMatch(/more sensitive|Responders enriched/);
  });
});

describe('a target the altered cells lack', () => {
  // "Inhibition of BRCA1 reduces growth of BRCA1-deficient breast cancer".
  const brca1: PlanGene[] = [{ symbol: 'BRCA1', roles: ['inhibited', 'lost'], from: 'text', setting: 'lost' }];
  it('is the target-absent control, not the sensitive side', () => {
    const roles = planRoles('inhibition', brca1, 'decrease');
    expect(targetAbsent('inhibition', roles, 'decrease')).toBe(true);
    expect(targetAbsent('inhibition', planRoles('inhibition', knockdown), 'decrease')).toBe(false);
    const plan = assemblePlan(facts('inhibition', brca1, 'decrease', { compounds: found([], 'ChEMBL') }));
    expect(plan.stages[0]!.expectedOutcome).toMatch(/^BRCA1-deficient lines lack BRCA1.*target-absent control/);
    expect(said(plan)).not.toMatch(/BRCA1-deficient lines reach IC50|Make BRCA1-deficient status the selection biomarker/);
  });

  it('reads no phosphorylation of a target whose class the plan does not know', () => {
    const plan = assemblePlan(facts('inhibition', [{ symbol: 'PTEN', roles: ['inhibited'], from: 'text' }], 'decrease'));
    expect(JSON.stringify(plan.stages)).not.toContain('phospho-PTEN');
    expect(plan.stages[0]!.assayType).toContain('a proximal marker of PTEN activity');
  });
});

describe('a drug the hypothesis names that ChEMBL does not know', () => {
  it('stays the drug of the plan, with what is not known of it, and no other drug in its place', () => {
    const genes: PlanGene[] = [{ symbol: 'EGFR', roles: ['marker'], from: 'text', setting: 'mutated' }];
    const plan = assemblePlan(facts('biomarker', genes, 'increase', { agents: ['cetuximab'], unrecognisedDrugs: ['cetuximab'] }));
    expect(plan.stages[0]!.title).toBe('EGFR mutation as a predictor of resistance to cetuximab');
    expect(plan.stages[0]!.design).toContain('to cetuximab (not a ChEMBL drug name: its targets, action and potency are not known here)');
    expect(said(plan)).not.toContain('gefitinib');
    const inhibition = assemblePlan(facts('inhibition', [{ symbol: 'EGFR', roles: ['inhibited'], from: 'text' }], 'decrease', { agents: ['cetuximab'], unrecognisedDrugs: ['cetuximab'] }));
    expect(inhibition.stages[0]!.design).toContain('with cetuximab (not a ChEMBL drug name: its targets, action and potency are not known here) and, as EGFR tool compounds, gefitinib');
    expect(inhibition.stages[1]!.design).toContain('to vehicle or cetuximab');
  });

  it('says a tool compound stands in when a biomarker hypothesis names no drug', () => {
    const plan = assemblePlan(facts('biomarker', [{ symbol: 'EGFR', roles: ['overexpressed'], from: 'text' }], 'decrease'));
    expect(plan.stages[0]!.design).toContain('to gefitinib (a tool compound standing in: the hypothesis names no drug)');
  });
});
