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

  it('says rule-of-five does not apply to biologics, from ChEMBL or from the drug type', () => {
    expect(admetOf(molecule('Antibody', null)).note).toBe('Antibody: rule-of-five properties do not apply');
    expect(admetOf(null, null, 'Antibody drug conjugate').note).toBe('Antibody drug conjugate: rule-of-five properties do not apply');
    expect(drugLikeness(admetOf(molecule('Antibody', null)))).toBeNull();
  });
});
