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
 * Whether the enrichment can say a gene is in no enriched pathway: `true` it ran; `false` it did
 * not run (no library); 'untested' no library tested a set (no panel gene in any, or no set of the
 * sizes tested); 'low-power' too few panel genes for a set to reach q <= 0.05 (enrichment-notes.ts).
 * Only with `true` is "in no significantly enriched pathway" a finding the analysis made.
 */
export type EnrichmentRan = boolean | 'untested' | 'low-power';

const NO_PATHWAY_WHY: Record<'true' | 'false' | 'untested' | 'low-power', string> = {
  true: 'panel order (in no significantly enriched pathway)',
  false: 'panel order (pathway enrichment did not run)',
  untested: 'panel order (pathway enrichment tested no gene set)',
  'low-power': 'panel order (too few panel genes for pathway enrichment to judge)',
};

export function focusGenes(symbols: readonly string[], significant: readonly EnrichmentRow[], max = MAX_FOCUS_GENES, enrichmentRan: EnrichmentRan = true): FocusGene[] {
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
    why: pathways > 0 ? `in ${pathways} significantly enriched pathway${pathways > 1 ? 's' : ''}` : NO_PATHWAY_WHY[String(enrichmentRan) as keyof typeof NO_PATHWAY_WHY],
  }));
}
