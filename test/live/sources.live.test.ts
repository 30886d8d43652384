// One real call per source through the production clients: a failure here means the upstream
// changed its format (or is down). Never part of `npm test`; run with `npm run test:live`.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createContext, type AppContext } from '../../src/context.js';
import { cellLineQuery } from '../../src/sources/cellosaurus.js';
import { chemblActivities, chemblMoleculesByName } from '../../src/sources/chembl-potency.js';
import { createMemoryStore } from '../../src/store/index.js';

let ctx: AppContext;
const live = describe.skipIf(process.env.BIOINTEL_LIVE !== '1');

live('live sources', () => {
  it('builds a context against the real APIs', async () => {
    ctx = await createContext(loadConfig({ flags: { cache: false, nli: 'off' } }), { store: createMemoryStore() });
  });
  it('eutils: esummary, efetch, esearch', async () => {
    const s = await ctx.sources.eutils.summaries(['22663011', '40482261']);
    expect(s.get('22663011')?.title).toMatch(/MEK inhibition/);
    const a = await ctx.sources.eutils.articles(['22663011']);
    expect(a.get('22663011')?.abstract).toContain('BACKGROUND:');
    expect((await ctx.sources.eutils.search('trametinib melanoma', { retmax: 3 })).ids.length).toBe(3);
  });
  it('hgnc resolves an approved symbol and an alias', async () => {
    const r = await ctx.sources.hgnc.resolveSymbols(['TP53', 'p53']);
    expect(r.symbols).toContain('TP53');
  });
  it('uniprot, alphafold', async () => {
    const e = await ctx.sources.uniprot.entryForGene('TP53');
    expect(e?.accession).toBe('P04637');
    expect((await ctx.sources.alphafold.prediction('P04637'))?.meanPlddt).toBeGreaterThan(0);
  });
  it('opentargets: target search and clinical candidates (26.06 schema)', async () => {
    const t = await ctx.sources.opentargets.findTarget('EGFR');
    expect(t?.ensemblId).toBe('ENSG00000146648');
    // The target brief's one query for clinical context and tractability.
    const b = await ctx.sources.opentargets.targetBrief('ENSG00000146648');
    expect(b?.clinical.candidates.length).toBeGreaterThan(0);
    expect(b?.tractability.some((t) => t.value)).toBe(true);
  });
  it('opentargets drug queries: Bs-filtered drug context with hallmarks, drug details, disease ontology', async () => {
    const ot = ctx.sources.opentargets;
    const m = await ot.drugContexts(['ENSG00000146648', 'ENSG00000171862'], ['MONDO_0005233']);
    expect(m.get('ENSG00000146648')?.associations?.[0]?.score).toBeGreaterThan(0);
    expect(m.get('ENSG00000171862')?.hallmarks?.attributes.some((a) => /role in cancer/i.test(a.name))).toBe(true); // PTEN
    const drugs = await ot.drugs(['CHEMBL553', 'CHEMBL122']);
    expect(drugs.get('CHEMBL553')?.indications.length).toBeGreaterThan(0);
    expect(drugs.get('CHEMBL122')?.warnings?.some((w) => /withdrawn/i.test(w.type))).toBe(true); // rofecoxib
    const [nsclc] = await ot.diseaseOntology(['MONDO_0005233']);
    expect(nsclc?.ancestors.length).toBeGreaterThan(0);
  });
  it('chembl batched lookups: targets by accession, mechanisms, drug indications', async () => {
    const chembl = ctx.sources.chembl;
    expect((await chembl.targetsByAccessions(['P00533'])).get('P00533')?.some((t) => t.targetChemblId === 'CHEMBL203')).toBe(true);
    expect((await chembl.mechanismsForMolecules(['CHEMBL553'])).get('CHEMBL553')?.some((x) => x.targetChemblId === 'CHEMBL203')).toBe(true);
    expect((await chembl.drugIndications(['CHEMBL553'])).get('CHEMBL553')?.some((x) => (x.maxPhase ?? 0) >= 4)).toBe(true);
  });
  it('chembl, dgidb, pubchem', async () => {
    expect((await ctx.sources.chembl.molecule('CHEMBL25'))?.prefName).toBe('ASPIRIN');
    expect((await ctx.sources.dgidb.interactions(['EGFR'])).get('EGFR')?.interactions.length).toBeGreaterThan(0);
    expect((await ctx.sources.pubchem.byCids([2244])).get(2244)?.molecularWeight).toBeCloseTo(180.16, 1);
  });
  it('clinicaltrials, string, reactome', async () => {
    expect((await ctx.sources.clinicaltrials.search({ condition: 'melanoma', pageSize: 2 })).trials.length).toBeGreaterThan(0);
    expect((await ctx.sources.string.interactionPartners(['TP53'], { limit: 3 }))?.length).toBeGreaterThan(0);
    expect((await ctx.sources.reactome.pathwaysForProtein('P04637'))?.length).toBeGreaterThan(0);
  });
  it('ensembl, gnomad', async () => {
    expect((await ctx.sources.ensembl.lookupSymbols(['BRAF'])).get('BRAF')?.id).toBe('ENSG00000157764');
    expect((await ctx.sources.gnomad.constraint(['TP53'])).get('TP53')?.loeuf).toBeGreaterThan(0);
  });
  it('gprofiler, civic, pharmgkb', async () => {
    expect((await ctx.sources.gprofiler.gost(['TP53', 'MDM2', 'CDKN1A', 'BAX'], {})).terms.length).toBeGreaterThan(0);
    expect((await ctx.sources.civic.geneEvidence('BRAF', { first: 5 })).evidence.length).toBeGreaterThan(0);
    expect((await ctx.sources.pharmgkb.clinicalAnnotations({ gene: 'CYP2D6' })).length).toBeGreaterThan(0);
  });
  it('openfda, icite, semanticscholar, biorxiv', async () => {
    expect((await ctx.sources.openfda.label('gefitinib'))?.genericNames.join(' ')).toMatch(/GEFITINIB/i);
    expect((await ctx.sources.icite.pubs(['22663011'])).get('22663011')?.citationCount).toBeGreaterThan(0);
    expect((await ctx.sources.semanticscholar.papers(['20516115'])).get('20516115')?.paperId).toMatch(/^[0-9a-f]{40}$/);
    expect((await ctx.sources.biorxiv.details('10.1101/2020.03.22.002386'))?.server).toBe('biorxiv');
  });
  it('cellosaurus: lung lines with an EGFR variation; chembl: synonym and potency (validation plans)', async () => {
    const lines = await ctx.sources.cellosaurus.search(cellLineQuery(['lung adenocarcinoma'], 'EGFR'), { rows: 20 });
    expect(lines.some((l) => l.variations.some((v) => v.gene === 'EGFR'))).toBe(true);
    expect((await chemblMoleculesByName(ctx.http, 'gefitinib')).map((m) => m.chemblId)).toContain('CHEMBL939');
    const acts = await chemblActivities(ctx.http, { targetChemblId: 'CHEMBL203', moleculeIds: ['CHEMBL939'], limit: 20 });
    expect(acts.some((a) => a.pchembl !== null)).toBe(true);
  });
});
