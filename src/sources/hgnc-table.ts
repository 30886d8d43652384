// HGNC's complete set (every approved gene symbol report, one TSV row each), parsed and indexed so
// a gene panel resolves locally: no request per gene. The download itself is src/genes/.
//
// The file, as HGNC documents it (genenames.org "Statistics & download files"; archived monthly and
// quarterly in its Google Cloud Storage bucket, `tsv/tsv/hgnc_complete_set.txt`):
// - one header row of column names (hgnc_id, symbol, name, locus_group, locus_type, status,
//   location, location_sortable, alias_symbol, alias_name, prev_symbol, prev_name, gene_group, ...,
//   entrez_id, ensembl_gene_id, ..., refseq_accession, ..., uniprot_ids, ...); columns are read by
//   name, because HGNC has renamed and appended columns over the years (gene_family -> gene_group,
//   agr, mane_select);
// - multi-valued fields hold values separated by `|`, the whole field in double quotes when there
//   are several ("FLJ11506|p34"); a single value stands bare; empty fields are empty; trailing empty
//   fields may be left off a row;
// - `status` is "Approved" in this file (withdrawn records live in a separate file and are asked of
//   the REST API when a symbol is not in the table: hgnc.ts).
import { UpstreamError } from '../errors.js';
import { fromMatches, normaliseSymbol, outcome, type HgncGene, type ResolvedSymbol } from './hgnc-resolution.js';

/** Approved genes indexed by symbol, previous symbol and alias (exact spelling, as the REST fetch). */
export interface HgncTable {
  readonly genes: readonly HgncGene[];
  readonly bySymbol: ReadonlyMap<string, number>;
  readonly byPrevious: ReadonlyMap<string, readonly number[]>;
  readonly byAlias: ReadonlyMap<string, readonly number[]>;
}

const REQUIRED = ['hgnc_id', 'symbol', 'status', 'alias_symbol', 'prev_symbol'] as const;
const OPTIONAL = ['name', 'locus_group', 'locus_type', 'location', 'entrez_id', 'ensembl_gene_id', 'uniprot_ids', 'refseq_accession'] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

function drift(message: string): UpstreamError {
  return new UpstreamError({
    source: 'hgnc_files',
    failure: 'schema',
    message: `HGNC complete set: ${message}`,
    hint: 'HGNC changed the layout of hgnc_complete_set.txt, or the download was cut short; `biointel genes refresh` downloads it again.',
  });
}

/**
 * Parses and indexes the TSV; throws a schema error when it is not the complete set, or is cut short.
 * A cut is told by the end of the file: HGNC's file ends with a line break (a 2025 copy of it does),
 * so a body that does not end with one lost the rest of its last row, whose fields would otherwise
 * be read as whole (a UniProt id "P005" for P00533). A cut at a line break reads as a whole file;
 * src/genes/ refuses a download much smaller than the copy it would replace.
 */
export function parseHgncCompleteSet(text: string): HgncTable {
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').split('\t').map((h) => h.trim());
  const at = {} as Record<Column, number>;
  for (const name of [...REQUIRED, ...OPTIONAL]) {
    const i = header.indexOf(name);
    if (i < 0 && (REQUIRED as readonly string[]).includes(name)) throw drift(`column "${name}" is missing from the header`);
    at[name] = i;
  }
  // Text after the last line break is a row cut short (an empty string when the file is whole).
  const tail = lines.pop() ?? '';
  if (tail !== '') throw drift(`the last line (${lines.length + 1}) is cut short: the file does not end with a line break`);
  const genes: HgncGene[] = [];
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n] as string;
    if (line === '') continue;
    const f = line.split('\t');
    // Trailing empty fields may be left off a row, but a row longer than the header has its columns
    // shifted: every value read by name would be another column's.
    if (f.length > header.length) throw drift(`line ${n + 1} has ${f.length} fields where the header names ${header.length}`);
    const get = (c: Column) => (at[c] >= 0 ? unquote(f[at[c]] ?? '') : '');
    const hgncId = get('hgnc_id');
    const symbol = get('symbol');
    if (!/^HGNC:\d+$/.test(hgncId) || !symbol) throw drift(`line ${n + 1} has no HGNC id and symbol`);
    genes.push({
      hgncId,
      symbol,
      name: get('name') || null,
      status: get('status'),
      locusGroup: get('locus_group') || null,
      locusType: get('locus_type') || null,
      location: get('location') || null,
      prevSymbols: list(get('prev_symbol')),
      aliasSymbols: list(get('alias_symbol')),
      entrezId: get('entrez_id') || null,
      ensemblGeneId: get('ensembl_gene_id') || null,
      uniprotIds: list(get('uniprot_ids')),
      refseqAccessions: list(get('refseq_accession')),
    });
  }
  if (genes.length === 0) throw drift('no gene rows');
  return indexGenes(genes);
}

/** The lookup maps over approved genes (other statuses are kept out: the REST API answers those). */
export function indexGenes(genes: readonly HgncGene[]): HgncTable {
  const bySymbol = new Map<string, number>();
  const byPrevious = new Map<string, number[]>();
  const byAlias = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, i: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [i]);
    else if (!list.includes(i)) list.push(i);
  };
  genes.forEach((g, i) => {
    if (g.status !== 'Approved') return;
    bySymbol.set(g.symbol, i);
    for (const p of g.prevSymbols) add(byPrevious, p, i);
    for (const a of g.aliasSymbols) add(byAlias, a, i);
  });
  return { genes, bySymbol, byPrevious, byAlias };
}

/**
 * The REST cascade, answered by the table: approved symbol, previous symbol, alias, each tried as
 * HGNC spells it and as typed. Undefined when the table does not know the input at all, which is
 * when the REST API is asked (it also knows withdrawn records).
 */
export function resolveInTable(table: HgncTable, input: string): ResolvedSymbol | undefined {
  const typed = input.trim();
  if (!typed) return outcome(input, 'not_found');
  const forms = [...new Set([normaliseSymbol(typed), typed])];
  for (const form of forms) {
    const i = table.bySymbol.get(form);
    if (i !== undefined) return fromMatches(typed, form, [table.genes[i] as HgncGene], 'approved');
  }
  for (const [map, how] of [
    [table.byPrevious, 'previous'],
    [table.byAlias, 'alias'],
  ] as const) {
    for (const form of forms) {
      const hits = map.get(form);
      if (hits?.length) return fromMatches(typed, form, hits.map((i) => table.genes[i] as HgncGene), how);
    }
  }
  return undefined;
}

function unquote(field: string): string {
  const t = field.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}

function list(field: string): string[] {
  return field ? field.split('|').map((x) => x.trim()).filter(Boolean) : [];
}
