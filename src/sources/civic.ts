// CIViC (Clinical Interpretation of Variants in Cancer), GraphQL v2: accepted evidence items and
// assertions for a gene, optionally within a disease, to ground clinical claims in curated,
// cited statements.
// Quirks: `molecularProfileName` is not an exact match but an Elasticsearch word-start search on
// profile names ("ALK" also finds "ALKBH5 ..."), so profiles are kept only when they name the gene
// as a whole word; complex profiles ("IDH1 R132C OR IDH1 R132H") are kept. `diseaseName` is a
// substring (ILIKE) match. GraphQL errors arrive as HTTP 200 with `errors` (graphql.ts throws).
// A totalCount > 0 with no nodes is a renamed field, not an empty result (BioMCP treats it so).
// @see https://griffithlab.github.io/civic-v2/
import { InvalidInputError } from '../errors.js';
import { graphql } from './graphql.js';
import type { UpstreamClient } from './http.js';
import { optNum, optStr, shapeOf, type Obj } from './shape.js';

const SOURCE = 'civic';
/** CIViC pages cap what one query returns; BioMCP uses the same ceiling. */
export const CIVIC_MAX_FIRST = 25;
const { field, obj, arr, str, num, error: schemaError } = shapeOf(
  SOURCE,
  'The CIViC GraphQL schema may have changed; run `npm run test:live` to check for drift.',
);

// Field names checked against griffithlab/civic-v2 server/app/graphql (EvidenceItemType,
// AssertionType, SourceType, DiseaseType, TherapyType; resolvers TopLevelEvidenceItems/Assertions).
// One evidence-item selection, what parseEvidenceItem reads, for every query that lists items.
const EVIDENCE_NODES = `nodes {
      id name status evidenceType evidenceLevel evidenceDirection significance therapyInteractionType
      molecularProfile { name }
      disease { name displayName }
      therapies { name }
      source { citation citationId sourceType publicationYear }
    }`;

export const GENE_EVIDENCE_QUERY = `
query GeneEvidence($molecularProfileName: String, $diseaseName: String, $first: Int!) {
  evidenceItems(molecularProfileName: $molecularProfileName, diseaseName: $diseaseName, status: ACCEPTED, first: $first) {
    totalCount
    ${EVIDENCE_NODES}
  }
  assertions(molecularProfileName: $molecularProfileName, diseaseName: $diseaseName, status: ACCEPTED, first: $first) {
    totalCount
    nodes {
      id name status assertionType assertionDirection ampLevel significance summary
      molecularProfile { name }
      disease { name displayName }
      therapies { name }
    }
  }
}`;

// Predictive evidence that a variant confers resistance. The filters are TopLevelEvidenceItems
// options (griffithlab/civic-v2 server/app/graphql/resolvers/top_level_evidence_items.rb);
// `therapyInteractionType` is an EvidenceItemType field (null with one therapy).
export const RESISTANCE_EVIDENCE_QUERY = `
query ResistanceEvidence($molecularProfileName: String, $first: Int!) {
  evidenceItems(molecularProfileName: $molecularProfileName, evidenceType: PREDICTIVE, significance: RESISTANCE, evidenceDirection: SUPPORTS, status: ACCEPTED, first: $first) {
    totalCount
    ${EVIDENCE_NODES}
  }
}`;

export interface CivicResistance {
  /** The profile name asked, e.g. "EGFR T790M". */
  profile: string;
  /** CIViC's totalCount for the search (less other genes' profiles on the page). */
  total: number;
  /** Items of the gene read from the page: fewer than `total` when the page cut the list. */
  read: number;
  /** Accepted predictive evidence, supporting resistance, whose profile names the gene. */
  items: CivicEvidenceItem[];
}

export interface CivicEvidenceItem {
  id: number;
  /**
   * How several therapies relate: COMBINATION, SEQUENTIAL or SUBSTITUTES (each alone); null with
   * one therapy, or when the answer does not carry the field (selections without it).
   */
  therapyInteraction?: string | null;
  /** "EID1409". */
  name: string;
  /** PREDICTIVE, DIAGNOSTIC, PROGNOSTIC, PREDISPOSING, ONCOGENIC, FUNCTIONAL. */
  evidenceType: string;
  /** A (validated) to E (inferential). */
  evidenceLevel: string;
  /** SENSITIVITYRESPONSE, RESISTANCE, POOR_OUTCOME, ... */
  significance: string;
  /** SUPPORTS, DOES_NOT_SUPPORT, NA. */
  evidenceDirection: string | null;
  molecularProfile: string;
  disease: string | null;
  therapies: string[];
  citation: string | null;
  /** PUBMED, ASCO, ASH. */
  sourceType: string | null;
  /** The source's citationId when it is a PubMed source (ASCO/ASH ids are not PMIDs). */
  pmid: string | null;
  year: number | null;
  url: string;
}

