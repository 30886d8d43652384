// ADMET says what is not known and why, apart from what is absent: a failed ChEMBL or PubChem
// lookup, a salt's PubChem record, a molecule of unknown type, a biologic with stray PubChem values.
import { describe, expect, it } from 'vitest';
import { admetOf, propertyLookups } from '../../src/analysis/admet.js';
import { drugLikenessFactor } from '../../src/analysis/drug-scoring.js';
import type { ChemblMolecule, ChemblProperties } from '../../src/sources/chembl.js';
import type { CompoundProperties } from '../../src/sources/pubchem.js';

const props = (p: Partial<ChemblProperties>): ChemblProperties => ({
  fullMwt: null, mwFreebase: null, alogp: null, cxLogp: null, psa: null, qedWeighted: null, hba: null, hbd: null, rtb: null,
  numRo5Violations: null, aromaticRings: null, heavyAtoms: null, formula: null, ...p,
});
const molecule = (type: string | null, p: ChemblProperties | null): ChemblMolecule => ({
  chemblId: 'CHEMBL1', prefName: 'X', moleculeType: type, maxPhase: 4, firstApproval: null, withdrawn: false, parentChemblId: null, properties: p,
});
const pubchem = (x: Partial<CompoundProperties>): CompoundProperties => ({
  cid: 1, formula: null, molecularWeight: null, xlogp: null, tpsa: null, hbondDonors: null, hbondAcceptors: null, rotatableBonds: null, heavyAtoms: null, inchiKey: null, url: '', ...x,
});

describe('a failed property lookup reads apart from no record', () => {
  it('ChEMBL failed: not known, in the note and the drug-likeness detail', () => {
    const failed = admetOf(null, null, 'Small molecule', { chembl: 'failed' });
    expect(failed).toMatchObject({ molecularWeight: null, lipinskiPass: null, note: 'the ChEMBL molecule lookup failed, so its properties are not known' });
    expect(drugLikenessFactor(failed)).toEqual({ value: null, detail: 'QED unknown: the ChEMBL molecule lookup failed, so its properties are not known' });
    // ChEMBL answered without it: no properties, not a failure.
    const none = admetOf(null, null, 'Small molecule');
    expect(none.note).toBe('no computed properties available');
    expect(drugLikenessFactor(admetOf(null, pubchem({ molecularWeight: 300, xlogp: 2, hbondDonors: 1, hbondAcceptors: 4 }))).detail).toBe(
      'QED unknown: no ChEMBL record (QED comes from ChEMBL only); Ro5 violations 0 (computed from PubChem)',
    );
  });

  it('PubChem failed, both failed, and a molecule not looked up', () => {
    expect(admetOf(null, null, null, { pubchem: 'failed' }).note).toBe('the PubChem lookup failed, so its properties are not known');
    expect(admetOf(null, null, null, { chembl: 'failed', pubchem: 'failed' }).note).toBe('the ChEMBL molecule and PubChem lookups failed, so its properties are not known');
    expect(admetOf(null, null, null, { chembl: 'not looked up' }).note).toBe('its ChEMBL molecule was not looked up (only the first candidates are), so its properties are not known');
    // Values from PubChem while ChEMBL failed: QED (ChEMBL only) is not known, and the detail says why.
    const some = admetOf(null, pubchem({ molecularWeight: 300, xlogp: 2, hbondDonors: 1, hbondAcceptors: 4 }), null, { chembl: 'failed' });
    expect(some).toMatchObject({ molecularWeight: { value: 300, source: 'pubchem' }, lipinskiPass: true });
    expect(drugLikenessFactor(some).detail).toBe("QED unknown: the ChEMBL molecule lookup failed, so QED and ChEMBL's values are not known; Ro5 violations 0 (computed from PubChem)");
    // A biologic's rule-of-five does not apply, whatever failed.
    expect(admetOf(null, null, 'Antibody', { chembl: 'failed' }).note).toBe('Antibody: rule-of-five properties do not apply');
  });

  it('reads the lookups from the engine input: molecules not read, read without the drug, PubChem failed', () => {
    const drug = { chemblIds: ['CHEMBL554'], name: 'LAPATINIB' };
    expect(propertyLookups(drug, {})).toEqual({ chembl: 'failed' });
    expect(propertyLookups(drug, { molecules: new Map([['CHEMBL554', null]]) })).toEqual({});
    expect(propertyLookups(drug, { molecules: new Map([['CHEMBL1', null]]) })).toEqual({ chembl: 'not looked up' });
    expect(propertyLookups({ chemblIds: [], name: 'SOMETINIB' }, { pubchemFailed: new Map([['SOMETINIB', 'PubChem']]) })).toEqual({ pubchem: 'failed' });
    expect(propertyLookups({ chemblIds: [], name: 'SOMETINIB' }, {})).toEqual({});
  });
});

describe('ADMET details', () => {
  it("does not read a salt's PubChem weight and counts as the parent's", () => {
    // Imatinib mesylate: 589.7 is the salt's weight (the parent's is 493.6); it counted a violation.
    const a = admetOf(null, pubchem({ formula: 'C29H31N7O.CH4O3S', molecularWeight: 589.7, xlogp: null, hbondDonors: 3, hbondAcceptors: 10 }));
    expect(a).toMatchObject({ molecularWeight: null, logP: null, hbd: null, hba: null, lipinskiViolations: null, lipinskiPass: null });
    expect(a.note).toBe("PubChem's record is a salt or mixture (C29H31N7O.CH4O3S): its weight, LogP and H-bond counts are not the parent's, so they are not known here");
    expect(drugLikenessFactor(a).detail).not.toMatch(/Ro5/);
  });

  it('a molecule of unknown type has unknown properties, not inapplicable ones', () => {
    expect(admetOf(molecule('Unknown', null)).note).toBe('no computed properties available');
    expect(admetOf(null, null, 'Unknown').note).toBe('no computed properties available');
    // ChEMBL's "Unknown" does not hide Open Targets' type.
    expect(admetOf(molecule('Unknown', null), null, 'Antibody').note).toBe('Antibody: rule-of-five properties do not apply');
  });

  it('never judges a biologic on the rule of five, whatever PubChem gave', () => {
    const a = admetOf(null, pubchem({ molecularWeight: 1200, xlogp: -3, hbondDonors: 20, hbondAcceptors: 30 }), 'Antibody');
    expect(a).toMatchObject({ lipinskiViolations: null, lipinskiPass: null, note: 'Antibody: rule-of-five properties do not apply (the PubChem values are shown, not judged)' });
  });

  it('a count over some properties says it is a floor, never a clean count', () => {
    const a = admetOf(null, pubchem({ molecularWeight: 300 }));
    expect(a.lipinskiPass).toBeNull();
    expect(drugLikenessFactor(a).detail).toContain('Ro5 violations 0 among the 1 of 4 properties known (computed from PubChem)');
  });
});
