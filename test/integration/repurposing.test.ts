// svc_prioritize_repurposing end to end through the MCP client against the fake world (recorded and
// doc-shaped upstream answers): the panel neighbourhood, drugs already approved for the disease left
// out, tiers and the tier filter, trials and labels, checked PMIDs, the free tier, failing sources
// that read "not checked", and bad input.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { renderRepurpose } from '../../src/cli/render/repurpose.js';
import { findTool } from '../../src/tools/index.js';
import type { RepurposingAnswer } from '../../src/tools/repurposing/compact.js';
import type { RepurposingOutput } from '../../src/tools/repurposing/schema.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld, type FakeWorld } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared, ownJson } from '../support/shared.js';

const ARTICLES = [
  { pmid: '2001', title: 'Erlotinib in metastatic breast cancer', abstract: 'A phase II trial of erlotinib in patients with metastatic breast cancer.' },
  { pmid: '2002', title: 'Erlotinib and EGFR', abstract: 'Erlotinib inhibits the EGFR tyrosine kinase.' },
];
const LITERATURE = [
  { terms: ['erlotinib', 'breast cancer'], pmids: ['2001', '77777777'], hitCount: 120 },
  { terms: ['erlotinib', 'EGFR'], pmids: ['2002'], hitCount: 3000 },
];
const PANEL = ['EGFR', 'BRCA1', 'NOTAGENE1'];
const TOOL = 'svc_prioritize_repurposing';

let fake: FakeUpstream;
let world: FakeWorld;
let dataDir: string;
beforeAll(async () => {
  fake = await startFakeUpstream();
  dataDir = tempDir(); // gene-set libraries downloaded once for the file
});
afterAll(() => fake.close());

