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
  | 'gene-sets';

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
  /** Parallel requests in flight at once. */
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
    // No published limit; 10/s is the politeness ceiling client libraries use.
    perSecond: 10,
    concurrency: 5,
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
    concurrency: 4,
    headers: { Accept: 'application/json' },
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
    concurrency: 4,
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
    concurrency: 3,
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
    concurrency: 3,
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
    concurrency: 3,
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
    concurrency: 2,
  },
  {
    id: 'clinicaltrials',
    name: 'ClinicalTrials.gov',
    kind: 'trials',
    baseUrl: 'https://clinicaltrials.gov/api/v2',
    docs: 'https://clinicaltrials.gov/data-api/api',
    licence: 'Public domain (U.S. NLM)',
    ttlMs: DAY,
    perSecond: 1,
    concurrency: 1,
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
    concurrency: 3,
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
    concurrency: 4,
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
