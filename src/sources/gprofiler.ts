// g:Profiler g:GOSt: functional enrichment of a gene list against GO, Reactome, WikiPathways and
// KEGG, used as an independent cross-check of our own (Enrichr-library) enrichment rows.
// Quirks: `p_value` is already adjusted by the method asked for (we ask for "fdr"), so it is not a
// raw hypergeometric p. Unrecognised genes are not an error: they are listed in
// `meta.genes_metadata.failed` and the rest of the list is analysed. Natives carry a source prefix
// for some sources and not others ("REAC:R-HSA-109581", "WP:WP254", "KEGG:04115", but
// "GO:0042981"); termKey() maps both them and Enrichr term names onto one stable id.
// The request is a read-only POST, cached explicitly.
// @see https://biit.cs.ut.ee/gprofiler/page/apis
import { InvalidInputError } from '../errors.js';
import { uniqueIds } from './batch.js';
import type { UpstreamClient } from './http.js';
import { shapeOf, optStr } from './shape.js';

const { field, obj, arr, str, num, error: schemaError } = shapeOf(
  'gprofiler',
  'g:Profiler changed its g:GOSt answer (result[] with native, p_value, term_size...; meta.genes_metadata.failed).',
);

export const GOST_DEFAULT_SOURCES = ['GO:BP', 'REAC', 'WP', 'KEGG'] as const;
const DEFAULT_THRESHOLD = 0.05;

export interface GostTerm {
  /** Data source code: GO:BP, REAC, WP, KEGG... */
  source: string;
  /** g:Profiler's term id, e.g. GO:0042981, REAC:R-HSA-109581, WP:WP254, KEGG:04115. */
  native: string;
  name: string;
  /** Already adjusted for multiple testing (FDR, Benjamini-Hochberg): compare it to the threshold as is. */
  pValue: number;
  significant: boolean;
  termSize: number;
  /** Query genes g:Profiler recognised and that have annotations in this source. */
  querySize: number;
  intersectionSize: number;
  effectiveDomainSize: number;
  /** intersectionSize / querySize. */
  precision: number;
  /** intersectionSize / termSize. */
  recall: number;
}

export interface GostResult {
  /** Sorted by adjusted p-value, smallest first. */
  terms: GostTerm[];
  /** Query genes g:Profiler did not recognise (left out of the analysis, not an error). */
  failedGenes: string[];
  /** Data release, e.g. "e113_eg59_p19_…", for reproducibility; null when the answer lacks it. */
  version: string | null;
}

export interface GostOptions {
  /** Defaults to GO:BP, REAC, WP, KEGG. */
  sources?: readonly string[];
  /** Significance threshold on the FDR-adjusted p-value, 0 < t <= 1; default 0.05. */
  threshold?: number;
}

export class GProfiler {
  constructor(private readonly http: UpstreamClient) {}

  /** Enrichment of `genes` (human symbols or ids) with FDR correction over annotated genes. */
  async gost(genes: readonly string[], options: GostOptions = {}, signal?: AbortSignal): Promise<GostResult> {
    const query = uniqueIds(genes);
    // Nothing to analyse is not worth a request (g:Profiler would answer 400).
    if (query.length === 0) return { terms: [], failedGenes: [], version: null };
    const threshold = options.threshold ?? DEFAULT_THRESHOLD;
    if (!(threshold > 0 && threshold <= 1)) throw new InvalidInputError('threshold', `must be in (0, 1], got ${threshold}`);
    const sources = options.sources ? [...options.sources] : [...GOST_DEFAULT_SOURCES];
    // The parser runs inside the request, so an answer it rejects is never cached.
    return this.http.json({
      source: 'gprofiler',
      path: '/api/gost/profile/',
      method: 'POST',
      json: {
        organism: 'hsapiens',
        query,
        sources,
        user_threshold: threshold,
        significance_threshold_method: 'fdr',
        domain_scope: 'annotated',
        // Evidence codes per gene are not used and make the answer much larger and slower.
        no_evidences: true,
        all_results: false,
      },
      cache: true,
      ...(signal ? { signal } : {}),
    }, parseGost);
  }
}

