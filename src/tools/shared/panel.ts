// The gene panel as the sources know it: HGNC resolution and the STRING network between its genes.
import type { Edge } from '../../analysis/hypotheses.js';
import { InvalidInputError } from '../../errors.js';
import { literatureNames } from '../../analysis/gene-synonyms.js';
import type { ResolvedSymbol } from '../../sources/hgnc.js';
import { resolveInTable, type HgncTable } from '../../sources/hgnc-table.js';
import { CAPS, type Gather } from './gather.js';
import { listAnd } from './summary.js';

export interface PanelGene {
  input: string;
  symbol: string | null;
  /** HGNC resolution (approved, previous, alias, ...) or 'unchecked' when HGNC could not be asked. */
  how: string;
  ensemblGeneId: string | null;
  /** First UniProt accession HGNC lists for the gene. */
  uniprotId: string | null;
  /**
   * Names searched in the literature: the symbol, then synonyms only this gene has (analysis/
   * gene-synonyms.ts); the symbol alone when the HGNC table could not check that.
   */
  names: string[];
}

export interface PanelResolution {
  results: PanelGene[];
  symbols: string[];
  unresolved: string[];
}

/**
 * HGNC resolution; an empty remainder is an input error listing the unresolved genes. The local
 * HGNC table (src/genes/) is loaded first, so the report says where it came from (hgnc_files:
 * downloaded now, or read from disk) apart from the REST requests made for what it lacks (hgnc).
 */
export async function resolvePanel(g: Gather, genes: readonly string[]): Promise<PanelResolution> {
  const table = await g.call.ctx.genes.load({ report: g.report, ...(g.call.signal ? { signal: g.call.signal } : {}) });
  g.report.warnings.push(...table.warnings);
  const resolution = await g.report.call('hgnc', () => g.call.ctx.sources.hgnc.resolveSymbols(genes, g.call.signal), {
    records: (r) => r.symbols.length,
    degrades: 'gene symbols were used as given, without alias or previous-symbol resolution',
  });
  if (!resolution) {
    const symbols = [...new Set(genes.map((x) => x.trim().toUpperCase()))];
    return { results: symbols.map((s) => ({ input: s, symbol: s, how: 'unchecked', ensemblGeneId: null, uniprotId: null, names: [s] })), symbols, unresolved: [] };
  }
  g.report.warnings.push(...resolution.notes);
  // "3-gene panel" for five genes typed must say why: HER2 and ERBB2 are one gene, counted once.
  for (const c of resolution.collisions) g.report.warnings.push(`${listAnd(c.inputs)} name one gene, ${c.symbol}: analysed once.`);
  if (resolution.symbols.length === 0) {
    throw new InvalidInputError('genes', `none of the genes could be resolved to an HGNC symbol: ${resolution.unresolved.join(', ')}`, 'Check the spelling, or use approved HGNC symbols (https://www.genenames.org).');
  }
  const results = resolution.results.map((r: ResolvedSymbol) => ({
    input: r.input,
    symbol: r.symbol,
    how: r.how,
    ensemblGeneId: r.ensemblGeneId,
    uniprotId: r.uniprotIds[0] ?? null,
    names: namesOf(r, table.table),
  }));
  return { results, symbols: resolution.symbols, unresolved: resolution.unresolved };
}

function namesOf(r: ResolvedSymbol, table: HgncTable | undefined): string[] {
  if (!r.symbol) return [];
  if (!table || !r.gene) return [r.symbol];
  return literatureNames(r.symbol, [...r.gene.prevSymbols, ...r.gene.aliasSymbols], (name) => resolveInTable(table, name)?.symbol ?? null);
}

/** Literature names of each resolved panel gene, by symbol. */
export function namesBySymbol(panel: PanelResolution): Map<string, readonly string[]> {
  return new Map(panel.results.filter((r) => r.symbol).map((r) => [r.symbol!, r.names]));
}


/** STRING edges among the panel; null when STRING failed (no edge is then unknown, not absent). */
export async function networkEdges(g: Gather, symbols: readonly string[]): Promise<Edge[] | null> {
  if (symbols.length < 2) {
    g.report.skip('string', 'fewer than two genes: no network');
    return [];
  }
  const rows = await g.report.call('string', () => g.call.ctx.sources.string.network(symbols.slice(0, CAPS.networkGenes), {}, g.call.signal), {
    degrades: 'interaction evidence is missing from hypotheses',
  });
  if (rows === undefined) return null;
  if (symbols.length > CAPS.networkGenes) g.report.note('string', `network asked for the first ${CAPS.networkGenes} of ${symbols.length} genes; a pair with a gene beyond them reads "interaction not checked"`);
  return (rows ?? []).map((r) => ({ a: r.partnerA, b: r.partnerB, score: r.score }));
}

/** STRING's best partners of each panel gene at high confidence (one request); null when STRING failed. */
export async function stringPartners(g: Gather, symbols: readonly string[], options: { perGene: number; minScore: number }): Promise<{ gene: string; partner: string; score: number }[] | null> {
  if (symbols.length === 0) {
    g.report.skip('string', 'no gene: no partners');
    return [];
  }
  const rows = await g.report.call(
    'string',
    () => g.call.ctx.sources.string.interactionPartners(symbols.slice(0, CAPS.networkGenes), { limit: options.perGene, requiredScore: Math.round(options.minScore * 1000) }, g.call.signal),
    { degrades: 'STRING partners of the panel are missing: drugs acting on them are not searched' },
  );
  if (rows === undefined) return null;
  // null: STRING knows none of the identifiers, so they have no partner.
  return (rows ?? []).map((r) => ({ gene: r.partnerA, partner: r.partnerB, score: r.score }));
}

/**
 * Genes beyond the panel (pathway members, STRING partners) as panel genes for the drug engine:
 * their Ensembl ids from one Open Targets mapIds request. Genes Open Targets does not map are
 * returned apart; when the request fails every gene is, with a warning.
 */
export async function extraGenes(g: Gather, symbols: readonly string[]): Promise<{ genes: PanelGene[]; unmapped: string[] }> {
  if (symbols.length === 0) return { genes: [], unmapped: [] };
  const hits = await g.report.call('opentargets', () => g.call.ctx.sources.opentargets.mapTargets(symbols, g.call.signal), {
    records: (m) => [...m.values()].filter(Boolean).length,
    degrades: 'genes beyond the panel could not be mapped to Open Targets targets: only drugs acting on panel genes are searched',
  });
  const genes: PanelGene[] = [];
  const unmapped: string[] = [];
  for (const s of symbols) {
    const hit = hits?.get(s);
    if (hit) genes.push({ input: s, symbol: hit.symbol.toUpperCase(), how: 'neighbourhood', ensemblGeneId: hit.ensemblId, uniprotId: null, names: [hit.symbol.toUpperCase()] });
    else unmapped.push(s);
  }
  return { genes, unmapped };
}
