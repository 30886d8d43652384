// The plan's assembly, a pure function tested directly: roles from the text, stages whose logic
// follows the mechanism (not just the wording), the data each step names, and gaps that say why
// data is missing.
import { describe, expect, it } from 'vitest';
import { MECHANISMS, type Mechanism } from '../../src/analysis/hypothesis-text.js';
import type { CellModel, ToolCompound } from '../../src/analysis/plan-data.js';
import {
  alterationKind,
  assemblePlan,
  compoundPhrase,
  missingInputs,
  needsInputMessage,
  planLiteratureTerms,
  planRoles,
  type LiteratureRef,
  type PlanFacts,
  type PlanGene,
  type Section,
  type TrialRef,
} from '../../src/analysis/validation-plan.js';

const gefitinib: ToolCompound = { chemblId: 'CHEMBL939', name: 'GEFITINIB', gene: 'EGFR', targetChemblId: 'CHEMBL203', actionType: 'INHIBITOR', maxPhase: 4, withdrawn: false, kind: 'drug', potency: { type: 'IC50', pchembl: 9.05, nM: 0.891, n: 3 } };
const olaparib: ToolCompound = { chemblId: 'CHEMBL521686', name: 'OLAPARIB', gene: 'PARP1', targetChemblId: 'CHEMBL3105', actionType: 'INHIBITOR', maxPhase: 4, withdrawn: false, kind: 'drug', potency: { type: 'IC50', pchembl: 8.65, nM: 2.24, n: 2 } };
const model = (accession: string, name: string, role: 'altered' | 'comparison', carries: string[] = []): CellModel => ({ accession, name, disease: null, variants: [], carries, role, url: '' });
const trial: TrialRef = { nctId: 'NCT09000001', title: 'A trial', phase: 3, status: 'RECRUITING', interventions: ['Osimertinib'], url: '' };
const lit = (pmids: string[], query = 'q'): LiteratureRef => ({ query, count: pmids.length, pmids });
const found = <T>(items: T[], source: string): Section<T> => ({ status: 'found', source, items });

function facts(mechanism: Mechanism, genes: PlanGene[], over: Partial<PlanFacts> = {}): PlanFacts {
  return {
    mechanism,
    genes,
    agents: [],
    direction: null,
    disease: 'non-small cell lung carcinoma',
    compounds: found([gefitinib], 'ChEMBL'),
    models: found([model('CVCL_2063', 'HCC827', 'altered', ['EGFR']), model('CVCL_0023', 'A549', 'comparison')], 'Cellosaurus'),
    trials: found([trial], 'ClinicalTrials.gov'),
    resistance: { status: 'none', source: 'CIViC', items: [] },
    literature: { hypothesis: lit(['1']), in_vitro: lit(['2']), in_vivo: lit(['3']), translational_clinical: lit(['4']) },
    ...over,
  };
}

const egfr: PlanGene[] = [{ symbol: 'EGFR', roles: ['inhibited', 'mutated'], from: 'text' }];
const parpBrca: PlanGene[] = [
  { symbol: 'PARP1', roles: ['inhibited'], from: 'text' },
  { symbol: 'BRCA1', roles: ['lost'], from: 'text' },
];

describe('alteration kind', () => {
  it('reads the kind of variation from the setting the roles name', () => {
    const kind = (mechanism: Mechanism, genes: PlanGene[]) => alterationKind(planRoles(mechanism, genes));
    expect(kind('biomarker', [{ symbol: 'EGFR', roles: ['overexpressed', 'marker'], from: 'text' }])).toBe('amplification');
    expect(kind('inhibition', egfr)).toBe('mutation');
    expect(kind('synthetic_lethality', parpBrca)).toBe('loss');
    expect(kind('inhibition', [{ symbol: 'EGFR', roles: [], from: 'geneContext' }])).toBe('any'); // EGFR-dependent
    expect(kind('biomarker', [{ symbol: 'PD-L1X', roles: ['marker'], from: 'text' }])).toBe('any');
  });
});

