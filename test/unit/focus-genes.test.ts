import { describe, expect, it } from 'vitest';
import type { EnrichmentRow } from '../../src/analysis/enrichment.js';
import { focusGenes } from '../../src/analysis/focus-genes.js';

const row = (id: string, genes: string[], q: number, significant = q <= 0.05): EnrichmentRow => ({
  id,
  name: id,
  library: 'L',
  overlapGenes: genes,
  k: genes.length,
  K: 50,
  n: 10,
  N: 1000,
  oddsRatio: 2,
  p: q / 10,
  q,
  significant,
});

describe('focusGenes', () => {
  it('ranks genes by their weight in significant pathways, -log10(q) summed', () => {
    const rows = [row('A', ['TP53', 'MDM2'], 1e-10), row('B', ['MDM2', 'CDKN1A'], 1e-3), row('C', ['EGFR'], 0.5)];
    const f = focusGenes(['EGFR', 'CDKN1A', 'TP53', 'MDM2'], rows);
    expect(f.map((x) => x.symbol)).toEqual(['MDM2', 'TP53', 'CDKN1A', 'EGFR']);
    expect(f[0]).toMatchObject({ pathways: 2, weight: 13, why: 'in 2 significantly enriched pathways' });
    // Not significant: EGFR carries no weight, whatever its overlap.
    expect(f[3]).toMatchObject({ pathways: 0, weight: 0, why: 'panel order (in no significantly enriched pathway)' });
  });

  it('says enrichment did not run instead of "in no significantly enriched pathway"', () => {
    expect(focusGenes(['A'], [], 1, false)[0]!.why).toBe('panel order (pathway enrichment did not run)');
  });

  it('keeps panel order on ties and caps the count', () => {
    expect(focusGenes(['C', 'A', 'B'], [], 2).map((x) => x.symbol)).toEqual(['C', 'A']);
    expect(focusGenes(['A'], [], 0)).toEqual([]);
  });

  it('survives q = 0 (a p below the double range) without an infinite weight', () => {
    const f = focusGenes(['X'], [row('Z', ['X'], 0)]);
    expect(Number.isFinite(f[0]!.weight)).toBe(true);
    expect(f[0]!.weight).toBeGreaterThan(300);
  });
});
