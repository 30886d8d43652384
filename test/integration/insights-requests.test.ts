// How many upstream requests, and how many dependent rounds of them, an analysis costs: a 4-, 50-
// and 500-gene panel against the fake world (counts, not times: answers are held and released one
// round at a time, see test/support/rounds.ts). The benchmark (bench/speed) times the same runs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analysePanel } from '../../src/tools/shared/panel-analysis/analyse.js';
import { createMemoryStore } from '../../src/store/index.js';
import { silentProgress } from '../../src/tools/define.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld, worldPanel } from '../support/fake-world.js';
import { wordLikeSymbol } from '../../src/analysis/gene-synonyms.js';
import { countRounds } from '../support/rounds.js';
import { rateWindow } from '../../src/sources/pacing.js';
import { resolveSource, type SourceId } from '../../src/sources/registry.js';
import { describeShared } from '../support/shared.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

async function measure(size: number) {
  fake.reset();
  const panel = worldPanel(size);
  mountFakeWorld(fake, { articles: [{ pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer.' }], literature: [{ terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 }], extraGenes: panel.extraGenes });
  const ctx = await testContext({ cache: true, dataDir: tempDir() }, fake.url, { store: createMemoryStore(), limits: { perSecond: 10_000, concurrency: 10_000 } });
  const counter = countRounds(fake, ctx.http);
  try {
    const r = await analysePanel({ genes: panel.genes, diseaseContext: 'breast cancer', audience: 'researcher', includeDrugs: true }, { ctx, tier: 'researcher', progress: silentProgress });
    const bySource: Record<string, number> = {};
    for (const q of fake.requests) bySource[q.path.split('/')[1]!] = (bySource[q.path.split('/')[1]!] ?? 0) + 1;
    const roundCounts = counter.rounds.map((round) => {
      const n: Record<string, number> = {};
      for (const q of round) n[q.path.split('/')[1]!] = (n[q.path.split('/')[1]!] ?? 0) + 1;
      return n;
    });
    return { r, requests: fake.requests.length, bySource, roundCounts, config: ctx.config, rounds: counter.rounds.map((round) => [...new Set(round.map((q) => q.path.split('/')[1]))].sort().join(' ')) };
  } finally {
    counter.stop();
    await ctx.close();
  }
}

/** Sources asked once for the whole panel, whatever its size (batch lookups, local HGNC table). */
const ONCE = { hgnc_files: 1, string: 1, uniprot: 1, mygene: 1, ensembl: 1, gnomad: 1, gprofiler: 1 };

describeShared('requests and rounds of an analysis', () => {
  // Upper bounds on the total: today's counts. The drug rework added what tiers need (Open Targets
  // drug details and disease ontology, ChEMBL mechanisms and indications: 76 for 4 genes, was 70)
  // and batched Open Targets per 25 genes (24 requests for 500 genes, was 51).
  it.each([
    [4, 76],
    [50, 82],
    [500, 110],
  ])('%i genes: four dependent rounds, one request per panel for batch sources, at most %i requests', async (size, budget) => {
    const m = await measure(size);
    expect(m.r.genes).toHaveLength(size);
    // Which round a piece of work lands in depends on how long the enrichment takes against the
    // answers (profiles go with the drug evidence or with the drug details), but not the count: the
    // chain is HGNC table | disease -> candidates -> drug details -> checks of the final answer.
    expect(m.rounds).toHaveLength(4);
    expect(m.rounds[0]).toBe('enrichr hgnc_files opentargets');
    expect(m.rounds[3]).toMatch(/^(biorxiv )?clinicaltrials eutils icite openfda semanticscholar$/);
    expect(m.bySource).toMatchObject(ONCE);
    expect(m.bySource.hgnc ?? 0).toBe(0); // no request per gene: the complete set answers
    expect(m.bySource.dgidb).toBe(Math.ceil(size / 50));
    expect(m.requests).toBeLessThanOrEqual(budget);

    // Waves: a source asked more often in one round than its rate window (or its requests in
    // flight) lets out at once splits that round into waves. The last round, the checks of the final
    // answer, leaves as one wave (ClinicalTrials.gov's 3 trial questions and openFDA's labels were
    // 3 and 2 waves at 1/s and 4/s); PubMed's questions before it fit in two windows without a key
    // (10 gene-literature questions at 3/s were four, and held the last round back).
    const waves = (source: string, n: number) => {
      const info = resolveSource(source as SourceId, m.config);
      return Math.ceil(n / Math.min(rateWindow(info).intervalCap, info.concurrency));
    };
    for (const [source, n] of Object.entries(m.roundCounts[3]!)) expect(waves(source, n), `${source} x${n} in the last round`).toBe(1);
    // What still splits a round, each at a limit the provider states: PubMed's 3/s without a key
    // (4-6 gene-literature questions), ClinPGx's 2/s (4 focus genes; not waited for by the citation
    // check, see below), Europe PMC's 10/s (pair and drug questions), and for 500 genes the Open
    // Targets and DGIdb batches. CIViC is not among them: its server allows 900 requests per 5
    // minutes, so the 4 focus genes leave together (at the old 2/s they were two waves).
    const split = new Set(m.roundCounts.flatMap((r) => Object.entries(r).filter(([source, n]) => waves(source, n) > 1).map(([source]) => source)));
    expect([...split].sort()).toEqual(size === 500 ? ['dgidb', 'europepmc', 'eutils', 'opentargets', 'pharmgkb'] : ['europepmc', 'eutils', 'pharmgkb']);
    const pubmedBefore = m.roundCounts.slice(0, 3).reduce((s, r) => s + (r.eutils ?? 0), 0);
    expect(waves('eutils', pubmedBefore)).toBeLessThanOrEqual(2);
    // The cap is said, not silent.
    const eutils = m.r.sources.find((s) => s.id === 'eutils');
    // Symbols that are English words (GEM, TANK...) are not searched, and that is said too.
    const words = m.r.genes.filter((g) => wordLikeSymbol(g) !== null);
    if (size > 6) expect(eutils?.note).toMatch(new RegExp(`gene literature counted for the first 6 of ${size - words.length} genes .*NCBI API key`));
    else expect(eutils?.note ?? '').not.toMatch(/gene literature/);
    if (words.length > 1) expect(eutils?.note).toContain(`gene literature of ${words.join(', ')} not counted: each is also an English word ("${words[0]!.toLowerCase()}"`);
    // Pairs beyond the eight searched read "not searched", never "search failed" (all answered here).
    expect(m.r.hypotheses.filter((h) => h.rationale.includes('search failed'))).toEqual([]);
    expect(m.r.hypotheses.filter((h) => h.rationale.includes('literature not searched (only the first 8 pairs are searched)')).length).toBe(Math.max(0, m.r.hypotheses.filter((h) => !h.genes.some((g) => wordLikeSymbol(g))).length - 8));
    // STRING's network is asked about the first 200 genes: said, and pairs beyond read "not checked".
    const stringNote = m.r.sources.find((s) => s.id === 'string')?.note ?? '';
    if (size > 200) expect(stringNote).toContain(`network asked for the first 200 of ${size} genes`);
    else expect(stringNote).not.toContain('network asked');
    // CIViC and ClinPGx are asked for the first 4 focus genes: the rest read null, and that is said
    // (a null alone would read as a failure).
    const focus = m.r.focusGenes.length;
    for (const id of ['civic', 'pharmgkb']) {
      const note = m.r.sources.find((s) => s.id === id)?.note ?? '';
      if (focus > 4) expect(note, id).toContain(`asked for the first 4 of ${focus} focus genes; the others were not asked and read null`);
      else expect(note, id).not.toMatch(/focus genes/);
    }
    expect(m.r.focusGenes.slice(4).every((f) => f.clinicalEvidence === null && f.pharmacogenomics === null)).toBe(true);
  }, 120_000);

  it('holds the citation check only for what carries PMIDs: not for ClinPGx or the protein, structure, gene and constraint profiles', async () => {
    fake.reset();
    const panel = worldPanel(4);
    mountFakeWorld(fake, { articles: [{ pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer.' }], literature: [{ terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 }], extraGenes: panel.extraGenes });
    // Their answers are held until PubMed is asked for summaries (the citation check's first
    // request); if the analysis waited for any of them first, the safety release would come instead.
    // AlphaFold at 5/s takes two windows for 8 focus genes, four when two panels are compared.
    const apart = ['pharmgkb', 'uniprot', 'alphafold', 'mygene', 'ensembl', 'gnomad'];
    const held: { source: string; release: () => void }[] = [];
    let heldAtCheck: string[] | undefined;
    const release = () => held.splice(0).forEach((h) => h.release());
    const safety = setTimeout(release, 15_000);
    fake.holdAll(async (req) => {
      const source = req.path.split('/')[1]!;
      if (apart.includes(source)) return new Promise<void>((r) => held.push({ source, release: r }));
      if (req.path.includes('esummary') && heldAtCheck === undefined) {
        heldAtCheck = [...new Set(held.map((h) => h.source))].sort();
        release();
      }
    });
    // For BRAF ClinPGx answers 200 with garbage: that gene reads "not checked" (null), never "none".
    fake.route('GET', '/pharmgkb/v1/data/clinicalAnnotation', (req) => (req.query.get('location.genes.symbol') === 'BRAF' ? { body: { status: 'success' } } : undefined));
    const ctx = await testContext({ cache: true, dataDir: tempDir() }, fake.url, { store: createMemoryStore(), limits: { perSecond: 10_000, concurrency: 10_000 } });
    try {
      const r = await analysePanel({ genes: panel.genes, diseaseContext: 'breast cancer', audience: 'researcher', includeDrugs: true }, { ctx, tier: 'researcher', progress: silentProgress });
      expect(heldAtCheck).toEqual([...apart].sort());
      // The profiles still reach the answer once released.
      const egfr = r.focusGenes.find((f) => f.symbol === 'EGFR')!;
      expect(egfr.protein?.accession).toBe('P00533');
      expect(egfr.structure?.entryId).toMatch(/P00533/);
      // The annotations still reach the answer: the world's ClinPGx has none for the other genes.
      const pgx = Object.fromEntries(r.focusGenes.slice(0, 4).map((f) => [f.symbol, f.pharmacogenomics]));
      expect(pgx).toEqual({ EGFR: { annotations: 0, top: [] }, ERBB2: { annotations: 0, top: [] }, BRCA1: { annotations: 0, top: [] }, BRAF: null });
      expect(r.sources.find((x) => x.id === 'pharmgkb')?.status).toBe('partial');
      expect(r.warnings.join('\n')).toMatch(/pharmgkb failed \(ClinPGx pharmacogenomic annotations for BRAF are missing\)/);
    } finally {
      clearTimeout(safety);
      fake.holdAll(undefined);
      release();
      await ctx.close();
    }
  }, 60_000);
});