describe('roles', () => {
  it('finds the target, the partner and the altered setting from the genes roles', () => {
    expect(planRoles('inhibition', egfr)).toEqual({ target: 'EGFR', partner: null, altered: ['EGFR'], alteration: 'EGFR-mutant', setting: { gene: 'EGFR', state: 'mutant', variant: null } });
    expect(planRoles('synthetic_lethality', parpBrca)).toEqual({ target: 'PARP1', partner: 'BRCA1', altered: ['BRCA1'], alteration: 'BRCA1-deficient', setting: { gene: 'BRCA1', state: 'deficient', variant: null } });
    // Listed the other way round, the roles still decide.
    expect(planRoles('synthetic_lethality', [...parpBrca].reverse())).toMatchObject({ target: 'PARP1', partner: 'BRCA1' });
    expect(planRoles('loss_of_function', [{ symbol: 'PIK3CA', roles: ['inhibited'], from: 'text' }, { symbol: 'PTEN', roles: ['lost'], from: 'text' }])).toMatchObject({ target: 'PTEN', alteration: 'PTEN-deficient' });
    expect(planRoles('interaction', [{ symbol: 'ERBB2', roles: ['partner'], from: 'text' }, { symbol: 'EGFR', roles: ['partner'], from: 'text' }])).toMatchObject({ target: 'ERBB2', partner: 'EGFR' });
  });

  it('takes a drug target when the text names no inhibited gene, and calls an unaltered target "dependent"', () => {
    expect(planRoles('inhibition', [{ symbol: 'BRCA1', roles: ['lost'], from: 'text' }, { symbol: 'PARP1', roles: ['inhibited'], from: 'drug' }])).toMatchObject({ target: 'PARP1', alteration: 'BRCA1-deficient' });
    expect(planRoles('inhibition', [{ symbol: 'EGFR', roles: [], from: 'geneContext' }])).toMatchObject({ target: 'EGFR', altered: ['EGFR'], alteration: 'EGFR-dependent', setting: { gene: 'EGFR', state: 'dependent', variant: null } });
  });
});

