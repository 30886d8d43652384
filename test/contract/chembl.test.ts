import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import {
  parseMechanismList,
  parseMolecule,
  parseMoleculeList,
  parseTargetList,
  phaseOf,
  singleProteinTarget,
} from '../../src/sources/chembl.js';
import { describeShared, ownFixture, sharedJson } from '../support/shared.js';

const own = (file: string): unknown => JSON.parse(ownFixture('chembl', file));

describeShared('ChEMBL parsers on recorded answers', () => {
  it('reads aspirin: string decimals become numbers, max_phase "4.0" -> 4', () => {
    const m = parseMolecule(sharedJson('chembl', 'molecule-CHEMBL25.json'));
    expect(m).toMatchObject({
      chemblId: 'CHEMBL25',
      prefName: 'ASPIRIN',
      moleculeType: 'Small molecule',
      maxPhase: 4,
      firstApproval: 1950,
      withdrawn: false,
      parentChemblId: 'CHEMBL25',
    });
    expect(m.properties).toEqual({
      fullMwt: 180.16,
      mwFreebase: 180.16,
      alogp: 1.31,
      cxLogp: 1.24,
      psa: 63.6,
      qedWeighted: 0.55,
      hba: 3,
      hbd: 1,
      rtb: 2,
      numRo5Violations: 0,
      aromaticRings: 1,
      heavyAtoms: 13,
      formula: 'C9H8O4',
    });
  });

  it('reads amoxicillin', () => {
    const m = parseMolecule(sharedJson('chembl', 'molecule-CHEMBL1082.json'));
    expect(m).toMatchObject({ chemblId: 'CHEMBL1082', prefName: 'AMOXICILLIN', maxPhase: 4 });
    expect(m.properties).toMatchObject({ fullMwt: 365.41, alogp: 0.02, qedWeighted: 0.55, hbd: 4, hba: 6, numRo5Violations: 0 });
  });

  it('reads the batch envelope around real molecule records', () => {
    const body = {
      molecules: [sharedJson('chembl', 'molecule-CHEMBL25.json'), sharedJson('chembl', 'molecule-CHEMBL1082.json')],
      page_meta: { limit: 2, next: null, offset: 0, previous: null, total_count: 2 },
    };
    const page = parseMoleculeList(body);
    expect(page.items.map((m) => m.chemblId)).toEqual(['CHEMBL25', 'CHEMBL1082']);
    expect(page).toMatchObject({ total: 2, hasNext: false });
  });

  it('reads a mechanism list (integer max_phase, 0/1 flags, refs)', () => {
    const page = parseMechanismList(sharedJson('chembl', 'mechanism-by-molecule-CHEMBL3137343-pembrolizumab.json'));
    expect(page.total).toBe(1);
    expect(page.hasNext).toBe(false);
    expect(page.items).toEqual([
      {
        moleculeChemblId: 'CHEMBL3137343',
        parentMoleculeChemblId: 'CHEMBL3137343',
        targetChemblId: 'CHEMBL3307223',
        mechanismOfAction: 'Programmed cell death protein 1 inhibitor',
        actionType: 'INHIBITOR',
        maxPhase: 4,
        directInteraction: true,
        diseaseEfficacy: true,
        refs: [{ type: 'FDA', id: 'label/2014/125514lbl.pdf', url: 'http://www.accessdata.fda.gov/drugsatfda_docs/label/2014/125514lbl.pdf' }],
      },
    ]);
  });

  it('records a real unknown-id answer as a 404 with an empty text/html body', () => {
    const meta = sharedJson<{ status: number; body: string; headers: Record<string, string> }>('chembl', 'error-404-unknown-molecule.meta.json');
    // The client maps this to null (see test/integration/sources-drugs.test.ts); nothing to parse.
    expect(meta).toMatchObject({ status: 404, body: '' });
    expect(meta.headers['content-type']).toContain('text/html');
  });
});

describe('ChEMBL parsers on documentation-shaped answers', () => {
  it('reads mechanisms by target with both max_phase forms', () => {
    const page = parseMechanismList(own('mechanism-by-target-CHEMBL203-doc-shaped.json'));
    expect(page.items.map((m) => [m.moleculeChemblId, m.parentMoleculeChemblId, m.targetChemblId, m.maxPhase])).toEqual([
      ['CHEMBL939', 'CHEMBL939', 'CHEMBL203', 4],
      ['CHEMBL1079742', 'CHEMBL553', 'CHEMBL203', 4],
    ]);
    expect(page.items[0]?.refs).toEqual([]);
  });

  it('finds the single-protein target among complexes for an accession', () => {
    const { items } = parseTargetList(own('target-by-accession-P00533-doc-shaped.json'));
    expect(items.map((t) => t.targetType)).toEqual(['PROTEIN COMPLEX', 'SINGLE PROTEIN']);
    expect(items[0]?.accessions).toEqual(['P00533', 'P04626']);
    expect(singleProteinTarget(items, 'P00533')).toMatchObject({ targetChemblId: 'CHEMBL203', organism: 'Homo sapiens', taxId: 9606 });
    expect(singleProteinTarget(items, 'P04626')).toBeNull();
  });

  it('gives antibodies null properties (not zeros)', () => {
    const m = parseMolecule(own('molecule-antibody-CHEMBL3137343-doc-shaped.json'));
    expect(m).toMatchObject({ chemblId: 'CHEMBL3137343', moleculeType: 'Antibody', maxPhase: 4, properties: null });
  });

  // ChEMBL 32+ (its FAQ, "What is max phase?"): null = preclinical compound, -1 = unknown. The
  // recorded aspirin record with only max_phase changed.
  it('reads a molecule\'s null max_phase as preclinical (0), -1 or an absent field as unknown', () => {
    const aspirin = sharedJson<Record<string, unknown>>('chembl', 'molecule-CHEMBL25.json');
    expect(parseMolecule({ ...aspirin, max_phase: null }).maxPhase).toBe(0);
    expect(parseMolecule({ ...aspirin, max_phase: '-1.0' }).maxPhase).toBeNull();
    const { max_phase: _dropped, ...narrower } = aspirin;
    expect(parseMolecule(narrower).maxPhase).toBeNull();
  });

  it('parses max_phase defensively', () => {
    expect(phaseOf('4.0')).toBe(4);
    expect(phaseOf(4)).toBe(4);
    expect(phaseOf('0.5')).toBe(0.5);
    expect(phaseOf(null)).toBeNull();
    expect(phaseOf(-1)).toBeNull();
    expect(phaseOf('n/a')).toBeNull();
  });

  it('rejects malformed answers as schema errors, never an empty list', () => {
    expect(() => parseMechanismList({ page_meta: {} })).toThrow(UpstreamError);
    expect(() => parseMechanismList({ mechanisms: null })).toThrow(/mechanisms is not a list/);
    expect(() => parseMolecule({ pref_name: 'X', molecule_properties: null })).toThrow(/molecule_chembl_id/);
    expect(() => parseMolecule({ molecule_chembl_id: 'CHEMBL1' })).toThrow(/molecule_properties/);
    let caught: unknown;
    try {
      parseTargetList('<html></html>');
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ source: 'chembl', failure: 'schema' });
  });
});
