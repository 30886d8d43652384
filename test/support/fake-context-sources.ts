// The context sources of an analysis (focus-gene profiles, cross-check, trials, labels, preprints,
// citation metrics), mounted on the fake upstream for end-to-end tests and benchmarks. Answers are
// the recordings and doc-shaped fixtures of test/fixtures and ../shared/fixtures; where a source
// answers per requested id, the fixture's record shape is reused for the ids asked (composed, said
// at each route). Values attached to composed records are the fixture's, not the gene's own.
import type { FakeArticle } from './fake-pubmed.js';
import type { FakeUpstream } from './fake-upstream.js';
import { ownFixture, sharedJson } from './shared.js';

type Doc = Record<string, unknown>;
const own = <T = Doc>(source: string, file: string): T => JSON.parse(ownFixture(source, file)) as T;

export interface ContextGene {
  symbol: string;
  ensembl: string;
  uniprot: string;
}

/** A bioRxiv preprint the fake Europe PMC lists for `SRC:PPR` queries (the doc-shaped bioRxiv record). */
export const FAKE_PREPRINT_DOI = '10.1101/2023.05.17.599999';

export function mountContextSources(fake: FakeUpstream, genes: readonly ContextGene[], articles: readonly FakeArticle[]): void {
  // UniProt: the recorded BRAF search and the doc-shaped EGFR entry; other genes have no hit. A query
  // naming several genes (`(accession:X OR gene_exact:Y ...) AND ...`) gets every matching entry, as
  // UniProt's OR does (the recorded two-accession search shows that shape).
  const egfrEntry = own('uniprot', 'entry-P00533-EGFR-doc-shaped.json');
  const brafResults = sharedJson<{ results: Doc[] }>('uniprot', 'search-BRAF-human-reviewed-minimized.json').results;
  fake.route('GET', '/uniprot/uniprotkb/search', (req) => {
    const q = req.query.get('query') ?? '';
    const named = new Set([...q.matchAll(/(?:gene_exact|accession):"?([A-Za-z0-9_.-]+)"?/g)].map((m) => m[1]));
    const results = [...(named.has('BRAF') || named.has('P15056') ? brafResults : []), ...(named.has('EGFR') || named.has('P00533') ? [egfrEntry] : [])];
    return { body: results.length ? { results } : own('uniprot', 'search-no-hits-doc-shaped.json') };
  });
  // AlphaFold: EGFR's doc-shaped model; other accessions fall through to the fake's 404 (no model).
  fake.route('GET', '/alphafold/prediction/P00533', { body: own('alphafold', 'prediction-P00533-doc-shaped.json') });
  // MyGene.info: the recorded `symbol:"X"` queries.
  fake.route('GET', '/mygene/query', (req) => {
    const symbol = /symbol:"?([A-Z0-9-]+)"?/.exec(req.query.get('q') ?? '')?.[1] ?? '';
    return ['BRAF', 'BRCA1', 'EGFR', 'ERBB2'].includes(symbol)
      ? { body: sharedJson('mygene', `query-symbol-${symbol}-size1.json`) }
      : { body: sharedJson('mygene', 'query-symbol-PD-L1-empty.json') };
  });
  // MyGene.info batch query (POST /query, q=A,B&scopes=symbol): per term, the recorded hit with
  // `query` set to the term, or `{query, notfound: true}` (composed; see mygene/querymany fixture).
  fake.route('POST', '/mygene/query', (req) => {
    const terms = (new URLSearchParams(req.body).get('q') ?? '').split(',').filter(Boolean);
    return {
      body: terms.flatMap((t) =>
        ['BRAF', 'BRCA1', 'EGFR', 'ERBB2'].includes(t)
          ? sharedJson<{ hits: Doc[] }>('mygene', `query-symbol-${t}-size1.json`).hits.map((h) => ({ query: t, ...h }))
          : [{ query: t, notfound: true }],
      ),
    };
  });
  // Reactome: the recorded R-HSA-5673001 query; other ids 404 (unknown).
  fake.route('GET', '/reactome/data/query/R-HSA-5673001', { body: sharedJson('reactome', 'contentservice-query-R-HSA-5673001-minimized.json') });

  // Ensembl: the doc-shaped batch answer, keyed by the symbols asked (composed per gene).
  const ensemblShape = own<Record<string, Doc>>('ensembl', 'lookup-symbol-BRCA2-BRAF-doc-shaped.json').BRAF!;
  fake.route('POST', '/ensembl/lookup/symbol/homo_sapiens', (req) => {
    const asked = (JSON.parse(req.body) as { symbols: string[] }).symbols;
    const body: Record<string, Doc> = {};
    for (const s of asked) {
      const g = genes.find((x) => x.symbol === s);
      if (g) body[s] = { ...ensemblShape, id: g.ensembl, display_name: s };
    }
    return { body };
  });
  // gnomAD: one alias per variable, the doc-shaped DMD constraint record under each known gene (composed).
  const gnomadShape = (own<{ data: Record<string, Doc> }>('gnomad', 'constraint-batch-doc-shaped.json').data.g0 ?? {}) as Doc;
  fake.route('POST', '/gnomad/api', (req) => {
    const { variables } = JSON.parse(req.body) as { variables: Record<string, string> };
    const data: Record<string, Doc | null> = {};
    const errors: { message: string }[] = [];
    for (const [key, symbol] of Object.entries(variables)) {
      const g = genes.find((x) => x.symbol === symbol);
      data[key.replace(/^s/, 'g')] = g ? { ...gnomadShape, gene_id: g.ensembl, symbol } : null;
      if (!g) errors.push({ message: 'Gene not found' });
    }
    return { body: errors.length ? { errors, data } : { data } };
  });
  // g:Profiler: the doc-shaped g:GOSt answer whatever the genes.
  fake.route('POST', '/gprofiler/api/gost/profile/', { body: own('gprofiler', 'gost-TP53-pathway-doc-shaped.json') });
  // CIViC: no accepted evidence for these genes (doc-shaped empty connection).
  fake.route('POST', '/civic/api/graphql', { body: own('civic', 'gene-evidence-none-doc-shaped.json') });
  // ClinPGx: HTTP 404 is its "no match".
  fake.route('GET', '/pharmgkb/v1/data/clinicalAnnotation', { status: 404, body: { status: 'fail', data: { errors: [{ message: 'No results found' }] } } });
  // ClinicalTrials.gov: no trial of these drugs in the disease.
  fake.route('GET', '/clinicaltrials/studies', { body: own('clinicaltrials', 'search-no-matches-doc-shaped.json') });
  // openFDA: the recorded gefitinib label (BioMCP capture); the doc-shaped boxed-warning label answers
  // for lapatinib (composed: its text is another drug's); other drugs have none (404 NOT_FOUND).
  fake.route('GET', '/openfda/drug/label.json', (req) => {
    const search = req.query.get('search') ?? '';
    if (/gefitinib/i.test(search)) return { body: own('openfda', 'label-gefitinib-biomcp.json') };
    if (/lapatinib/i.test(search)) return { body: own('openfda', 'label-boxed-warning-doc-shaped.json') };
    return { status: 404, body: own('openfda', 'not-found-doc-shaped.json') };
  });
  // iCite: the current-format record shape for every requested PMID the fake PubMed knows (composed).
  const iciteShape = own<{ data: Doc[] }>('icite', 'pubs-32162448-current-format.json').data[0]!;
  fake.route('GET', '/icite/api/pubs', (req) => {
    const asked = (req.query.get('pmids') ?? '').split(',');
    const data = asked.flatMap((pmid) => {
      const a = articles.find((x) => x.pmid === pmid);
      return a ? [{ ...iciteShape, _id: pmid, pmid: Number(pmid), title: a.title, year: a.year ?? iciteShape.year }] : [];
    });
    return { body: { meta: { pmids: asked.join(','), limit: asked.length, nih_percentile: null, offset: 0 }, links: {}, data } };
  });
  // Semantic Scholar: the batch array aligned with the request, null for PMIDs it does not know (composed).
  const s2Shape = (own<Doc[]>('semanticscholar', 'paper-batch-counts-doc-shaped.json')[0] ?? {}) as Doc;
  fake.route('POST', '/semanticscholar/graph/v1/paper/batch', (req) => {
    const ids = (JSON.parse(req.body) as { ids: string[] }).ids;
    return {
      body: ids.map((id, i) => {
        const pmid = id.replace(/^PMID:/, '');
        const a = articles.find((x) => x.pmid === pmid);
        return a ? { ...s2Shape, paperId: `${i}`.padStart(40, '0'), externalIds: { PubMed: pmid }, title: a.title } : null;
      }),
    };
  });
  // bioRxiv: the doc-shaped two-version preprint; other DOIs are "no posts found" on both servers.
  fake.route('GET', /^\/biorxiv\/details\/(biorxiv|medrxiv)\//, (req) =>
    req.path.startsWith(`/biorxiv/details/biorxiv/${FAKE_PREPRINT_DOI}/`)
      ? { body: own('biorxiv', 'details-biorxiv-two-versions-doc-shaped.json') }
      : { body: own('biorxiv', 'details-no-posts-found-doc-shaped.json') },
  );
}
