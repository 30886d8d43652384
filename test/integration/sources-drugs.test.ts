// The drug-side source clients (Open Targets, ChEMBL, DGIdb, ClinicalTrials.gov, PubChem) against
// a local fake upstream serving recorded answers: the requests they send, not-found handling and
// failures that must reach the caller as UpstreamError naming the source.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { UpstreamError } from '../../src/errors.js';
import { Chembl } from '../../src/sources/chembl.js';
import { ClinicalTrials } from '../../src/sources/clinicaltrials.js';
import { Dgidb } from '../../src/sources/dgidb.js';
import { OpenTargets } from '../../src/sources/opentargets.js';
import { PROPERTIES, PubChem } from '../../src/sources/pubchem.js';
import { targetUnion } from '../support/fake-brief.js';
import { startFakeUpstream, type FakeRequest, type FakeUpstream } from '../support/fake-upstream.js';
import { testContext } from '../support/context.js';
import { describeShared, ownFixture, sharedJson } from '../support/shared.js';

let fake: FakeUpstream;
let ctx: AppContext;
/** No retries: a 500 fails at once (retry behaviour is covered in upstream-client.test.ts). */
let noRetry: AppContext;

beforeAll(async () => {
  fake = await startFakeUpstream();
  ctx = await testContext({}, fake.url);
  noRetry = await testContext({ retries: 0 }, fake.url);
});
afterAll(async () => {
  await ctx.close();
  await noRetry.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const own = (source: string, file: string): object => JSON.parse(ownFixture(source, file)) as object;

interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
}

function gql(req: FakeRequest): GraphqlRequest {
  return JSON.parse(req.body) as GraphqlRequest;
}

async function failure(p: Promise<unknown>): Promise<UpstreamError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UpstreamError);
  return err as UpstreamError;
}

describeShared('Open Targets client on recorded answers', () => {
  it('posts the 26.06 target-brief query (clinical context and tractability) and parses the answer', async () => {
    // The union of the two genuine recordings for EGFR: what one query for both selections answers.
    const both = targetUnion(
      sharedJson('opentargets', 'target-clinical-context-EGFR-ENSG00000146648.json'),
      sharedJson('opentargets', 'target-druggability-tractability-safety-EGFR.json'),
      ['tractability'],
    );
    fake.route('POST', '/opentargets/graphql', (req) => (gql(req).variables.ensemblId === 'ENSG00000146648' ? { body: both } : { body: own('opentargets', 'target-unknown-doc-shaped.json') }));
    const ot = new OpenTargets(ctx.http);
    const egfr = await ot.targetBrief('ENSG00000146648', { associations: 5 });
    expect(egfr?.clinical.associations[0]?.diseaseId).toBe('MONDO_0005233');
    expect(egfr?.clinical.candidates.find((c) => c.name === 'AFATINIB')?.saltForms).toHaveLength(1);
    expect(egfr?.tractability).toHaveLength(28);

    const req = fake.requests[0]!;
    expect(req.headers['content-type']).toContain('application/json');
    const body = gql(req);
    expect(body.variables).toEqual({ ensemblId: 'ENSG00000146648', size: 5 });
    expect(body.query).toContain('drugAndClinicalCandidates');
    expect(body.query).toContain('maxClinicalStage');
    expect(body.query).toContain('diseases { disease { id name } }');
    expect(body.query).not.toContain('knownDrugs');
    expect(body.query).toContain('tractability { label modality value }');

    expect(await ot.targetBrief('ENSG00000000000')).toBeNull();
  });

  it('reads many drugs in one drugs(chemblIds:) request, keyed by id', async () => {
    // The recorded drug(chemblId:) object, served as the single element of a drugs(chemblIds:) answer.
    const pembro = sharedJson<{ data: { drug: object } }>('opentargets', 'drug-sections-pembrolizumab-CHEMBL3137343.json').data.drug;
    fake.route('POST', '/opentargets/graphql', { body: { data: { drugs: [pembro] } } });
    const m = await new OpenTargets(ctx.http).drugs(['chembl3137343', 'CHEMBL0']);
    expect(m.get('CHEMBL3137343')?.indications.length).toBe(266);
    expect(m.get('CHEMBL0')).toBeNull();
    expect(fake.requests).toHaveLength(1);
    const body = gql(fake.requests[0]!);
    expect(body.variables).toEqual({ chemblIds: ['CHEMBL3137343', 'CHEMBL0'] });
    expect(body.query).toContain('drugWarnings { warningType country year }');
    expect(body.query).not.toContain('hasBeenWithdrawn');
  });
});

