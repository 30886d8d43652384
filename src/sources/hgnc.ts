// HGNC REST: gene symbol resolution (approved, previous, alias, withdrawn) and the identifiers
// other sources are keyed on (Entrez, Ensembl, UniProt).
//
// What the HGNC REST help says and what this file does about it:
// - "Fetch will not accept wildcards or multiple queries": no OR batching, so a panel is resolved
//   with one request per symbol per cascade step, in parallel through the shared client (the
//   registry allows HGNC 10 req/s, 4 at once).
// - Without `Accept: application/json` the answer is XML; the registry sets that header.
// - Not found is HTTP 200 with numFound 0, never a 404.
// - Case: the docs do not say fetch is case-insensitive, so nothing here relies on it. Input is
//   upper-cased (HGNC convention) with `orf` put back in lower case (C9orf72), and the form as
//   typed is tried too when it differs (aliases such as "p53" are stored in lower case).
// - Withdrawn records: `status` is "Entry Withdrawn" (no replacement) or "Symbol Withdrawn"
//   (merged; `name` reads "symbol withdrawn, see [HGNC:16](...)"). Older data suffixed the
//   symbol with "~withdrawn". The REST index is reported (SACGF/variantgrid#217) to serve Entry
//   Withdrawn records only; a merged symbol shows up as a previous symbol or alias of the record
//   it went into, which is why withdrawn records are reported only when nothing else matches.
// @see https://www.genenames.org/help/rest/
import type { UpstreamClient } from './http.js';
import { errorMessage } from '../errors.js';
import { resolveInTable, type HgncTable } from './hgnc-table.js';
import { fromMatches, isApproved, isWithdrawn, normaliseSymbol, outcome, summarise, withdrawnReplacement, type HgncGene, type ResolvedSymbol, type SymbolResolution } from './hgnc-resolution.js';
import { shapeOf, type Obj } from './shape.js';

export * from './hgnc-resolution.js';

const shape = shapeOf('hgnc', 'HGNC changed its fetch answer; the Solr envelope or a gene document field is missing.');

export type HgncFetchField = 'symbol' | 'prev_symbol' | 'alias_symbol' | 'hgnc_id' | 'ensembl_gene_id' | 'entrez_id' | 'uniprot_ids';

/** Where the local HGNC table comes from (src/genes/): undefined while it cannot be had. */
export interface HgncTableSource {
  current(signal?: AbortSignal): Promise<HgncTable | undefined>;
}

/** Inputs the table does not know that may each cost a REST request (withdrawn symbols). */
export const REST_LOOKUPS_PER_PANEL = 50;

export class Hgnc {
  constructor(
    private readonly http: UpstreamClient,
    private readonly tables?: HgncTableSource,
  ) {}

  /** Gene documents whose `field` equals `value` (any status). Empty when HGNC has none. */
  async fetch(field: HgncFetchField, value: string, signal?: AbortSignal): Promise<HgncGene[]> {
    return this.http.json(
      {
        source: 'hgnc',
        path: `/fetch/${field}/${encodeURIComponent(value)}`,
        ...(signal ? { signal } : {}),
      },
      parseHgncFetch,
    );
  }

  async byHgncId(hgncId: string, signal?: AbortSignal): Promise<HgncGene | null> {
    return (await this.fetch('hgnc_id', hgncId, signal))[0] ?? null;
  }

  async byEnsemblId(ensemblGeneId: string, signal?: AbortSignal): Promise<HgncGene | null> {
    return (await this.fetch('ensembl_gene_id', ensemblGeneId, signal))[0] ?? null;
  }

  /**
   * Resolves gene symbols as people type them. With the local table (the usual case) a panel costs
   * no request: only inputs the table does not know are asked of the REST API, which also knows
   * withdrawn symbols (at most REST_LOOKUPS_PER_PANEL of them). Without the table, every input goes
   * through the REST cascade. An unknown symbol is `not_found`, not an error; without the table, an
   * HGNC failure rejects (the caller decides how to degrade).
   */
  async resolveSymbols(inputs: readonly string[], signal?: AbortSignal): Promise<SymbolResolution> {
    const firstByKey = new Map<string, string>();
    const duplicates: { input: string; sameAs: string }[] = [];
    for (const raw of inputs) {
      const input = raw.trim();
      const key = normaliseSymbol(input);
      const first = firstByKey.get(key);
      if (first === undefined) firstByKey.set(key, input);
      else duplicates.push({ input, sameAs: first });
    }
    const unique = [...firstByKey.values()];
    const table = await this.tables?.current(signal);
    if (!table) return summarise(await Promise.all(unique.map((input) => this.resolveByRest(input, signal))), duplicates, 'rest');
    const notes: string[] = [];
    let lookups = 0;
    const results = await Promise.all(
      unique.map(async (input) => {
        const local = resolveInTable(table, input);
        if (local) return local;
        if (++lookups > REST_LOOKUPS_PER_PANEL) {
          notes.push(`${input}: not in HGNC's complete set; not checked for a withdrawn record (more than ${REST_LOOKUPS_PER_PANEL} unknown symbols)`);
          return outcome(input, 'not_found');
        }
        try {
          return await this.beyondTable(input, signal);
        } catch (err) {
          notes.push(`${input}: not in HGNC's complete set, and the REST API could not be asked whether it is a withdrawn symbol (${errorMessage(err)})`);
          return outcome(input, 'not_found');
        }
      }),
    );
    return summarise(results, duplicates, 'table', notes);
  }

