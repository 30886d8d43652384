// DGIdb v5 (GraphQL): drug-gene interactions for a list of genes. Nodes come back in DGIdb's
// order, not the request's, and an unknown gene has no node at all, so results are matched by
// gene name. interactionScore is DGIdb's unbounded relevance score, not a 0-1 probability.
// @see https://dgidb.org/api
import { chunk, uniqueIds } from './batch.js';
import { graphql } from './graphql.js';
import type { UpstreamClient } from './http.js';
import { optNum, optStr, shapeOf, uniqueBy, type Obj } from './shape.js';

const SOURCE = 'dgidb';
/**
 * Genes per request. One gene can carry ~200 interactions (BRAF: 191), most carry a few; 50 keeps an
 * answer to a few MB while a 500-gene panel costs 10 requests (at DGIdb's 3/s: under 4 s), not 50.
 */
const GENE_BATCH = 50;
const { field, obj, arr, str, error: schemaError } = shapeOf(SOURCE, 'The DGIdb schema may have changed; run `npm run test:live` to check for drift.');

export const INTERACTIONS_QUERY = `
query GeneInteractions($names: [String!]!) {
  genes(names: $names) {
    nodes {
      name
      conceptId
      geneCategories { name }
      interactions {
        drug { name conceptId approved }
        interactionScore
        interactionTypes { type directionality }
        interactionAttributes { name value }
        sources { sourceDbName sourceTrustLevel { level } }
        publications { pmid }
      }
    }
  }
}`;

export type Directionality = 'ACTIVATING' | 'INHIBITORY' | 'DIRECTIONALITY_UNCLEAR';

export interface DrugGeneInteraction {
  drugName: string;
  /** Namespaced id: rxcui:, chembl:, iuphar.ligand:, ncit:, ... (null when not selected). */
  drugConceptId: string | null;
  /** ChEMBL id when the concept id is one (joins with Open Targets and ChEMBL). */
  chemblId: string | null;
  approved: boolean | null;
  /** Distinct types (DGIdb repeats them once per claim), e.g. inhibitor, antibody. */
  interactionTypes: { type: string; directionality: Directionality | null }[];
  interactionScore: number | null;
  sources: string[];
  /**
   * DGIdb's own trust level of each source ("Expert curated" or "Non-curated"); null when the
   * answer did not carry it (a narrower selection).
   */
  sourceTrust: { source: string; level: string | null }[];
  pmids: string[];
  attributes: { name: string; value: string }[];
}

export interface GeneInteractions {
  gene: string;
  conceptId: string | null;
  categories: string[];
  interactions: DrugGeneInteraction[];
}

export class Dgidb {
  constructor(private readonly http: UpstreamClient) {}

  /** Interactions per requested symbol (case kept as given); genes DGIdb does not know map to null. */
  async interactions(genes: readonly string[], signal?: AbortSignal): Promise<Map<string, GeneInteractions | null>> {
    const names = uniqueIds(genes);
    const parts = await Promise.all(
      chunk(names, GENE_BATCH).map(async (batch) =>
        parseGeneInteractions(await graphql<unknown>(this.http, SOURCE, '/graphql', INTERACTIONS_QUERY, { names: batch }, signal), batch),
      ),
    );
    return new Map(parts.flatMap((m) => [...m]));
  }
}

// ---------------------------------------------------------------- pure parsers (take `data`)

/** Matches nodes to requested names case-insensitively; a missing node means an unknown gene. */
export function parseGeneInteractions(data: unknown, requested: readonly string[]): Map<string, GeneInteractions | null> {
  const genes = obj(field(obj(data, 'data'), 'genes'), 'genes');
  const found = new Map<string, GeneInteractions>();
  for (const raw of arr(genes.nodes, 'genes.nodes')) {
    if (raw === null) continue;
    const gene = parseGeneNode(obj(raw, 'genes.nodes[]'));
    found.set(gene.gene.toUpperCase(), gene);
  }
  return new Map(requested.map((name) => [name, found.get(name.toUpperCase()) ?? null]));
}

