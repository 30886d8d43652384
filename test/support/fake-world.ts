// Every upstream of an analysis, served by the fake upstream server from real recordings in
// ../shared/fixtures (and the project's doc-shaped fixtures where no recording exists), for
// end-to-end tests and benchmarks of the analysis tools.
//
// What is composed rather than replayed verbatim, and why:
// - HGNC answers: the envelope and fields of the recorded/doc-shaped HGNC fetch answers, with the
//   identifiers of each gene (HGNC ids, Ensembl ids, UniProt accessions as published by HGNC).
// - Open Targets `targets(ensemblIds:)`: the batch envelope around the recorded per-target objects
//   (candidates). Their associations are the recorded rows filtered to the asked disease ids (a
//   top-5 recording standing in for the Bs-filtered answer), and their hallmarks carry the COSMIC
//   roles of these genes (EGFR, ERBB2, BRAF oncogenes; BRCA1 a tumour suppressor), which the
//   recordings did not select. drugs(chemblIds:) and diseases(efoIds:) come from doc-shaped files.
// - ChEMBL targets, mechanisms and drug indications: doc-shaped lists, filtered to the ids asked.
// - DGIdb: the recorded gene nodes, returned for the genes asked.
// - Europe PMC: the recorded lite record shape, with PMIDs from the test's literature table.
// - Enrichr: the shared GMT files stand in for the library of the same kind (SOURCE.md: the GO
//   file is exactly what Enrichr serves).
// - STRING interaction_partners, Open Targets mapIds and further drug details (the repurposing
//   neighbourhood): composed from doc-shaped fixtures in fake-neighbourhood.ts, which says how.
import { readFileSync } from 'node:fs';
import { FAKE_PREPRINT_DOI, mountContextSources } from './fake-context-sources.js';
import { answerDrugs, answerOntology, routeChemblIndications } from './fake-brief.js';
import { routeFakeHgnc } from './fake-hgnc.js';
import { answerMapIds, mountNeighbourhood, withDrugDetails } from './fake-neighbourhood.js';
import type { FakeRequest, FakeResponse, FakeUpstream } from './fake-upstream.js';
import { mountFakePubmed, type FakeArticle, type FakePubmed } from './fake-pubmed.js';
import { ownFixture, sharedJson, sharedPath } from './shared.js';

export interface WorldGene {
  symbol: string;
  hgncId: string;
  ensembl: string;
  uniprot: string;
  name: string;
  aliases?: string[];
  previous?: string[];
}

/** HGNC identifiers as published by HGNC for these genes. */
export const GENES: WorldGene[] = [
  { symbol: 'EGFR', hgncId: 'HGNC:3236', ensembl: 'ENSG00000146648', uniprot: 'P00533', name: 'epidermal growth factor receptor', aliases: ['ERBB1', 'HER1'] },
  { symbol: 'ERBB2', hgncId: 'HGNC:3430', ensembl: 'ENSG00000141736', uniprot: 'P04626', name: 'erb-b2 receptor tyrosine kinase 2', aliases: ['NEU', 'HER-2', 'CD340', 'HER2'], previous: ['NGL'] },
  { symbol: 'BRAF', hgncId: 'HGNC:1097', ensembl: 'ENSG00000157764', uniprot: 'P15056', name: 'B-Raf proto-oncogene, serine/threonine kinase' },
  { symbol: 'BRCA1', hgncId: 'HGNC:1100', ensembl: 'ENSG00000012048', uniprot: 'P38398', name: 'BRCA1 DNA repair associated' },
];

const CLINICAL_CONTEXT: Record<string, string> = {
  ENSG00000146648: 'target-clinical-context-EGFR-ENSG00000146648.json',
  ENSG00000141736: 'target-clinical-context-ERBB2.json',
  ENSG00000157764: 'target-clinical-context-BRAF.json',
  ENSG00000012048: 'target-clinical-context-BRCA1.json',
};

/** Gene-set files standing in for the default Enrichr libraries; absent ones answer 404. */
export const LIBRARY_FILES: Record<string, string> = {
  Reactome_2022: 'reactome_ReactomePathways_human_2021_names-hyphenated.gmt',
  MSigDB_Hallmark_2020: 'msigdb_hallmark_v7.0_symbols.gmt',
  GO_Biological_Process_2023: 'enrichr_GO_Biological_Process_2021.gmt',
};

