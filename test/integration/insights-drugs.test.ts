// The drug half of svc_generate_insights on the fake world: batched Open Targets and ChEMBL
// requests (one wave per dependent round, counted here), tiers on per-disease indications, the
// measured association, strategies from the genes' roles, and the sources factors name.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { GENES, mountFakeWorld, type FakeWorld } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

const ARTICLES = [{ pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression.' }];
const LITERATURE = [
  { terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 },
  { terms: ['lapatinib', 'breast cancer'], pmids: [], hitCount: 2400 },
];

let fake: FakeUpstream;
let world: FakeWorld;
let ctx: AppContext;
let client: Client;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describeShared('svc_generate_insights: drugs', () => {
  beforeEach(async () => {
    fake.reset();
    world = mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE });
    ctx = await testContext({ dataDir: tempDir() }, fake.url);
    client = await connectInMemory(ctx);
  });
  // The full result, as the snapshot keeps it (the MCP answer is its compact view).
  const analyze = async () => {
    const { snapshotId } = await callOk<{ snapshotId: string }>(client, 'svc_generate_insights', { genes: GENES.map((g) => g.symbol), diseaseContext: 'breast cancer' });
    return (await ctx.snapshots.get(snapshotId))!.result as unknown as InsightsOutput;
  };
  const otQueries = () => world.requests('opentargets').map((r) => (JSON.parse(r.body) as { query: string; variables: Record<string, unknown> }));
  const named = (name: string) => otQueries().filter((q) => q.query.includes(`query ${name}(`));

  it('asks Open Targets and ChEMBL once per dependent round for the whole panel', async () => {
    const r = await analyze();
    const drafts = r.drugCandidates.length;
    expect(drafts).toBeGreaterThan(0);
    // Round 1: the disease. Round 2: the drug context of all 4 targets in one request, associations
    // filtered to the matched diseases; the ontology of those diseases. Round 3: drug details.
    expect(named('SearchDisease')).toHaveLength(1);
    const context = named('TargetsDrugContext');
    expect(context).toHaveLength(1);
    expect(context[0]!.variables).toMatchObject({ ensemblIds: GENES.map((g) => g.ensembl), diseaseIds: ['MONDO_0007254', 'MONDO_0004989'] });
    expect(named('DiseaseOntology')).toHaveLength(1);
    const details = named('DrugsDetails');
    expect(details).toHaveLength(2); // 40 drafts with a ChEMBL id, 25 per request
    expect(details.map((q) => (q.variables.chemblIds as string[]).length)).toEqual([25, 15]);
    // Nothing per gene or per drug.
    expect(named('TargetClinicalContext')).toHaveLength(0);
    expect(otQueries()).toHaveLength(5);
    const chembl = world.requests('chembl').map((q) => q.path).sort();
    expect(chembl).toEqual(['/chembl/drug_indication.json', '/chembl/mechanism.json', '/chembl/molecule.json', '/chembl/target.json']);
    const targets = world.requests('chembl').find((q) => q.path === '/chembl/target.json')!;
    expect(targets.query.get('target_components__accession__in')).toBe(GENES.map((g) => g.uniprot).join(','));
    expect(world.requests('dgidb')).toHaveLength(1);
  });

  // The few literature searches went to the drafts with the highest scores whatever their tier:
  // tier III compounds (AC-480, AEE-788...) got them, the tier II drugs listed at the top did not.
  // And within a tier, a drug never searched (its other factors renormalised) rose above drugs
  // whose literature was counted low.
  it('spends the drug literature searches on the candidates listed first (tier, then score)', async () => {
    const r = await analyze();
    const searched = (c: (typeof r.drugCandidates)[number]) => c.factors.literatureSupport.value !== null;
    const drugQueries = world.requests('europepmc').map((q) => q.query.get('query') ?? '').filter((q) => !/TITLE:"(EGFR|ERBB2|BRAF|BRCA1)"/.test(q));
    expect(drugQueries).toHaveLength(6);
    // The first six listed are the six searched; nothing below them was.
    expect(r.drugCandidates.slice(0, 6).every(searched)).toBe(true);
    expect(r.drugCandidates.slice(6).some(searched)).toBe(false);
    expect(r.drugCandidates.slice(0, 6).every((c) => c.tier !== 'III')).toBe(true);
    // Those below were not searched, which is not a failed search.
    expect(r.drugCandidates[6]!.factors.literatureSupport.detail).toBe('not searched: the literature is counted for the first few candidates only');
  });

  it('a drug whose literature search failed says so, apart from the drugs never searched', async () => {
    fake.route('GET', '/europepmc/search', (req) => (/TITLE:"(EGFR|ERBB2|BRAF|BRCA1)"/.test(req.query.get('query') ?? '') ? undefined : { status: 503, body: 'down' }));
    const r = await analyze();
    const details = r.drugCandidates.map((c) => c.factors.literatureSupport.detail);
    expect(details.slice(0, 6)).toEqual(Array(6).fill('not known: the literature search for this drug failed (Europe PMC)'));
    expect(details.slice(6).every((d) => d.startsWith('not searched:'))).toBe(true);
  });

  it('tiers on per-disease indications, measures absent associations as 0, and says where each factor came from', async () => {
    const r = await analyze();
    const lapatinib = r.drugCandidates.find((d) => d.name === 'LAPATINIB')!;
    expect(lapatinib).toMatchObject({ tier: 'I', indicatedForDisease: true, status: 'approved' });
    expect(lapatinib.tierReason).toMatch(/^Approved for breast cancer \(Open Targets indications\)/);
    expect(lapatinib.factors.literatureSupport.detail).toMatch(/^2400 articles mention LAPATINIB with breast cancer \(Europe PMC: /);
    expect(lapatinib.sources).toContain('europepmc');
    expect(lapatinib.sources).not.toContain('eutils');
    // Only drugs with an approved breast-cancer indication are tier I.
    for (const d of r.drugCandidates.filter((x) => x.tier === 'I')) expect(d.matchingIndications.some((m) => m.approved && m.source !== 'Open Targets target row')).toBe(true);
    // BRAF's answer lists no breast-cancer association: a measured 0, never unknown.
    const braf = r.drugCandidates.find((d) => d.targetGenes.length === 1 && d.targetGenes[0] === 'BRAF');
    expect(braf?.factors.targetDiseaseAssociation).toMatchObject({ value: 0 });
    expect(r.drugCandidates.every((d) => d.factors.targetDiseaseAssociation.value !== null)).toBe(true);
    // Drug-likeness is QED or unknown, never 1 - violations/4.
    for (const d of r.drugCandidates) expect(d.factors.drugLikeness.value).toBe(d.admet.qed?.value ?? null);
  });

  it('proposes directions from the roles the data give (oncogenes inhibited), never from a withdrawn drug', async () => {
    const r = await analyze();
    const drugStrategies = r.therapeuticStrategies.filter((s) => s.approach !== 'pathway-modulation');
    expect(drugStrategies.length).toBeGreaterThan(0);
    for (const s of drugStrategies) {
      expect(s.directionBasis).toMatch(/COSMIC via Open Targets hallmarks/);
      if (s.direction === 'inhibit') expect(s.strategy).toMatch(/^(Inhibit|Degrade) /);
    }
    const withdrawn = new Set(r.drugCandidates.filter((d) => d.withdrawn).map((d) => d.name));
    for (const s of r.therapeuticStrategies) for (const d of s.drugs) expect(withdrawn.has(d.name)).toBe(false);
  });

  // The ontology's ancestors reach the tiers: an approval for "neoplasm" (as pembrolizumab's recorded
  // tissue-agnostic one) is no plain "another indication" for breast cancer, whose ancestors include it.
  it('reads an approval for a disease above the context as one that may already cover it', async () => {
    fake.route('POST', '/opentargets/graphql', (req) => {
      if (!req.body.includes('query DrugsDetails')) return undefined;
      const answer = world.answerOpenTargets(req) as { body: { data: { drugs: { id: string; indications: { rows: object[] } }[] } } };
      // AFATINIB answered with one more APPROVAL row, for neoplasm (EFO_0000616, an ancestor of breast cancer here).
      for (const d of answer.body.data.drugs) if (d.id === 'CHEMBL1173655') d.indications.rows.push({ maxClinicalStage: 'APPROVAL', disease: { id: 'EFO_0000616', name: 'neoplasm' } });
      return answer;
    });
    const afatinib = (await analyze()).drugCandidates.find((c) => c.name === 'AFATINIB')!;
    expect(afatinib.tier).toBe('II');
    expect(afatinib.tierReason).toMatch(/^Approved for neoplasm \(Open Targets indications\), a broader disease that includes breast cancer: its label/);
  });

  it('never calls a DGIdb biomarker claim a target: cetuximab and lapatinib do not act on BRAF', async () => {
    const r = await analyze();
    // DGIdb's recorded BRAF answer links both by untyped CIViC / OncoKB / JAX-CKB claims.
    const of = (name: string) => r.drugCandidates.find((d) => d.name === name)!;
    // BRAF stays in the record as what it is: who claims the pair, and the response it names
    // (BRAF V600E predicts resistance to anti-EGFR antibodies).
    expect(of('CETUXIMAB')).toMatchObject({
      targetGenes: ['EGFR'],
      interactionOnly: [{ gene: 'BRAF', sources: ['CGI', 'CIViC', 'DoCM', 'JAX-CKB', 'OncoKB', 'PharmGKB'], responseTypes: ['decreased response', 'no benefit', 'not predictive', 'predicted - resistant', 'predicted - sensitive', 'resistant', 'sensitive'] }],
    });
    expect(of('LAPATINIB').targetGenes).not.toContain('BRAF');
    expect(of('LAPATINIB').interactionOnly).toEqual([{ gene: 'BRAF', sources: ['JAX-CKB'], responseTypes: ['sensitive'] }]);
    expect(of('LAPATINIB').tierReason).not.toMatch(/BRAF/);
    // Dabrafenib's BRAF pair comes from ChEMBL among others: a stated action.
    expect(of('DABRAFENIB').targetGenes).toEqual(['BRAF']);
    const braf = r.therapeuticStrategies.find((s) => s.targetGenes[0] === 'BRAF' && s.approach !== 'pathway-modulation')!;
    expect(braf.drugs.map((d) => d.name)).not.toContain('LAPATINIB');
    expect(braf.drugs.map((d) => d.name)).not.toContain('CETUXIMAB');
    expect(braf.rationale).toMatch(/not counted: \d+ drugs DGIdb alone links to BRAF/);
  });
});