function parseGeneNode(node: Obj): GeneInteractions {
  const interactions = arr(field(node, 'interactions'), 'gene.interactions').map((r) => obj(r, 'interactions[]'));
  // Older selections (dgipy) name the gene only inside each interaction.
  const nested = interactions.map((i) => (i.gene && typeof i.gene === 'object' ? (i.gene as Obj) : null)).find(Boolean);
  const gene = optStr(node.name) ?? optStr(nested?.name);
  if (!gene) throw schemaError('a gene node has no name');
  const categories = node.geneCategories ?? nested?.geneCategories;
  return {
    gene,
    conceptId: optStr(node.conceptId) ?? optStr(nested?.conceptId),
    categories: Array.isArray(categories) ? categories.map((c) => str(obj(c, 'geneCategories[]').name, 'category.name')) : [],
    interactions: interactions.map(parseInteraction),
  };
}

function parseInteraction(i: Obj): DrugGeneInteraction {
  const drug = obj(i.drug, 'interaction.drug');
  const conceptId = optStr(drug.conceptId);
  // Sources and PMIDs are either flat on the interaction or per claim, depending on the selection.
  const claims = Array.isArray(i.interactionClaims) ? i.interactionClaims.map((c) => obj(c, 'interactionClaims[]')) : [];
  const sources = [
    ...list(i.sources, 'sources').map((s) => optStr(obj(s, 'sources[]').sourceDbName)),
    ...claims.map((c) => (c.source && typeof c.source === 'object' ? optStr((c.source as Obj).sourceDbName) : null)),
  ];
  const sourceTrust = uniqueBy(
    list(i.sources, 'sources').flatMap((raw) => {
      const src = obj(raw, 'sources[]');
      const name = optStr(src.sourceDbName);
      const level = src.sourceTrustLevel && typeof src.sourceTrustLevel === 'object' ? optStr((src.sourceTrustLevel as Obj).level) : null;
      return name ? [{ source: name, level }] : [];
    }),
    (t) => t.source,
  );
  const pmids = [...list(i.publications, 'publications'), ...claims.flatMap((c) => list(c.publications, 'claim.publications'))].map((p) => {
    const pmid = obj(p, 'publications[]').pmid;
    return typeof pmid === 'number' || typeof pmid === 'string' ? String(pmid) : null;
  });
  const types = list(i.interactionTypes, 'interactionTypes').map((t) => {
    const row = obj(t, 'interactionTypes[]');
    const direction = optStr(row.directionality);
    return { type: optStr(row.type), directionality: isDirectionality(direction) ? direction : null };
  });
  return {
    drugName: str(drug.name, 'drug.name'),
    drugConceptId: conceptId,
    chemblId: conceptId?.toLowerCase().startsWith('chembl:') ? conceptId.slice('chembl:'.length).toUpperCase() : null,
    approved: typeof drug.approved === 'boolean' ? drug.approved : null,
    interactionTypes: uniqueBy(
      types.filter((t): t is { type: string; directionality: Directionality | null } => t.type !== null),
      (t) => `${t.type}|${t.directionality ?? ''}`,
    ),
    interactionScore: optNum(i.interactionScore),
    sources: distinct(sources),
    sourceTrust: [...sourceTrust, ...distinct(sources).filter((n) => !sourceTrust.some((t) => t.source === n)).map((source) => ({ source, level: null }))],
    pmids: distinct(pmids),
    attributes: list(i.interactionAttributes, 'interactionAttributes').flatMap((a) => {
      const row = obj(a, 'interactionAttributes[]');
      const name = optStr(row.name);
      const value = optStr(row.value);
      return name && value ? [{ name, value }] : [];
    }),
  };
}

/** A list field that a narrower selection may not have asked for (absent -> empty). */
function list(v: unknown, what: string): unknown[] {
  return v === undefined || v === null ? [] : arr(v, what);
}

function distinct(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}

function isDirectionality(v: string | null): v is Directionality {
  return v === 'ACTIVATING' || v === 'INHIBITORY' || v === 'DIRECTIONALITY_UNCLEAR';
}
