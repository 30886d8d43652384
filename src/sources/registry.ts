// Metadata of every upstream source: the one table that `biointel sources`, the discovery
// document, the HTTP client (base URL, rate limit, TTL) and results' sources[] all read.
import type { Config } from '../config.js';

export type SourceKind =
  | 'literature'
  | 'gene'
  | 'protein'
  | 'structure'
  | 'target'
  | 'drug'
  | 'chemistry'
  | 'trials'
  | 'interactions'
  | 'pathways'
  | 'gene-sets'
  | 'citations'
  | 'variants'
  | 'pharmacogenomics'
  | 'safety'
  | 'genetics'
  | 'cell-lines';

import type { RateWindow } from './pacing.js';

export interface SourceInfo {
  id: string;
  name: string;
  kind: SourceKind;
  baseUrl: string;
  docs: string;
  licence: string;
  /** Cache lifetime of a successful response. */
  ttlMs: number;
  /** Requests per second allowed by the provider (or by politeness when unpublished). */
  perSecond: number;
  /**
   * The limit as the provider states it over a longer window (240 per minute, 900 per 5 minutes),
   * where it does: the queue keeps that window (requests may leave together) rather than spreading
   * them at perSecond (= requests / seconds).
   */
  window?: RateWindow;
  /**
   * A longer limit the provider states besides the first (Europe PMC: 500 a minute besides 10 a
   * second). Requests wait for both, on the times they are sent (pacing.ts SendLog).
   */
  sustained?: RateWindow;
  /**
   * Parallel requests in flight at once. Up to the rate where the provider sets no concurrency
   * rule: a round's requests then leave together (one wave) instead of queueing behind slow
   * answers, while the rate limit stays the provider's.
   */
  concurrency: number;
  /** Headers every request carries (e.g. HGNC answers XML without an Accept header). */
  headers?: Record<string, string>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SOURCES = [
  {
    id: 'eutils',
    name: 'NCBI E-utilities (PubMed)',
    kind: 'literature',
    baseUrl: 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils',
    docs: 'https://www.ncbi.nlm.nih.gov/books/NBK25501/',
    licence: 'NCBI data usage policies (public domain citations; abstracts may be copyrighted)',
    ttlMs: 7 * DAY,
    perSecond: 3,
    concurrency: 3,
  },
  {
    id: 'europepmc',
    name: 'Europe PMC',
    kind: 'literature',
    baseUrl: 'https://www.ebi.ac.uk/europepmc/webservices/rest',
    docs: 'https://europepmc.org/RestfulWebService',
    licence: 'Europe PMC terms of use',
    ttlMs: 7 * DAY,
    // Stated by Europe PMC on its developer forum (26 Feb 2026, "Using the Europe PMC API to search
    // for specific form of acknowledgement statements"): "we apply some throttling of 10 requests per
    // second and 500 requests per minute". Both are kept: 10/s alone would allow 600 a minute.
    perSecond: 10,
    sustained: { requests: 500, seconds: 60 },
    concurrency: 10,
  },
  {
    id: 'hgnc',
    name: 'HGNC (HUGO Gene Nomenclature Committee)',
    kind: 'gene',
    baseUrl: 'https://rest.genenames.org',
    docs: 'https://www.genenames.org/help/rest/',
    licence: 'CC0',
    ttlMs: 30 * DAY,
    perSecond: 10,
    concurrency: 10,
    headers: { Accept: 'application/json' },
  },
  {
    id: 'hgnc_files',
    name: 'HGNC complete set (download files)',
    kind: 'gene',
    baseUrl: 'https://storage.googleapis.com/public-download-files/hgnc',
    docs: 'https://www.genenames.org/download/statistics-and-files/',
    licence: 'CC0',
    // How often the local copy of hgnc_complete_set.txt is downloaded again (HGNC updates it weekly).
    ttlMs: 30 * DAY,
    // One file, fetched once: politeness only.
    perSecond: 1,
    concurrency: 1,
  },
  {
    id: 'uniprot',
    name: 'UniProtKB',
    kind: 'protein',
    baseUrl: 'https://rest.uniprot.org',
    docs: 'https://www.uniprot.org/help/api',
    licence: 'CC BY 4.0',
    ttlMs: 30 * DAY,
    perSecond: 10,
    concurrency: 10,
  },
  {
    id: 'alphafold',
    name: 'AlphaFold Protein Structure Database',
    kind: 'structure',
    baseUrl: 'https://alphafold.ebi.ac.uk/api',
    docs: 'https://alphafold.ebi.ac.uk/api-docs',
    licence: 'CC BY 4.0',
    ttlMs: 30 * DAY,
    perSecond: 5,
    concurrency: 5,
  },
  {
    id: 'opentargets',
    name: 'Open Targets Platform',
    kind: 'target',
    baseUrl: 'https://api.platform.opentargets.org/api/v4',
    docs: 'https://platform-docs.opentargets.org/data-access/graphql-api',
    licence: 'CC0',
    ttlMs: 7 * DAY,
    perSecond: 5,
    concurrency: 5,
  },
  {
    id: 'chembl',
    name: 'ChEMBL',
    kind: 'drug',
    baseUrl: 'https://www.ebi.ac.uk/chembl/api/data',
    docs: 'https://chembl.gitbook.io/chembl-interface-documentation/web-services',
    licence: 'CC BY-SA 3.0',
    ttlMs: 30 * DAY,
    perSecond: 5,
    concurrency: 5,
  },
  {
    id: 'dgidb',
    name: 'DGIdb (Drug-Gene Interaction database)',
    kind: 'drug',
    baseUrl: 'https://dgidb.org/api',
    docs: 'https://dgidb.org/api',
    licence: 'MIT (data: per source)',
    ttlMs: 7 * DAY,
    perSecond: 3,
    concurrency: 3,
  },
  {
    id: 'clinicaltrials',
    name: 'ClinicalTrials.gov',
    kind: 'trials',
    baseUrl: 'https://clinicaltrials.gov/api/v2',
    docs: 'https://clinicaltrials.gov/data-api/api',
    licence: 'Public domain (U.S. NLM)',
    ttlMs: DAY,
    // No limit on the API pages (robots.txt asks crawlers for one page a second); about 50 requests a
    // minute per IP is the figure data catalogues give for the v2 API. Kept as that window, with a
    // few in flight: the trials of the top candidates are asked together instead of one a second.
    perSecond: 50 / 60,
    window: { requests: 50, seconds: 60 },
    concurrency: 3,
  },
  {
    id: 'string',
    name: 'STRING protein interactions',
    kind: 'interactions',
    baseUrl: 'https://string-db.org/api',
    docs: 'https://string-db.org/help/api/',
    licence: 'CC BY 4.0',
    ttlMs: 30 * DAY,
    perSecond: 1,
    concurrency: 1,
  },
  {
    id: 'enrichr',
    name: 'Enrichr gene-set libraries',
    kind: 'gene-sets',
    baseUrl: 'https://maayanlab.cloud/Enrichr',
    docs: 'https://maayanlab.cloud/Enrichr/help#api',
    licence: 'per library (GO, Reactome, WikiPathways: CC BY/CC0; MSigDB Hallmark: CC BY 4.0)',
    ttlMs: 90 * DAY,
    // The five default libraries at once, one time; afterwards they are read from disk.
    perSecond: 5,
    concurrency: 5,
  },
  {
    id: 'reactome',
    name: 'Reactome Content Service',
    kind: 'pathways',
    baseUrl: 'https://reactome.org/ContentService',
    docs: 'https://reactome.org/ContentService/',
    licence: 'CC BY 4.0',
    ttlMs: 30 * DAY,
    perSecond: 5,
    concurrency: 5,
  },
  {
    id: 'mygene',
    name: 'MyGene.info',
    kind: 'gene',
    baseUrl: 'https://mygene.info/v3',
    docs: 'https://docs.mygene.info/en/latest/',
    licence: 'per source (NCBI Gene, Ensembl, UniProt); service free to use',
    ttlMs: 30 * DAY,
    perSecond: 10,
    concurrency: 10,
  },
  {
    id: 'pubchem',
    name: 'PubChem PUG-REST',
    kind: 'chemistry',
    baseUrl: 'https://pubchem.ncbi.nlm.nih.gov/rest/pug',
    docs: 'https://pubchem.ncbi.nlm.nih.gov/docs/pug-rest',
    licence: 'Public domain (NCBI)',
    ttlMs: 30 * DAY,
    perSecond: 5,
    concurrency: 5,
  },
  {
    id: 'ensembl',
    name: 'Ensembl REST',
    kind: 'gene',
    baseUrl: 'https://rest.ensembl.org',
    docs: 'https://rest.ensembl.org/documentation/info/symbol_post',
    licence: 'No restrictions (Ensembl data policy)',
    ttlMs: 30 * DAY,
    // Published limit: 15 requests per second per client.
    perSecond: 15,
    concurrency: 8,
    headers: { Accept: 'application/json' },
  },
  {
    id: 'gnomad',
    name: 'gnomAD (Genome Aggregation Database)',
    kind: 'genetics',
    baseUrl: 'https://gnomad.broadinstitute.org',
    docs: 'https://gnomad.broadinstitute.org/help/api',
    licence: 'CC0 (ODC Open Database License for the browser)',
    ttlMs: 30 * DAY,
    // The public GraphQL API throttles bursts; one query carries many genes as aliases.
    perSecond: 1,
    concurrency: 1,
  },
  {
    id: 'gprofiler',
    name: 'g:Profiler g:GOSt',
    kind: 'pathways',
    baseUrl: 'https://biit.cs.ut.ee/gprofiler',
    docs: 'https://biit.cs.ut.ee/gprofiler/page/apis',
    licence: 'g:Profiler terms (free for academic and commercial use; data per source)',
    ttlMs: 7 * DAY,
    perSecond: 2,
    concurrency: 2,
  },
  {
    id: 'civic',
    name: 'CIViC (Clinical Interpretation of Variants in Cancer)',
    kind: 'variants',
    baseUrl: 'https://civicdb.org',
    docs: 'https://griffithlab.github.io/civic-v2/',
    licence: 'CC0',
    ttlMs: 7 * DAY,
    // The server's own limit (griffithlab/civic-v2, server/app/controllers/application_controller.rb
    // at d289c78, 2026-07-23): `rate_limit to: 900, within: 5.minutes`, commented "sustained 3
    // req/s", per address, a fixed-window counter. Kept as that window, so the focus genes' queries
    // of a round leave together; the schema sets no query complexity or depth limit.
    perSecond: 3,
    window: { requests: 900, seconds: 300 },
    concurrency: 4,
  },
  {
    id: 'pharmgkb',
    name: 'ClinPGx (PharmGKB) clinical annotations',
    kind: 'pharmacogenomics',
    baseUrl: 'https://api.clinpgx.org',
    docs: 'https://api.clinpgx.org/swagger/',
    licence: 'CC BY-SA 4.0 (attribution required)',
    ttlMs: 7 * DAY,
    // Published: 2 requests per second; more returns HTTP 429.
    perSecond: 2,
    concurrency: 2,
  },
  {
    id: 'openfda',
    name: 'openFDA drug labels',
    kind: 'safety',
    baseUrl: 'https://api.fda.gov',
    docs: 'https://open.fda.gov/apis/drug/label/',
    licence: 'CC0 (public domain, U.S. FDA)',
    ttlMs: 7 * DAY,
    // Published: 240 requests per minute (with or without a key; 1,000 a day without one).
    perSecond: 4,
    window: { requests: 240, seconds: 60 },
    concurrency: 5,
  },
  {
    id: 'icite',
    name: 'NIH iCite citation metrics',
    kind: 'citations',
    baseUrl: 'https://icite.od.nih.gov',
    docs: 'https://icite.od.nih.gov/api',
    licence: 'Public domain (NIH Office of Portfolio Analysis)',
    ttlMs: 7 * DAY,
    perSecond: 5,
    concurrency: 5,
  },
  {
    id: 'semanticscholar',
    name: 'Semantic Scholar Graph API',
    kind: 'citations',
    baseUrl: 'https://api.semanticscholar.org',
    docs: 'https://api.semanticscholar.org/api-docs/graph',
    licence: 'Semantic Scholar API licence (attribution; data ODC-BY)',
    ttlMs: 7 * DAY,
    // The unauthenticated pool is shared and often answers 429; one request every two seconds.
    perSecond: 0.5,
    concurrency: 1,
  },
  {
    id: 'biorxiv',
    name: 'bioRxiv / medRxiv API',
    kind: 'literature',
    baseUrl: 'https://api.biorxiv.org',
    docs: 'https://api.biorxiv.org/',
    licence: 'Preprint licences vary (cc_by, cc_no...); metadata free to use',
    ttlMs: 7 * DAY,
    // No published limit; about one request per second is polite.
    perSecond: 1,
    concurrency: 1,
  },
  {
    id: 'cellosaurus',
    name: 'Cellosaurus cell lines (SIB)',
    kind: 'cell-lines',
    baseUrl: 'https://api.cellosaurus.org',
    docs: 'https://api.cellosaurus.org/',
    licence: 'CC BY 4.0 (cite Bairoch, J Biomol Tech 2018)',
    ttlMs: 30 * DAY,
    // No published limit; about three requests a second is polite.
    perSecond: 3,
    concurrency: 2,
  },
] as const satisfies readonly SourceInfo[];

export type SourceId = (typeof SOURCES)[number]['id'];

export const SOURCE_IDS: readonly SourceId[] = SOURCES.map((s) => s.id);

export function sourceInfo(id: SourceId): SourceInfo {
  const info = SOURCES.find((s) => s.id === id);
  if (!info) throw new Error(`unknown source ${id}`);
  return info;
}

/** Name of the environment variable that replaces a source's base URL. */
export function sourceUrlVar(id: SourceId): string {
  return `BIOINTEL_SOURCE_${id.toUpperCase()}_URL`;
}

/** Effective settings of a source under a config: override URL and NCBI's key-dependent limit. */
export function resolveSource(id: SourceId, config: Config): SourceInfo & { overridden: boolean } {
  const info = sourceInfo(id);
  const override = config.sourceUrls[id];
  const baseUrl = (override ?? info.baseUrl).replace(/\/+$/, '');
  const perSecond = id === 'eutils' && config.ncbiApiKey ? 10 : info.perSecond;
  return { ...info, baseUrl, perSecond, overridden: override !== undefined };
}
