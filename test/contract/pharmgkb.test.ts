import { describe, expect, it } from 'vitest';
import { evidenceRank, parseClinicalAnnotations } from '../../src/sources/pharmgkb.js';
import { ownJson } from '../support/shared.js';
import { expectUpstreamError } from '../support/upstream-errors.js';

describe('ClinPGx clinical annotations on captured answers', () => {
  it('reads the CYP2D6 rows (view=min) strongest evidence first', () => {
    const rows = parseClinicalAnnotations(ownJson('pharmgkb', 'clinical-annotations-gene-CYP2D6-clinpgx-trimmed.json'));
    expect(rows.map((r) => r.levelOfEvidence)).toEqual(['1A', '1A', '1A', '2A', '3', '3']);
    // Stable: the 1A rows keep ClinPGx's order.
    expect(rows.slice(0, 3).map((r) => r.id)).toEqual(['1451288220', '1451154980', '1451259580']);
    expect(rows[0]).toEqual({
      id: '1451288220',
      accessionId: 'PA166226241',
      name: 'CYP2D6*1, CYP2D6*4, CYP2D6*5, CYP2D6*6, CYP2D6*17, CYP2D6*40; codeine; Pain (level 1A Efficacy)',
      levelOfEvidence: '1A',
      genes: ['CYP2D6'],
      chemicals: ['codeine'],
      phenotypes: [],
      categories: ['Efficacy'],
      url: 'https://www.clinpgx.org/clinicalAnnotation/1451288220',
    });
    expect(rows.every((r) => r.genes.join() === 'CYP2D6')).toBe(true);
  });

  it('reads the codeine rows (objCls SummaryAnnotation): other genes and a second drug', () => {
    const rows = parseClinicalAnnotations(ownJson('pharmgkb', 'clinical-annotations-chemical-codeine-clinpgx-trimmed.json'));
    expect(rows.map((r) => [r.levelOfEvidence, r.genes.join()])).toEqual([
      ['1A', 'CYP2D6'],
      ['3', 'UGT2B7'],
      ['3', 'ABCB1'],
      ['3', 'CYP2D6'],
    ]);
    expect(rows[3]?.chemicals).toEqual(['codeine', 'N-desmethyltamoxifen']);
    expect(rows[1]).toMatchObject({ accessionId: 'PA166136443', categories: ['Dosage'], phenotypes: [] });
  });
});

describe('ClinPGx clinical annotations on documentation-shaped answers', () => {
  it('reads related diseases as phenotypes, sorts 1A > 2B > 4, keeps a null accession', () => {
    const rows = parseClinicalAnnotations(ownJson('pharmgkb', 'clinical-annotations-gene-chemical-doc-shaped.json'));
    expect(rows.map((r) => r.levelOfEvidence)).toEqual(['1A', '2B', '4']);
    expect(rows[0]).toMatchObject({
      id: '1043858794',
      phenotypes: ['Acute coronary syndrome', 'Coronary Artery Disease'],
      categories: ['Efficacy', 'Toxicity'],
      genes: ['CYP2C19'],
      chemicals: ['clopidogrel'],
    });
    expect(rows[1]).toMatchObject({ accessionId: null, phenotypes: [] });
  });

  it('reads an empty data list as no annotations', () => {
    expect(parseClinicalAnnotations({ data: [], status: 'success' })).toEqual([]);
  });

  it('rejects drifted answers as schema errors, never as an empty list', () => {
    expectUpstreamError(() => parseClinicalAnnotations({ status: 'success' }), { source: 'pharmgkb', failure: 'schema' });
    expectUpstreamError(() => parseClinicalAnnotations({ data: { id: 1 }, status: 'success' }), { source: 'pharmgkb', failure: 'schema' });
    expectUpstreamError(() => parseClinicalAnnotations({ status: 'fail', data: { errors: [{ message: 'bad parameter' }] } }), { source: 'pharmgkb', failure: 'schema' });
    expectUpstreamError(() => parseClinicalAnnotations([]), { source: 'pharmgkb', failure: 'schema' });
    const base = ownJson<{ data: Record<string, unknown>[] }>('pharmgkb', 'clinical-annotations-gene-CYP2D6-clinpgx-trimmed.json');
    const renamedLevel = structuredClone(base);
    delete renamedLevel.data[0]!.levelOfEvidence;
    expect(expectUpstreamError(() => parseClinicalAnnotations(renamedLevel), { source: 'pharmgkb', failure: 'schema' }).message).toMatch(/levelOfEvidence/);
    const noName = structuredClone(base);
    delete noName.data[1]!.name;
    expectUpstreamError(() => parseClinicalAnnotations(noName), { source: 'pharmgkb', failure: 'schema' });
    const noId = structuredClone(base);
    delete noId.data[2]!.id;
    expectUpstreamError(() => parseClinicalAnnotations(noId), { source: 'pharmgkb', failure: 'schema' });
    const genesNotList = structuredClone(base);
    (genesNotList.data[0]!.location as Record<string, unknown>).genes = 'CYP2D6';
    expectUpstreamError(() => parseClinicalAnnotations(genesNotList), { source: 'pharmgkb', failure: 'schema' });
  });
});

describe('evidenceRank', () => {
  it('orders 1A > 1B > 2A > 2B > 3 > 4 > unknown', () => {
    const levels = ['4', null, '2B', '1A', 'N/A', '3', '1B', '2A'];
    const sorted = [...levels].sort((a, b) => evidenceRank(b) - evidenceRank(a));
    expect(sorted.slice(0, 6)).toEqual(['1A', '1B', '2A', '2B', '3', '4']);
    expect(evidenceRank('1A')).toBe(6);
    expect(evidenceRank('4')).toBe(1);
    expect(evidenceRank(' 1b ')).toBe(5);
    expect(evidenceRank(null)).toBe(0);
    expect(evidenceRank(undefined)).toBe(0);
    expect(evidenceRank('N/A')).toBe(0);
  });
});
