// Shaping what the sources answered into the data a validation plan builds on: potency medians,
// compound choice, Cellosaurus disease names and model selection.
import { describe, expect, it } from 'vitest';
import { cellosaurusDiseaseNames, mechanismCompounds, potencyByCompound, researchCompounds, selectModels, selectModelsOfKind, toNanomolar } from '../../src/analysis/plan-data.js';
import { parseCellLineList } from '../../src/sources/cellosaurus.js';
import { parseMechanismList, type ChemblMolecule } from '../../src/sources/chembl.js';
import { parseActivityList, type ChemblActivity } from '../../src/sources/chembl-potency.js';
import { ownFixture } from '../support/shared.js';

const own = (source: string, file: string): unknown => JSON.parse(ownFixture(source, file));
const egfrActivities = () => parseActivityList(own('chembl', 'activity-target-CHEMBL203-doc-shaped.json')).items;

function molecule(id: string, name: string, maxPhase: number | null, withdrawn = false): ChemblMolecule {
  return { chemblId: id, prefName: name, moleculeType: 'Small molecule', maxPhase, firstApproval: null, withdrawn, parentChemblId: id, properties: null };
}

describe('potency', () => {
  it('is the median pChEMBL per parent compound, leaving out rows ChEMBL flags as suspect', () => {
    const p = potencyByCompound(egfrActivities());
    // Gefitinib: 8.52, 9.05, 9.40 (the 4.48 "Outside typical range" row is not evidence).
    expect(p.get('CHEMBL939')).toEqual({ type: 'IC50', pchembl: 9.05, nM: 0.891, n: 3 });
    // Erlotinib: the salt's row counts for its parent; median of 8.70 and 9.00.
    expect(p.get('CHEMBL553')).toEqual({ type: 'IC50', pchembl: 8.85, nM: 1.41, n: 2 });
    expect(p.has('CHEMBL1079742')).toBe(false);
  });

  it('converts pChEMBL to nM and ignores rows without a value', () => {
    expect(toNanomolar(9)).toBe(1);
    expect(toNanomolar(6)).toBe(1000);
    expect(toNanomolar(7.5)).toBe(31.6);
    const blank: ChemblActivity = { ...egfrActivities()[0]!, pchembl: null };
    expect(potencyByCompound([blank]).size).toBe(0);
  });
});

describe('compound choice', () => {
  const mechanisms = parseMechanismList(own('chembl', 'mechanism-by-target-CHEMBL203-doc-shaped.json')).items;

  it('names each parent once with its potency, approved and potent first', () => {
    const molecules = new Map([
      ['CHEMBL939', molecule('CHEMBL939', 'GEFITINIB', 4)],
      ['CHEMBL553', molecule('CHEMBL553', 'ERLOTINIB', 4)],
    ]);
    const out = mechanismCompounds('EGFR', 'CHEMBL203', mechanisms, molecules, potencyByCompound(egfrActivities()), true);
    expect(out.map((c) => [c.chemblId, c.name, c.actionType, c.potency?.pchembl])).toEqual([
      ['CHEMBL939', 'GEFITINIB', 'INHIBITOR', 9.05],
      ['CHEMBL553', 'ERLOTINIB', 'INHIBITOR', 8.85],
    ]);
    expect(out.every((c) => c.kind === 'drug' && c.gene === 'EGFR')).toBe(true);
    // A drug the hypothesis names leads, even when another is more potent.
    const named = mechanismCompounds('EGFR', 'CHEMBL203', mechanisms, molecules, potencyByCompound(egfrActivities()), true, ['chembl553']);
    expect(named.map((c) => c.name)).toEqual(['ERLOTINIB', 'GEFITINIB']);
  });

  it('puts a withdrawn drug and a non-inhibitory action last, whatever their phase or potency', () => {
    const agonist = { ...mechanisms[0]!, moleculeChemblId: 'CHEMBL1', parentMoleculeChemblId: 'CHEMBL1', actionType: 'AGONIST' };
    const molecules = new Map([
      ['CHEMBL939', molecule('CHEMBL939', 'GEFITINIB', 4, true)],
      ['CHEMBL553', molecule('CHEMBL553', 'ERLOTINIB', 2)],
      ['CHEMBL1', molecule('CHEMBL1', 'SOME AGONIST', 4)],
    ]);
    const out = mechanismCompounds('EGFR', 'CHEMBL203', [...mechanisms, agonist], molecules, potencyByCompound(egfrActivities()), true);
    expect(out.map((c) => c.name)).toEqual(['ERLOTINIB', 'GEFITINIB', 'SOME AGONIST']);
    expect(out[1]!.withdrawn).toBe(true);
  });

  it('falls back to the most potent research compounds when no drug has a mechanism', () => {
    const out = researchCompounds('EGFR', 'CHEMBL203', egfrActivities(), 2);
    expect(out.map((c) => [c.chemblId, c.kind, c.actionType, c.potency?.pchembl])).toEqual([
      ['CHEMBL939', 'research', null, 9.05],
      ['CHEMBL553', 'research', null, 8.85],
    ]);
  });
});