export interface CivicAssertion {
  id: number;
  /** "AID7". */
  name: string;
  assertionType: string;
  assertionDirection: string;
  /** TIER_I_LEVEL_A ... TIER_IV, NA. */
  ampLevel: string | null;
  significance: string;
  molecularProfile: string;
  disease: string | null;
  therapies: string[];
  summary: string | null;
  url: string;
}

export interface CivicGeneEvidence {
  gene: string;
  /**
   * CIViC's totalCount for the name search, less the items on this page that belong to other
   * genes' profiles: exact when every match fit on the page, otherwise an upper bound.
   */
  totalEvidence: number;
  evidence: CivicEvidenceItem[];
  /** Same rule as totalEvidence. */
  totalAssertions: number;
  assertions: CivicAssertion[];
}

export interface CivicEvidenceOptions {
  /** Substring of the disease name, e.g. "melanoma". */
  disease?: string;
  /** Items and assertions per request, 1-25 (default 25). */
  first?: number;
}

export class Civic {
  constructor(private readonly http: UpstreamClient) {}

  /** Accepted evidence items and assertions whose molecular profile names `gene`. */
  async geneEvidence(gene: string, options: CivicEvidenceOptions = {}, signal?: AbortSignal): Promise<CivicGeneEvidence> {
    const symbol = gene.trim();
    if (!symbol) throw new InvalidInputError('gene', 'must not be empty');
    const disease = options.disease?.trim();
    const variables = {
      molecularProfileName: symbol,
      // An absent variable leaves the argument out; sending null would still apply the filter.
      ...(disease ? { diseaseName: disease } : {}),
      first: clampFirst(options.first),
    };
    const data = await graphql<unknown>(this.http, SOURCE, '/api/graphql', GENE_EVIDENCE_QUERY, variables, signal);
    return parseCivicGeneEvidence(data, symbol);
  }

  /**
   * Accepted evidence that a variant predicts resistance to a therapy, e.g. ("EGFR", "T790M"). The
   * profile search matches word starts (and, when nothing matches, near misspellings), so callers
   * match each item's profile against the variants they hold (see analysis/plan-resistance.ts).
   */
  async resistanceEvidence(gene: string, variant: string, signal?: AbortSignal): Promise<CivicResistance> {
    const symbol = gene.trim();
    const change = variant.trim();
    if (!symbol || !change) throw new InvalidInputError('variant', 'needs a gene and a variant, e.g. "EGFR" and "T790M"');
    const profile = `${symbol} ${change}`;
    const data = await graphql<unknown>(this.http, SOURCE, '/api/graphql', RESISTANCE_EVIDENCE_QUERY, { molecularProfileName: profile, first: CIVIC_MAX_FIRST }, signal);
    return parseCivicResistance(data, symbol, profile);
  }
}

/**
 * The parts of an answer the resistance query asks for, kept again here: the server applies the
 * filters, but a replayed or drifted answer must not turn a sensitivity item into resistance.
 */
export function parseCivicResistance(data: unknown, gene: string, profile: string): CivicResistance {
  const { total, items } = parseCivicEvidenceItems(field(obj(data, 'data'), 'evidenceItems'), gene);
  const resistance = items.filter((e) => e.evidenceType === 'PREDICTIVE' && e.significance === 'RESISTANCE' && e.evidenceDirection === 'SUPPORTS');
  return { profile, total, read: items.length, items: resistance };
}

function clampFirst(first: number | undefined): number {
  if (first === undefined || !Number.isFinite(first)) return CIVIC_MAX_FIRST;
  return Math.min(CIVIC_MAX_FIRST, Math.max(1, Math.floor(first)));
}

// ---------------------------------------------------------------- pure parsers (take `data`)

