// Salt forms merge by their parent name (clinical-candidates.ts parentName): counter-ion and solvate
// words are stripped from the end, but a name made of such words only is a drug of its own. "SODIUM
// BROMIDE" and "SODIUM CHLORIDE" once both came down to "SODIUM" and merged, the phase 2 drug shown
// at phase 4; "CABOZANTINIB S-MALATE" and others kept their counter-ion and stayed apart from their parent.
import { describe, expect, it } from 'vitest';
import { mergeSaltForms, parentName, type CandidateRow } from '../../src/analysis/clinical-candidates.js';
import { byName, dgi, run } from '../support/drug-evidence.js';

const row = (drugId: string, name: string, stage: string): CandidateRow => ({ drugId, name, drugType: 'Small molecule', stage, drugStage: stage, mechanisms: [], indications: [] });

describe('parent names', () => {
  it('strips the counter-ions and solvates Open Targets and DGIdb write after a drug', () => {
    expect(parentName('CABOZANTINIB S-MALATE')).toBe('CABOZANTINIB');
    expect(parentName('TRAMETINIB DIMETHYL SULFOXIDE')).toBe('TRAMETINIB');
    expect(parentName('RUCAPARIB CAMSYLATE')).toBe('RUCAPARIB');
    expect(parentName('FOSTAMATINIB DISODIUM HEXAHYDRATE')).toBe('FOSTAMATINIB');
    expect(parentName('afatinib dimaleate')).toBe('AFATINIB');
  });

  it('never reduces a name to a salt word: a salt named alone, or a combination, stays whole', () => {
    expect(parentName('SODIUM BROMIDE')).toBe('SODIUM BROMIDE');
    expect(parentName('SODIUM CHLORIDE')).toBe('SODIUM CHLORIDE');
    expect(parentName('DIMETHYL SULFOXIDE')).toBe('DIMETHYL SULFOXIDE');
    expect(parentName('DEXTROSE AND SODIUM CHLORIDE')).toBe('DEXTROSE AND SODIUM CHLORIDE');
  });

  it('keeps a metal or cation with its counter-ion whole: the salt is the drug', () => {
    for (const name of ['FERROUS SULFATE', 'GALLIUM NITRATE', 'ZINC SULFATE', 'MAGNESIUM SULFATE', 'LITHIUM CITRATE', 'FERRIC CITRATE']) expect(parentName(name)).toBe(name);
    // A solvate after it still goes.
    expect(parentName('FERROUS SULFATE MONOHYDRATE')).toBe('FERROUS SULFATE');
  });

  it('strips a salt word from the last part of a combination, so the two forms merge', () => {
    expect(parentName('TRIFLURIDINE AND TIPIRACIL HYDROCHLORIDE')).toBe('TRIFLURIDINE AND TIPIRACIL');
    expect(parentName('Trifluridine and tipiracil')).toBe('TRIFLURIDINE AND TIPIRACIL');
    const merged = mergeSaltForms([row('CHEMBL1', 'TRIFLURIDINE AND TIPIRACIL', 'PHASE_3'), row('CHEMBL2', 'TRIFLURIDINE AND TIPIRACIL HYDROCHLORIDE', 'APPROVAL')]);
    expect(merged.map((c) => [c.name, c.phase])).toEqual([['TRIFLURIDINE AND TIPIRACIL', 4]]);
  });

  it('keeps two salts apart, each at its own phase, and merges a salt form with its parent', () => {
    const merged = mergeSaltForms([row('CHEMBL1', 'SODIUM BROMIDE', 'PHASE_2'), row('CHEMBL2', 'SODIUM CHLORIDE', 'APPROVAL'), row('CHEMBL3', 'CABOZANTINIB', 'APPROVAL'), row('CHEMBL4', 'CABOZANTINIB S-MALATE', 'APPROVAL')]);
    expect(merged.map((c) => [c.name, c.phase])).toEqual([
      ['CABOZANTINIB', 4],
      ['SODIUM CHLORIDE', 4],
      ['SODIUM BROMIDE', 2],
    ]);
    // The drug engine joins DGIdb records by the same key.
    const list = run([{ gene: 'EGFR', interactions: [dgi('SODIUM BROMIDE', { types: [['inhibitor', 'INHIBITORY']] }), dgi('SODIUM CHLORIDE', { approved: true, types: [['inhibitor', 'INHIBITORY']] })] }]);
    expect(byName(list, 'SODIUM BROMIDE').maxPhase).toBeNull();
    expect(byName(list, 'SODIUM CHLORIDE').maxPhase).toBe(4);
  });
});