describeShared('svc_prioritize_repurposing', () => {
  let ctx: AppContext;
  let client: Client;
  beforeEach(async () => {
    fake.reset();
    world = mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE, unknownPmids: ['77777777'], drugDetails: ['drugs-details-ERBB2-repurposing-doc-shaped.json'] });
    // Running trials of erlotinib, and its label with a boxed warning (doc-shaped answers, composed for these drugs).
    fake.route('GET', '/clinicaltrials/studies', (req) =>
      req.query.get('query.intr') === 'erlotinib' ? { body: ownJson('clinicaltrials', 'search-EGFR-nsclc-active-doc-shaped.json') } : { body: ownJson('clinicaltrials', 'search-no-matches-doc-shaped.json') },
    );
    fake.route('GET', '/openfda/drug/label.json', (req) => {
      const search = req.query.get('search') ?? '';
      if (/erlotinib/i.test(search)) return { body: ownJson('openfda', 'label-boxed-warning-doc-shaped.json') };
      if (/gefitinib/i.test(search)) return { body: ownJson('openfda', 'label-gefitinib-biomcp.json') };
      return { status: 404, body: ownJson('openfda', 'not-found-doc-shaped.json') };
    });
    ctx = await testContext({ dataDir }, fake.url);
    client = await connectInMemory(ctx);
  });
  afterEach(() => ctx.close());

  const answer = (args: Record<string, unknown> = {}, c: Client = client) => callOk<RepurposingAnswer>(c, TOOL, { genes: PANEL, diseaseContext: 'breast cancer', ...args });
  // The full result, as the snapshot keeps it (the MCP answer is its compact view, checked below).
  const repurpose = async (args: Record<string, unknown> = {}, c: Client = client) => {
    const a = await answer(args, c);
    return (await ctx.snapshots.get(a.snapshotId))!.result as unknown as RepurposingOutput;
  };
  const named = (name: string) => world.requests('opentargets').filter((r) => (JSON.parse(r.body) as { query: string }).query.includes(`query ${name}(`));

  it('finds drugs approved elsewhere on panel genes and their STRING neighbourhood, never one approved for the disease', async () => {
    const r = await repurpose();
    expect(r.genes).toEqual(['EGFR', 'BRCA1']);
    expect(r.unresolvedGenes).toEqual(['NOTAGENE1']);
    expect(r.tierFilter).toBe('all');

    // ERBB2 is EGFR's STRING partner (0.998): searched, its drugs come in, marked as not in the panel.
    expect(r.neighbourhood).toMatchObject({ stringChecked: true, pathwaysChecked: true });
    expect(r.neighbourhood!.genes).toContain('ERBB2');
    expect(r.neighbourhood!.pathways.length).toBeGreaterThan(0);
    const afatinib = r.candidates.find((c) => c.name === 'AFATINIB')!;
    expect(afatinib.targets).toEqual([
      { gene: 'EGFR', inPanel: true, actionTypes: [] },
      { gene: 'ERBB2', inPanel: false, reach: 'not in the panel: STRING partner of EGFR (0.998)', actionTypes: [] },
    ]);

    // Lapatinib (panel gene EGFR) and trastuzumab (neighbour ERBB2) are approved for breast cancer: listed apart.
    expect(r.alreadyApproved).toEqual([
      { name: 'LAPATINIB', chemblId: 'CHEMBL554', indication: 'breast cancer', source: 'Open Targets indications' },
      { name: 'TRASTUZUMAB', chemblId: 'CHEMBL1201585', indication: 'breast cancer', source: 'Open Targets indications' },
    ]);
    const names = r.candidates.map((c) => c.name);
    for (const gone of ['LAPATINIB', 'TRASTUZUMAB']) expect(names).not.toContain(gone);

    // Approved elsewhere (tier II) first, then the late-stage tier III; ranked, by score within a tier.
    expect(r.candidates.length).toBeGreaterThan(3);
    expect(r.candidates.map((c) => c.rank)).toEqual(r.candidates.map((_, i) => i + 1));
    expect(r.candidates.every((c) => c.tier !== 'I')).toBe(true);
    const tiers = r.candidates.map((c) => c.tier);
    expect(tiers).toEqual([...tiers].sort());
    for (const t of ['II', 'III']) {
      const scores = r.candidates.filter((c) => c.tier === t).map((c) => c.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    expect(r.candidatesTotal).toBeGreaterThanOrEqual(r.candidates.length);
    expect(r.counts.alreadyApproved).toBe(2);

    const erlotinib = r.candidates.find((c) => c.name === 'ERLOTINIB')!;
    expect(erlotinib).toMatchObject({ chemblId: 'CHEMBL553', tier: 'II', status: 'approved', targets: [{ gene: 'EGFR', inPanel: true, actionTypes: ['INHIBITOR'] }] });
    expect(erlotinib.rationale).toMatch(/^Inhibits EGFR, a panel gene in .+ \(q = .+\); no Open Targets association with breast cancer; approved for non-small cell lung carcinoma \(Open Targets indications\) and pancreatic carcinoma \(ChEMBL drug_indication\)\.$/);
    expect(erlotinib.approvedIndications.map((i) => i.name)).toEqual(['non-small cell lung carcinoma', 'pancreatic carcinoma']);
    expect(Object.keys(erlotinib.factors).sort()).toEqual(['clinicalPhase', 'drugLikeness', 'literatureSupport', 'mechanismDirectness', 'pathwayCentrality', 'targetDiseaseAssociation']);
    expect(erlotinib.factors.literatureSupport).toMatchObject({ detail: '120 articles mention ERLOTINIB with breast cancer (Europe PMC)' });
    // Trials running for the disease (ClinicalTrials.gov) and the boxed warning of its label (openFDA).
    expect(erlotinib.trials).toEqual({ status: 'checked', running: 2, nctIds: ['NCT09000001', 'NCT09000002'], maxPhase: expect.any(Number) });
    expect(erlotinib.safety).toMatchObject({ withdrawn: false, withdrawnReason: null, boxedWarning: { status: 'present', url: expect.stringContaining('dailymed') } });
    // Its evidence went through the integrity pipeline: the fake PMID is gone, the target claim was checked (no model: unjudged).
    expect(erlotinib.pmids).toContain('2001');
    expect(erlotinib.targetClaim).toEqual({ claim: 'Erlotinib inhibits EGFR.', citations: ['2002'], status: 'unjudged' });
    expect(JSON.stringify({ ...r, warnings: [] })).not.toContain('77777777');
    expect(r.integrity).toMatchObject({ pmidsChecked: true, hallucinated: 1, nliEnabled: false });
    expect(r.warnings.join(' ')).toMatch(/PubMed does not know PMID 77777777: removed from 1 place/);
    expect(r.qualityScore).toBeGreaterThan(0);

    // Labels: gefitinib's has no boxed warning; a drug openFDA has no label for says so, not "none".
    expect(r.candidates.find((c) => c.name === 'GEFITINIB')!.safety.boxedWarning).toEqual({ status: 'absent', url: expect.any(String) });
    expect(r.candidates.find((c) => c.name === 'PANITUMUMAB')!.safety.boxedWarning).toEqual({ status: 'no-label' });
    for (const c of r.candidates.filter((x) => x.name !== 'ERLOTINIB')) expect(c.trials).toMatchObject({ status: 'checked', running: 0 });

    // One Open Targets question per kind, batched; trials asked per shown candidate, labels per approved one.
    expect(named('SearchDisease')).toHaveLength(1);
    expect(named('MapTargetIds')).toHaveLength(1);
    expect(named('TargetsDrugContext')).toHaveLength(1);
    expect(named('DiseaseOntology')).toHaveLength(1);
    expect(world.requests('string').map((q) => q.path).sort()).toEqual(['/string/json/interaction_partners', '/string/json/network']);
    expect(world.requests('clinicaltrials')).toHaveLength(r.candidates.length);
    // Literature (the score's last factor) is searched for up to twice the candidates shown, before the final ranking.
    const diseaseSearches = world.requests('europepmc').filter((q) => (q.query.get('query') ?? '').includes('"breast cancer"'));
    expect(r.candidatesTotal).toBeGreaterThanOrEqual(r.candidates.length);
    expect(diseaseSearches).toHaveLength(Math.min(16, r.candidatesTotal));
    // Approved drugs whose records name no approved indication (cetuximab and necitumumab here) may
    // be approved for breast cancer: not offered, counted, and said.
    for (const unknown of ['CETUXIMAB', 'NECITUMUMAB']) expect(names).not.toContain(unknown);
    expect(r.counts.unchecked).toBeGreaterThanOrEqual(2);
    expect(r.warnings.join(' ')).toMatch(/not listed: their phase or indications could not be read .*name no approved indication for an approved drug.*may already be approved for breast cancer/);
    expect(world.requests('openfda')).toHaveLength(r.candidates.filter((c) => c.status === 'approved' || c.safety.withdrawn).length);
    const byId = Object.fromEntries(r.sources.map((s) => [s.id, s.status]));
    for (const id of ['hgnc', 'opentargets', 'string', 'dgidb', 'chembl', 'europepmc', 'eutils', 'clinicaltrials', 'openfda']) expect(byId[id], id).toMatch(/ok|cached/);

    // Saved whole, readable by section, and findable.
    const section = await callOk<{ value: RepurposingOutput['candidates'] }>(client, 'svc_get_snapshot', { snapshotId: r.snapshotId, section: 'candidates', limit: 20 });
    expect(section.value).toEqual(r.candidates);
    const found = await callOk<{ snapshots: { id: string }[] }>(client, 'svc_search_snapshots', { gene: 'EGFR' });
    expect(found.snapshots.map((s) => s.id)).toContain(r.snapshotId);
  }, 120_000);

  it('answers a compact view over MCP: every candidate with its factor values, lists cut beside their totals, the rest in the snapshot', async () => {
    const a = await answer();
    const full = (await ctx.snapshots.get(a.snapshotId))!.result as unknown as RepurposingOutput;
    expect(a.candidates.map((c) => [c.name, c.tier, c.rank])).toEqual(full.candidates.map((c) => [c.name, c.tier, c.rank]));
    for (const [i, c] of a.candidates.entries()) {
      const f = full.candidates[i]!;
      for (const [k, v] of Object.entries(c.factors)) expect(v, `${c.name} ${k}`).toBe(f.factors[k as keyof typeof f.factors].value === null ? null : Math.round(f.factors[k as keyof typeof f.factors].value! * 100) / 100);
      expect(c.pmids).toEqual(f.pmids.slice(0, 5));
      expect(c.pmidsTotal).toBe(f.pmids.length);
      expect(c.approvedIndicationsTotal).toBe(f.approvedIndicationsTotal);
      expect(c).not.toHaveProperty('admet');
    }
    expect(a.more).toContain(`"section":"candidates"`);
    expect(a.integrity).toEqual(full.integrity);
  }, 120_000);

  it('tier filter II keeps tier II only and counts what it left out; tier I is empty and says why', async () => {
    const ii = await repurpose({ tierFilter: 'II' });
    expect(ii.candidates.length).toBeGreaterThan(0);
    expect(ii.candidates.every((c) => c.tier === 'II')).toBe(true);
    expect(ii.counts.outsideTierFilter).toBeGreaterThan(0);
    expect(ii.tierFilterNote).toMatch(/tier III candidates? left out by tierFilter "II"/);

    const i = await repurpose({ tierFilter: 'I' });
    expect(i.candidates).toEqual([]);
    expect(i.tierFilterNote).toMatch(/^Tier I means approved for breast cancer/);
    expect(i.alreadyApproved.map((c) => c.name)).toEqual(['LAPATINIB', 'TRASTUZUMAB']);
    expect(i.note).toBeUndefined();
  }, 120_000);

  it('withholds the ranked list for the free tier, says why, and calls no drug source', async () => {
    const free = await connectInMemory(ctx, { tier: 'free' });
    const r = await repurpose({}, free);
    expect(r.candidates).toEqual([]);
    expect(r.alreadyApproved).toEqual([]);
    expect(r.neighbourhood).toBeNull();
    expect(r.note).toMatch(/not included for the free tier.*researcher/);
    for (const id of ['string', 'dgidb', 'chembl', 'clinicaltrials', 'openfda', 'europepmc']) {
      expect(world.requests(id), id).toHaveLength(0);
      expect(r.sources.find((s) => s.id === id), id).toMatchObject({ status: 'skipped', note: r.note });
    }
    expect(r.snapshotId).toMatch(/^snap_/);
  }, 60_000);

  it('reads a failed ClinicalTrials.gov and openFDA as "not checked", never "no trials" or "no boxed warning"; a failed STRING as unchecked partners', async () => {
    fake.route('GET', '/clinicaltrials/studies', { status: 503, body: 'Service Unavailable' });
    fake.route('GET', '/openfda/drug/label.json', { status: 500, body: { error: { code: 'SERVER_ERROR', message: 'down' } } });
    fake.route('GET', '/string/json/interaction_partners', { status: 500, body: 'down' });
    fake.route('POST', '/string/json/interaction_partners', { status: 500, body: 'down' });
    // No retries: a failure is a failure at once (the retry path has its own tests).
    const once = await testContext({ dataDir, retries: 0 }, fake.url);
    const r = await answer({}, await connectInMemory(once)).finally(() => once.close());
    expect(r.candidates.length).toBeGreaterThan(0);
    for (const c of r.candidates) {
      expect(c.trials).toMatchObject({ status: 'not-checked', running: null, note: expect.stringMatching(/^not checked: ClinicalTrials.gov failed/) });
      if (c.status === 'approved') expect(c.safety.boxedWarning).toMatchObject({ status: 'not-checked', note: expect.stringMatching(/^not checked: openFDA failed/) });
    }
    expect(r.sources.find((s) => s.id === 'clinicaltrials')).toMatchObject({ status: 'failed' });
    expect(r.sources.find((s) => s.id === 'openfda')).toMatchObject({ status: 'failed' });
    expect(r.warnings.join(' ')).toMatch(/clinicaltrials failed \(running trials of .+ are not checked\)/);
    expect(r.warnings.join(' ')).toMatch(/openfda failed \(the boxed warning of .+ is not checked\)/);
    // Without STRING partners, EGFR's neighbour ERBB2 is not searched, and the answer says STRING was not checked.
    expect(r.neighbourhood).toMatchObject({ stringChecked: false });
    expect(r.neighbourhood!.genes).not.toContain('ERBB2');
    expect(r.alreadyApproved.map((c) => c.name)).toEqual(['LAPATINIB']);
  }, 120_000);

  it('says when pathway members could not be searched because the enrichment could not run', async () => {
    // Every gene-set library fails to load (a fresh data directory: none is cached). The
    // neighbourhood read like a panel with no significant pathway to search.
    fake.route('GET', '/enrichr/geneSetLibrary', { status: 503, body: 'Service Unavailable' });
    const once = await testContext({ dataDir: tempDir(), retries: 0 }, fake.url);
    const r = await answer({}, await connectInMemory(once));
    const full = (await once.snapshots.get(r.snapshotId))!.result as unknown as RepurposingOutput;
    await once.close();
    expect(r.neighbourhood).toMatchObject({ pathwaysChecked: false, stringChecked: true, pathways: [] });
    expect(r.warnings).toContain('Pathway enrichment could not run (no gene-set library could be loaded): members of significant pathways were not searched for drugs, only the panel genes and their STRING partners; pathway centrality counts the STRING network alone.');
    expect(renderRepurpose(full)).toContain('(pathway members NOT searched: the enrichment could not run or tested nothing; see the warnings)');
  }, 120_000);

  // Once "No repurposing candidate within the tier filter." with the drug sources down.
  // openFDA matches the name inside longer generic names: the label it returns can be a combination's.
  // Running trials were searched with the disease as typed: a misspelt one read "0 running trials".
  it('searches running trials by the disease as typed and as matched', async () => {
    await answer({ diseaseContext: 'brest cancer' });
    const conditions = world.requests('clinicaltrials').map((q) => q.query.get('query.cond'));
    expect(conditions.length).toBeGreaterThan(0);
    expect(conditions.every((c) => c === '(brest cancer) OR (breast cancer)')).toBe(true);
  });

  it('says a boxed warning came from a combination product\'s label', async () => {
    const label = ownJson<{ results: { openfda: Record<string, unknown> }[] }>('openfda', 'label-boxed-warning-doc-shaped.json');
    const combination = { ...label, results: [{ ...label.results[0]!, openfda: { ...label.results[0]!.openfda, generic_name: ['ERLOTINIB AND EXAMPLUMAB'] } }] };
    fake.route('GET', '/openfda/drug/label.json', (req) =>
      /erlotinib/i.test(req.query.get('search') ?? '') ? { body: combination } : { status: 404, body: ownJson('openfda', 'not-found-doc-shaped.json') },
    );
    const res = (await client.callTool({ name: TOOL, arguments: { genes: PANEL, diseaseContext: 'breast cancer' } })) as CallToolResult;
    const a = res.structuredContent as RepurposingAnswer;
    expect(a.candidates.find((c) => c.name === 'ERLOTINIB')!.safety.boxedWarning).toMatchObject({ status: 'present', note: expect.stringContaining('ERLOTINIB AND EXAMPLUMAB') });
    const text = (res.content as { text: string }[])[0]!.text;
    expect(text).toMatch(/ERLOTINIB - tier II.*FDA BOXED WARNING \(on a combination product's label\)/);
  });

  it('says an empty list is not a complete search when drug sources failed', async () => {
    fake.route('POST', '/dgidb/graphql', { status: 500, body: { error: 'down' } });
    fake.route('GET', '/chembl/target.json', { status: 500, body: 'down' });
    fake.route('POST', '/opentargets/graphql', (req) => ((JSON.parse(req.body) as { query: string }).query.includes('query SearchDisease') ? undefined : { status: 500, body: { error: 'down' } }));
    const once = await testContext({ dataDir, retries: 0 }, fake.url);
    const c = await connectInMemory(once);
    const res = (await c.callTool({ name: TOOL, arguments: { genes: PANEL, diseaseContext: 'breast cancer' } })) as CallToolResult;
    await once.close();
    const text = (res.content[0] as { text: string }).text;
    expect(text).toContain('No repurposing candidate within the tier filter among what the sources gave (Open Targets (partly), DGIdb and ChEMBL failed: not a complete search).');
  });

  it('lists no drug whose indications could not be read: it may already be approved for the disease', async () => {
    const errors = { status: 500, body: { errors: [{ message: 'internal error' }] } };
    fake.route('POST', '/opentargets/graphql', (req) => ((JSON.parse(req.body) as { query: string }).query.includes('query DrugsDetails') ? errors : world.answerOpenTargets(req)));
    fake.route('GET', '/chembl/drug_indication.json', { status: 500, body: 'down' });
    const r = await repurpose();
    expect(r.candidates).toEqual([]);
    expect(r.alreadyApproved).toEqual([]);
    expect(r.counts.unchecked).toBeGreaterThan(0);
    expect(r.warnings.join(' ')).toMatch(/drugs are not listed: their phase or indications could not be read .* may already be approved for breast cancer/);
    expect(world.requests('clinicaltrials')).toHaveLength(0);
  }, 120_000);

  it('is registered with deliberate annotations (it writes a snapshot, destroys nothing, calls sources) and discoverable', async () => {
    expect(findTool(TOOL)?.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, openWorldHint: true, idempotentHint: false });
    const listed = (await client.listTools()).tools.find((t) => t.name === TOOL);
    expect(listed?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: true, idempotentHint: false });
    expect(Object.keys((listed?.inputSchema as { properties: object }).properties).sort()).toEqual(['diseaseContext', 'genes', 'tierFilter']);
  });

  it('rejects bad input naming the field and the limit', async () => {
    const call = async (args: Record<string, unknown>) => JSON.stringify(((await client.callTool({ name: TOOL, arguments: args })) as CallToolResult).content);
    expect(await call({ genes: [], diseaseContext: 'breast cancer' })).toContain('give at least one gene');
    expect(await call({ genes: Array.from({ length: 501 }, (_, i) => `G${i}`), diseaseContext: 'x' })).toContain('at most 500 genes per panel');
    expect(await call({ genes: ['EGFR'], diseaseContext: 'x'.repeat(501) })).toContain('limited to 500 characters');
    expect(await call({ genes: ['EGFR'], diseaseContext: 'breast cancer', tierFilter: 'III' })).toContain('tierFilter');
    expect(await call({ genes: ['EGFR'] })).toContain('diseaseContext');
    const unknown = (await client.callTool({ name: TOOL, arguments: { genes: ['NOTAGENE1', 'NOTAGENE2'], diseaseContext: 'breast cancer' } })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain('genes: none of the genes could be resolved to an HGNC symbol: NOTAGENE1, NOTAGENE2');
  });
});
