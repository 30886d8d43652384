// Batch lookups: a gene set costs one request per source (per documented batch size), not one per
// gene, and each gene still gets its own answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { GENES_PER_QUERY } from '../../src/sources/uniprot.js';
import { testContext } from '../support/context.js';
import { mountContextSources } from '../support/fake-context-sources.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { GENES } from '../support/fake-world.js';
import { describeShared } from '../support/shared.js';

let fake: FakeUpstream;
let ctx: AppContext;
beforeAll(async () => {
  fake = await startFakeUpstream();
  ctx = await testContext({}, fake.url);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  mountContextSources(fake, GENES, []);
});

const to = (prefix: string) => fake.requests.filter((r) => r.path.startsWith(prefix));

describeShared('batched gene lookups', () => {
  it('UniProt: one OR query per 50 genes, by HGNC accession or gene name; each gene gets its entry', async () => {
    const others = Array.from({ length: 58 }, (_, i) => ({ symbol: `GENE${i + 1}`, accession: null }));
    const genes = [{ symbol: 'EGFR', accession: 'P00533' }, { symbol: 'BRAF', accession: null }, ...others];
    const entries = await ctx.sources.uniprot.entriesForGenes(genes);
    expect(to('/uniprot/')).toHaveLength(Math.ceil(genes.length / GENES_PER_QUERY));
    expect(entries.get('EGFR')?.accession).toBe('P00533');
    expect(entries.get('BRAF')?.accession).toBe('P15056');
    expect(entries.get('GENE1')).toBeNull();
    expect(entries.size).toBe(60);
    // Same answers as one request per gene.
    for (const symbol of ['EGFR', 'BRAF', 'GENE1']) expect((await ctx.sources.uniprot.entryForGene(symbol))?.accession ?? null).toBe(entries.get(symbol)?.accession ?? null);
  });

  it('MyGene.info: one POST for the set; unknown symbols are null', async () => {
    const hits = await ctx.sources.mygene.bySymbols(['EGFR', 'BRAF', 'NOTAGENE1', 'EGFR']);
    expect(to('/mygene/')).toHaveLength(1);
    const sent = new URLSearchParams(to('/mygene/')[0]!.body);
    expect(sent.get('q')).toBe('EGFR,BRAF,NOTAGENE1');
    expect(sent.get('scopes')).toBe('symbol');
    expect(hits.get('EGFR')).toMatchObject({ entrezId: '1956', symbol: 'EGFR' });
    expect(hits.get('BRAF')).toMatchObject({ entrezId: '673' });
    expect(hits.get('NOTAGENE1')).toBeNull();
    expect((await ctx.sources.mygene.bySymbol('BRAF'))?.entrezId).toBe(hits.get('BRAF')?.entrezId);
  });
});