/** True when `profile` contains `gene` as a whole word ("EML4::ALK Fusion" names ALK, "ALKBH5" does not). */
export function profileNamesGene(profile: string, gene: string): boolean {
  const escaped = gene.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9])${escaped}($|[^A-Za-z0-9])`, 'i').test(profile);
}

/** Both connections of the gene query. */
export function parseCivicGeneEvidence(data: unknown, gene: string): CivicGeneEvidence {
  const root = obj(data, 'data');
  const evidence = parseCivicEvidenceItems(field(root, 'evidenceItems'), gene);
  const assertions = parseCivicAssertions(field(root, 'assertions'), gene);
  return {
    gene,
    totalEvidence: evidence.total,
    evidence: evidence.items,
    totalAssertions: assertions.total,
    assertions: assertions.items,
  };
}

/** One `evidenceItems` connection: `{ totalCount, nodes }`. */
export function parseCivicEvidenceItems(connection: unknown, gene: string): { total: number; items: CivicEvidenceItem[] } {
  const { total, nodes } = parseConnection(connection, 'evidenceItems');
  const all = nodes.map((n) => parseEvidenceItem(obj(n, 'evidenceItems.nodes[]')));
  const items = all.filter((e) => profileNamesGene(e.molecularProfile, gene));
  return { total: Math.max(items.length, total - (all.length - items.length)), items };
}

/** One `assertions` connection: `{ totalCount, nodes }`. */
export function parseCivicAssertions(connection: unknown, gene: string): { total: number; items: CivicAssertion[] } {
  const { total, nodes } = parseConnection(connection, 'assertions');
  const all = nodes.map((n) => parseAssertion(obj(n, 'assertions.nodes[]')));
  const items = all.filter((a) => profileNamesGene(a.molecularProfile, gene));
  return { total: Math.max(items.length, total - (all.length - items.length)), items };
}

function parseConnection(connection: unknown, what: string): { total: number; nodes: unknown[] } {
  const c = obj(connection, what);
  const total = num(field(c, 'totalCount'), `${what}.totalCount`);
  const nodes = arr(field(c, 'nodes'), `${what}.nodes`);
  if (total > 0 && nodes.length === 0) {
    throw schemaError(`${what}.totalCount is ${total} but no nodes came back (a renamed field?)`);
  }
  return { total, nodes };
}

function parseEvidenceItem(n: Obj): CivicEvidenceItem {
  const id = num(n.id, 'evidenceItem.id');
  const source = n.source && typeof n.source === 'object' ? (n.source as Obj) : null;
  const sourceType = optStr(source?.sourceType);
  const citationId = source ? idText(source.citationId) : null;
  return {
    id,
    name: str(n.name, 'evidenceItem.name'),
    evidenceType: str(n.evidenceType, 'evidenceItem.evidenceType'),
    evidenceLevel: str(n.evidenceLevel, 'evidenceItem.evidenceLevel'),
    significance: str(n.significance, 'evidenceItem.significance'),
    evidenceDirection: optStr(n.evidenceDirection),
    molecularProfile: profileName(n, 'evidenceItem'),
    disease: diseaseName(n.disease),
    therapies: therapyNames(n.therapies, 'evidenceItem.therapies'),
    ...('therapyInteractionType' in n ? { therapyInteraction: optStr(n.therapyInteractionType) } : {}),
    citation: optStr(source?.citation),
    sourceType,
    pmid: sourceType === 'PUBMED' ? citationId : null,
    year: optNum(source?.publicationYear),
    url: `https://civicdb.org/evidence/${id}`,
  };
}

function parseAssertion(n: Obj): CivicAssertion {
  const id = num(n.id, 'assertion.id');
  return {
    id,
    name: str(n.name, 'assertion.name'),
    assertionType: str(n.assertionType, 'assertion.assertionType'),
    assertionDirection: str(n.assertionDirection, 'assertion.assertionDirection'),
    ampLevel: optStr(n.ampLevel),
    significance: str(n.significance, 'assertion.significance'),
    molecularProfile: profileName(n, 'assertion'),
    disease: diseaseName(n.disease),
    therapies: therapyNames(n.therapies, 'assertion.therapies'),
    summary: optStr(typeof n.summary === 'string' ? n.summary.trim() : null),
    url: `https://civicdb.org/assertions/${id}`,
  };
}

function profileName(n: Obj, what: string): string {
  return str(obj(n.molecularProfile, `${what}.molecularProfile`).name, `${what}.molecularProfile.name`);
}

/** displayName is what the CIViC site shows; older selections only ask for name. */
function diseaseName(v: unknown): string | null {
  if (!v || typeof v !== 'object') return null;
  const d = v as Obj;
  return optStr(d.displayName) ?? optStr(d.name);
}

function therapyNames(v: unknown, what: string): string[] {
  // CIViC repeats a therapy once per role in some answers (BioMCP saw Vemurafenib twice).
  return [...new Set(arr(v, what).map((t) => str(obj(t, `${what}[]`).name, `${what}[].name`)))];
}

/** citationId is a String in the current schema, an Int in older ones. */
function idText(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return optStr(v);
}
