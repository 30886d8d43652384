// Ensembl REST: gene identity and location (Ensembl id, biotype, chromosome, coordinates,
// canonical transcript) for a batch of human gene symbols in one POST.
//
// Quirks, from the endpoint documentation and the server code (ensembl-rest
// lib/EnsEMBL/REST/Model/Lookup.pm, find_genes_by_symbol_list):
// - The answer is an object keyed by each symbol exactly as sent; unknown symbols are omitted
//   (no error). Lookup is by gene display label, so aliases do not resolve.
// - At most 1000 symbols per POST (larger bodies are refused with HTTP 400): batches are split.
// - Coordinates are 1-based and inclusive, on the assembly in `assembly_name` (GRCh38 here);
//   `strand` is 1 or -1; `canonical_transcript` carries its version (ENST00000646891.2).
// - `description` ends with "[Source:HGNC Symbol;Acc:HGNC:1097]" and is absent for some genes.
// @see https://rest.ensembl.org/documentation/info/symbol_post
import { chunk, uniqueIds } from './batch.js';
import type { UpstreamClient } from './http.js';
import { optStr, shapeOf, type Obj } from './shape.js';

const SOURCE = 'ensembl';
/** Documented maximum POST size for this endpoint. */
const SYMBOL_BATCH = 1000;
const { obj, str, num } = shapeOf(SOURCE, 'Ensembl REST changed its lookup answer (object keyed by symbol, gene objects with id and seq_region_name).');

export interface EnsemblGene {
  /** Ensembl's gene name (`display_name`), else the symbol asked for. */
  symbol: string;
  /** Stable gene id, e.g. ENSG00000157764. */
  id: string;
  biotype: string;
  description: string | null;
  /** `seq_region_name`: "7", "X", "MT". */
  chromosome: string;
  start: number;
  end: number;
  strand: number;
  assembly: string | null;
  canonicalTranscript: string | null;
}

export class Ensembl {
  constructor(private readonly http: UpstreamClient) {}

  /** Gene per requested symbol (as given, trimmed); symbols Ensembl does not know map to null. */
  async lookupSymbols(symbols: readonly string[], signal?: AbortSignal): Promise<Map<string, EnsemblGene | null>> {
    const names = uniqueIds(symbols);
    const parts = await Promise.all(
      chunk(names, SYMBOL_BATCH).map((batch) =>
        this.http.json(
          {
            source: SOURCE,
            path: '/lookup/symbol/homo_sapiens',
            method: 'POST',
            json: { symbols: batch },
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            cache: true, // a read: cache it like a GET
            ...(signal ? { signal } : {}),
          },
          (json) => parseEnsemblLookup(json, batch),
        ),
      ),
    );
    return new Map(parts.flatMap((m) => [...m]));
  }
}

// ---------------------------------------------------------------- pure parser

/**
 * Maps each requested key to its entry in a lookup answer (keyed by what was sent; a key that
 * differs only in case is accepted too). Missing keys are null. Works for POST /lookup/id too.
 */
export function parseEnsemblLookup(json: unknown, requested: readonly string[]): Map<string, EnsemblGene | null> {
  const answer = obj(json, 'lookup answer');
  const byUpper = new Map(Object.keys(answer).map((k) => [k.toUpperCase(), k]));
  return new Map(
    requested.map((name) => {
      const key = name in answer ? name : byUpper.get(name.toUpperCase());
      const entry = key === undefined ? null : answer[key];
      return [name, entry === null || entry === undefined ? null : parseGene(obj(entry, `answer["${name}"]`), name)];
    }),
  );
}

function parseGene(g: Obj, requested: string): EnsemblGene {
  return {
    symbol: optStr(g.display_name) ?? requested,
    id: str(g.id, 'gene.id'),
    biotype: str(g.biotype, 'gene.biotype'),
    description: optStr(g.description),
    chromosome: str(g.seq_region_name, 'gene.seq_region_name'),
    start: num(g.start, 'gene.start'),
    end: num(g.end, 'gene.end'),
    strand: num(g.strand, 'gene.strand'),
    assembly: optStr(g.assembly_name),
    canonicalTranscript: optStr(g.canonical_transcript),
  };
}
