// The ChEMBL pieces of svc_generate_validation_plan: molecules by synonym and potency (activity),
// parsed from doc-shaped answers, and the requests the functions send.
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { UpstreamError } from '../../src/errors.js';
import { parseMoleculeList } from '../../src/sources/chembl.js';
import { chemblActivities, chemblMoleculesByName, parseActivityList } from '../../src/sources/chembl-potency.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import type { FakeUpstream } from '../support/fake-upstream.js';
import { ownFixture } from '../support/shared.js';

const own = (file: string): object => JSON.parse(ownFixture('chembl', file)) as object;

describe('ChEMBL activities and synonyms (parsers)', () => {
  it('reads activities: pChEMBL and values as numbers, the salt form with its parent, validity flags', () => {
    const rows = parseActivityList(own('activity-target-CHEMBL203-doc-shaped.json')).items;
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({ moleculeChemblId: 'CHEMBL939', moleculeName: 'GEFITINIB', standardType: 'IC50', standardValue: 3, standardUnits: 'nM', pchembl: 8.52, targetChemblId: 'CHEMBL203', dataValidityComment: null });
    expect(rows[3]!.dataValidityComment).toBe('Outside typical range');
    expect(rows[4]).toMatchObject({ moleculeChemblId: 'CHEMBL1079742', parentMoleculeChemblId: 'CHEMBL553' });
  });

  it('reads a synonym search as molecules, and an empty one as none', () => {
    expect(parseMoleculeList(own('molecules-synonym-olaparib-doc-shaped.json')).items[0]).toMatchObject({ chemblId: 'CHEMBL521686', prefName: 'OLAPARIB', maxPhase: 4, parentChemblId: 'CHEMBL521686' });
    expect(parseMoleculeList(own('molecules-synonym-none-doc-shaped.json')).items).toEqual([]);
  });

  it('rejects an activity without a molecule id as drift', () => {
    expect(() => parseActivityList({ activities: [{ pchembl_value: '7.0' }], page_meta: {} })).toThrow(UpstreamError);
  });
});

describe('ChEMBL activities and synonyms (requests)', () => {
  const { fake: upstream, context } = useFakeUpstreamContexts();
  let fake: FakeUpstream;
  let ctx: AppContext;
  beforeEach(async () => {
    fake = upstream();
    ctx = await context({ retries: 0 });
  });

  it('looks a drug name up as an exact, case-insensitive synonym', async () => {
    fake.route('GET', '/chembl/molecule.json', { body: own('molecules-synonym-olaparib-doc-shaped.json') });
    const found = await chemblMoleculesByName(ctx.http, ' Olaparib ');
    expect(found.map((m) => m.chemblId)).toEqual(['CHEMBL521686']);
    expect(fake.requests.at(-1)!.query.get('molecule_synonyms__molecule_synonym__iexact')).toBe('Olaparib');
  });

  it('asks for potency types with a pChEMBL, for given molecules or the most potent first', async () => {
    fake.route('GET', '/chembl/activity.json', { body: own('activity-target-CHEMBL203-doc-shaped.json') });
    await chemblActivities(ctx.http, { targetChemblId: 'CHEMBL203', moleculeIds: ['chembl939', 'CHEMBL553', 'CHEMBL939'] });
    let q = fake.requests.at(-1)!.query;
    expect(Object.fromEntries(q)).toMatchObject({
      target_chembl_id: 'CHEMBL203',
      pchembl_value__isnull: 'false',
      standard_type__in: 'IC50,Ki,Kd,EC50',
      molecule_chembl_id__in: 'CHEMBL939,CHEMBL553',
    });
    expect(q.has('order_by')).toBe(false);
    await chemblActivities(ctx.http, { targetChemblId: 'CHEMBL203', minPchembl: 7, limit: 50 });
    q = fake.requests.at(-1)!.query;
    expect(q.get('pchembl_value__gte')).toBe('7');
    expect(q.get('order_by')).toBe('-pchembl_value');
    expect(q.get('limit')).toBe('50');
    expect(q.has('molecule_chembl_id__in')).toBe(false);
  });
});