describe('Open Targets client', () => {
  it('asks for the drug context of many targets in one request, associations filtered to the context diseases', async () => {
    fake.route('POST', '/opentargets/graphql', { body: own('opentargets', 'targets-drug-context-EGFR-BRCA1-PTGS2-doc-shaped.json') });
    const ids = ['ENSG00000146648', 'ENSG00000012048', 'ENSG00000000000'];
    const m = await new OpenTargets(ctx.http).drugContexts(ids, ['MONDO_0005233']);
    expect(fake.requests).toHaveLength(1);
    const body = gql(fake.requests[0]!);
    expect(body.query).toContain('targets(ensemblIds: $ensemblIds)');
    expect(body.query).toContain('associatedDiseases(Bs: $diseaseIds');
    expect(body.variables).toEqual({ ensemblIds: ids, diseaseIds: ['MONDO_0005233'], size: 1 });
    expect(m.get('ENSG00000146648')?.candidates[0]?.name).toBe('AFATINIB');
    expect(m.get('ENSG00000012048')?.associations).toEqual([]);
    expect(m.get('ENSG00000000000')).toBeNull();
  });

  it('does not send an empty Bs (it would not filter): without diseases, associations are not asked', async () => {
    fake.route('POST', '/opentargets/graphql', { body: { data: { targets: [] } } });
    await new OpenTargets(ctx.http).drugContexts(['ENSG00000146648'], []);
    const body = gql(fake.requests[0]!);
    expect(body.query).not.toContain('associatedDiseases');
    expect(body.variables).toEqual({ ensemblIds: ['ENSG00000146648'] });
  });

  it('splits 60 targets into 3 requests of at most 25, sent together', async () => {
    fake.route('POST', '/opentargets/graphql', { body: { data: { targets: [] } } });
    const ids = Array.from({ length: 60 }, (_, i) => `ENSG${String(i).padStart(11, '0')}`);
    await new OpenTargets(ctx.http).drugContexts(ids, ['MONDO_0005233']);
    expect(fake.requests.map((r) => (gql(r).variables.ensemblIds as string[]).length)).toEqual([25, 25, 10]);
  });

  it('reads the ontology of the context diseases in one request', async () => {
    fake.route('POST', '/opentargets/graphql', { body: own('opentargets', 'disease-ontology-colorectal-cancer-doc-shaped.json') });
    const [crc] = await new OpenTargets(ctx.http).diseaseOntology(['MONDO_0005575', 'MONDO_0005575']);
    expect(gql(fake.requests[0]!).variables).toEqual({ efoIds: ['MONDO_0005575'] });
    expect(crc?.descendants).toContain('EFO_1001951');
  });

  it('resolves a symbol through search, picking the exact symbol', async () => {
    fake.route('POST', '/opentargets/graphql', { body: own('opentargets', 'search-target-TP53-doc-shaped.json') });
    const hit = await new OpenTargets(ctx.http).findTarget('TP53');
    expect(hit?.ensemblId).toBe('ENSG00000141510');
    const body = gql(fake.requests[0]!);
    expect(body.query).toContain('entityNames: ["target"]');
    expect(body.variables).toMatchObject({ queryString: 'TP53' });
  });

  it('maps symbols in batch through mapIds', async () => {
    fake.route('POST', '/opentargets/graphql', { body: own('opentargets', 'map-ids-targets-doc-shaped.json') });
    const m = await new OpenTargets(ctx.http).mapTargets(['EGFR', 'BRAF', 'NOTAGENE1']);
    expect(gql(fake.requests[0]!).variables).toEqual({ terms: ['EGFR', 'BRAF', 'NOTAGENE1'] });
    expect([...m.values()].map((h) => h?.ensemblId ?? null)).toEqual(['ENSG00000146648', 'ENSG00000157764', null]);
  });

  it('searches diseases and scores a target against given diseases', async () => {
    fake.route('POST', '/opentargets/graphql', (req) =>
      gql(req).query.includes('SearchDisease')
        ? { body: own('opentargets', 'search-disease-breast-cancer-doc-shaped.json') }
        : { body: own('opentargets', 'target-disease-scores-EGFR-doc-shaped.json') },
    );
    const ot = new OpenTargets(ctx.http);
    const diseases = await ot.searchDiseases('breast cancer', { size: 2 });
    expect(diseases.map((d) => d.id)).toEqual(['MONDO_0007254', 'MONDO_0004989']);
    expect(gql(fake.requests[0]!).query).toContain('entityNames: ["disease"]');
    const scores = await ot.associationScores('ENSG00000146648', ['MONDO_0005233', 'MONDO_0007254']);
    expect(scores?.get('MONDO_0005233')).toBeCloseTo(0.8526, 4);
    // Asked for exactly this disease and not listed: a measured 0.
    expect(scores?.get('MONDO_0007254')).toBe(0);
    expect(gql(fake.requests[1]!).variables).toEqual({ ensemblId: 'ENSG00000146648', diseaseIds: ['MONDO_0005233', 'MONDO_0007254'], size: 2 });
  });

  it('surfaces a GraphQL error in an HTTP 200 answer', async () => {
    fake.route('POST', '/opentargets/graphql', { body: own('opentargets', 'graphql-error-knownDrugs-doc-shaped.json') });
    const err = await failure(new OpenTargets(ctx.http).targetBrief('ENSG00000146648'));
    expect(err).toMatchObject({ source: 'opentargets', failure: 'graphql' });
    expect(err.message).toContain('Cannot query field "knownDrugs"');
  });

  it('surfaces a GraphQL error in an HTTP 400 answer', async () => {
    fake.route('POST', '/opentargets/graphql', { status: 400, body: own('opentargets', 'graphql-error-knownDrugs-doc-shaped.json') });
    const err = await failure(new OpenTargets(ctx.http).targetBrief('ENSG00000146648'));
    expect(err).toMatchObject({ source: 'opentargets', failure: 'graphql', status: 400 });
    expect(err.message).toContain('knownDrugs');
  });

  it('turns a 500 into an UpstreamError naming the source', async () => {
    fake.route('POST', '/opentargets/graphql', { status: 500, body: 'Internal Server Error' });
    const err = await failure(new OpenTargets(noRetry.http).targetBrief('ENSG00000146648'));
    expect(err).toMatchObject({ source: 'opentargets', status: 500 });
    expect(err.message).toMatch(/^opentargets \(HTTP 500\)/);
  });
});

