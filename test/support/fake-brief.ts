// Every upstream of a target brief for EGFR, mounted on the fake upstream: the genuine recordings
// of ../shared/fixtures where one answers the request (Open Targets tractability and clinical
// context, DGIdb EGFR), and the project's doc-shaped fixtures elsewhere (test/fixtures, see
// test/fixtures/README-target-brief.md). Used by test/integration/target-brief.test.ts and
// bench/brief. Needs ../shared (callers skip without it).
import { readFileSync } from 'node:fs';
import type { FakeRequest, FakeUpstream } from './fake-upstream.js';
import { ownHgncDocs, routeFakeHgnc } from './fake-hgnc.js';
import { mountFakePubmed, type FakeArticle, type FakePubmed } from './fake-pubmed.js';
import { ownFixture, sharedJson, sharedPath } from './shared.js';

type Doc = Record<string, unknown>;

export const EGFR = { symbol: 'EGFR', ensemblId: 'ENSG00000146648', accession: 'P00533', disease: 'non-small cell lung carcinoma' } as const;

/** Abstracts for the PMIDs the doc-shaped UniProt entry (function) and DGIdb answer cite. */
export const BRIEF_ARTICLES: FakeArticle[] = [
  {
    pmid: '2790960',
    title: 'The EGF receptor as a receptor tyrosine kinase',
    abstract:
      'The epidermal growth factor receptor is a receptor tyrosine kinase binding ligands of the EGF family; ligand binding activates several signaling cascades that convert extracellular cues into appropriate cellular responses.',
    year: 1989,
  },
  { pmid: '10805725', title: 'ErbB signalling networks', abstract: 'Dimerization of ErbB proteins shapes downstream signalling in epithelial cells.', year: 2000 },
  { pmid: '27153536', title: 'Structural views of receptor activation', abstract: 'Crystal structures show how the extracellular region changes conformation.', year: 2016 },
  { pmid: '12297049', title: 'Ligands of the EGF receptor', abstract: 'EGF, TGF-alpha, amphiregulin, betacellulin, epiregulin and HB-EGF bind the receptor.', year: 2002 },
  { pmid: '15611079', title: 'Epigen, a new ligand', abstract: 'Epigen is a low-affinity ligand of the receptor.', year: 2005 },
  { pmid: '15118073', title: 'EGFR mutations and gefitinib response', abstract: 'Gefitinib is an inhibitor of EGFR; tumors with activating EGFR mutations respond to the inhibitor.', year: 2004 },
];

export interface BriefFakeOptions {
  /** Open Targets clinical context: the doc-shaped one with stages (default) or the genuine, narrower recording. */
  clinical?: 'doc-shaped' | 'recorded';
  /** DGIdb: the genuine EGFR recording (default) or the doc-shaped one with directionality and PMIDs. */
  dgidb?: 'recorded' | 'doc-shaped';
  /** PubMed library (default BRIEF_ARTICLES). */
  articles?: readonly FakeArticle[];
}

export function mountBriefUpstream(fake: FakeUpstream, options: BriefFakeOptions = {}): { pubmed: FakePubmed } {
  const own = (source: string, file: string): Doc => JSON.parse(ownFixture(source, file)) as Doc;
  const entry = own('uniprot', 'entry-P00533-EGFR-doc-shaped.json');

  routeHgnc(fake);
  fake.route('GET', `/uniprot/uniprotkb/${EGFR.accession}.json`, { body: entry });
  fake.route('GET', '/uniprot/uniprotkb/search', (req) => ({
    body: (req.query.get('query') ?? '').startsWith(`gene_exact:${EGFR.symbol} `) ? { results: [entry] } : own('uniprot', 'search-no-hits-doc-shaped.json'),
  }));
  fake.route('GET', `/alphafold/prediction/${EGFR.accession}`, { body: JSON.parse(ownFixture('alphafold', 'prediction-P00533-doc-shaped.json')) as object });
  // Reactome 2021 GMT (column 2 = stable id) stands in for Enrichr's Reactome_2022 library.
  fake.route('GET', '/enrichr/geneSetLibrary', (req) =>
    req.query.get('libraryName') === 'Reactome_2022'
      ? { body: readFileSync(sharedPath('genesets', 'reactome_ReactomePathways_human_2021_names-hyphenated.gmt'), 'utf8') }
      : { status: 404, body: 'not found' },
  );
  fake.route('GET', `/reactome/data/mapping/UniProt/${EGFR.accession}/pathways`, { body: JSON.parse(ownFixture('reactome', 'mapping-UniProt-P00533-pathways-doc-shaped.json')) as object });
  fake.route('GET', '/string/json/interaction_partners', (req) =>
    req.query.get('identifiers') === EGFR.symbol
      ? { body: JSON.parse(ownFixture('string', 'interaction_partners-EGFR-doc-shaped.json')) as object }
      : { status: 404, body: [{ Error: 'not found', ErrorMessage: 'identifiers not found' }] },
  );
  fake.route('GET', '/clinicaltrials/studies', (req) =>
    req.query.get('query.term') === EGFR.symbol ? { body: own('clinicaltrials', 'search-EGFR-nsclc-active-doc-shaped.json') } : { body: own('clinicaltrials', 'search-no-matches-doc-shaped.json') },
  );
  fake.route('POST', '/opentargets/graphql', (req) => ({ body: openTargets(req, options) }));
  fake.route('POST', '/dgidb/graphql', () => ({
    body: options.dgidb === 'doc-shaped' ? own('dgidb', 'interactions-directionality-EGFR-doc-shaped.json') : sharedJson('dgidb', 'gene-EGFR-interactions-minimized.json'),
  }));
  fake.route('GET', '/chembl/molecule.json', (req) => {
    const wanted = new Set((req.query.get('molecule_chembl_id__in') ?? '').split(','));
    const all = own('chembl', 'molecules-EGFR-top-drugs-doc-shaped.json') as { molecules: Doc[] };
    const molecules = all.molecules.filter((m) => wanted.has(m.molecule_chembl_id as string));
    return { body: { molecules, page_meta: { limit: Number(req.query.get('limit') ?? 20), next: null, offset: 0, previous: null, total_count: molecules.length } } };
  });
  routeChemblIndications(fake);
  fake.route('POST', /^\/pubchem\/compound\/name\/property\/[^/]+\/JSON$/, (req) =>
    new URLSearchParams(req.body).get('name') === 'ROCILETINIB'
      ? { body: own('pubchem', 'property-name-ROCILETINIB-doc-shaped.json') }
      : { status: 404, body: own('pubchem', 'fault-404-not-found-doc-shaped.json') },
  );
  return { pubmed: mountFakePubmed(fake, options.articles ?? BRIEF_ARTICLES) };
}