// ---------------------------------------------------------------- pure parsers and helpers

export function parseGost(json: unknown): GostResult {
  const root = obj(json, 'g:GOSt answer');
  const terms = arr(field(root, 'result'), 'result').map((t, i) => parseTerm(obj(t, `result[${i}]`), i));
  const meta = obj(field(root, 'meta'), 'meta');
  const genesMeta = obj(field(meta, 'genes_metadata'), 'meta.genes_metadata');
  const failedGenes = arr(field(genesMeta, 'failed'), 'meta.genes_metadata.failed').map((g, i) => str(g, `meta.genes_metadata.failed[${i}]`));
  terms.sort((a, b) => a.pValue - b.pValue);
  return { terms, failedGenes, version: optStr(meta.version) };
}

function parseTerm(t: Record<string, unknown>, i: number): GostTerm {
  const at = `result[${i}]`;
  if (typeof t.significant !== 'boolean') throw schemaError(`${at}.significant is not a boolean`);
  return {
    source: str(t.source, `${at}.source`),
    native: str(t.native, `${at}.native`),
    name: str(t.name, `${at}.name`),
    pValue: num(t.p_value, `${at}.p_value`),
    significant: t.significant,
    termSize: num(t.term_size, `${at}.term_size`),
    querySize: num(t.query_size, `${at}.query_size`),
    intersectionSize: num(t.intersection_size, `${at}.intersection_size`),
    effectiveDomainSize: num(t.effective_domain_size, `${at}.effective_domain_size`),
    precision: num(t.precision, `${at}.precision`),
    recall: num(t.recall, `${at}.recall`),
  };
}

// Ids are matched where they stand alone (not inside a longer token), so "_WP254" in old Enrichr
// names ("Apoptosis_Homo sapiens_WP254") still counts while "HWP2541" does not.
const REACTOME_IN_TEXT = /(?<![A-Za-z0-9-])(R-[A-Z]{3}-\d+)(?![0-9])/;
const GO_IN_TEXT = /(?<![A-Za-z0-9])(GO:\d{7})(?![0-9])/;
const WP_IN_TEXT = /(?<![A-Za-z0-9])(WP\d+)(?![0-9])/;

/** 'REAC:R-HSA-109581' -> 'R-HSA-109581'; a bare stable id is returned as is; anything else (incl. the root 'REAC:0000000') -> null. */
export function reactomeIdOfNative(native: string): string | null {
  return /^(?:REAC:)?(R-[A-Z]{3}-\d+)$/.exec(native.trim())?.[1] ?? null;
}

/**
 * The stable id inside a term name or a g:Profiler native, for joining the two: Reactome 'R-HSA-…',
 * GO 'GO:nnnnnnn', WikiPathways 'WPnnn' (from 'WP:WP254' too). KEGG natives ('KEGG:04115') and
 * Enrichr KEGG names carry no shared id and give null: match those by normaliseTermName().
 */
export function termKey(text: string): string | null {
  for (const re of [REACTOME_IN_TEXT, GO_IN_TEXT, WP_IN_TEXT]) {
    const m = re.exec(text);
    if (m?.[1] !== undefined) return m[1];
  }
  return null;
}

/**
 * A term name reduced for comparison across libraries: embedded stable ids (and the "Homo sapiens"
 * of older Enrichr libraries) removed, lower case, every run of punctuation/whitespace one space.
 * 'Apoptosis R-HSA-109581', 'Apoptosis WP254' and g:Profiler's 'Apoptosis' all give 'apoptosis'.
 */
export function normaliseTermName(name: string): string {
  const withoutIds = [REACTOME_IN_TEXT, GO_IN_TEXT, WP_IN_TEXT].reduce((s, re) => s.replace(new RegExp(re.source, 'g'), ' '), name);
  return withoutIds
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/ homo sapiens$/, '');
}