describe('stages', () => {
  it('are in vitro, then in vivo, then translational clinical, each complete', () => {
    const { stages } = assemblePlan(facts('inhibition', egfr));
    expect(stages.map((s) => [s.order, s.stage])).toEqual([
      [1, 'in_vitro'],
      [2, 'in_vivo'],
      [3, 'translational_clinical'],
    ]);
    for (const s of stages) {
      for (const text of [s.title, s.assayType, s.design, s.expectedOutcome, s.goNoGo.go, s.goNoGo.noGo, s.rationale.statement]) expect(text.length).toBeGreaterThan(10);
      expect(s.timeline).toMatch(/^\d+-\d+ (weeks|months)$/);
      expect(s.criticalControls.length).toBeGreaterThanOrEqual(3);
      expect(s.buildsOn.gaps).toEqual([]);
    }
  });

  it('name the data they build on: compounds with potency, altered and comparison models, trials, PMIDs', () => {
    const { stages } = assemblePlan(facts('inhibition', egfr));
    const [vitro, vivo, clinic] = stages;
    expect(vitro!.design).toContain('gefitinib (CHEMBL939, IC50 ≈ 0.891 nM, n=3)');
    expect(vitro!.design).toContain('HCC827 (EGFR mutation listed by Cellosaurus)');
    expect(vitro!.design).toContain('A549 (no EGFR variation listed by Cellosaurus)');
    expect(vitro!.buildsOn).toMatchObject({ toolCompounds: ['CHEMBL939'], models: ['CVCL_2063', 'CVCL_0023'], trials: [], pmids: ['2'] });
    expect(vivo!.buildsOn.models).toEqual(['CVCL_2063', 'CVCL_0023']);
    expect(vivo!.design).toContain('HCC827');
    expect(clinic!.buildsOn).toMatchObject({ trials: ['NCT09000001'], toolCompounds: ['CHEMBL939'], pmids: ['4'] });
    expect(clinic!.design).toContain('the 1 active trial(s) listed');
  });

  it('differ in substance between mechanisms, not only in names', () => {
    const inhibition = assemblePlan(facts('inhibition', egfr)).stages;
    const sl = assemblePlan(facts('synthetic_lethality', parpBrca, { compounds: found([olaparib], 'ChEMBL'), disease: 'breast carcinoma' })).stages;
    // Written with neutral names, the two plans still differ: the logic is not a relabelled template.
    const neutral = (s: (typeof sl)[number]) => [s.assayType, s.design, s.expectedOutcome, ...s.criticalControls, s.goNoGo.go, s.goNoGo.noGo].join('\n').replace(/EGFR|PARP1|BRCA1/g, 'GENE');
    for (let i = 0; i < 3; i++) {
      expect(neutral(inhibition[i]!)).not.toBe(neutral(sl[i]!));
      expect(inhibition[i]!.assayType).not.toBe(sl[i]!.assayType.replace(/PARP1/g, 'EGFR'));
    }
    expect(inhibition[0]!.criticalControls.join(' ')).toMatch(/chemically distinct inhibitor/);
    expect(sl[0]!.criticalControls.join(' ')).toMatch(/BRCA1-reconstituted isogenic line/);
    expect(sl[0]!.goNoGo.go).toMatch(/isogenic lines, for the drug and for PARP1 knockdown/);
    expect(inhibition[0]!.goNoGo.go).toMatch(/≥10-fold IC50 window/);
  });

  it('gives every mechanism its own assays and go/no-go criteria', () => {
    const genes: PlanGene[] = [
      { symbol: 'AAA1', roles: [], from: 'text' },
      { symbol: 'BBB2', roles: [], from: 'text' },
    ];
    const plans = MECHANISMS.map((m) => assemblePlan(facts(m, genes)).stages);
    for (let stage = 0; stage < 3; stage++) {
      expect(new Set(plans.map((p) => p[stage]!.assayType)).size).toBe(MECHANISMS.length);
      expect(new Set(plans.map((p) => p[stage]!.goNoGo.go)).size).toBe(MECHANISMS.length);
    }
  });

  it('say which data is missing and why, and do not name data they do not have', () => {
    const { stages } = assemblePlan(
      facts('inhibition', egfr, {
        compounds: { status: 'failed', source: 'ChEMBL', items: [], note: 'EGFR: ChEMBL target lookup failed' },
        models: { status: 'none', source: 'Cellosaurus', items: [], note: 'no human cell line with a disease label matching "x"' },
        trials: { status: 'skipped', source: 'ClinicalTrials.gov', items: [], note: 'no disease recognised' },
        literature: { hypothesis: lit([]), in_vitro: { query: 'EGFR + inhibitor + cell lines', count: null, pmids: [] }, in_vivo: lit([], 'EGFR + xenograft'), translational_clinical: lit(['4']) },
      }),
    );
    expect(stages[0]!.buildsOn.gaps).toEqual([
      'tool compounds not named from data: ChEMBL failed: EGFR: ChEMBL target lookup failed',
      'cell-line models: Cellosaurus found none: no human cell line with a disease label matching "x"',
      'literature: Europe PMC could not be searched for EGFR + inhibitor + cell lines',
    ]);
    expect(stages[1]!.buildsOn.gaps).toContain('literature: no article found for EGFR + xenograft');
    expect(stages[2]!.buildsOn.gaps).toEqual(['active trials not looked up: no disease recognised']);
    expect(stages[0]!.design).toContain('a selective EGFR inhibitor');
    expect(stages[0]!.design).not.toMatch(/CHEMBL|HCC827/);
    expect(stages[0]!.buildsOn.toolCompounds).toEqual([]);
    // The translational design says the trials were not searched: "review the 0 active trial(s)
    // listed" read as none running.
    expect(stages[2]!.design).toContain('search ClinicalTrials.gov (not searched here) before designing a cohort');
    expect(stages[2]!.design).not.toContain('0 active trial');
  });

  it('tells a failed trial search from one that found none, in every mechanism', () => {
    const design = (over: Partial<PlanFacts>, mechanism: Mechanism = 'inhibition') =>
      assemblePlan(facts(mechanism, mechanism === 'synthetic_lethality' || mechanism === 'interaction' ? parpBrca : egfr, over)).stages[2]!.design;
    const failed = { trials: { status: 'failed' as const, source: 'ClinicalTrials.gov', items: [], note: 'every ClinicalTrials.gov search failed' } };
    const none = { trials: { status: 'none' as const, source: 'ClinicalTrials.gov', items: [] } };
    expect(design(failed)).toContain('search ClinicalTrials.gov yourself (it could not be searched here) before designing a cohort');
    expect(design(none)).toContain('look beyond ClinicalTrials.gov (it lists no active trial here) before designing a cohort');
    let named = 0;
    for (const m of MECHANISMS) {
      const text = design(failed, m);
      expect(text).not.toContain('0 active trial');
      if (text.includes('ClinicalTrials.gov')) named += 1;
    }
    expect(named).toBe(7);
  });

  it('moves a line CIViC says resists the named compound to a resistance control, for every mechanism; unknown when CIViC failed', () => {
    const h1975 = model('CVCL_1511', 'NCI-H1975', 'altered', ['EGFR']);
    const lines = found([h1975, model('CVCL_2063', 'HCC827', 'altered', ['EGFR']), model('CVCL_0023', 'A549', 'comparison')], 'Cellosaurus');
    const finding = { model: 'CVCL_1511', modelName: 'NCI-H1975', variant: 'EGFR T790M', compound: 'CHEMBL939', compoundName: 'gefitinib', evidence: ['EID2001'], level: 'B', diseases: [], pmids: ['15737014'] };
    for (const mechanism of MECHANISMS.filter((m) => m !== 'biomarker')) {
      const { stages } = assemblePlan(facts(mechanism, egfr, { models: lines, resistance: found([finding], 'CIViC') }));
      const [vitro, vivo] = stages;
      expect(vitro!.design, mechanism).toContain('Keep NCI-H1975 (EGFR T790M: CIViC lists resistance to gefitinib (EID2001)) as a resistance control');
      expect(vitro!.criticalControls.at(-1), mechanism).toMatch(/^Resistance control: NCI-H1975/);
      // The in vivo model on the altered side is a line expected to respond.
      expect(vivo!.buildsOn.models, mechanism).toEqual(['CVCL_2063', 'CVCL_0023']);
      // Still listed among the models the in vitro stage uses (as the control).
      expect(vitro!.buildsOn.models, mechanism).toContain('CVCL_1511');
    }
    // A biomarker plan asks how the marker changes response: its marker-positive lines stay.
    const marker = assemblePlan(facts('biomarker', egfr, { models: lines, resistance: found([finding], 'CIViC') }));
    expect(marker.stages[0]!.design).not.toContain('resistance control');
    expect(marker.stages[0]!.design).toContain('NCI-H1975, HCC827');
    // Resistance to a compound the design does not name moves nothing.
    const other = assemblePlan(facts('inhibition', egfr, { models: lines, resistance: found([{ ...finding, compound: 'CHEMBL553' }], 'CIViC') }));
    expect(other.stages[0]!.design).not.toContain('resistance control');
    expect(other.stages[1]!.buildsOn.models).toEqual(['CVCL_1511', 'CVCL_0023']);
    // A failed check is a gap, and the line stays where its genotype puts it.
    const failed = assemblePlan(facts('inhibition', egfr, { models: lines, resistance: { status: 'failed', source: 'CIViC', items: [], note: 'CIViC could not be read for EGFR T790M' } }));
    expect(failed.stages[0]!.buildsOn.gaps).toEqual(['resistance of the altered lines not checked: CIViC failed: CIViC could not be read for EGFR T790M']);
    expect(failed.stages[0]!.design).toContain('NCI-H1975, HCC827 (EGFR mutation listed by Cellosaurus)');
  });

  it('uses the agents the hypothesis names for loss-of-function and biomarker plans', () => {
    const pten: PlanGene[] = [{ symbol: 'PTEN', roles: ['lost'], from: 'text' }];
    // "Loss of PTEN confers resistance to PI3K inhibitors": the direction the text states.
    const lof = assemblePlan(facts('loss_of_function', pten, { agents: ['PI3K inhibitors'], disease: 'breast cancer', direction: 'increase' })).stages;
    expect(lof[0]!.rationale.statement).toBe('Loss of PTEN confers resistance to PI3K inhibitors.');
    expect(lof[0]!.design).toContain('the dose-response to PI3K inhibitors');
    const marker = assemblePlan(facts('biomarker', [{ symbol: 'CD274', roles: ['marker'], from: 'text' }], { agents: ['pembrolizumab'] })).stages;
    expect(marker[0]!.title).toBe('CD274 as a predictor of response to pembrolizumab');
  });
});

