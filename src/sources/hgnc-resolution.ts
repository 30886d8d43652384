// What a gene-symbol resolution says, whichever way it was found (the local HGNC table or the REST
// API): the result types and the pure rules they share, so both paths answer identically.
//   approved symbol > previous symbol > alias; several approved genes for one term = ambiguous
//   (reported with the candidates, never guessed); withdrawn records only when nothing else matches.

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
  /** 'table': HGNC's complete set on disk (src/genes/), the REST API only for what it lacks; 'rest': every input asked of the REST API. */
  via: 'table' | 'rest';
  /** What could not be checked (e.g. the REST API down while looking for a withdrawn symbol). */
  notes: string[];
}

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

export function outcome(input: string, how: ResolutionHow): ResolvedSymbol {
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

export function fromMatches(input: string, form: string, approved: HgncGene[], how: 'approved' | 'previous' | 'alias'): ResolvedSymbol {
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

export function summarise(results: ResolvedSymbol[], duplicates: SymbolResolution['duplicates'], via: SymbolResolution['via'], notes: string[] = []): SymbolResolution {
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
    via,
    notes,
  };
}
