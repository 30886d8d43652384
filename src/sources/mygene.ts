// MyGene.info: a cross-reference for a gene symbol (Entrez, Ensembl, UniProt Swiss-Prot, the
// RefSeq summary, KEGG pathways). HGNC stays the authority for symbols; this fills the gaps.
// Every MyGene field is a scalar when it has one value and an array when it has several, so the
// parser normalises each one to a list. An unknown symbol is HTTP 200 with `total: 0`.
// @see https://docs.mygene.info/en/latest/doc/query_service.html
import { isNotFoundStatus } from '../errors.js';
import { chunk, uniqueIds } from './batch.js';
import type { UpstreamClient } from './http.js';
import { optNum, optStr, shapeOf, type Obj } from './shape.js';

const shape = shapeOf('mygene', 'MyGene.info changed its query answer (hits[] or a hit field).');
/** MyGene.info accepts up to 1000 terms per batch query. */
export const SYMBOLS_PER_POST = 1000;

/** The field list biomcp's recorded requests used (shared/fixtures/mygene, `F1`). */
export const MYGENE_FIELDS =
  'symbol,name,summary,alias,type_of_gene,ensembl.gene,entrezgene,genomic_pos.chr,genomic_pos.start,genomic_pos.end,genomic_pos.strand,MIM,uniprot,pathway.kegg';

export interface GenomicPos {
  chr: string;
  start: number | null;
  end: number | null;
  strand: number | null;
}

export interface MyGeneHit {
  entrezId: string;
  symbol: string | null;
  name: string | null;
  /** RefSeq summary; absent for many genes. */
  summary: string | null;
  aliases: string[];
  typeOfGene: string | null;
  ensemblGeneIds: string[];
  uniprotSwissProt: string[];
  uniprotTrembl: string[];
  genomicPos: GenomicPos[];
  mim: string | null;
  keggPathways: { id: string; name: string }[];
  score: number | null;
}

export interface MyGeneQueryResult {
  total: number;
  hits: MyGeneHit[];
}

export class MyGene {
  constructor(private readonly http: UpstreamClient) {}

  /** The human gene whose official symbol is `symbol`, or null when MyGene has none. */
  async bySymbol(symbol: string, signal?: AbortSignal): Promise<MyGeneHit | null> {
    const result = await this.query(`symbol:"${escapeLucene(symbol)}"`, 3, signal);
    return pickBySymbol(result.hits, symbol);
  }

  /**
   * The human gene of each symbol, SYMBOLS_PER_POST symbols per request: MyGene.info's batch query
   * (POST /query with `q` a comma-separated list and `scopes=symbol`) answers a list holding, per
   * term, its hits (each with `query` = the term) or `{query, notfound: true}`. Null for a symbol
   * with no hit of that exact symbol.
   * @see https://docs.mygene.info/en/latest/doc/query_service.html#batch-queries-via-post
   */
  async bySymbols(symbols: readonly string[], signal?: AbortSignal): Promise<Map<string, MyGeneHit | null>> {
    const out = new Map<string, MyGeneHit | null>();
    await Promise.all(
      chunk(uniqueIds(symbols), SYMBOLS_PER_POST).map(async (batch) => {
        const found = await this.http.json(
          {
            source: 'mygene',
            path: '/query',
            form: { q: batch.join(','), scopes: 'symbol', species: 'human', fields: MYGENE_FIELDS },
            cache: true, // a read: cache it like a GET
            ...(signal ? { signal } : {}),
          },
          (json) => parseMyGeneBatch(json, batch),
        );
        for (const symbol of batch) out.set(symbol, pickBySymbol(found.get(symbol) ?? [], symbol));
      }),
    );
    return out;
  }

  /** Human genes whose symbol or alias is `term`, best first (several = the alias is ambiguous). */
  async search(term: string, size = 10, signal?: AbortSignal): Promise<MyGeneHit[]> {
    const q = escapeLucene(term);
    return (await this.query(`(symbol:${q} OR alias:${q})`, size, signal)).hits;
  }

  /** One gene by Entrez id; null when MyGene does not know it (HTTP 404 per the docs). */
  async gene(entrezId: string, signal?: AbortSignal): Promise<MyGeneHit | null> {
    try {
      return await this.http.json(
        {
          source: 'mygene',
          path: `/gene/${encodeURIComponent(entrezId)}`,
          query: { fields: MYGENE_FIELDS },
          ...(signal ? { signal } : {}),
        },
        (json) => parseMyGeneHit(json, 'gene'),
      );
    } catch (err) {
      if (isNotFoundStatus(err)) return null;
      throw err;
    }
  }