describe('literature terms', () => {
  it('differ per stage and use both genes where the mechanism has two', () => {
    const t = planLiteratureTerms('synthetic_lethality', planRoles('synthetic_lethality', parpBrca), 'breast carcinoma');
    expect(t).toEqual({
      hypothesis: ['PARP1', 'BRCA1', 'synthetic lethal', 'breast carcinoma'],
      in_vitro: ['PARP1', 'BRCA1', 'synthetic lethal', 'cell lines'],
      in_vivo: ['PARP1', 'BRCA1', 'xenograft', 'breast carcinoma'],
      translational_clinical: ['PARP1', 'BRCA1', 'patients', 'breast carcinoma'],
    });
    expect(new Set(Object.values(t).map((x) => x.join('|'))).size).toBe(4);
    expect(planLiteratureTerms('inhibition', planRoles('inhibition', egfr), null).hypothesis).toEqual(['EGFR', 'inhibitor']);
  });
});

describe('a hypothesis without a gene or a mechanism', () => {
  it('is told what is missing and what to add', () => {
    expect(missingInputs([], null)).toEqual(['gene', 'mechanism']);
    expect(missingInputs(egfr, null)).toEqual(['mechanism']);
    expect(missingInputs([], 'inhibition')).toEqual(['gene']);
    expect(missingInputs(egfr, 'inhibition')).toEqual([]);
    const msg = needsInputMessage(['gene', 'mechanism'], { unresolved: ['PI3K'], ambiguous: [{ input: 'ERK', candidates: ['MAPK1', 'MAPK3'] }] });
    expect(msg).toContain('"PI3K" is not an HGNC symbol');
    expect(msg).toContain('"ERK" names several genes (MAPK1, MAPK3)');
    expect(msg).toMatch(/geneContext/);
    expect(msg).toMatch(/synthetic lethality/);
    expect(needsInputMessage(['mechanism'], { unresolved: [], ambiguous: [] })).not.toMatch(/No gene/);
  });
});

