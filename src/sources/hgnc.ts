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
import { shapeOf, type Obj } from './shape.js';

const shape = shapeOf('hgnc', 'HGNC changed its fetch answer; the Solr envelope or a gene document field is missing.');

export type HgncFetchField = 'symbol' | 'prev_symbol' | 'alias_symbol' | 'hgnc_id' | 'ensembl_gene_id' | 'entrez_id' | 'uniprot_ids';

export interface HgncGene {
  hgncId: string;
  /** Approved symbol (for withdrawn records: the symbol that was withdrawn). */
  symbol: string;
  name: string | null;
  /** "Approved", "Entry Withdrawn", "Symbol Withdrawn". */
  status: string;
  locusGroup: string | null;
  locusType: string | null;
  location: string | null;
  prevSymbols: string[];
  aliasSymbols: string[];
  entrezId: string | null;
  ensemblGeneId: string | null;
  uniprotIds: string[];
  refseqAccessions: string[];
}

export type ResolutionHow = 'approved' | 'previous' | 'alias' | 'withdrawn' | 'ambiguous' | 'not_found';

export interface ResolvedSymbol {
  input: string;
  /** Approved HGNC symbol, or null when the input did not resolve to exactly one current gene. */
  symbol: string | null;
  how: ResolutionHow;
  hgncId: string | null;
  name: string | null;
  /** The exact term HGNC matched (normalised or as typed). */
  matched: string | null;
  entrezId: string | null;
  ensemblGeneId: string | null;
  uniprotIds: string[];
  /** Approved symbols an ambiguous previous symbol or alias points to. */
  candidates: string[];
  /** For withdrawn entries: the record HGNC points to, when it says. */
  replacedBy: { hgncId: string | null; symbol: string | null } | null;
  gene: HgncGene | null;
}

export interface SymbolResolution {
  /** One entry per distinct input (compared after normalisation), in first-seen order. */
  results: ResolvedSymbol[];
  /** Approved symbols found, each once, in input order. */
  symbols: string[];
  /** Inputs that did not resolve to one approved symbol (not found, withdrawn, ambiguous). */
  unresolved: string[];
  /** Later repeats of an input; they were resolved once, as `sameAs`. */
  duplicates: { input: string; sameAs: string }[];
  /** Different inputs that resolve to the same approved symbol (e.g. HER2 and ERBB2). */
  collisions: { symbol: string; inputs: string[] }[];
}

export class Hgnc {
  constructor(private readonly http: UpstreamClient) {}

  /** Gene documents whose `field` equals `value` (any status). Empty when HGNC has none. */
  async fetch(field: HgncFetchField, value: string, signal?: AbortSignal): Promise<HgncGene[]> {
    const json = await this.http.json({
      source: 'hgnc',
      path: `/fetch/${field}/${encodeURIComponent(value)}`,
      ...(signal ? { signal } : {}),
    });
    return parseHgncFetch(json);
  }

  async byHgncId(hgncId: string, signal?: AbortSignal): Promise<HgncGene | null> {
    return (await this.fetch('hgnc_id', hgncId, signal))[0] ?? null;
  }

  async byEnsemblId(ensemblGeneId: string, signal?: AbortSignal): Promise<HgncGene | null> {
    return (await this.fetch('ensembl_gene_id', ensemblGeneId, signal))[0] ?? null;
  }

  /**
   * Resolves gene symbols as people type them. An unknown symbol is `not_found`, not an error;
   * an HGNC failure rejects (the caller decides how to degrade).
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
    const results = await Promise.all([...firstByKey.values()].map((input) => this.resolveSymbol(input, signal)));
    return summarise(results, duplicates);
  }

  /** Cascade: approved symbol, previous symbol, alias, then withdrawn record. */
  async resolveSymbol(input: string, signal?: AbortSignal): Promise<ResolvedSymbol> {
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
    if (!gone) return outcome(typed, 'not_found');
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

// ---------------------------------------------------------------- pure helpers

/**
 * HGNC spelling of a typed symbol: upper case, except the `orf` of open-reading-frame genes
 * (C9orf72, CXorf21). Used as the first form tried and as the duplicate key.
 */
export function normaliseSymbol(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/^(C(?:\d+|X|Y))ORF(\d)/, '$1orf$2');
}

export function isApproved(gene: HgncGene): boolean {
  return gene.status === 'Approved';
}

export function isWithdrawn(gene: HgncGene): boolean {
  return /withdrawn/i.test(gene.status);
}

/** Where a withdrawn record points: "symbol withdrawn, see [HGNC:16](...)" or "..., see SYMBOL". */
export function withdrawnReplacement(gene: HgncGene): { hgncId: string | null; symbol: string | null } | null {
  const name = gene.name ?? '';
  const byId = /\bsee\s+\[?\s*(HGNC:\s?\d+)/i.exec(name);
  if (byId?.[1]) return { hgncId: byId[1].replace(/\s/g, '').toUpperCase(), symbol: null };
  const bySymbol = /\bsee\s+([A-Za-z0-9][A-Za-z0-9@._-]*)/i.exec(name);
  return bySymbol?.[1] ? { hgncId: null, symbol: bySymbol[1] } : null;
}

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

function outcome(input: string, how: ResolutionHow): ResolvedSymbol {
  return {
    input,
    symbol: null,
    how,
    hgncId: null,
    name: null,
    matched: null,
    entrezId: null,
    ensemblGeneId: null,
    uniprotIds: [],
    candidates: [],
    replacedBy: null,
    gene: null,
  };
}

function fromMatches(input: string, form: string, approved: HgncGene[], how: 'approved' | 'previous' | 'alias'): ResolvedSymbol {
  const unique = [...new Map(approved.map((g) => [g.hgncId, g])).values()];
  if (unique.length > 1) {
    // Aliases (and a few previous symbols) name several genes: report them, never guess.
    return { ...outcome(input, 'ambiguous'), matched: form, candidates: unique.map((g) => g.symbol).sort() };
  }
  const gene = unique[0] as HgncGene;
  return {
    ...outcome(input, how),
    symbol: gene.symbol,
    hgncId: gene.hgncId,
    name: gene.name,
    matched: form,
    entrezId: gene.entrezId,
    ensemblGeneId: gene.ensemblGeneId,
    uniprotIds: gene.uniprotIds,
    gene,
  };
}

function summarise(results: ResolvedSymbol[], duplicates: SymbolResolution['duplicates']): SymbolResolution {
  const bySymbol = new Map<string, string[]>();
  for (const r of results) {
    if (r.symbol) bySymbol.set(r.symbol, [...(bySymbol.get(r.symbol) ?? []), r.input]);
  }
  return {
    results,
    symbols: [...bySymbol.keys()],
    unresolved: results.filter((r) => !r.symbol).map((r) => r.input),
    duplicates,
    collisions: [...bySymbol].filter(([, inputs]) => inputs.length > 1).map(([symbol, inputs]) => ({ symbol, inputs })),
  };
}
