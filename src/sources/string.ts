// STRING: protein interaction partners of a gene and the network among a gene set.
// STRING asks for at most one request a second, no parallel calls, and a `caller_identity`;
// the registry's limiter does the pacing. `required_score` is on the 0-1000 scale while the
// answer's `score` is 0-1. With one identifier, `network` returns the query's neighbourhood
// including edges that do not touch it; `interaction_partners` keeps the query protein as A.
// Identifiers are separated by "%0d" (carriage return); long lists go as a POST form.
// @see https://string-db.org/help/api/
import { UpstreamError } from '../errors.js';
import type { UpstreamClient } from './http.js';
import { shapeOf } from './shape.js';

const shape = shapeOf('string', 'STRING changed its JSON rows (stringId_A/B, preferredName_A/B, score).');

export const CALLER_IDENTITY = 'biointel';
/** Above this many characters of identifiers the request is sent as a POST form. */
const POST_ABOVE_CHARS = 1_000;

export interface StringEvidence {
  neighborhood: number;
  fusion: number;
  /** Phylogenetic co-occurrence (`pscore`). */
  cooccurrence: number;
  coexpression: number;
  experimental: number;
  database: number;
  textmining: number;
}

export interface StringInteraction {
  partnerA: string;
  partnerB: string;
  stringIdA: string;
  stringIdB: string;
  /** Combined score, 0-1. */
  score: number;
  evidence: StringEvidence;
}

export interface StringOptions {
  species?: number;
  /** Minimum combined score on STRING's 0-1000 scale (400 = medium confidence). */
  requiredScore?: number;
  networkType?: 'functional' | 'physical';
}

export class StringDb {
  constructor(private readonly http: UpstreamClient) {}

  /**
   * The `limit` best partners of each identifier. Null when STRING does not know the
   * identifier; an empty list means it has no partner at `requiredScore`.
   */
  async interactionPartners(
    identifiers: string | readonly string[],
    options: StringOptions & { limit?: number } = {},
    signal?: AbortSignal,
  ): Promise<StringInteraction[] | null> {
    try {
      return await this.http.json(this.request('/json/interaction_partners', identifiers, { ...options, limit: options.limit ?? 10 }, signal), parseStringInteractions);
    } catch (err) {
      if (isUnknownIdentifier(err)) return null;
      throw err;
    }
  }

  /** Edges among the given genes (no added neighbours unless `addNodes`). */
  async network(identifiers: readonly string[], options: StringOptions & { addNodes?: number } = {}, signal?: AbortSignal): Promise<StringInteraction[]> {
    if (identifiers.length === 0) return [];
    try {
      return await this.http.json(this.request('/json/network', identifiers, { ...options, add_nodes: options.addNodes }, signal), parseStringInteractions);
    } catch (err) {
      // A set of which STRING knows nothing has no edges among its members.
      if (isUnknownIdentifier(err)) return [];
      throw err;
    }
  }

  private request(
    path: string,
    identifiers: string | readonly string[],
    options: StringOptions & { limit?: number; add_nodes?: number | undefined },
    signal?: AbortSignal,
  ) {
    const ids = (typeof identifiers === 'string' ? [identifiers] : [...identifiers]).join('\r');
    const params: Record<string, string> = {
      identifiers: ids,
      species: String(options.species ?? 9606),
      ...(options.requiredScore === undefined ? {} : { required_score: String(Math.round(options.requiredScore)) }),
      ...(options.networkType ? { network_type: options.networkType } : {}),
      ...(options.limit === undefined ? {} : { limit: String(options.limit) }),
      ...(options.add_nodes === undefined ? {} : { add_nodes: String(options.add_nodes) }),
      caller_identity: CALLER_IDENTITY,
    };
    const base = { source: 'string' as const, path, ...(signal ? { signal } : {}) };
    if (ids.length > POST_ABOVE_CHARS) return { ...base, method: 'POST' as const, form: params, cache: true };
    return { ...base, query: params };
  }
}

// ---------------------------------------------------------------- pure parsers

/** Rows of `network` and `interaction_partners` (same row object). */
export function parseStringInteractions(json: unknown): StringInteraction[] {
  const rows = shape.arr(json, 'answer');
  const first = rows[0];
  if (first && typeof first === 'object' && 'Error' in first) {
    const e = first as { Error?: unknown; ErrorMessage?: unknown };
    throw new UpstreamError({ source: 'string', failure: 'http', message: 'STRING reported an error', upstreamMessage: String(e.ErrorMessage ?? e.Error) });
  }
  return rows.map((r, i) => {
    const row = shape.obj(r, `rows[${i}]`);
    // Channels are optional in the sense that STRING omits none today; an absent one would mean
    // "no evidence of that kind", a non-number one is drift.
    const channel = (key: string): number => {
      const v = row[key];
      if (v === undefined) return 0;
      return shape.num(v, `rows[${i}].${key}`);
    };
    const score = shape.num(row.score, `rows[${i}].score`);
    if (score < 0 || score > 1) throw shape.error(`rows[${i}].score ${score} is outside 0-1`);
    return {
      partnerA: shape.str(row.preferredName_A, `rows[${i}].preferredName_A`),
      partnerB: shape.str(row.preferredName_B, `rows[${i}].preferredName_B`),
      stringIdA: shape.str(row.stringId_A, `rows[${i}].stringId_A`),
      stringIdB: shape.str(row.stringId_B, `rows[${i}].stringId_B`),
      score,
      evidence: {
        neighborhood: channel('nscore'),
        fusion: channel('fscore'),
        cooccurrence: channel('pscore'),
        coexpression: channel('ascore'),
        experimental: channel('escore'),
        database: channel('dscore'),
        textmining: channel('tscore'),
      },
    };
  });
}

/** Edges with `symbol` at either end (the `network` of one gene also holds edges among its neighbours). */
export function edgesTouching(edges: readonly StringInteraction[], symbol: string): StringInteraction[] {
  const s = symbol.toUpperCase();
  return edges.filter((e) => e.partnerA.toUpperCase() === s || e.partnerB.toUpperCase() === s);
}

/**
 * STRING's answer for identifiers it cannot map is not documented precisely (an error object
 * with HTTP 4xx is what clients report); only a 4xx that says so counts as "unknown".
 */
function isUnknownIdentifier(err: unknown): boolean {
  if (!(err instanceof UpstreamError) || err.source !== 'string') return false;
  if (err.status === 404) return true;
  return (err.status === undefined || err.status === 400) && /not (?:be )?found|unknown|could not/i.test(err.upstreamMessage ?? '');
}