describeShared('ChEMBL client on recorded answers', () => {
  it('gets one molecule by id', async () => {
    fake.route('GET', '/chembl/molecule/CHEMBL25.json', { body: sharedJson('chembl', 'molecule-CHEMBL25.json') });
    const m = await new Chembl(ctx.http).molecule('CHEMBL25');
    expect(m?.properties?.fullMwt).toBe(180.16);
  });

  it('gets molecules in batch with a molecule_chembl_id__in filter; missing ids -> null', async () => {
    fake.route('GET', '/chembl/molecule.json', {
      body: {
        molecules: [sharedJson('chembl', 'molecule-CHEMBL1082.json'), sharedJson('chembl', 'molecule-CHEMBL25.json')],
        page_meta: { limit: 3, next: null, offset: 0, previous: null, total_count: 2 },
      },
    });
    const m = await new Chembl(ctx.http).molecules(['CHEMBL25', 'CHEMBL1082', 'CHEMBL12345678']);
    const q = fake.requests[0]!.query;
    expect(q.get('molecule_chembl_id__in')).toBe('CHEMBL25,CHEMBL1082,CHEMBL12345678');
    expect(q.get('limit')).toBe('3');
    expect(m.get('CHEMBL25')?.prefName).toBe('ASPIRIN');
    expect(m.get('CHEMBL1082')?.prefName).toBe('AMOXICILLIN');
    expect(m.get('CHEMBL12345678')).toBeNull();
  });

  it('gets mechanisms by molecule', async () => {
    fake.route('GET', '/chembl/mechanism.json', { body: sharedJson('chembl', 'mechanism-by-molecule-CHEMBL3137343-pembrolizumab.json') });
    const m = await new Chembl(ctx.http).mechanismsForMolecules(['CHEMBL3137343', 'CHEMBL25']);
    expect(fake.requests[0]!.query.get('molecule_chembl_id__in')).toBe('CHEMBL3137343,CHEMBL25');
    expect(m.get('CHEMBL3137343')?.[0]?.targetChemblId).toBe('CHEMBL3307223');
    expect(m.get('CHEMBL25')).toEqual([]);
  });
});

