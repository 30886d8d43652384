// The PubChem property table parser refuses values a property cannot take: a negative weight once
// passed Lipinski, and counts or XLogP sent as text silently became null (read as "no value").
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { parsePropertyTable } from '../../src/sources/pubchem.js';

const table = (row: Record<string, unknown>) => ({ PropertyTable: { Properties: [{ CID: 1, MolecularFormula: 'C6H6', ...row }] } });
const drift = (row: Record<string, unknown>) => {
  try {
    parsePropertyTable(table(row));
  } catch (err) {
    return err;
  }
  return null;
};

describe('PubChem property table', () => {
  it('reads the documented forms: weight as a decimal string, values left out as null', () => {
    const [p] = parsePropertyTable(table({ MolecularWeight: '589.7', XLogP: -1.2, HBondDonorCount: 0, HBondAcceptorCount: 3, TPSA: 0 }));
    expect(p).toMatchObject({ molecularWeight: 589.7, xlogp: -1.2, hbondDonors: 0, hbondAcceptors: 3, tpsa: 0, rotatableBonds: null, heavyAtoms: null });
    expect(parsePropertyTable(table({ MolecularWeight: 78.11, XLogP: null }))[0]).toMatchObject({ molecularWeight: 78.11, xlogp: null });
  });

  it('refuses impossible values as drift, naming the source', () => {
    for (const row of [
      { MolecularWeight: '-12.5' },
      { MolecularWeight: 0 },
      { MolecularWeight: 'heavy' },
      { XLogP: '3.2' },
      { HBondDonorCount: '2' },
      { HBondAcceptorCount: -1 },
      { HBondAcceptorCount: 2.5 },
      { TPSA: -4 },
    ]) {
      const err = drift(row);
      expect(err, JSON.stringify(row)).toBeInstanceOf(UpstreamError);
      expect(err).toMatchObject({ source: 'pubchem', failure: 'schema' });
    }
  });
});
