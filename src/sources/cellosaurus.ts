// Cellosaurus (SIB): cell lines by the disease of their donor, with the curated sequence variations
// that make a line a model of a genotype (e.g. HCC827: EGFR p.Glu746_Ala750del).
//
// What the API does, from its own code and documentation (api.cellosaurus.org, calipho-sib/cellosaurus-api
// main.py and fields_def.txt) and from recorded answers (test/fixtures/cellosaurus/README.md):
// - GET /search/cell-line?q=<Solr query>&fields=<tags>&format=json&rows=N answers
//   `{"Cellosaurus": {"cell-line-list": [record, ...]}}` with no total count; sorted by relevance.
// - Query and output fields use the tags of fields_def.txt or their short names: `di` (disease, NCIt or
//   ORDO label), `ox` (species, with the NCBI taxon id), `var` (short name of `sequence-variation`), `ac`,
//   `id`, `sy`, `ca`. `ox:9606` keeps human lines.
// - A record's `sequence-variation-list` entries carry `variation-type`, `mutation-description` and an
//   `xref-list` whose HGNC entry names the gene in `label`.
// - An error answer is a non-200 status with `{"code", "message"}` (Solr's message).
// @see https://api.cellosaurus.org/
import type { UpstreamClient } from './http.js';
import { optStr, shapeOf, type Obj } from './shape.js';

const SOURCE = 'cellosaurus';
const { field, obj, arr, str } = shapeOf(SOURCE, 'The Cellosaurus answer format may have changed; run `npm run test:live` to check for drift.');

/** The fields a disease-model search asks for: accession, name, species, disease, category, variations. */
export const MODEL_FIELDS = 'ac,id,ox,di,ca,var';
export const HUMAN_TAXON = '9606';

export interface CellosaurusVariation {
  /** HGNC symbol from the variation's HGNC cross-reference, or null when it has none. */
  gene: string | null;
  /** "Mutation", "Gene deletion", "Gene amplification", "Gene fusion", ... */
  type: string | null;
  /** As published, e.g. "p.Glu746_Ala750del (c.2235_2249del15)". */
  description: string | null;
  zygosity: string | null;
}

export interface CellLine {
  accession: string;
  name: string;
  category: string | null;
  /** NCBI taxon ids of the species. */
  taxa: string[];
  diseases: { database: string | null; accession: string | null; label: string }[];
  variations: CellosaurusVariation[];
  url: string;
}

export class Cellosaurus {
  constructor(private readonly http: UpstreamClient) {}

  /** Cell lines matching a Solr query (see cellLineQuery), at most `rows`, relevance order. */
  async search(query: string, options: { rows?: number; fields?: string } = {}, signal?: AbortSignal): Promise<CellLine[]> {
    const json = await this.http.json({
      source: SOURCE,
      path: '/search/cell-line',
      query: { q: query, fields: options.fields ?? MODEL_FIELDS, format: 'json', rows: options.rows ?? 10 },
      ...(signal ? { signal } : {}),
    });
    return parseCellLineList(json);
  }
}

// ---------------------------------------------------------------- pure helpers

/** A Solr phrase: the two characters that need escaping inside quotes are `"` and `\`. */
export function solrPhrase(text: string): string {
  return `"${text.trim().replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/**
 * Human lines whose donor disease matches any of `diseases` (each a phrase on `di`), optionally carrying a
 * curated sequence variation in `gene` (a phrase on `var`).
 */
export function cellLineQuery(diseases: readonly string[], gene?: string): string {
  const names = [...new Set(diseases.map((d) => d.trim()).filter(Boolean))];
  if (!names.length) throw new Error('cellLineQuery needs at least one disease name');
  const di = names.map((d) => `di:${solrPhrase(d)}`).join(' OR ');
  return [`(${di})`, `ox:${HUMAN_TAXON}`, ...(gene ? [`var:${solrPhrase(gene)}`] : [])].join(' AND ');
}

export function parseCellLineList(json: unknown): CellLine[] {
  const body = obj(field(obj(json, 'answer'), 'Cellosaurus'), 'Cellosaurus');
  // An empty search answers the envelope without the list.
  const list = body['cell-line-list'] === undefined ? [] : arr(body['cell-line-list'], 'cell-line-list');
  return list.map(parseCellLine);
}

export function parseCellLine(raw: unknown): CellLine {
  const r = obj(raw, 'cell line');
  const accessions = list(r['accession-list'], 'accession-list');
  const primary = accessions.find((a) => a.type === 'primary') ?? accessions[0];
  const accession = str(primary?.value, 'accession-list[primary].value');
  const names = list(r['name-list'], 'name-list');
  const name = optStr(names.find((n) => n.type === 'identifier')?.value) ?? optStr(names[0]?.value) ?? accession;
  return {
    accession,
    name,
    category: optStr(r.category),
    taxa: list(r['species-list'], 'species-list').flatMap((s) => (optStr(s.accession) ? [s.accession as string] : [])),
    diseases: list(r['disease-list'], 'disease-list').flatMap((d) => {
      const label = optStr(d.label);
      return label ? [{ database: optStr(d.database), accession: optStr(d.accession), label }] : [];
    }),
    variations: list(r['sequence-variation-list'], 'sequence-variation-list').map((v) => ({
      gene: optStr(list(v['xref-list'], 'xref-list').find((x) => x.database === 'HGNC')?.label),
      type: optStr(v['variation-type']),
      description: optStr(v['mutation-description']),
      zygosity: optStr(v['zygosity-type']),
    })),
    url: `https://www.cellosaurus.org/${accession}`,
  };
}

/** A list field: absent when the record has none (or the field was not asked for). */
function list(v: unknown, what: string): Obj[] {
  if (v === undefined || v === null) return [];
  return arr(v, what).map((x, i) => obj(x, `${what}[${i}]`));
}