export interface WorldOptions {
  articles: FakeArticle[];
  /**
   * More genes HGNC knows (and the context sources look up), beyond the four recorded ones; no
   * source beyond HGNC has recorded answers for them (benchmarks of large panels).
   */
  extraGenes?: WorldGene[];
  /** Europe PMC answers: a record matches when every listed term is in the query. */
  literature: { terms: string[]; pmids: string[]; hitCount?: number }[];
  /** Further doc-shaped `drugs(chemblIds:)` answers (test/fixtures/opentargets) the world's Open Targets also knows. */
  drugDetails?: string[];
  /**
   * PMIDs PubMed does not know (made up). Every other PMID asked (the real references the
   * recordings carry: DGIdb, ChEMBL, CIViC...) exists, as a record without abstract.
   */
  unknownPmids?: string[];
  /** Words no PubMed record has: its esearch drops them and runs the rest (fake-pubmed.ts). */
  pubmedUnknownWords?: string[];
}

/** PubMed and Europe PMC content for EGFR and ERBB2 in breast cancer: enough for panel tools' literature. */
export const BREAST_LITERATURE: Pick<WorldOptions, 'articles' | 'literature'> = {
  articles: [
    { pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression and poor prognosis.' },
    { pmid: '2002', title: 'ERBB2 amplification', abstract: 'ERBB2 amplification is associated with breast cancer and defines the HER2-positive subtype.' },
  ],
  literature: [
    { terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 },
    { terms: ['ERBB2', 'breast cancer'], pmids: ['2002'], hitCount: 9800 },
  ],
};

/** The articles of the realistic 4-gene world (tests and bench/footprint): PMID 77777777 does not exist. */
export const PANEL_ARTICLES: FakeArticle[] = [
  { pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression and poor prognosis.' },
  { pmid: '2002', title: 'ERBB2 amplification', abstract: 'ERBB2 amplification is associated with breast cancer and defines the HER2-positive subtype.' },
  { pmid: '2003', title: 'BRAF mutations are rare', abstract: 'BRAF mutations occur in melanoma; their association with breast cancer is unclear.' },
  { pmid: '2004', title: 'EGFR and ERBB2 heterodimers', abstract: 'EGFR interacts with ERBB2 to form heterodimers that drive signalling in breast cancer.' },
];
/** Europe PMC and PubMed answers of that world. */
export const PANEL_LITERATURE: WorldOptions['literature'] = [
  { terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 },
  { terms: ['ERBB2', 'breast cancer'], pmids: ['2002', '77777777'], hitCount: 9800 },
  { terms: ['BRAF', 'breast cancer'], pmids: ['2003'], hitCount: 210 },
  { terms: ['EGFR', 'ERBB2', 'breast cancer'], pmids: ['2004'], hitCount: 640 },
];
export interface FakeWorld {
  pubmed: FakePubmed;
  /** The world's Open Targets GraphQL answers, for a test that overrides only some queries. */
  answerOpenTargets: (req: FakeRequest) => FakeResponse;
  requests: (source: string) => FakeRequest[];
}

export function hgncDoc(g: WorldGene) {
  return {
    hgnc_id: g.hgncId,
    symbol: g.symbol,
    name: g.name,
    status: 'Approved',
    locus_type: 'gene with protein product',
    prev_symbol: g.previous ?? [],
    alias_symbol: g.aliases ?? [],
    ensembl_gene_id: g.ensembl,
    locus_group: 'protein-coding gene',
    uniprot_ids: g.uniprot ? [g.uniprot] : [],
  };
}


export function mountFakeWorld(fake: FakeUpstream, options: WorldOptions): FakeWorld {
  const genes = [...GENES, ...(options.extraGenes ?? [])];
  routeFakeHgnc(fake, genes.map(hgncDoc));

  const answerOpenTargets = (req: FakeRequest): FakeResponse => {
    const { query, variables } = JSON.parse(req.body) as { query: string; variables: Record<string, unknown> };
    if (query.includes('SearchDisease')) return { body: JSON.parse(ownFixture('opentargets', 'search-disease-breast-cancer-doc-shaped.json')) as object };
    if (query.includes('query TargetsDrugContext')) {
      const asked = new Set((variables.diseaseIds as string[] | undefined) ?? []);
      const targets = (variables.ensemblIds as string[])
        .filter((id) => CLINICAL_CONTEXT[id])
        .map((id) => {
          const recorded = sharedJson<{ data: { target: { associatedDiseases: { rows: { disease: { id: string } }[] } } } }>('opentargets', CLINICAL_CONTEXT[id]!).data.target;
          const symbol = GENES.find((g) => g.ensembl === id)?.symbol ?? '';
          const rows = recorded.associatedDiseases.rows.filter((r) => asked.has(r.disease.id));
          const role = symbol === 'BRCA1' ? 'TSG' : 'oncogene';
          return {
            id,
            approvedSymbol: symbol,
            ...recorded,
            ...(query.includes('associatedDiseases') ? { associatedDiseases: { count: rows.length, rows } } : {}),
            hallmarks: { attributes: [{ name: 'role in cancer', description: role, pmid: null }], cancerHallmarks: [] },
          };
        });
      return { body: { data: { targets } } };
    }
    if (query.includes('query DrugsDetails')) return { body: withDrugDetails(answerDrugs(variables.chemblIds as string[]), variables.chemblIds as string[], options.drugDetails ?? []) };
    if (query.includes('query DiseaseOntology')) return { body: answerOntology(variables.efoIds as string[]) };
    if (query.includes('query MapTargetIds')) return { body: answerMapIds(variables.terms as string[], GENES) };
    return { status: 400, body: { errors: [{ message: `fake world: no answer for ${query.slice(0, 60)}` }] } };
  };
  fake.route('POST', '/opentargets/graphql', answerOpenTargets);

  const dgidbNodes = [
    ...sharedJson<{ data: { genes: { nodes: { name?: string; gene?: { name: string } }[] } } }>('dgidb', 'interactions-by-genes-BRAF-EREG.json').data.genes.nodes,
    ...sharedJson<{ data: { genes: { nodes: { name?: string }[] } } }>('dgidb', 'gene-EGFR-interactions-minimized.json').data.genes.nodes,
  ];
  fake.route('POST', '/dgidb/graphql', (req) => {
    const names = ((JSON.parse(req.body) as { variables: { names?: string[]; genes?: string[] } }).variables.names ?? []).map((n) => n.toUpperCase());
    const nodeName = (n: (typeof dgidbNodes)[number]) => (n.name ?? (n as { interactions?: { gene?: { name: string } }[] }).interactions?.[0]?.gene?.name ?? '').toUpperCase();
    return { body: { data: { genes: { nodes: dgidbNodes.filter((n) => names.includes(nodeName(n))) } } } };
  });

  const molecules = ['CHEMBL25', 'CHEMBL1082'].map((id) => sharedJson<object>('chembl', `molecule-${id}.json`));
  fake.route('GET', '/chembl/molecule.json', (req) => {
    const ids = (req.query.get('molecule_chembl_id__in') ?? '').split(',');
    const found = molecules.filter((m) => ids.includes((m as { molecule_chembl_id: string }).molecule_chembl_id));
    return { body: { molecules: found, page_meta: { limit: ids.length, next: null, offset: 0, previous: null, total_count: found.length } } };
  });
  fake.route('POST', /^\/pubchem\//, { status: 404, body: { Fault: { Code: 'PUGREST.NotFound', Message: 'No CID found' } } });
  const listOf = (key: string, rows: object[]) => ({ [key]: rows, page_meta: { limit: 1000, next: null, offset: 0, previous: null, total_count: rows.length } });
  fake.route('GET', '/chembl/target.json', (req) => {
    const wanted = (req.query.get('target_components__accession__in') ?? '').split(',');
    const all = JSON.parse(ownFixture('chembl', 'targets-by-accessions-P00533-Q15116-doc-shaped.json')) as { targets: { target_components: { accession: string }[] }[] };
    return { body: listOf('targets', all.targets.filter((t) => t.target_components.some((c) => wanted.includes(c.accession)))) };
  });
  fake.route('GET', '/chembl/mechanism.json', (req) => {
    const wanted = (req.query.get('molecule_chembl_id__in') ?? '').split(',');
    const all = (JSON.parse(ownFixture('chembl', 'mechanism-by-target-CHEMBL203-doc-shaped.json')) as { mechanisms: { molecule_chembl_id: string; parent_molecule_chembl_id: string }[] }).mechanisms;
    return { body: listOf('mechanisms', all.filter((m) => wanted.includes(m.molecule_chembl_id) || wanted.includes(m.parent_molecule_chembl_id))) };
  });
  routeChemblIndications(fake);

  mountNeighbourhood(fake, GENES);
  const network = sharedJson<object[]>('string', 'network-BRAF-9606-first5rows.json');
  fake.route('GET', '/string/json/network', { body: network });
  fake.route('POST', '/string/json/network', { body: network });

  // A query is a conjunction of clauses (" AND "), each naming one thing by one or more names
  // (a gene's symbol OR its synonyms): quoted phrases or PubMed [tiab] terms; a publication-type
  // filter ("retracted publication"[pt]) and SRC: are not clauses. An entry answers a query when
  // it has one term per clause, each named in its clause: an entry written with a synonym (HER2)
  // stands for articles that only a search naming that synonym finds.
  const clausesOf = (query: string) =>
    query
      .split(/ AND | NOT /)
      .map((part) => new Set([...part.matchAll(/"([^"]+)"(?!\[pt\])|([A-Za-z0-9-]+)\[tiab\]/g)].map((m) => (m[1] ?? m[2] ?? '').toLowerCase())))
      .filter((names) => names.size > 0);
  const literatureFor = (query: string) => {
    const clauses = clausesOf(query);
    return options.literature.find((l) => l.terms.length === clauses.length && clauses.every((names) => l.terms.some((t) => names.has(t.toLowerCase()))));
  };
  const recordShape = sharedJson<{ resultList: { result: Record<string, unknown>[] } }>('europepmc', 'search-lite-ext-id-pmid-20516115.json').resultList.result[0]!;
  fake.route('GET', '/europepmc/search', (req) => {
    const query = req.query.get('query') ?? '';
    const hit = literatureFor(query);
    const pageSize = Number(req.query.get('pageSize') ?? 25);
    const pmids = (hit?.pmids ?? []).slice(0, pageSize);
    // Preprint searches (SRC:PPR) list one bioRxiv preprint, the one the fake bioRxiv details.
    const result = query.endsWith('SRC:PPR')
      ? hit
        ? [{ ...recordShape, id: 'PPR000001', source: 'PPR', pmid: undefined, pmcid: undefined, doi: FAKE_PREPRINT_DOI, pubType: 'preprint', title: 'A preprint on the panel' }]
        : []
      : pmids.map((pmid) => ({ ...recordShape, id: pmid, pmid, pmcid: undefined, title: options.articles.find((a) => a.pmid === pmid)?.title ?? 'Untitled' }));
    return { body: { version: '6.9', hitCount: hit ? (hit.hitCount ?? hit.pmids.length) : 0, request: { queryString: query, resultType: 'lite', cursorMark: '*', pageSize, sort: '', synonym: false }, resultList: { result } } };
  });

  fake.route('GET', '/enrichr/geneSetLibrary', (req) => {
    const file = LIBRARY_FILES[req.query.get('libraryName') ?? ''];
    if (!file) return { status: 404, headers: { 'content-type': 'text/html' }, body: '<html><head><title>404 Not Found</title></head></html>' };
    return { body: readFileSync(sharedPath('genesets', file), 'utf8') };
  });

  mountContextSources(fake, genes, options.articles);
  const unknown = new Set(options.unknownPmids ?? []);
  const pubmed = mountFakePubmed(fake, options.articles, '/eutils', { alsoExisting: (p) => !unknown.has(p), unknownWords: options.pubmedUnknownWords ?? [] });
  pubmed.searchWith((term) => {
    const hit = literatureFor(term);
    return hit ? { ids: hit.pmids, count: hit.hitCount ?? hit.pmids.length } : undefined;
  });
  return { pubmed, answerOpenTargets, requests: (source) => fake.requests.filter((r) => r.path.startsWith(`/${source}/`)) };
}

export type { FakeResponse };

/**
 * A panel of `size` genes for large-panel tests and benchmarks: the four GENES, then the distinct
 * genes of the shared MSigDB Hallmark file in file order (real symbols, a real enrichment signal).
 * The added genes get HGNC records with made-up identifiers (HGNC:9xxxxx, ENSG9...) so that every
 * source keyed on them is asked as for a real gene; no source but HGNC knows them.
 */
export function worldPanel(size: number): { genes: string[]; extraGenes: WorldGene[] } {
  const known = new Set(GENES.map((g) => g.symbol));
  const extra: WorldGene[] = [];
  const lines = readFileSync(sharedPath('genesets', 'msigdb_hallmark_v7.0_symbols.gmt'), 'utf8').split('\n');
  for (const line of lines) {
    for (const symbol of line.split('\t').slice(2)) {
      if (!symbol || known.has(symbol) || GENES.length + extra.length >= size) continue;
      known.add(symbol);
      const n = extra.length + 1;
      extra.push({ symbol, hgncId: `HGNC:${900000 + n}`, ensembl: `ENSG9${String(n).padStart(10, '0')}`, uniprot: '', name: `${symbol} (benchmark record)` });
    }
  }
  return { genes: [...GENES.map((g) => g.symbol), ...extra.map((g) => g.symbol)].slice(0, size), extraGenes: extra };
}