describe('compound phrase', () => {
  it('gives name, id and potency, or says potency is not in ChEMBL', () => {
    expect(compoundPhrase(gefitinib)).toBe('gefitinib (CHEMBL939, IC50 ≈ 0.891 nM, n=3)');
    expect(compoundPhrase({ ...gefitinib, potency: { type: 'Ki', pchembl: 5.5, nM: 3160, n: 1 } })).toBe('gefitinib (CHEMBL939, Ki ≈ 3.16 µM, n=1)');
    expect(compoundPhrase({ ...gefitinib, name: null, potency: null })).toBe('CHEMBL939 (potency not in ChEMBL)');
    // A compound that is not a curated inhibitor says so where the design names it.
    expect(compoundPhrase({ ...gefitinib, kind: 'research', actionType: null })).toBe('gefitinib (CHEMBL939, IC50 ≈ 0.891 nM, n=3; action not curated: confirm it inhibits)');
    expect(compoundPhrase({ ...gefitinib, actionType: 'AGONIST' })).toBe('gefitinib (CHEMBL939, IC50 ≈ 0.891 nM, n=3; a curated agonist, not an inhibitor)');
    expect(compoundPhrase({ ...gefitinib, actionType: 'NEGATIVE ALLOSTERIC MODULATOR' })).toBe('gefitinib (CHEMBL939, IC50 ≈ 0.891 nM, n=3)');
  });
});
