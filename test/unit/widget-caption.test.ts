// The widget's pathway caption counts every gene set at q <= 0.05, not the 10 the compact answer
// keeps (it once read "Top 8 of 10" next to a text saying 56).
import { describe, expect, it } from 'vitest';
import { pathwayCaption, significantPathways } from '../../src/widget/render.js';

const pathways = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Set ${i}`, q: 0.001 * (i + 1) }));

describe('widget: pathway caption', () => {
  it('counts the significant sets of every library, beyond the answer\'s top 10 and the snapshot\'s 25', () => {
    const result = {
      enrichedPathways: pathways(10),
      omitted: { enrichedPathways: { shown: 10, total: 25 } },
      enrichment: [
        { library: 'Reactome_2022', n: 3, significant: 30 },
        { library: 'GO_Biological_Process_2023', n: 3, significant: 26 },
        { library: 'MSigDB_Hallmark_2020', n: 2, significant: 0 },
      ],
    };
    expect(significantPathways(result)).toBe(56);
    expect(pathwayCaption(result, 8)).toBe('Top 8 of 56 enriched gene sets (q \u2264 0.05), by -log10 q.');
  });

  it('without per-library counts, the largest count the answer has (never fewer than drawn)', () => {
    expect(significantPathways({ enrichedPathways: pathways(10), omitted: { enrichedPathways: { shown: 10, total: 25 } }, enrichment: [{ library: 'Reactome_2022', n: 3 }] })).toBe(25);
    expect(significantPathways({ enrichedPathways: pathways(4) })).toBe(4);
  });
});