  /** One symbol: the table first, then the REST API for what the table lacks (or for all, without it). */
  async resolveSymbol(input: string, signal?: AbortSignal): Promise<ResolvedSymbol> {
    const table = await this.tables?.current(signal);
    if (!table) return this.resolveByRest(input, signal);
    return resolveInTable(table, input) ?? this.beyondTable(input, signal);
  }

  /**
   * What the table lacks: withdrawn records (and a symbol approved since the table was downloaded).
   * The table already answered "no approved symbol, previous symbol or alias", so only the symbol
   * itself is asked.
   */
  private async beyondTable(input: string, signal?: AbortSignal): Promise<ResolvedSymbol> {
    const typed = input.trim();
    for (const form of [...new Set([normaliseSymbol(typed), typed])]) {
      const docs = await this.fetch('symbol', form, signal);
      const approved = docs.filter(isApproved);
      if (approved.length > 0) return fromMatches(typed, form, approved, 'approved');
      const gone = docs.find(isWithdrawn);
      if (gone) return this.withdrawn(typed, gone, signal);
    }
    return outcome(typed, 'not_found');
  }

  /** The REST cascade: approved symbol, previous symbol, alias, then withdrawn record. */
  private async resolveByRest(input: string, signal?: AbortSignal): Promise<ResolvedSymbol> {
    const typed = input.trim();
    if (!typed) return outcome(input, 'not_found');
    const forms = [...new Set([normaliseSymbol(typed), typed])];

    const withdrawn: HgncGene[] = [];
    for (const form of forms) {
      const docs = await this.fetch('symbol', form, signal);
      const approved = docs.filter(isApproved);
      if (approved.length > 0) return fromMatches(typed, form, approved, 'approved');
      withdrawn.push(...docs.filter(isWithdrawn));
      if (withdrawn.length > 0) break;
    }
    for (const field of ['prev_symbol', 'alias_symbol'] as const) {
      for (const form of forms) {
        const approved = (await this.fetch(field, form, signal)).filter(isApproved);
        if (approved.length > 0) return fromMatches(typed, form, approved, field === 'prev_symbol' ? 'previous' : 'alias');
      }
    }
    const gone = withdrawn[0];
    return gone ? this.withdrawn(typed, gone, signal) : outcome(typed, 'not_found');
  }

  private async withdrawn(typed: string, gone: HgncGene, signal?: AbortSignal): Promise<ResolvedSymbol> {
    const pointer = withdrawnReplacement(gone);
    let replacedBy: ResolvedSymbol['replacedBy'] = null;
    if (pointer?.hgncId) {
      const target = await this.byHgncId(pointer.hgncId, signal);
      replacedBy = { hgncId: pointer.hgncId, symbol: target && isApproved(target) ? target.symbol : pointer.symbol };
    } else if (pointer) {
      replacedBy = pointer;
    }
    return { ...outcome(typed, 'withdrawn'), hgncId: gone.hgncId, name: gone.name, matched: gone.symbol, replacedBy, gene: gone };
  }
}

// ---------------------------------------------------------------- pure parsers

/** The Solr envelope of /fetch: `{responseHeader, response: {numFound, docs[]}}`. */
export function parseHgncFetch(json: unknown): HgncGene[] {
  const body = shape.obj(json, 'fetch answer');
  const response = shape.obj(shape.field(body, 'response'), 'response');
  const numFound = shape.num(shape.field(response, 'numFound'), 'response.numFound');
  const docs = shape.arr(shape.field(response, 'docs'), 'response.docs');
  if (numFound > 0 && docs.length === 0) throw shape.error(`numFound is ${numFound} but docs is empty`);
  return docs.map((d, i) => parseHgncDoc(d, `response.docs[${i}]`));
}

export function parseHgncDoc(value: unknown, what = 'doc'): HgncGene {
  const doc = shape.obj(value, what);
  return {
    hgncId: shape.str(doc.hgnc_id, `${what}.hgnc_id`),
    symbol: shape.str(doc.symbol, `${what}.symbol`).replace(/~withdrawn$/i, ''),
    name: optString(doc.name),
    status: shape.str(doc.status, `${what}.status`),
    locusGroup: optString(doc.locus_group),
    locusType: optString(doc.locus_type),
    location: optString(doc.location),
    prevSymbols: strings(doc, 'prev_symbol', what),
    aliasSymbols: strings(doc, 'alias_symbol', what),
    // entrez_id is a string in the recording; accept a number in case the index changes type.
    entrezId: doc.entrez_id === undefined || doc.entrez_id === null ? null : String(doc.entrez_id),
    ensemblGeneId: optString(doc.ensembl_gene_id),
    uniprotIds: strings(doc, 'uniprot_ids', what),
    refseqAccessions: strings(doc, 'refseq_accession', what),
  };
}

function optString(v: unknown): string | null {
  return typeof v === 'string' && v ? v : null;
}

/** Multi-valued Solr fields: absent means none; present but not a list of strings is drift. */
function strings(doc: Obj, key: string, what: string): string[] {
  const v = doc[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) throw shape.error(`${what}.${key} is not a list of strings`);
  return v as string[];
}