describe('Cellosaurus disease names', () => {
  it('adds the carcinoma form NCIt labels use, keeps each name once, and caps the list', () => {
    expect(cellosaurusDiseaseNames(['breast cancer', 'breast carcinoma'])).toEqual(['breast carcinoma', 'breast cancer']);
    expect(cellosaurusDiseaseNames(['Non-small cell lung carcinoma', 'lung adenocarcinoma', 'lung cancer'], 4)).toEqual([
      'non-small cell lung carcinoma',
      'lung adenocarcinoma',
      'lung carcinoma',
      'lung cancer',
    ]);
  });
});

describe('model selection', () => {
  const egfr = parseCellLineList(own('cellosaurus', 'search-di-lung-var-EGFR-doc-shaped.json'));
  const lung = parseCellLineList(own('cellosaurus', 'search-di-lung-doc-shaped.json'));

  it('lists lines carrying a variation in a hypothesis gene first, then disease lines without one as comparisons', () => {
    const models = selectModels([egfr, lung], ['EGFR']);
    expect(models.map((m) => [m.name, m.role])).toEqual([
      ['HCC827', 'altered'],
      ['PC-9', 'altered'],
      ['NCI-H1975', 'altered'],
      ['A549', 'comparison'],
      ['NCI-H460', 'comparison'],
    ]);
    expect(models[2]!.variants).toEqual(['EGFR p.Leu858Arg (c.2573T>G)', 'EGFR p.Thr790Met (c.2369C>T)']);
    // A549's KRAS variation is not about the hypothesis gene: a comparison, with no variant shown.
    expect(models[3]).toMatchObject({ carries: [], variants: [] });
  });

  it('keeps room for comparisons when altered lines would fill the list', () => {
    const models = selectModels([egfr, lung], ['EGFR'], 4);
    expect(models.filter((m) => m.role === 'comparison')).toHaveLength(2);
    expect(models).toHaveLength(4);
  });

  // "EGFR amplification predicts response" once counted HCC827, PC-9 and NCI-H1975 (EGFR point
  // mutations and deletions) as its marker-positive lines.
  it('takes only variations of the kind the hypothesis names; lines with another kind are on neither side', () => {
    const amplified = { ...lung[0]!, accession: 'CVCL_TEST1', name: 'AMP-1', variations: [{ gene: 'EGFR', type: 'Gene amplification', description: null, zygosity: null }] };
    const byKind = selectModelsOfKind([egfr, lung, [amplified]], ['EGFR'], 8, 'amplification');
    expect(byKind.models.map((m) => [m.name, m.role])).toEqual([
      ['AMP-1', 'altered'],
      ['A549', 'comparison'],
      ['NCI-H460', 'comparison'],
    ]);
    expect(byKind.models[0]!.variants).toEqual(['EGFR Gene amplification']);
    expect(byKind.otherKind.map((o) => o.name)).toEqual(['HCC827', 'PC-9', 'NCI-H1975']);
    // A mutation hypothesis takes the mutant lines and leaves the amplified one out.
    const mutant = selectModelsOfKind([egfr, lung, [amplified]], ['EGFR'], 8, 'mutation');
    expect(mutant.models.filter((m) => m.role === 'altered').map((m) => m.name)).toEqual(['HCC827', 'PC-9', 'NCI-H1975']);
    expect(mutant.otherKind.map((o) => o.name)).toEqual(['AMP-1']);
    // Loss takes mutations and deletions; any kind takes everything.
    const deleted = { ...amplified, accession: 'CVCL_TEST2', name: 'DEL-1', variations: [{ gene: 'EGFR', type: 'Gene deletion', description: null, zygosity: null }] };
    expect(selectModelsOfKind([[deleted, amplified]], ['EGFR'], 8, 'loss').models.map((m) => m.name)).toEqual(['DEL-1']);
    expect(selectModels([egfr, [amplified]], ['EGFR']).filter((m) => m.role === 'altered')).toHaveLength(4);
  });

  // "EGFR-deficient" once took HCC827 and PC-9 (activating exon-19 deletions) as lines lacking EGFR.
  it('takes only truncating mutations and deletions as a loss, not missense or in-frame changes', () => {
    const loss = selectModelsOfKind([egfr, lung], ['EGFR'], 8, 'loss');
    expect(loss.models.filter((m) => m.role === 'altered')).toEqual([]);
    expect(loss.otherKind.map((o) => o.name)).toEqual(['HCC827', 'PC-9', 'NCI-H1975']);
    // Frameshift (p.Gln1756Profs*74) and canonical splice-site (c.5277+1G>A) BRCA1 lines are.
    const brca1 = parseCellLineList(own('cellosaurus', 'search-di-breast-var-BRCA1-doc-shaped.json'));
    const lost = selectModelsOfKind([brca1], ['BRCA1'], 8, 'loss').models.filter((m) => m.role === 'altered');
    expect(lost.map((m) => m.name)).toEqual(['HCC1937', 'MDA-MB-436']);
  });

  it('calls a line altered only for the genes asked about', () => {
    expect(selectModels([lung], ['KRAS']).filter((m) => m.role === 'altered').map((m) => m.name)).toEqual(['A549', 'NCI-H460']);
    expect(selectModels([lung], ['BRCA1']).every((m) => m.role === 'comparison')).toBe(true);
  });
});
