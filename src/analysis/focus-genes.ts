// Focus genes: the few panel genes an analysis profiles in depth (protein, structure, constraint,
// clinical evidence, pharmacogenomics). A 500-gene panel cannot be profiled gene by gene within a
// request, so the genes that carry the enrichment signal come first: those in the most significant
// pathways, weighted by how significant. Ties keep panel order, so the choice is deterministic.
import type { EnrichmentRow } from './enrichment.js';

export interface FocusGene {
  symbol: string;
  /** Significant pathways (q <= 0.05) the gene is in. */
  pathways: number;
  /** Sum of -log10(q) over those pathways: membership in strong signals counts more. */
  weight: number;
  why: string;
}

export const MAX_FOCUS_GENES = 8;

/**
 * `enrichmentRan` false: no pathway was tested (no library, or none had a panel gene), so "in no
 * significantly enriched pathway" would be a finding the analysis never made.
 */
export function focusGenes(symbols: readonly string[], significant: readonly EnrichmentRow[], max = MAX_FOCUS_GENES, enrichmentRan = true): FocusGene[] {
  const tally = new Map<string, { pathways: number; weight: number }>();
  for (const row of significant) {
    if (!row.significant) continue;
    const w = -Math.log10(Math.max(row.q, Number.MIN_VALUE));
    for (const g of row.overlapGenes) {
      const t = tally.get(g) ?? { pathways: 0, weight: 0 };
      t.pathways++;
      t.weight += w;
      tally.set(g, t);
    }
  }
  const ranked = symbols.map((symbol, order) => ({ symbol, order, ...(tally.get(symbol) ?? { pathways: 0, weight: 0 }) }));
  ranked.sort((a, b) => b.weight - a.weight || a.order - b.order);
  return ranked.slice(0, Math.max(0, max)).map(({ symbol, pathways, weight }) => ({
    symbol,
    pathways,
    weight: Math.round(weight * 100) / 100,
    why: pathways > 0 ? `in ${pathways} significantly enriched pathway${pathways > 1 ? 's' : ''}` : enrichmentRan ? 'panel order (in no significantly enriched pathway)' : 'panel order (pathway enrichment did not run)',
  }));
}
