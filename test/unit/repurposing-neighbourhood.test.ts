// The genes a repurposing search looks at beyond the panel (src/analysis/repurposing-neighbourhood.ts),
// and the whole members of a tested gene set (setMembers), on a real Reactome GMT and hand-made rows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enrich, type EnrichmentRow } from '../../src/analysis/enrichment.js';
import { prepareLibrary, setMembers } from '../../src/analysis/enrichment-library.js';
import { parseGmt } from '../../src/analysis/gmt.js';
import { NEIGHBOURHOOD_CAPS, neighbourhood, pathwaysToSearch, scoringEdges, scoringPathways } from '../../src/analysis/repurposing-neighbourhood.js';
import { describeShared, sharedPath } from '../support/shared.js';

const row = (id: string, q: number, K: number, overlap: string[], library = 'L'): EnrichmentRow => ({ id, name: `${id} pathway`, library, overlapGenes: overlap, k: overlap.length, K, n: 3, N: 1000, oddsRatio: 5, p: q / 10, q, significant: q <= 0.05 });

describe('pathways searched and neighbour genes', () => {
  it('takes the most significant sets, skips sets too broad to say anything specific, and non-significant ones', () => {
    const rows = [row('P3', 0.01, 40, ['A']), row('BROAD', 1e-9, 1500, ['A', 'B']), row('P1', 1e-6, 20, ['A', 'B']), row('NS', 0.2, 10, ['A']), row('P2', 1e-4, 30, ['B'])];
    expect(pathwaysToSearch(rows, { pathways: 2, maxSetSize: 500 }).map((r) => r.id)).toEqual(['P1', 'P2']);
    expect(pathwaysToSearch(rows).map((r) => r.id)).toEqual(['P1', 'P2', 'P3']);
  });

  it('ranks neighbours by links to the panel, keeps STRING partners at 0.7 or more, never a panel gene, and counts what the cap left out', () => {
    const pathways = [
      { row: row('P1', 1e-6, 5, ['A', 'B']), members: ['A', 'B', 'X', 'Y', 'Z'] },
      { row: row('P2', 1e-3, 4, ['B']), members: ['B', 'X', 'W', 'y'] },
    ];
    const partners = [
      { gene: 'A', partner: 'X', score: 0.95 },
      { gene: 'B', partner: 'X', score: 0.8 },
      { gene: 'A', partner: 'S', score: 0.99 },
      { gene: 'A', partner: 'LOW', score: 0.69 },
      { gene: 'A', partner: 'B', score: 0.99 },
    ];
    const n = neighbourhood(['A', 'B'], pathways, partners, { ...NEIGHBOURHOOD_CAPS, genes: 4 });
    // X: 2 pathways + 2 partners; Y: 2 pathways (case folded); S: 1 partner (0.99) before W and Z (1 pathway each).
    expect(n.genes.map((g) => g.gene)).toEqual(['X', 'Y', 'S', 'Z']);
    expect(n.genes[0]).toEqual({
      gene: 'X',
      pathways: [
        { id: 'P1', name: 'P1 pathway', library: 'L', q: 1e-6 },
        { id: 'P2', name: 'P2 pathway', library: 'L', q: 1e-3 },
      ],
      partnerOf: [
        { gene: 'A', score: 0.95 },
        { gene: 'B', score: 0.8 },
      ],
    });
    expect(n.leftOut).toBe(1); // W
    expect(n.genes.map((g) => g.gene)).not.toContain('LOW');
    expect(n.pathways).toEqual([
      { id: 'P1', name: 'P1 pathway', library: 'L', q: 1e-6, size: 5, added: 3 },
      { id: 'P2', name: 'P2 pathway', library: 'L', q: 1e-3, size: 4, added: 2 },
    ]);
    expect(n.stringChecked).toBe(true);
  });

  it('says when STRING could not be asked, instead of reading it as "no partner"', () => {
    const n = neighbourhood(['A'], [{ row: row('P1', 1e-6, 3, ['A']), members: ['A', 'X', 'Y'] }], null);
    expect(n).toMatchObject({ stringChecked: false, leftOut: 0 });
    expect(n.genes.map((g) => g.gene)).toEqual(['X', 'Y']);
    expect(neighbourhood(['A'], [], []).stringChecked).toBe(true);
  });

  it('says when no pathway could be searched (enrichment did not run), instead of "no significant pathway"', () => {
    const n = neighbourhood(['A'], null, [{ gene: 'A', partner: 'X', score: 0.9 }]);
    expect(n).toMatchObject({ pathwaysChecked: false, stringChecked: true, pathways: [] });
    expect(n.genes.map((g) => g.gene)).toEqual(['X']);
    expect(neighbourhood(['A'], [], []).pathwaysChecked).toBe(true);
  });

  it('measures neighbours on the panel scale: members added to the pathway rows, partner edges to the network', () => {
    const rows = [row('P1', 1e-6, 5, ['A', 'B']), row('P2', 1e-3, 4, ['B'])];
    const members: Record<string, string[]> = { P1: ['A', 'B', 'X', 'Y', 'Z'], P2: ['B', 'X', 'W', 'V'] };
    const scored = scoringPathways(rows, (r) => members[r.id] ?? null, ['X', 'Z']);
    expect(scored.map((r) => r.overlapGenes)).toEqual([['A', 'B', 'X', 'Z'], ['B', 'X']]);
    expect(rows[0]!.overlapGenes).toEqual(['A', 'B']); // the reported rows are not changed
    expect(scoringPathways(rows, () => null, ['X'])).toEqual(rows);
    const n = neighbourhood(['A', 'B'], [], [{ gene: 'A', partner: 'X', score: 0.9 }]);
    expect(scoringEdges([{ a: 'A', b: 'B', score: 0.99 }], n)).toEqual([
      { a: 'A', b: 'B', score: 0.99 },
      { a: 'A', b: 'X', score: 0.9 },
    ]);
  });
});

describeShared('setMembers on a real gene-set library', () => {
  it('returns every gene of a tested set, not only the panel overlap; null for an unknown id', () => {
    const gmt = readFileSync(sharedPath('genesets', 'msigdb_hallmark_v7.0_symbols.gmt'), 'utf8');
    const parsed = parseGmt(gmt);
    const lib = prepareLibrary(parsed, { name: 'MSigDB_Hallmark_2020' });
    const set = parsed.sets.find((s) => s.name === 'HALLMARK_DNA_REPAIR')!;
    const members = setMembers(lib, set.id)!;
    expect([...members].sort()).toEqual([...new Set(set.genes)].sort());
    const r = enrich(['BRCA1', 'ERCC1', 'POLD1', 'RFC4'], lib).rows.find((x) => x.id === set.id)!;
    expect(r.overlapGenes.length).toBeLessThan(members.length);
    expect(r.overlapGenes.every((g) => members.includes(g))).toBe(true);
    expect(setMembers(lib, 'NOT_A_SET')).toBeNull();
  });
});
