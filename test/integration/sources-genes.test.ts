// The gene/protein/pathway source clients against a local fake upstream serving recorded (and
// doc-shaped) answers: exact requests sent, unknown ids as "not found", 500s as UpstreamErrors.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { UpstreamError } from '../../src/errors.js';
import { AlphaFold } from '../../src/sources/alphafold.js';
import { Hgnc } from '../../src/sources/hgnc.js';
import { MYGENE_FIELDS, MyGene } from '../../src/sources/mygene.js';
import { Reactome } from '../../src/sources/reactome.js';
import { StringDb } from '../../src/sources/string.js';
import { UNIPROT_FIELDS, UniProt } from '../../src/sources/uniprot.js';
import { testContext } from '../support/context.js';
import { startFakeUpstream, type FakeRequest, type FakeUpstream } from '../support/fake-upstream.js';
import { describeShared, hasShared, ownFixture, sharedJson } from '../support/shared.js';
import { ownHgncDocs, routeFakeHgnc, type HgncDoc } from '../support/fake-hgnc.js';

type Doc = Record<string, unknown>;

let fake: FakeUpstream;
let ctx: AppContext;
/** Same fake, no retries: a 500 fails at once. */
let ctxNoRetry: AppContext;

beforeAll(async () => {
  fake = await startFakeUpstream();
  ctx = await testContext({}, fake.url);
  ctxNoRetry = await testContext({ retries: 0 }, fake.url);
});

afterAll(async () => {
  await ctx?.close();
  await ctxNoRetry?.close();
  await fake?.close();
});

beforeEach(() => fake.reset());

const own = (source: string, file: string): unknown => JSON.parse(ownFixture(source, file));
const requestsTo = (prefix: string): FakeRequest[] => fake.requests.filter((r) => r.path.startsWith(prefix));

async function upstreamError(p: Promise<unknown>): Promise<UpstreamError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

// ------------------------------------------------------------------------------------ HGNC

/** Every HGNC document the fake knows: the project's doc-shaped ones and the genuine TMEM268. */
function hgncDocs(): HgncDoc[] {
  const docs = ownHgncDocs();
  if (hasShared) {
    docs.push(...sharedJson<{ response: { docs: HgncDoc[] } }>('hgnc', 'fetch-ensembl_gene_id-ENSG00000157693-TMEM268-truncated.json').response.docs);
  }
  return docs;
}

function routeHgnc(docs = hgncDocs()): void {
  routeFakeHgnc(fake, docs);
}