describe('ChEMBL client', () => {
  it('maps the real 404 (empty text/html body) of an unknown molecule to null', async () => {
    fake.route('GET', '/chembl/molecule/CHEMBL12345678.json', { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '' });
    expect(await new Chembl(ctx.http).molecule('CHEMBL12345678')).toBeNull();
  });

  it('gets mechanisms by target with target_chembl_id, limit and offset', async () => {
    fake.route('GET', '/chembl/mechanism.json', { body: own('chembl', 'mechanism-by-target-CHEMBL203-doc-shaped.json') });
    const rows = await new Chembl(ctx.http).mechanismsForTarget('CHEMBL203');
    const q = fake.requests[0]!.query;
    expect(Object.fromEntries(q)).toEqual({ target_chembl_id: 'CHEMBL203', limit: '1000', offset: '0' });
    expect(rows.map((r) => r.moleculeChemblId)).toEqual(['CHEMBL939', 'CHEMBL1079742']);
  });

  it('reads the first page, then every other page together, at the page size the server applied', async () => {
    // The server caps pages at 2 rows; 5 rows in all: pages at offsets 2 and 4 come in one wave.
    fake.route('GET', '/chembl/mechanism.json', (req) => {
      const offset = Number(req.query.get('offset'));
      const rows = [1, 2, 3, 4, 5].slice(offset, offset + 2).map((n) => ({ molecule_chembl_id: `CHEMBL${n}`, target_chembl_id: 'CHEMBL203', max_phase: 4 }));
      return { body: { mechanisms: rows, page_meta: { limit: 2, next: offset + 2 < 5 ? '/chembl/api/data/mechanism.json?next' : null, offset, previous: null, total_count: 5 } } };
    });
    const rows = await new Chembl(ctx.http).mechanismsForTarget('CHEMBL203');
    expect(rows.map((r) => r.moleculeChemblId)).toEqual(['CHEMBL1', 'CHEMBL2', 'CHEMBL3', 'CHEMBL4', 'CHEMBL5']);
    expect(fake.requests.map((r) => [r.query.get('offset'), r.query.get('limit')])).toEqual([['0', '1000'], ['2', '2'], ['4', '2']]);
  });

  it('gets targets of many accessions with one target_components__accession__in filter', async () => {
    fake.route('GET', '/chembl/target.json', { body: own('chembl', 'targets-by-accessions-P00533-Q15116-doc-shaped.json') });
    const m = await new Chembl(ctx.http).targetsByAccessions(['P00533', 'q15116', 'P99999']);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.query.get('target_components__accession__in')).toBe('P00533,Q15116,P99999');
    expect(m.get('P00533')?.map((t) => t.targetChemblId)).toEqual(['CHEMBL9000001', 'CHEMBL203']);
    expect(m.get('Q15116')?.map((t) => t.targetChemblId)).toEqual(['CHEMBL3307223']);
    expect(m.get('P99999')).toEqual([]);
  });

  it('gets drug indications with a molecule_chembl_id__in filter; EFO ids in Open Targets form, phases as numbers', async () => {
    fake.route('GET', '/chembl/drug_indication.json', { body: own('chembl', 'drug-indications-CHEMBL553-CHEMBL122-doc-shaped.json') });
    const m = await new Chembl(ctx.http).drugIndications(['CHEMBL553', 'CHEMBL122', 'CHEMBL1']);
    expect(fake.requests[0]!.query.get('molecule_chembl_id__in')).toBe('CHEMBL553,CHEMBL122,CHEMBL1');
    expect(m.get('CHEMBL553')?.map((r) => [r.efoId, r.maxPhase])).toEqual([['EFO_0003060', 4], ['EFO_0002618', 4], ['EFO_0005842', 2]]);
    expect(m.get('CHEMBL1')).toEqual([]);
  });

  it('splits 250 ids into __in batches of 100, sent together, each URL well under 2 KB', async () => {
    fake.route('GET', '/chembl/molecule.json', { body: { molecules: [], page_meta: { limit: 100, next: null, offset: 0, previous: null, total_count: 0 } } });
    await new Chembl(ctx.http).molecules(Array.from({ length: 250 }, (_, i) => `CHEMBL${4_000_000 + i}`)); // the longest ids ChEMBL has
    expect(fake.requests.map((r) => r.query.get('molecule_chembl_id__in')!.split(',').length)).toEqual([100, 100, 50]);
    for (const r of fake.requests) expect(`https://www.ebi.ac.uk/chembl/api/data${r.path}?${r.query.toString()}`.length).toBeLessThan(2048);
  });

  it('finds targets by UniProt accession', async () => {
    fake.route('GET', '/chembl/target.json', { body: own('chembl', 'target-by-accession-P00533-doc-shaped.json') });
    const targets = await new Chembl(ctx.http).targetsByAccession('P00533');
    expect(fake.requests[0]!.query.get('target_components__accession')).toBe('P00533');
    expect(targets.map((t) => t.targetChemblId)).toContain('CHEMBL203');
  });

  it('turns a 500 into an UpstreamError naming the source', async () => {
    fake.route('GET', '/chembl/molecule/CHEMBL25.json', { status: 500, body: 'boom' });
    const err = await failure(new Chembl(noRetry.http).molecule('CHEMBL25'));
    expect(err).toMatchObject({ source: 'chembl', status: 500 });
  });
});

