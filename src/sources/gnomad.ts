// gnomAD (GraphQL): gene-level loss-of-function and missense constraint (pLI, LOEUF, missense Z)
// for a list of genes, used to say how intolerant a target is to inactivation.
//
// Quirks, from the gnomad-browser source (graphql-api/src/graphql):
// - `gene(gene_symbol:, reference_genome:)` matches the approved symbol case-insensitively
//   (`symbol_upper_case`), never an alias. An unknown symbol is a GraphQL error "Gene not found"
//   with that alias null in `data`; other aliases of the same query still resolve.
// - The server strips `path` (and everything but `message`) from errors, so a "Gene not found"
//   cannot be tied to its alias: the null alias says which gene it was. That is why this file
//   posts itself instead of using graphql.ts, which rejects any answer carrying `errors`.
// - Any other error (unknown field, "Query is too expensive", "Query rate limit exceeded",
//   the masked "An unknown error occurred") fails the whole batch.
// - `gnomad_constraint` is null for genes without constraint (non-coding genes such as MALAT1,
//   outlier transcripts). On GRCh38 the values are gnomAD v4's.
// - Each `gene` field costs 1 against the query-cost limit; 25 aliases per query stay far below
//   it, and the API throttles bursts (HTTP 429), hence one request at a time (registry).
// @see https://gnomad.broadinstitute.org/help/constraint
import { UpstreamError } from '../errors.js';
import { chunk, uniqueIds } from './batch.js';
import type { UpstreamClient } from './http.js';
import { optNum, optStr, shapeOf, type Obj } from './shape.js';

const SOURCE = 'gnomad';
/** Genes per query (one alias each). */
const GENE_BATCH = 25;
const NOT_FOUND = 'Gene not found';
const { field, obj, str, error: schemaError } = shapeOf(SOURCE, 'The gnomAD GraphQL schema may have changed (Gene.gnomad_constraint); run `npm run test:live` to check for drift.');

/**
 * LOEUF threshold for calling a gene loss-of-function intolerant. gnomAD's help for the v4
 * release (the values served for GRCh38): "for the interpretation of Mendelian disease cases, we
 * suggest using a LOEUF score < 0.6 as a threshold if needed". The < 0.35 cut-off is the gnomAD
 * v2 guidance; v4 LOEUF values are higher for all genes, so 0.35 would under-call.
 * @see https://gnomad.broadinstitute.org/help/constraint#loeuf
 */
export const LOEUF_INTOLERANT_BELOW = 0.6;

export interface GeneConstraint {
  /** Symbol as gnomAD spells it. */
  symbol: string;
  /** Ensembl gene id; null only when the selection did not ask for it. */
  geneId: string | null;
  /** False when gnomAD has no constraint for the gene (non-coding, outlier): every metric is null. */
  constraintAvailable: boolean;
  pLI: number | null;
  /** LOEUF: upper bound of the 90% CI of observed/expected pLoF (`oe_lof_upper`). Lower = more intolerant. */
  loeuf: number | null;
  oeLof: number | null;
  oeLofLower: number | null;
  oeMis: number | null;
  misZ: number | null;
  lofZ: number | null;
  /** LOEUF < LOEUF_INTOLERANT_BELOW; null when LOEUF is unknown. */
  lofIntolerant: boolean | null;
}

/** One query for `count` genes: aliases g0..gN over variables $s0..$sN (symbols are never spliced into the text). */
export function constraintQuery(count: number): string {
  const indexes = Array.from({ length: count }, (_, i) => i);
  return [
    `query GeneConstraint(${indexes.map((i) => `$s${i}: String!`).join(', ')}) {`,
    ...indexes.map((i) => `  g${i}: gene(gene_symbol: $s${i}, reference_genome: GRCh38) { ...constraint }`),
    '}',
    'fragment constraint on Gene {',
    '  gene_id symbol',
    '  gnomad_constraint { pli oe_lof oe_lof_lower oe_lof_upper oe_mis mis_z lof_z }',
    '}',
  ].join('\n');
}

export class Gnomad {
  constructor(private readonly http: UpstreamClient) {}

