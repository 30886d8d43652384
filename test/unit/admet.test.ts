import { describe, expect, it } from 'vitest';
import { admetOf, drugLikeness } from '../../src/analysis/admet.js';
import type { ChemblMolecule, ChemblProperties } from '../../src/sources/chembl.js';

const props = (p: Partial<ChemblProperties>): ChemblProperties => ({
  fullMwt: null, mwFreebase: null, alogp: null, cxLogp: null, psa: null, qedWeighted: null, hba: null, hbd: null, rtb: null,
  numRo5Violations: null, aromaticRings: null, heavyAtoms: null, formula: null, ...p,
});
const molecule = (type: string, p: ChemblProperties | null): ChemblMolecule => ({
  chemblId: 'CHEMBL1', prefName: 'X', moleculeType: type, maxPhase: 4, firstApproval: null, withdrawn: false, parentChemblId: null, properties: p,
});

describe('ADMET summary', () => {
  it('prefers ChEMBL values and its own rule-of-five count', () => {
    const a = admetOf(molecule('Small molecule', props({ mwFreebase: 446.9, cxLogp: 4.3, hbd: 1, hba: 7, qedWeighted: 0.42, numRo5Violations: 0 })));
    expect(a).toMatchObject({ molecularWeight: { value: 446.9, source: 'chembl' }, logP: { value: 4.3, source: 'chembl' }, lipinskiViolations: { value: 0, source: 'chembl' }, lipinskiPass: true });
    expect(drugLikeness(a)).toBe(0.42);
  });

  it('fills gaps from PubChem and counts violations itself (MW > 500, LogP > 5, HBD > 5, HBA > 10)', () => {
    const a = admetOf(null, { cid: 1, formula: null, molecularWeight: 620.1, xlogp: 5.5, tpsa: null, hbondDonors: 2, hbondAcceptors: 11, rotatableBonds: null, heavyAtoms: null, inchiKey: null, url: '' });
    expect(a).toMatchObject({ molecularWeight: { value: 620.1, source: 'pubchem' }, lipinskiViolations: { value: 3, source: 'computed' }, lipinskiPass: false, qed: null });
    // No QED without ChEMBL: drug-likeness unknown, never 1 - violations/4 (= 0.25 here).
    expect(drugLikeness(a)).toBeNull();
  });

  it('does not call a molecule with unknown properties a pass: a count from partial values is a lower bound', () => {
    const pubchem = (x: { mw?: number; xlogp?: number; hbd?: number; hba?: number }) => ({
      cid: 1, formula: null, molecularWeight: x.mw ?? null, xlogp: x.xlogp ?? null, tpsa: null, hbondDonors: x.hbd ?? null, hbondAcceptors: x.hba ?? null, rotatableBonds: null, heavyAtoms: null, inchiKey: null, url: '',
    });
    // Only the weight known, within the rule: 0 violations found, but three unknowns could add two.
    const onlyWeight = admetOf(null, pubchem({ mw: 300 }));
    expect(onlyWeight).toMatchObject({ lipinskiViolations: { value: 0, source: 'computed' }, lipinskiPass: null });
    expect(onlyWeight.note).toBe('3 of the four rule-of-five properties unavailable: 0 violation(s) among the known ones, so pass or fail is not known');
    // One unknown with no known violation: at most one violation, a pass whatever it is.
    const threeKnown = admetOf(null, pubchem({ mw: 300, xlogp: 2, hbd: 1 }));
    expect(threeKnown).toMatchObject({ lipinskiPass: true, note: '1 of the four rule-of-five properties unavailable; the verdict holds whatever they are' });
    // One unknown and one known violation: could be two.
    expect(admetOf(null, pubchem({ mw: 650, xlogp: 2, hbd: 1 })).lipinskiPass).toBeNull();
    // Two known violations fail whatever the rest.
    expect(admetOf(null, pubchem({ mw: 650, xlogp: 6 })).lipinskiPass).toBe(false);
    // ChEMBL's own count covers all four rules, whatever values this summary lacks.
    expect(admetOf(molecule('Small molecule', props({ mwFreebase: 300, numRo5Violations: 0 }))).lipinskiPass).toBe(true);
  });

  it('says rule-of-five does not apply to biologics, from ChEMBL or from the drug type', () => {
    expect(admetOf(molecule('Antibody', null)).note).toBe('Antibody: rule-of-five properties do not apply');
    expect(admetOf(null, null, 'Antibody drug conjugate').note).toBe('Antibody drug conjugate: rule-of-five properties do not apply');
    expect(drugLikeness(admetOf(molecule('Antibody', null)))).toBeNull();
  });
});