describeShared('DGIdb client on recorded answers', () => {
  it('posts the gene names and matches nodes back by name (unknown gene -> null)', async () => {
    fake.route('POST', '/dgidb/graphql', { body: sharedJson('dgidb', 'interactions-by-genes-BRAF-EREG.json') });
    const m = await new Dgidb(ctx.http).interactions(['EREG', 'BRAF', 'NOTAGENE']);
    const body = gql(fake.requests[0]!);
    expect(body.variables).toEqual({ names: ['EREG', 'BRAF', 'NOTAGENE'] });
    expect(body.query).toContain('interactionTypes { type directionality }');
    expect(body.query).toContain('publications { pmid }');
    expect(body.query).toContain('sources { sourceDbName sourceTrustLevel { level } }');
    expect(m.get('BRAF')?.interactions.length).toBe(191);
    expect(m.get('EREG')?.interactions.length).toBe(6);
    expect(m.get('NOTAGENE')).toBeNull();
  });
});

describe('DGIdb client', () => {
  it('maps genes DGIdb does not know to null', async () => {
    fake.route('POST', '/dgidb/graphql', { body: own('dgidb', 'genes-none-matched-doc-shaped.json') });
    const m = await new Dgidb(ctx.http).interactions(['NOTAGENE1']);
    expect(m.get('NOTAGENE1')).toBeNull();
  });

  it('turns a 500 into an UpstreamError naming the source', async () => {
    fake.route('POST', '/dgidb/graphql', { status: 500, body: { errors: [{ message: 'internal' }] } });
    const err = await failure(new Dgidb(noRetry.http).interactions(['EGFR']));
    expect(err).toMatchObject({ source: 'dgidb', status: 500 });
  });
});

describeShared('ClinicalTrials.gov client on recorded answers', () => {
  it('sends condition, gene term, active statuses, fields, page size and countTotal', async () => {
    fake.route('GET', '/clinicaltrials/studies', { body: sharedJson('clinicaltrials', 'search-melanoma-recruiting-limit3.json') });
    const r = await new ClinicalTrials(ctx.http).activeTrials('BRAF', 'melanoma', { pageSize: 3 });
    const q = fake.requests[0]!.query;
    expect(q.get('query.cond')).toBe('melanoma');
    expect(q.get('query.term')).toBe('BRAF');
    expect(q.get('filter.overallStatus')).toBe('RECRUITING,NOT_YET_RECRUITING,ACTIVE_NOT_RECRUITING,ENROLLING_BY_INVITATION');
    expect(q.get('fields')?.split(',')).toEqual(expect.arrayContaining(['NCTId', 'BriefTitle', 'Phase', 'OverallStatus', 'LeadSponsorName']));
    expect(q.get('pageSize')).toBe('3');
    expect(q.get('countTotal')).toBe('true');
    expect(r.total).toBe(480);
    expect(r.trials.map((t) => t.nctId)).toHaveLength(3);
  });

  it('gets one study; an unknown NCT id is null', async () => {
    fake.route('GET', '/clinicaltrials/studies/NCT06604689', { body: sharedJson('clinicaltrials', 'get-nct06604689.json') });
    fake.route('GET', '/clinicaltrials/studies/NCT00000000', { status: 404, body: '' });
    const ct = new ClinicalTrials(ctx.http);
    expect((await ct.study('nct06604689'))?.phases).toEqual([]);
    expect(fake.requests[0]!.path).toBe('/clinicaltrials/studies/NCT06604689');
    expect(await ct.study('NCT00000000')).toBeNull();
  });
});