  /** Constraint per requested symbol (as given, trimmed); symbols gnomAD does not know map to null. */
  async constraint(symbols: readonly string[], signal?: AbortSignal): Promise<Map<string, GeneConstraint | null>> {
    const names = uniqueIds(symbols);
    const parts = await Promise.all(
      chunk(names, GENE_BATCH).map(async (batch) => {
        const aliases = new Map(batch.map((name, i) => [`g${i}`, name]));
        const variables = Object.fromEntries(batch.map((name, i) => [`s${i}`, name]));
        return parseGnomadConstraint(await this.post(constraintQuery(batch.length), variables, signal), aliases);
      }),
    );
    return new Map(parts.flatMap((m) => [...m]));
  }

  private async post(query: string, variables: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    try {
      return await this.http.json({
        source: SOURCE,
        path: '/api',
        json: { query, variables },
        cache: true, // a read: cache it like a GET
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      // Invalid queries come back as HTTP 400 with a GraphQL error body (same as graphql.ts).
      if (err instanceof UpstreamError && err.status === 400 && err.upstreamMessage) {
        throw new UpstreamError({ source: SOURCE, failure: 'graphql', status: 400, message: 'query rejected', upstreamMessage: err.upstreamMessage });
      }
      throw err;
    }
  }
}

// ---------------------------------------------------------------- pure parser (takes the whole body)

/**
 * Parses a GraphQL answer whose `data` holds one `gene` per alias. `aliases` maps each alias to
 * the symbol it was asked for. "Gene not found" errors are expected (their alias is null); any
 * other error is an UpstreamError, and a missing alias or field is schema drift.
 */
export function parseGnomadConstraint(body: unknown, aliases: ReadonlyMap<string, string>): Map<string, GeneConstraint | null> {
  const answer = obj(body, 'GraphQL answer');
  const messages = errorMessages(answer.errors);
  const others = messages.filter((m) => m !== NOT_FOUND);
  if (others.length) {
    throw new UpstreamError({
      source: SOURCE,
      failure: 'graphql',
      message: 'GraphQL error',
      upstreamMessage: others.join('; '),
      retryable: others.some((m) => /rate limit/i.test(m)),
      hint: 'gnomAD rejected the query or failed; retry later, or run `npm run test:live` to check for drift.',
    });
  }
  const data = obj(answer.data, 'data');
  const out = new Map<string, GeneConstraint | null>();
  for (const [alias, requested] of aliases) {
    const gene = field(data, alias);
    out.set(requested, gene === null ? null : parseGene(obj(gene, alias)));
  }
  return out;
}

function parseGene(gene: Obj): GeneConstraint {
  const symbol = str(gene.symbol, 'gene.symbol');
  const raw = field(gene, 'gnomad_constraint');
  if (raw === null) {
    return { symbol, geneId: optStr(gene.gene_id), constraintAvailable: false, pLI: null, loeuf: null, oeLof: null, oeLofLower: null, oeMis: null, misZ: null, lofZ: null, lofIntolerant: null };
  }
  const c = obj(raw, 'gene.gnomad_constraint');
  // Selected in every query this project sends (and in the recorded ones): absent means renamed.
  field(c, 'pli');
  field(c, 'oe_lof_upper');
  const loeuf = optNum(c.oe_lof_upper);
  return {
    symbol,
    geneId: optStr(gene.gene_id),
    constraintAvailable: true,
    pLI: optNum(c.pli),
    loeuf,
    oeLof: optNum(c.oe_lof),
    oeLofLower: optNum(c.oe_lof_lower),
    oeMis: optNum(c.oe_mis),
    misZ: optNum(c.mis_z),
    lofZ: optNum(c.lof_z),
    lofIntolerant: loeuf === null ? null : loeuf < LOEUF_INTOLERANT_BELOW,
  };
}

function errorMessages(errors: unknown): string[] {
  if (errors === undefined || errors === null) return [];
  if (!Array.isArray(errors)) throw schemaError('errors is not a list');
  return errors.map((e) => (e && typeof e === 'object' && typeof (e as Obj).message === 'string' ? ((e as Obj).message as string) : 'unknown error'));
}