  private async query(q: string, size: number, signal?: AbortSignal): Promise<MyGeneQueryResult> {
    return this.http.json(
      {
        source: 'mygene',
        path: '/query',
        query: { q, species: 'human', fields: MYGENE_FIELDS, size },
        ...(signal ? { signal } : {}),
      },
      parseMyGeneQuery,
    );
  }
}

// ---------------------------------------------------------------- pure parsers

/** Lucene reserved characters must be escaped in `q` (PD-L1 -> PD\-L1). */
export function escapeLucene(term: string): string {
  return term.replace(/([+\-!(){}[\]^"~*?:\\/]|&&|\|\|)/g, '\\$1');
}

/**
 * The batch answer: a list of hits and `{query, notfound: true}`, grouped by the term asked. Every
 * term asked has an entry (a hit or notfound); an answer naming none of `asked` (an empty list with
 * HTTP 200) is not "no such gene" for all of them but an answer that cannot be read.
 */
export function parseMyGeneBatch(json: unknown, asked: readonly string[] = []): Map<string, MyGeneHit[]> {
  const out = new Map<string, MyGeneHit[]>();
  shape.arr(json, 'batch answer').forEach((item, i) => {
    const o = shape.obj(item, `[${i}]`);
    const query = shape.str(o.query, `[${i}].query`);
    const hits = out.get(query) ?? [];
    out.set(query, hits);
    if (o.notfound !== true) hits.push(parseMyGeneHit(o, `[${i}]`));
  });
  if (asked.length && !asked.some((t) => out.has(t))) throw shape.error(`batch answer names none of the ${asked.length} term(s) asked`);
  return out;
}

export function parseMyGeneQuery(json: unknown): MyGeneQueryResult {
  const body = shape.obj(json, 'query answer');
  const hits = shape.arr(shape.field(body, 'hits'), 'hits');
  const total = shape.num(shape.field(body, 'total'), 'total');
  return { total, hits: hits.map((h, i) => parseMyGeneHit(h, `hits[${i}]`)) };
}

export function parseMyGeneHit(value: unknown, what = 'hit'): MyGeneHit {
  const hit = shape.obj(value, what);
  const id = hit.entrezgene ?? hit._id;
  if (typeof id !== 'string' && typeof id !== 'number') throw shape.error(`${what} has neither entrezgene nor _id`);
  const uniprot = (isObj(hit.uniprot) ? hit.uniprot : {}) as Obj;
  return {
    entrezId: String(id),
    symbol: optStr(hit.symbol),
    name: optStr(hit.name),
    summary: optStr(hit.summary),
    aliases: listOf(hit.alias).filter((a): a is string => typeof a === 'string'),
    typeOfGene: optStr(hit.type_of_gene),
    ensemblGeneIds: listOf(hit.ensembl)
      .map((e) => (isObj(e) ? e.gene : undefined))
      .flatMap((g) => listOf(g))
      .filter((g): g is string => typeof g === 'string'),
    uniprotSwissProt: stringList(uniprot['Swiss-Prot']),
    uniprotTrembl: stringList(uniprot.TrEMBL),
    genomicPos: listOf(hit.genomic_pos).filter(isObj).flatMap((p) => {
      const chr = p.chr === undefined || p.chr === null ? '' : String(p.chr);
      return chr ? [{ chr, start: optNum(p.start), end: optNum(p.end), strand: optNum(p.strand) }] : [];
    }),
    mim: hit.MIM === undefined || hit.MIM === null ? null : String(hit.MIM),
    keggPathways: listOf(isObj(hit.pathway) ? hit.pathway.kegg : undefined)
      .filter(isObj)
      .flatMap((k) => (typeof k.id === 'string' ? [{ id: k.id, name: typeof k.name === 'string' ? k.name : k.id }] : [])),
    score: optNum(hit._score),
  };
}

/** The hit whose symbol equals `symbol` (case-insensitive); null when none does. */
export function pickBySymbol(hits: readonly MyGeneHit[], symbol: string): MyGeneHit | null {
  const want = symbol.trim().toUpperCase();
  return hits.find((h) => h.symbol?.toUpperCase() === want) ?? null;
}

function isObj(v: unknown): v is Obj {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** MyGene's scalar-or-array fields as a list (absent = empty). */
function listOf(v: unknown): unknown[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}

function stringList(v: unknown): string[] {
  return listOf(v).filter((s): s is string => typeof s === 'string');
}