describe('ClinicalTrials.gov client', () => {
  it('turns a plain-text 400 into a clear error carrying the upstream text', async () => {
    fake.route('GET', '/clinicaltrials/studies', { status: 400, body: ownFixture('clinicaltrials', 'error-400-plain-text-doc-shaped.txt') });
    const err = await failure(new ClinicalTrials(ctx.http).search({ intervention: '((' }));
    expect(err).toMatchObject({ source: 'clinicaltrials', status: 400, failure: 'http' });
    expect(err.message).toContain('query rejected');
    expect(err.message).toContain('Error parsing query in Intervention / treatment');
    expect(fake.requests).toHaveLength(1); // a 400 is not retried
  });

  it('sends the page token and no countTotal on later pages', async () => {
    fake.route('GET', '/clinicaltrials/studies', { body: own('clinicaltrials', 'search-no-matches-doc-shaped.json') });
    await new ClinicalTrials(ctx.http).search({ condition: 'x', pageToken: 'abc' });
    const q = fake.requests[0]!.query;
    expect(q.get('pageToken')).toBe('abc');
    expect(q.has('countTotal')).toBe(false);
  });

  it('turns a 500 into an UpstreamError naming the source', async () => {
    fake.route('GET', '/clinicaltrials/studies', { status: 500, body: 'oops' });
    const err = await failure(new ClinicalTrials(noRetry.http).activeTrials('EGFR', 'lung cancer'));
    expect(err).toMatchObject({ source: 'clinicaltrials', status: 500 });
  });
});

const PUBCHEM_CID_PATH = `/pubchem/compound/cid/property/${PROPERTIES}/JSON`;
const PUBCHEM_NAME_PATH = `/pubchem/compound/name/property/${PROPERTIES}/JSON`;

describeShared('PubChem client on recorded answers', () => {
  it('posts CIDs as a form and keys the answer by CID', async () => {
    fake.route('POST', PUBCHEM_CID_PATH, { body: sharedJson('pubchem', 'property-cid-5564-all-properties.json') });
    const m = await new PubChem(ctx.http).byCids([5564, 2244, 99999999]);
    const req = fake.requests[0]!;
    expect(req.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(req.body).get('cid')).toBe('5564,2244,99999999');
    expect(m.get(5564)?.molecularWeight).toBe(289.5);
    expect(m.get(2244)?.xlogp).toBe(1.2);
    expect(m.get(99999999)).toBeNull();
  });

  it('looks a name up through a POST form', async () => {
    fake.route('POST', PUBCHEM_NAME_PATH, { body: sharedJson('pubchem', 'property-cid-5564-formula-mw.json') });
    const rows = await new PubChem(ctx.http).byName('triclosan');
    expect(new URLSearchParams(fake.requests[0]!.body).get('name')).toBe('triclosan');
    expect(rows?.[0]?.cid).toBe(5564);
  });
});

describe('PubChem client', () => {
  it('maps a 404 Fault to null', async () => {
    fake.route('POST', PUBCHEM_NAME_PATH, { status: 404, body: own('pubchem', 'fault-404-not-found-doc-shaped.json') });
    expect(await new PubChem(ctx.http).byName('not-a-drug-name')).toBeNull();
  });

  it('turns a 500 into an UpstreamError naming the source', async () => {
    fake.route('POST', PUBCHEM_NAME_PATH, { status: 500, body: 'down' });
    const err = await failure(new PubChem(noRetry.http).byName('aspirin'));
    expect(err).toMatchObject({ source: 'pubchem', status: 500 });
  });
});