describe('HGNC symbol resolution against the fake upstream', () => {
  it('resolves approved, lower-case, alias, previous, ambiguous and unknown inputs; reports duplicates and collisions', async () => {
    routeHgnc();
    const hgnc = new Hgnc(ctx.http);
    const r = await hgnc.resolveSymbols(['TP53', 'tp53', 'HER2', 'NGL', 'p53', 'ERK', 'NOTAGENE1', 'ERBB2', ' TP53 ']);

    const by = new Map(r.results.map((x) => [x.input, x]));
    expect(r.results.map((x) => x.input)).toEqual(['TP53', 'HER2', 'NGL', 'p53', 'ERK', 'NOTAGENE1', 'ERBB2']);
    expect(by.get('TP53')).toMatchObject({
      symbol: 'TP53',
      how: 'approved',
      hgncId: 'HGNC:11998',
      name: 'tumor protein p53',
      entrezId: '7157',
      ensemblGeneId: 'ENSG00000141510',
      uniprotIds: ['P04637'],
    });
    expect(by.get('HER2')).toMatchObject({ symbol: 'ERBB2', how: 'alias', matched: 'HER2', entrezId: '2064', uniprotIds: ['P04626'] });
    expect(by.get('NGL')).toMatchObject({ symbol: 'ERBB2', how: 'previous' });
    // "p53" is stored in lower case: the upper-cased form misses, the form as typed matches.
    expect(by.get('p53')).toMatchObject({ symbol: 'TP53', how: 'alias', matched: 'p53' });
    expect(by.get('ERK')).toMatchObject({ symbol: null, how: 'ambiguous', candidates: ['MAPK1', 'MAPK3'] });
    expect(by.get('NOTAGENE1')).toMatchObject({ symbol: null, how: 'not_found', hgncId: null, gene: null });

    expect(r.symbols).toEqual(['TP53', 'ERBB2']);
    expect(r.unresolved).toEqual(['ERK', 'NOTAGENE1']);
    expect(r.duplicates).toEqual([
      { input: 'tp53', sameAs: 'TP53' },
      { input: 'TP53', sameAs: 'TP53' },
    ]);
    expect(r.collisions).toEqual([
      { symbol: 'TP53', inputs: ['TP53', 'p53'] },
      { symbol: 'ERBB2', inputs: ['HER2', 'NGL', 'ERBB2'] },
    ]);

    const hgncRequests = requestsTo('/hgnc/');
    expect(hgncRequests.every((q) => q.headers.accept === 'application/json')).toBe(true);
    const paths = hgncRequests.map((q) => q.path);
    expect(paths.filter((p) => p === '/hgnc/fetch/symbol/TP53')).toHaveLength(1);
    expect(paths.filter((p) => p.endsWith('/HER2'))).toEqual(['/hgnc/fetch/symbol/HER2', '/hgnc/fetch/prev_symbol/HER2', '/hgnc/fetch/alias_symbol/HER2']);
    expect(paths.filter((p) => /\/p53$/i.test(p))).toEqual([
      '/hgnc/fetch/symbol/P53',
      '/hgnc/fetch/symbol/p53',
      '/hgnc/fetch/prev_symbol/P53',
      '/hgnc/fetch/prev_symbol/p53',
      '/hgnc/fetch/alias_symbol/P53',
      '/hgnc/fetch/alias_symbol/p53',
    ]);
  });

  it('reports withdrawn entries, and resolves a merged symbol through the record it went into', async () => {
    routeHgnc();
    const hgnc = new Hgnc(ctx.http);
    const r = await hgnc.resolveSymbols(['XWDRN1', 'AACT']);
    expect(r.results[0]).toMatchObject({ input: 'XWDRN1', symbol: null, how: 'withdrawn', hgncId: 'HGNC:99999', replacedBy: null });
    // AACT was merged into SERPINA3, whose record lists it: that beats the withdrawn record.
    expect(r.results[1]).toMatchObject({ input: 'AACT', symbol: 'SERPINA3', how: 'alias', hgncId: 'HGNC:16' });
    expect(r.unresolved).toEqual(['XWDRN1']);
  });

  it('follows a withdrawn record to its replacement when nothing else matches', async () => {
    routeHgnc();
    const empty = { responseHeader: { status: 0, QTime: 0 }, response: { numFound: 0, start: 0, docs: [] } };
    fake.route('GET', '/hgnc/fetch/alias_symbol/AACT', { body: empty });
    const r = await new Hgnc(ctx.http).resolveSymbol('aact');
    expect(r).toMatchObject({ input: 'aact', symbol: null, how: 'withdrawn', hgncId: 'HGNC:13792', replacedBy: { hgncId: 'HGNC:16', symbol: 'SERPINA3' } });
    expect(requestsTo('/hgnc/').map((q) => q.path)).toContain('/hgnc/fetch/hgnc_id/HGNC%3A16');
  });

  it('an HGNC 500 is an UpstreamError naming hgnc, not a "not found"', async () => {
    fake.route('GET', /^\/hgnc\//, { status: 500, body: { error: 'Solr is down' } });
    const error = await upstreamError(new Hgnc(ctxNoRetry.http).resolveSymbols(['TP53']));
    expect(error).toMatchObject({ source: 'hgnc', status: 500, failure: 'http' });
    expect(error.message).toMatch(/^hgnc \(HTTP 500\).*Solr is down/);
  });
});

describeShared('HGNC on the genuine TMEM268 record', () => {
  it('resolves an orf previous symbol typed in lower case, a mixed-case alias, and an Ensembl id', async () => {
    routeHgnc();
    const hgnc = new Hgnc(ctx.http);
    const r = await hgnc.resolveSymbols(['c9orf91', 'DKFZp547P234']);
    expect(r.results[0]).toMatchObject({ symbol: 'TMEM268', how: 'previous', matched: 'C9orf91', entrezId: '203197', uniprotIds: ['Q5VZI3'] });
    expect(r.results[1]).toMatchObject({ symbol: 'TMEM268', how: 'alias', matched: 'DKFZp547P234' });
    expect(r.collisions).toEqual([{ symbol: 'TMEM268', inputs: ['c9orf91', 'DKFZp547P234'] }]);
    const gene = await hgnc.byEnsemblId('ENSG00000157693');
    expect(gene).toMatchObject({ hgncId: 'HGNC:24513', symbol: 'TMEM268', ensemblGeneId: 'ENSG00000157693' });
    expect(requestsTo('/hgnc/').map((q) => q.path)).toContain('/hgnc/fetch/ensembl_gene_id/ENSG00000157693');
  });
});

// ------------------------------------------------------------------------------------ MyGene, UniProt, AlphaFold

describeShared('MyGene.info against the fake upstream', () => {
  beforeEach(() => {
    fake.route('GET', '/mygene/query', (req) => {
      const q = req.query.get('q');
      if (q === 'symbol:"BRAF"') return { body: sharedJson('mygene', 'query-symbol-BRAF-size1.json') };
      if (q === '(symbol:PD\\-L1 OR alias:PD\\-L1)') return { body: sharedJson('mygene', 'query-symbol-or-alias-PD-L1.json') };
      return { body: sharedJson('mygene', 'query-symbol-PD-L1-empty.json') };
    });
    fake.route('GET', /^\/mygene\/gene\//, { status: 404, body: { success: false, error: 'ID not found' } });
  });

  it('queries by exact symbol with the recorded parameters and reads the cross-references', async () => {
    const hit = await new MyGene(ctx.http).bySymbol('BRAF');
    expect(hit).toMatchObject({ entrezId: '673', ensemblGeneIds: ['ENSG00000157764'], uniprotSwissProt: ['P15056'] });
    const [req] = requestsTo('/mygene/');
    expect(req?.query.get('species')).toBe('human');
    expect(req?.query.get('fields')).toBe(MYGENE_FIELDS);
    expect(req?.query.get('size')).toBe('3');
  });

  it('an unknown symbol (the real empty answer) is null; the alias search finds CD274; an unknown Entrez id is null', async () => {
    const mygene = new MyGene(ctx.http);
    expect(await mygene.bySymbol('PD-L1')).toBeNull();
    expect(requestsTo('/mygene/')[0]?.query.get('q')).toBe('symbol:"PD\\-L1"');
    expect((await mygene.search('PD-L1')).map((h) => h.symbol)).toEqual(['CD274']);
    expect(await mygene.gene('999999999')).toBeNull();
  });

  it('a 500 is an UpstreamError naming mygene', async () => {
    fake.route('GET', '/mygene/query', { status: 500, body: { error: 'boom' } });
    expect(await upstreamError(new MyGene(ctxNoRetry.http).bySymbol('BRAF'))).toMatchObject({ source: 'mygene', status: 500 });
  });
});

describeShared('UniProt against the fake upstream', () => {
  beforeEach(() => {
    fake.route('GET', '/uniprot/uniprotkb/search', (req) =>
      req.query.get('query') === 'gene_exact:BRAF AND organism_id:9606 AND reviewed:true'
        ? { body: sharedJson('uniprot', 'search-BRAF-human-reviewed-minimized.json') }
        : { body: own('uniprot', 'search-no-hits-doc-shaped.json') as object },
    );
    fake.route('GET', '/uniprot/uniprotkb/O00115.json', { body: sharedJson('uniprot', 'entry-O00115-DNASE2.json') });
    fake.route('GET', '/uniprot/uniprotkb/Q99999.json', { status: 404, body: { url: 'http://rest.uniprot.org/uniprotkb/Q99999.json', messages: ['Resource not found'] } });
  });

  it('searches the reviewed human entry with named fields and picks it by gene name', async () => {
    const entry = await new UniProt(ctx.http).entryForGene('BRAF');
    expect(entry).toMatchObject({ accession: 'P15056', proteinName: 'Serine/threonine-protein kinase B-raf', length: 766 });
    const [req] = requestsTo('/uniprot/');
    expect(req?.query.get('format')).toBe('json');
    expect(req?.query.get('fields')).toBe(UNIPROT_FIELDS);
    expect(req?.query.get('fields')).toContain('mass');
  });

  it('an unknown gene (no results) and an unknown accession (404) are null', async () => {
    const uniprot = new UniProt(ctx.http);
    expect(await uniprot.entryForGene('NOTAGENE1')).toBeNull();
    expect(await uniprot.entryByAccession('Q99999')).toBeNull();
    expect(await uniprot.entryByAccession('O00115')).toMatchObject({ molecularWeight: 39581, ecNumbers: ['3.1.22.1'] });
    expect(requestsTo('/uniprot/uniprotkb/O00115.json')[0]?.query.get('fields')).toBe(UNIPROT_FIELDS);
  });

  it('a 500 is an UpstreamError naming uniprot', async () => {
    fake.route('GET', '/uniprot/uniprotkb/search', { status: 500, body: { messages: ['Internal server error'] } });
    const error = await upstreamError(new UniProt(ctxNoRetry.http).entryForGene('BRAF'));
    expect(error).toMatchObject({ source: 'uniprot', status: 500 });
    expect(error.message).toMatch(/Internal server error/);
  });
});

describeShared('AlphaFold DB against the fake upstream', () => {
  it('picks the canonical model; no model (404) is null; a 500 is an UpstreamError', async () => {
    fake.route('GET', '/alphafold/prediction/P05067', { body: sharedJson('alphafold', 'prediction-P05067-all-isoforms.json') as object });
    fake.route('GET', '/alphafold/prediction/Q00000', { status: 404, body: { detail: 'Not Found' } });
    const af = new AlphaFold(ctx.http);
    expect(await af.prediction('P05067')).toMatchObject({ entryId: 'AF-P05067-F1', meanPlddt: 67.38, latestVersion: 6 });
    expect(await af.prediction('Q00000')).toBeNull();
    fake.route('GET', '/alphafold/prediction/P05067', { status: 500, body: 'Internal Server Error' });
    expect(await upstreamError(new AlphaFold(ctxNoRetry.http).prediction('P05067'))).toMatchObject({ source: 'alphafold', status: 500 });
  });
});

// ------------------------------------------------------------------------------------ STRING, Reactome

describe('STRING against the fake upstream', () => {
  it('asks for partners with caller_identity, species, limit and the 0-1000 score', async () => {
    fake.route('GET', '/string/json/interaction_partners', (req) =>
      req.query.get('identifiers') === 'BRAF'
        ? { body: own('string', 'interaction_partners-BRAF-doc-shaped.json') as object }
        : { status: 400, body: [{ Error: 'not found', ErrorMessage: 'Error: identifiers not found' }] },
    );
    const string = new StringDb(ctx.http);
    const edges = await string.interactionPartners('BRAF', { limit: 10, requiredScore: 700 });
    expect(edges?.map((e) => e.partnerB)).toEqual(['MAP2K1', 'MAP2K2', 'KRAS', 'HRAS']);
    const q = requestsTo('/string/')[0]?.query;
    expect(Object.fromEntries(q ?? [])).toEqual({ identifiers: 'BRAF', species: '9606', required_score: '700', limit: '10', caller_identity: 'biointel' });

    // An identifier STRING cannot map is "unknown" (null), not an error and not "no partners".
    expect(await string.interactionPartners('NOTAPROTEIN')).toBeNull();
    fake.route('GET', '/string/json/interaction_partners', { status: 404, body: [{ Error: 'not found' }] });
    expect(await string.interactionPartners('NOTAPROTEIN')).toBeNull();
  });

  it('sends a long gene set as a POST form with %0d-separated identifiers', async () => {
    fake.route('POST', '/string/json/network', { body: [] });
    const genes = Array.from({ length: 200 }, (_, i) => `GENE${i}`);
    expect(await new StringDb(ctx.http).network(genes, { requiredScore: 400 })).toEqual([]);
    const [req] = requestsTo('/string/');
    expect(req?.method).toBe('POST');
    const form = new URLSearchParams(req?.body);
    expect(form.get('identifiers')).toBe(genes.join('\r'));
    expect(req?.body).toContain('GENE0%0DGENE1');
    expect(form.get('caller_identity')).toBe('biointel');
  });

  it('a 500 is an UpstreamError naming string', async () => {
    fake.route('GET', '/string/json/network', { status: 500, body: 'oops' });
    expect(await upstreamError(new StringDb(ctxNoRetry.http).network(['BRAF', 'RAF1']))).toMatchObject({ source: 'string', status: 500 });
  });
});

describeShared('STRING network on the recorded answer', () => {
  it('joins identifiers with %0d in the query string', async () => {
    fake.route('GET', '/string/json/network', { body: sharedJson('string', 'network-BRAF-9606-first5rows.json') as object });
    const edges = await new StringDb(ctx.http).network(['BRAF', 'RAF1', 'MAP2K1'], { requiredScore: 400 });
    expect(edges).toHaveLength(5);
    const [req] = requestsTo('/string/');
    expect(req?.query.get('identifiers')).toBe('BRAF\rRAF1\rMAP2K1');
    expect(req?.query.get('caller_identity')).toBe('biointel');
    expect(req?.query.get('species')).toBe('9606');
  });
});

describe('Reactome mapping against the fake upstream', () => {
  it('asks for the lower-level pathways of an accession in species 9606; unknown (404) is null; 500 is an error', async () => {
    fake.route('GET', '/reactome/data/mapping/UniProt/P15056/pathways', { body: own('reactome', 'mapping-UniProt-P15056-pathways-doc-shaped.json') as object });
    fake.route('GET', '/reactome/data/mapping/UniProt/Q99999/pathways', { status: 404, body: { code: 404, reason: 'Not Found', messages: ['No entries found'] } });
    const reactome = new Reactome(ctx.http);
    expect((await reactome.pathwaysForProtein('P15056'))?.map((p) => p.stId)).toEqual(['R-HSA-5673001', 'R-HSA-6802955']);
    expect(requestsTo('/reactome/')[0]?.query.get('species')).toBe('9606');
    expect(await reactome.pathwaysForProtein('Q99999')).toBeNull();
    fake.route('GET', '/reactome/data/mapping/UniProt/P15056/pathways', { status: 500, body: { messages: ['down'] } });
    expect(await upstreamError(new Reactome(ctxNoRetry.http).pathwaysForProtein('P15056'))).toMatchObject({ source: 'reactome', status: 500 });
  });
});

describeShared('Reactome query and search on recorded answers', () => {
  it('reads pathway details and search hits with the expected parameters', async () => {
    fake.route('GET', '/reactome/data/query/R-HSA-5673001', { body: sharedJson('reactome', 'contentservice-query-R-HSA-5673001-minimized.json') });
    fake.route('GET', '/reactome/search/query', { body: sharedJson('reactome', 'contentservice-search-MAPK-minimized.json') });
    const reactome = new Reactome(ctx.http);
    expect(await reactome.pathway('R-HSA-5673001')).toMatchObject({ name: 'RAF/MAP kinase cascade', species: 'Homo sapiens' });
    const hits = await reactome.searchPathways('MAPK signaling pathway', { pageSize: 3 });
    expect(hits[1]?.name).toBe('Oncogenic MAPK signaling');
    const search = requestsTo('/reactome/search/query')[0]?.query;
    expect(search?.get('query')).toBe('MAPK signaling pathway');
    expect(search?.get('species')).toBe('Homo sapiens');
    expect(search?.get('types')).toBe('Pathway');
  });
});