/** `base`'s answer with `fields` of `other`'s target added: two recordings of one target, as one query would answer them. */
export function targetUnion(base: Doc, other: Doc, fields: readonly string[]): Doc {
  const targetOf = (d: Doc) => (d as { data: { target: Record<string, unknown> } }).data.target;
  const extra = Object.fromEntries(fields.map((f) => [f, targetOf(other)[f]]));
  return { ...base, data: { ...(base.data as object), target: { ...targetOf(base), ...extra } } };
}

function openTargets(req: FakeRequest, options: BriefFakeOptions): Doc {
  const own = (file: string): Doc => JSON.parse(ownFixture('opentargets', file)) as Doc;
  const { query, variables } = JSON.parse(req.body) as { query: string; variables: Record<string, unknown> };
  const known = variables.ensemblId === EGFR.ensemblId;
  if (query.includes('query SearchDisease')) {
    return String(variables.queryString).toLowerCase() === EGFR.disease ? own('search-disease-nsclc-doc-shaped.json') : { data: { search: { total: 0, hits: [] } } };
  }
  if (query.includes('query TargetBrief')) {
    // One query for clinical context and tractability: the union of the two recorded answers for
    // the same target (GraphQL answers exactly the fields asked, under the one target object).
    if (!known) return own('target-unknown-doc-shaped.json');
    const clinical = options.clinical === 'recorded' ? sharedJson<Doc>('opentargets', 'target-clinical-context-EGFR-ENSG00000146648.json') : own('target-clinical-context-EGFR-doc-shaped.json');
    const tractability = sharedJson<Doc>('opentargets', 'target-druggability-tractability-safety-EGFR.json');
    return targetUnion(clinical, tractability, ['tractability']);
  }
  if (query.includes('query TargetDiseaseScores')) return known ? own('target-disease-scores-EGFR-doc-shaped.json') : own('target-unknown-doc-shaped.json');
  if (query.includes('query MapTargetIds')) return own('map-ids-targets-doc-shaped.json');
  if (query.includes('query DrugsDetails')) return answerDrugs(variables.chemblIds as string[]);
  if (query.includes('query DiseaseOntology')) return answerOntology(variables.efoIds as string[]);
  return { errors: [{ message: `fake Open Targets has no answer for ${query.slice(0, 60)}` }] };
}

/** drugs(chemblIds:) over the doc-shaped drug details: the ids asked that the file has. */
export function answerDrugs(ids: readonly string[]): Doc {
  const all = (JSON.parse(ownFixture('opentargets', 'drugs-details-EGFR-ERBB2-drugs-doc-shaped.json')) as { data: { drugs: Doc[] } }).data.drugs;
  return { data: { drugs: all.filter((d) => ids.includes(d.id as string)) } };
}

/** diseases(efoIds:) over the doc-shaped ontology of breast cancer and NSCLC. */
export function answerOntology(ids: readonly string[]): Doc {
  const all = (JSON.parse(ownFixture('opentargets', 'disease-ontology-breast-nsclc-doc-shaped.json')) as { data: { diseases: Doc[] } }).data.diseases;
  return { data: { diseases: all.filter((d) => ids.includes(d.id as string)) } };
}

/** ChEMBL drug_indication.json?molecule_chembl_id__in= over the doc-shaped indication rows. */
export function routeChemblIndications(fake: FakeUpstream): void {
  fake.route('GET', '/chembl/drug_indication.json', (req) => {
    const wanted = new Set((req.query.get('molecule_chembl_id__in') ?? '').split(','));
    const all = (JSON.parse(ownFixture('chembl', 'drug-indications-CHEMBL553-CHEMBL122-doc-shaped.json')) as { drug_indications: Doc[] }).drug_indications;
    const rows = all.filter((r) => wanted.has(r.molecule_chembl_id as string));
    return { body: { drug_indications: rows, page_meta: { limit: 1000, next: null, offset: 0, previous: null, total_count: rows.length } } };
  });
}

/** HGNC fetch over the project's doc-shaped documents. */
function routeHgnc(fake: FakeUpstream): void {
  routeFakeHgnc(fake, ownHgncDocs());
}
