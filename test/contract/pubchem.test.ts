import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { parsePropertyTable } from '../../src/sources/pubchem.js';
import { describeShared, ownFixture, sharedJson } from '../support/shared.js';

describeShared('PubChem parsers on recorded answers', () => {
  it('reads the full property table (MolecularWeight is a string)', () => {
    const rows = parsePropertyTable(sharedJson('pubchem', 'property-cid-5564-all-properties.json'));
    expect(rows.map((r) => r.cid)).toEqual([5564, 2244]);
    expect(rows[0]).toEqual({
      cid: 5564,
      formula: 'C12H7Cl3O2',
      molecularWeight: 289.5,
      xlogp: 5,
      tpsa: 29.5,
      hbondDonors: 1,
      hbondAcceptors: 2,
      rotatableBonds: 2,
      heavyAtoms: 17,
      inchiKey: 'XEFQLINVKFYRCS-UHFFFAOYSA-N',
      url: 'https://pubchem.ncbi.nlm.nih.gov/compound/5564',
    });
    expect(rows[1]).toMatchObject({ molecularWeight: 180.16, xlogp: 1.2, hbondAcceptors: 4 });
  });

  it('leaves properties that were not returned (XLogP absent) null', () => {
    const [row] = parsePropertyTable(sharedJson('pubchem', 'property-cid-5564-formula-mw.json'));
    expect(row).toMatchObject({ cid: 5564, molecularWeight: 289.5, xlogp: null, tpsa: null, hbondDonors: null });
  });
});

describe('PubChem parsers on documentation-shaped answers', () => {
  it('does not mistake a Fault body for a property table', () => {
    const fault = JSON.parse(ownFixture('pubchem', 'fault-404-not-found-doc-shaped.json'));
    expect(() => parsePropertyTable(fault)).toThrow(/PropertyTable/);
  });

  it('rejects malformed answers as schema errors', () => {
    expect(() => parsePropertyTable({ PropertyTable: { Properties: {} } })).toThrow(UpstreamError);
    expect(() => parsePropertyTable({ PropertyTable: { Properties: [{ MolecularWeight: '1' }] } })).toThrow(/CID/);
  });
});
