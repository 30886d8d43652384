// svc_generate_insights end to end through the MCP client against the fake world (recorded
// upstream answers), covering audiences, includeDrugs false, unknown genes, a failing source,
// the free tier, progress and the saved snapshot.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import { pathwayLabel } from '../../src/analysis/pathway-names.js';
import { compactInsights, type InsightsAnswer } from '../../src/tools/insights/compact.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld, PANEL_ARTICLES, PANEL_LITERATURE, type FakeWorld } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';
import type { AppContext } from '../../src/context.js';
import { SOURCE_IDS } from '../../src/sources/registry.js';
import { FAKE_PREPRINT_DOI } from '../support/fake-context-sources.js';

const ARTICLES = PANEL_ARTICLES;
const LITERATURE = PANEL_LITERATURE;
const PANEL = ['EGFR', 'her2', 'BRAF', 'NOTAGENE1'];

let fake: FakeUpstream;
let world: FakeWorld;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describeShared('svc_generate_insights', () => {
  let ctx: AppContext;
  let client: Client;
  beforeEach(async () => {
    fake.reset();
    world = mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE, unknownPmids: ['77777777'] });
    ctx = await testContext({ dataDir: tempDir() }, fake.url);
    client = await connectInMemory(ctx);
  });

  /** The full result, as the snapshot keeps it (the MCP answer is its compact view: insights-answer.test.ts). */
  const full = async (snapshotId: string) => (await ctx.snapshots.get(snapshotId))!.result as unknown as InsightsOutput;
  const analyze = async (args: Record<string, unknown>, c: Client = client) =>
    full((await callOk<InsightsAnswer>(c, 'svc_generate_insights', { genes: PANEL, diseaseContext: 'breast cancer', ...args })).snapshotId);

  // MET is also the English word "met": "MET AND breast cancer" counts every article whose criteria
  // were met, and cited them. Its literature is not searched, and the answer says so.
  it('does not search the literature of a symbol that is an English word (MET), and says so', async () => {
    fake.reset();
    const met = { symbol: 'MET', hgncId: 'HGNC:7029', ensembl: 'ENSG00000105976', uniprot: 'P08581', name: 'MET proto-oncogene, receptor tyrosine kinase', aliases: ['HGFR', 'RCCP2', 'c-Met'] };
    // The fake literature would answer a MET search, as the real one does with "met".
    world = mountFakeWorld(fake, { articles: ARTICLES, literature: [...LITERATURE, { terms: ['MET', 'breast cancer'], pmids: ['2001'], hitCount: 99000 }, { terms: ['EGFR', 'MET', 'breast cancer'], pmids: ['2001'], hitCount: 5000 }], extraGenes: [met] });
    const r = await analyze({ genes: ['EGFR', 'MET', 'ERBB2'] });
    expect(r.genes).toContain('MET');
    const asked = [...world.requests('eutils'), ...world.requests('europepmc')].map((q) => decodeURIComponent(`${q.query.toString()} ${q.body}`).replace(/\+/g, ' '));
    expect(asked.filter((q) => /\bMET\b/.test(q))).toEqual([]);
    expect(r.warnings).toContain(
      'MET is also an English word ("met"): its literature (gene-disease counts, pair co-mentions, preprints, drug-target citations) is not searched, as a title or abstract search cannot tell the gene from the word: not counted, which is not a count of 0.',
    );
    expect(r.sources.find((s) => s.id === 'eutils')?.note).toContain('gene literature of MET not counted: MET is also the English word "met", which a title or abstract search cannot tell from the gene');
    expect(r.evidenceBrief.statements.some((s) => /\bMET\b/.test(s.text))).toBe(false);
    const pairs = r.hypotheses.filter((h) => h.genes.includes('MET'));
    expect(pairs.length).toBeGreaterThan(0);
    for (const h of pairs) {
      expect(h).toMatchObject({ coMentions: null, novel: false, supportingPmids: [] });
      expect(h.rationale).toContain('literature not searched (MET is also the English word "met"');
    }
  });

  it('analyses a panel for researchers: resolution, enrichment, drugs, hypotheses, brief, integrity, snapshot', async () => {
    const progress: string[] = [];
    const res = (await client.callTool({ name: 'svc_generate_insights', arguments: { genes: PANEL, diseaseContext: 'breast cancer' } }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ''),
    })) as CallToolResult;
    expect(res.isError).toBeFalsy();
    const answer = res.structuredContent as InsightsAnswer;
    const r = await full(answer.snapshotId);

    expect(r.genes).toEqual(['EGFR', 'ERBB2', 'BRAF']);
    expect(r.geneResolution.find((x) => x.input === 'her2')).toMatchObject({ symbol: 'ERBB2', how: 'alias' });
    expect(r.unresolvedGenes).toEqual(['NOTAGENE1']);
    expect(r.warnings.join(' ')).toContain('NOTAGENE1');
    expect(r.diseaseMatches.map((d) => d.id)).toEqual(['MONDO_0007254', 'MONDO_0004989']);

    // enrichment on the libraries the fake Enrichr serves; the others are reported failures
    expect(r.enrichment.map((e) => e.library).sort()).toEqual(['GO_Biological_Process_2023', 'MSigDB_Hallmark_2020', 'Reactome_2022']);
    expect(r.warnings.some((w) => w.includes('KEGG_2021_Human'))).toBe(true);
    expect(r.enrichedPathways.length).toBeGreaterThan(0);
    for (const p of r.enrichedPathways) expect(p.q).toBeLessThanOrEqual(0.05);
    // The text names the top pathways by their display names with their ids, not a library's
    // encoding ("Signaling-by-ERBB2", "regulation of X (GO:0006282)" twice).
    const pathwaysLine = (res.content as { text: string }[])[0]!.text.split('\n').find((l) => l.startsWith('Pathways: '))!;
    const first = r.enrichedPathways[0]!;
    expect(pathwaysLine).toContain(`top: ${pathwayLabel(first.name)} (${first.id}, ${first.library}, q=`);
    expect(pathwaysLine).not.toMatch(/\w-\w+-\w+-\w/);

    // drugs from Open Targets (recorded) + DGIdb (recorded), tiered and scored with all factors shown
    expect(r.drugCandidates.length).toBeGreaterThan(0);
    const top = r.drugCandidates[0]!;
    expect(Object.keys(top.factors).sort()).toEqual(['clinicalPhase', 'drugLikeness', 'literatureSupport', 'mechanismDirectness', 'pathwayCentrality', 'targetDiseaseAssociation']);
    expect(r.drugCandidates.every((d) => ['I', 'II', 'III'].includes(d.tier))).toBe(true);
    const tiers = r.drugCandidates.map((d) => d.tier);
    expect(tiers).toEqual([...tiers].sort()); // a tiered list: I, then II, then III
    expect(r.drugAnalysisNote).toBeUndefined();

    // hypotheses from shared pathways; the EGFR-ERBB2 pair is in the literature table
    const pair = r.hypotheses.find((h) => h.genes.includes('EGFR') && h.genes.includes('ERBB2'));
    expect(pair).toMatchObject({ coMentions: 640, novel: false, supportingPmids: ['2004'] });

    // brief statements cite PMIDs; the fake 77777777 is caught as hallucinated and stripped
    expect(r.evidenceBrief.audience).toBe('researcher');
    expect(r.evidenceBrief.statements.length).toBeGreaterThan(0);
    expect(r.evidenceBrief.statements.every((s) => s.citations.length > 0)).toBe(true);
    expect(r.integrity).toMatchObject({ pmidsChecked: true, hallucinated: 1, nliEnabled: false, entailmentMethod: 'none' });
    expect(JSON.stringify({ ...r, warnings: [] })).not.toContain('77777777');
    expect(r.warnings.join(' ')).toMatch(/PubMed does not know PMID 77777777: removed from \d+ place/);
    // no model in this test: nothing is supported, every statement says it was not judged, and why
    expect(r.evidenceBrief.statements.map((s) => s.status)).toEqual(r.evidenceBrief.statements.map(() => 'unjudged'));
    expect(r.evidenceBrief.statements.some((s) => s.supported)).toBe(false);
    expect(r.warnings.join(' ')).toContain('biointel nli download');
    expect(r.qualityParts).toMatchObject({ groundedRatio: 0, citeF1: 0 });
    expect(r.qualityScore).toBeGreaterThan(0); // the PMIDs were checked
    expect(r.qualityScore).toBeLessThanOrEqual(0.4);

    // every source consulted is listed with a status
    const byId = Object.fromEntries(r.sources.map((s) => [s.id, s.status]));
    for (const id of ['hgnc', 'opentargets', 'dgidb', 'string', 'europepmc', 'eutils']) expect(byId[id], id).toMatch(/ok|cached/);
    // Two of the five default libraries are not served by the fake Enrichr: partly answered, and said so.
    expect(r.sources.find((s) => s.id === 'enrichr')).toMatchObject({ status: 'partial', calls: 5, failedCalls: 2 });
    expect(progress.length).toBeGreaterThanOrEqual(4);

    // the answer is the compact view of what was saved; saved whole, and findable
    expect(answer).toEqual(compactInsights(r));
    const drugs = await callOk<{ value: InsightsOutput['drugCandidates'] }>(client, 'svc_get_snapshot', { snapshotId: r.snapshotId, section: 'drugCandidates', limit: 100 });
    expect(drugs.value).toEqual(r.drugCandidates);
    const found = await callOk<{ snapshots: { id: string }[] }>(client, 'svc_search_snapshots', { disease: 'BREAST', gene: 'ERBB2' });
    expect(found.snapshots.map((s) => s.id)).toContain(r.snapshotId);
  });

  it('consults every panel source (24: all but Cellosaurus) when drugs are analysed, and uses what each answers', async () => {
    const r = await analyze({});
    // Enrichr answers partly: two of the default libraries are absent from the fake world.
    const answered = r.sources.filter((s) => s.status === 'ok' || s.status === 'cached' || (s.id === 'enrichr' && s.status === 'partial')).map((s) => s.id);
    // Cellosaurus serves validation plans (cell-line models), not panel analyses.
    const panelSources = SOURCE_IDS.filter((id) => id !== 'cellosaurus');
    expect(panelSources.length).toBeGreaterThanOrEqual(23);
    expect([...answered].sort()).toEqual([...panelSources].sort());

    // focus genes: the enrichment signal first, profiled across protein, structure, gene, constraint, clinic
    expect(r.focusGenes.map((f) => f.symbol)).toEqual(['EGFR', 'ERBB2', 'BRAF']);
    const egfr = r.focusGenes[0]!;
    expect(egfr.protein).toMatchObject({ accession: 'P00533', name: 'Epidermal growth factor receptor', targetClasses: ['kinase', 'enzyme'] });
    expect(egfr.structure).toMatchObject({ entryId: 'AF-P00533-F1', band: 'confident' });
    expect(egfr.gene).toMatchObject({ entrezId: '1956', ensemblId: 'ENSG00000146648', biotype: 'protein_coding' });
    expect(egfr.constraint).toMatchObject({ pLI: 1, lofIntolerant: true });
    expect(egfr.clinicalEvidence).toMatchObject({ evidenceItems: 0, top: [] });
    expect(egfr.pharmacogenomics).toEqual({ annotations: 0, top: [] });
    expect(r.focusGenes.find((f) => f.symbol === 'BRAF')?.structure).toBeNull(); // AlphaFold 404: no model

    // g:Profiler ran on the resolved genes; every reported pathway says whether it agrees
    expect(r.enrichmentCrossCheck).toMatchObject({ source: 'gprofiler', significantTerms: 6, checked: r.enrichedPathways.length });
    expect(r.enrichedPathways.every((p) => typeof p.confirmedByGprofiler === 'boolean')).toBe(true);
    const gost = JSON.parse(world.requests('gprofiler')[0]!.body) as { query: string[] };
    expect(gost.query).toEqual(['EGFR', 'ERBB2', 'BRAF']);

    // preprints (Europe PMC SRC:PPR, then bioRxiv's latest version), citation metrics for cited PMIDs
    expect(r.preprints[0]).toMatchObject({ doi: FAKE_PREPRINT_DOI, server: 'biorxiv', version: 2 });
    const cited = new Set(r.evidenceBrief.statements.flatMap((s) => s.citations));
    for (const pmid of cited) expect(r.citationMetrics.map((m) => m.pmid)).toContain(pmid);
    expect(r.citationMetrics.find((m) => m.pmid === '2001')).toMatchObject({ citationCount: expect.any(Number), influentialCitationCount: expect.any(Number) });
    expect(r.citationMetrics.find((m) => m.pmid === '77777777')).toBeUndefined(); // a PMID PubMed does not know has no row

    // the top candidates carry their trials in the disease and, when approved, their FDA label
    expect(r.drugCandidates.slice(0, 3).every((d) => d.trials?.total === 0 && d.trials.query.endsWith('AND ((breast cancer) OR (breast carcinoma))'))).toBe(true);
    expect(r.drugCandidates.filter((d) => d.trials).length).toBe(3);
    const asked = world.requests('openfda').map((q) => q.query.get('search'));
    expect(asked).toContain('openfda.generic_name:"LAPATINIB"');
    const lapatinib = r.drugCandidates.find((d) => d.name === 'LAPATINIB');
    expect(lapatinib?.label).toMatchObject({ boxedWarning: true, boxedWarningText: expect.stringContaining('WARNING') });
    expect(lapatinib?.sources).toContain('openfda');
    const unlabelled = r.drugCandidates.filter((d) => d.label === null);
    expect(unlabelled.length).toBeGreaterThan(0); // asked, openFDA has none: null, not absent
    expect(r.drugCandidates.filter((d) => d.label !== undefined).every((d) => d.approved)).toBe(true);
  });

  it('writes for clinicians without changing the data', async () => {
    const researcher = await analyze({ audience: 'researcher' });
    const clinician = await analyze({ audience: 'clinician' });
    expect(clinician.evidenceBrief.audience).toBe('clinician');
    expect(clinician.evidenceBrief.headline).not.toBe(researcher.evidenceBrief.headline);
    expect(clinician.enrichedPathways).toEqual(researcher.enrichedPathways);
    expect(clinician.drugCandidates).toEqual(researcher.drugCandidates);
    expect(clinician.integrity).toEqual(researcher.integrity);
    const claims = (x: InsightsOutput) => x.evidenceBrief.statements.map((s) => s.claim).sort();
    expect(claims(clinician)).toEqual(claims(researcher));
    const first = clinician.evidenceBrief.statements[0];
    if (clinician.evidenceBrief.statements.some((s) => s.kind === 'drug-target')) expect(first?.kind).toBe('drug-target');
  });

  it('skips every drug source when includeDrugs is false', async () => {
    const r = await analyze({ includeDrugs: false });
    expect(r.drugCandidates).toEqual([]);
    expect(r.drugAnalysisNote).toContain('includeDrugs is false');
    expect(world.requests('dgidb')).toHaveLength(0);
    expect(world.requests('chembl')).toHaveLength(0);
    for (const id of ['dgidb', 'chembl', 'pubchem', 'clinicaltrials', 'openfda']) expect(r.sources.find((s) => s.id === id)?.status).toBe('skipped');
    expect(world.requests('clinicaltrials')).toHaveLength(0);
    expect(world.requests('openfda')).toHaveLength(0);
    expect(r.enrichedPathways.length).toBeGreaterThan(0);
  });

  it('withholds ranked drugs for the free tier with a note saying how to get them', async () => {
    const free = await connectInMemory(ctx, { tier: 'free' });
    const r = await analyze({}, free);
    expect(r.drugCandidates).toEqual([]);
    expect(r.drugAnalysisNote).toMatch(/free tier.*researcher/);
    // Withheld is not "no drug": no strategy calls a pathway drug-free (ERBB signalling has lapatinib).
    expect(r.therapeuticStrategies.length).toBeGreaterThan(0);
    for (const s of r.therapeuticStrategies) expect(s.rationale).not.toMatch(/no usable drug|opportunity/);
    expect(r.therapeuticStrategies[0]!.rationale).toContain('whether a drug acts on them is not known here (drug candidates are not included for the free tier)');
  });

  // Libraries that hold none of the panel genes test nothing: once "none at q <= 0.05", a finding.
  it('says enrichment tested nothing when no library holds a panel gene', async () => {
    const unrelated = ['SET_A\t\tAAA1\tAAA2\tAAA3\tAAA4\tAAA5', 'SET_B\t\tBBB1\tBBB2\tBBB3\tBBB4\tBBB5'].join('\n');
    fake.route('GET', '/enrichr/geneSetLibrary', { body: `${unrelated}\n` });
    const dataDir = tempDir();
    const c = await connectInMemory(await testContext({ dataDir }, fake.url));
    const res = (await c.callTool({ name: 'svc_generate_insights', arguments: { genes: PANEL, diseaseContext: 'breast cancer', includeDrugs: false } })) as CallToolResult;
    const text = (res.content as { text: string }[])[0]!.text;
    expect(text).toContain('Pathways: NOT TESTED: no panel gene is in any of the');
    const answer = res.structuredContent as InsightsAnswer;
    expect(answer.enrichment.every((e) => e.n === 0)).toBe(true);
    expect(answer.warnings[0]).toMatch(/^Pathway enrichment tested nothing: no panel gene is in any of the \d+ gene-set libraries/);
    expect(answer.evidenceBrief.headline).not.toMatch(/no gene set reaches/);
  });

  it('degrades when a source fails: listed as failed, warned, the rest still answers', async () => {
    fake.route('POST', '/dgidb/graphql', { status: 500, body: { error: 'DGIdb is down' } });
    const r = await analyze({});
    expect(r.sources.find((s) => s.id === 'dgidb')).toMatchObject({ status: 'failed' });
    expect(r.warnings.some((w) => w.startsWith('dgidb failed'))).toBe(true);
    expect(r.drugCandidates.length).toBeGreaterThan(0); // Open Targets still answered
    expect(r.drugCandidates.every((d) => !d.sources.includes('dgidb'))).toBe(true);
  });

  // Once "Drug candidates: none found for these genes." with every drug source down.
  it('says drug candidates are not known when the drug sources failed, never "none found"', async () => {
    fake.route('POST', '/dgidb/graphql', { status: 500, body: { error: 'down' } });
    fake.route('POST', '/opentargets/graphql', { status: 500, body: { error: 'down' } });
    fake.route('GET', '/chembl/target.json', { status: 500, body: 'down' });
    const res = (await client.callTool({ name: 'svc_generate_insights', arguments: { genes: PANEL, diseaseContext: 'breast cancer' } })) as CallToolResult;
    const text = (res.content[0] as { text: string }).text;
    expect(text).toContain('Drug candidates: not known: Open Targets, DGIdb and ChEMBL all failed.');
    expect(text).not.toMatch(/Drug candidates: none found/);
    // The evidence brief and the strategies too: once "0 tier I and 0 tier II drug candidates", "0
    // existing drugs act on these genes" and "no usable drug candidate acts on them yet".
    const r = await full((res.structuredContent as InsightsAnswer).snapshotId);
    for (const audience of ['clinician', 'executive', 'student', 'researcher'] as const) {
      const b = audience === 'researcher' ? r.evidenceBrief : await full((await callOk<InsightsAnswer>(client, 'svc_generate_insights', { genes: PANEL, diseaseContext: 'breast cancer', audience })).snapshotId).then((x) => x.evidenceBrief);
      expect(`${b.headline} ${b.summary}`, audience).not.toMatch(/\b0 (tier|approved|existing)|existing drugs/);
    }
    expect(r.evidenceBrief.summary).toContain('Drug candidates: not known: Open Targets, DGIdb and ChEMBL all failed.');
    for (const s of r.therapeuticStrategies) expect(s.rationale).not.toMatch(/no usable drug|opportunity/);
  });

  // Once the answer never said which disease tiers referred to: any text was taken as the search's
  // best hit. This world's Open Targets answers breast cancer to every disease search.
  it('says which disease the answer is about when the best hit is not the one named, and when none matched', async () => {
    const res = (await client.callTool({ name: 'svc_generate_insights', arguments: { genes: PANEL, diseaseContext: 'long covid' } })) as CallToolResult;
    const answer = res.structuredContent as InsightsAnswer;
    const text = (res.content[0] as { text: string }).text;
    expect(answer.diseaseMatches[0]).toEqual({ id: 'MONDO_0007254', name: 'breast cancer' });
    expect(text).toContain('Disease: "long covid" read as breast cancer (MONDO_0007254)');
    expect(answer.warnings).toContainEqual(expect.stringMatching(/^"long covid" was read as the Open Targets disease "breast cancer" \(MONDO_0007254\), the best hit of its search/));
    // The same text as the hit: no warning.
    expect((await analyze({})).warnings.join(' ')).not.toContain('was read as the Open Targets disease');

    fake.route('POST', '/opentargets/graphql', (req) => (req.body.includes('SearchDisease') ? { body: { data: { search: { total: 0, hits: [] } } } } : undefined));
    const none = (await client.callTool({ name: 'svc_generate_insights', arguments: { genes: PANEL, diseaseContext: 'zzz syndrome' } })) as CallToolResult;
    expect((none.content[0] as { text: string }).text).toContain('Disease: "zzz syndrome" not mapped to an Open Targets disease (see warnings)');
    expect((none.structuredContent as InsightsAnswer).warnings).toContainEqual(expect.stringMatching(/^"zzz syndrome" matched no Open Targets disease/));
    // Not known to be a cancer, nor named one: COSMIC roles give no direction ("Inhibit EGFR" read
    // so), and with no article naming a panel gene with it, no pair is "novel".
    const result = await full((none.structuredContent as InsightsAnswer).snapshotId);
    expect(result.therapeuticStrategies.filter((s) => s.strategy.startsWith('Inhibit'))).toEqual([]);
    expect(result.therapeuticStrategies.find((s) => s.targetGenes[0] === 'EGFR')?.directionBasis).toContain('whether the disease context is one could not be checked (no Open Targets disease ontology) nor read from its name');
    expect(result.hypotheses.length).toBeGreaterThan(0);
    expect(result.hypotheses.filter((h) => h.novel)).toEqual([]);
    expect(result.hypotheses[0]!.rationale).toContain('not called novel: no article names any searched panel gene with zzz syndrome either');
  });

  // Once only approved symbols were searched: the breast cancer literature that names ERBB2 as HER2
  // was not found, and the EGFR-ERBB2 pair read "novel" (no article links them).
  it('searches a gene by the synonyms only it has: a pair written about as HER2 is not "novel"', async () => {
    fake.reset();
    const viaHer2 = [
      { terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 },
      { terms: ['HER2', 'breast cancer'], pmids: ['2002'], hitCount: 9800 },
      { terms: ['EGFR', 'HER2', 'breast cancer'], pmids: ['2004'], hitCount: 640 },
    ];
    world = mountFakeWorld(fake, { articles: ARTICLES, literature: viaHer2 });
    const r = await analyze({});
    const pair = r.hypotheses.find((h) => h.genes.includes('EGFR') && h.genes.includes('ERBB2'))!;
    expect(pair).toMatchObject({ coMentions: 640, novel: false, supportingPmids: ['2004'] });
    const queries = world.requests('europepmc').map((q) => q.query.get('query') ?? '');
    const pairQuery = queries.find((q) => q.includes('"EGFR"') && q.includes('"ERBB2"') && q.endsWith('SRC:MED'))!;
    // HGNC synonyms with a digit that the table gives to this gene alone; NEU (a word) and NGL are not searched.
    expect(pairQuery).toContain('(TITLE:"ERBB2" OR ABSTRACT:"ERBB2" OR TITLE:"HER-2" OR ABSTRACT:"HER-2" OR TITLE:"CD340" OR ABSTRACT:"CD340" OR TITLE:"HER2" OR ABSTRACT:"HER2")');
    expect(pairQuery).toContain('(TITLE:"EGFR" OR ABSTRACT:"EGFR" OR TITLE:"ERBB1" OR ABSTRACT:"ERBB1" OR TITLE:"HER1" OR ABSTRACT:"HER1")');
    expect(pairQuery).not.toMatch(/"NEU"|"NGL"/);
    // PubMed's gene counts too: the brief counts ERBB2's articles under either name.
    const pubmedTerms = world.requests('eutils').filter((q) => q.path.endsWith('esearch.fcgi')).map((q) => q.query.get('term') ?? '');
    expect(pubmedTerms).toContain('(ERBB2[tiab] OR "HER-2"[tiab] OR CD340[tiab] OR HER2[tiab]) AND ("breast cancer"[tiab] OR "breast carcinoma"[tiab]) NOT "retracted publication"[pt]');
    expect(r.evidenceBrief.statements.some((s) => s.citations.includes('2002'))).toBe(true);
    // The claims judged against those citations name the synonyms searched: an abstract that writes
    // HER2 is judged against "ERBB2 (HER-2, CD340, HER2) ...", not a name the judge may not know.
    const claims = r.evidenceBrief.statements.map((s) => s.claim);
    expect(claims).toContain('ERBB2 (HER-2, CD340, HER2) is associated with breast cancer.');
    expect(claims).toContain('EGFR (ERBB1, HER1) and ERBB2 (HER-2, CD340, HER2) are linked in breast cancer.');
  });

  // PubMed drops a word it does not know and counts the rest (the recorded APC search): a symbol no
  // abstract names was counted as every breast cancer article, took the first place among the
  // brief's gene claims and cited breast cancer articles that never name it.
  it('counts 0 articles for a symbol PubMed does not know, instead of the disease articles PubMed counts without it', async () => {
    fake.reset();
    const obscure = { symbol: 'C4orf54', hgncId: 'HGNC:900001', ensembl: 'ENSG90000000001', uniprot: '', name: 'chromosome 4 open reading frame 54' };
    world = mountFakeWorld(fake, {
      articles: [...ARTICLES, { pmid: '2005', title: 'Breast cancer genes', abstract: 'Many genes are associated with breast cancer.' }],
      literature: [...LITERATURE, { terms: ['breast cancer'], pmids: ['2005'], hitCount: 312000 }],
      extraGenes: [obscure],
      pubmedUnknownWords: ['C4orf54'],
    });
    const result = await analyze({ genes: ['EGFR', 'ERBB2', 'BRAF', 'C4orf54'] });
    expect(world.requests('eutils').map((q) => q.query.get('term') ?? '')).toContain('C4orf54[tiab] AND ("breast cancer"[tiab] OR "breast carcinoma"[tiab]) NOT "retracted publication"[pt]');
    const claims = result.evidenceBrief.statements;
    expect(claims.map((s) => s.claim)).not.toContain('C4orf54 is associated with breast cancer.');
    expect(claims.flatMap((s) => s.citations)).not.toContain('2005');
    expect(claims.map((s) => s.claim)).toContain('EGFR (ERBB1, HER1) is associated with breast cancer.');
    expect(result.sources.find((s) => s.id === 'eutils')?.note).toContain('gene literature of C4orf54: PubMed knows no title or abstract with "C4orf54": 0 articles counted (none cited)');
  });

  // The literature was searched by the disease as typed only: a misspelt (or abbreviated) disease
  // found no article, and every pair read "novel" though Open Targets had matched the disease.
  it('searches the literature by the disease Open Targets matched too: a misspelt disease does not make known pairs novel', async () => {
    const r = await analyze({ diseaseContext: 'brest cancer' });
    expect(r.warnings[0]).toContain('"brest cancer" was read as the Open Targets disease "breast cancer"');
    const pair = r.hypotheses.find((h) => h.genes.includes('EGFR') && h.genes.includes('ERBB2'))!;
    expect(pair).toMatchObject({ coMentions: 640, novel: false });
    const europepmc = world.requests('europepmc').map((q) => q.query.get('query') ?? '');
    // As typed and as matched; "breast carcinoma" (related, but without the typed words) is not added.
    expect(europepmc.some((q) => q.includes('AND (TITLE:"brest cancer" OR ABSTRACT:"brest cancer" OR TITLE:"breast cancer" OR ABSTRACT:"breast cancer") AND SRC:MED'))).toBe(true);
    const pubmed = world.requests('eutils').map((q) => q.query.get('term') ?? '');
    expect(pubmed).toContain('(EGFR[tiab] OR ERBB1[tiab] OR HER1[tiab]) AND ("brest cancer"[tiab] OR "breast cancer"[tiab]) NOT "retracted publication"[pt]');
    expect(r.evidenceBrief.statements.some((s) => s.citations.includes('2001'))).toBe(true);
    // Trials of the candidates too: a misspelt condition would read "0 running trials".
    const conditions = world.requests('clinicaltrials').map((q) => q.query.get('query.cond'));
    expect(conditions.length).toBeGreaterThan(0);
    expect(conditions.every((c) => c === '(brest cancer) OR (breast cancer)')).toBe(true);
  });

  it('a pair no search finds is novel, and the rationale says which names were searched', async () => {
    fake.reset();
    world = mountFakeWorld(fake, { articles: ARTICLES, literature: [{ terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 }] });
    const pair = (await analyze({})).hypotheses.find((h) => h.genes.includes('EGFR') && h.genes.includes('ERBB2'))!;
    expect(pair).toMatchObject({ coMentions: 0, novel: true });
    expect(pair.rationale).toContain('no article mentions both with breast cancer (or breast carcinoma) (title or abstract, as EGFR (or ERBB1, HER1) and ERBB2 (or HER-2, CD340, HER2))');
  });

  // Once a failed STRING read as "no interaction": each pair's interaction part counted 0.
  it('reads a failed STRING as an unchecked interaction, not an absent one', async () => {
    const ok = await analyze({});
    const okPair = ok.hypotheses.find((h) => h.genes.includes('EGFR') && h.genes.includes('ERBB2'))!;
    fake.route('GET', '/string/json/network', { status: 500, body: 'STRING is down' });
    fake.route('POST', '/string/json/network', { status: 500, body: 'STRING is down' });
    const r = await analyze({});
    expect(r.sources.find((s) => s.id === 'string')).toMatchObject({ status: 'failed' });
    const pair = r.hypotheses.find((h) => h.genes.includes('EGFR') && h.genes.includes('ERBB2'))!;
    expect(pair.rationale).toContain('interaction not checked (STRING failed)');
    expect(okPair.rationale).not.toContain('not checked');
    // The fake STRING lists no edge for the pair: measured, the interaction part is 0. Unknown, it
    // counts 0 too, but the rationale says what the pair could reach: a failure never raises a
    // confidence (once renormalised, it read "high" where STRING's answer gave "moderate").
    expect(okPair.stringScore).toBeNull();
    expect(pair).toMatchObject({ confidence: okPair.confidence, confidenceLabel: okPair.confidenceLabel });
    expect(pair.rationale).toMatch(/confidence 0\.\d\d counts only what was checked \(up to 1\.00\)/);
  });

  it('degrades when context sources fail: null parts, warnings, the core analysis unchanged', async () => {
    const baseline = await analyze({});
    fake.route('POST', '/gnomad/api', { status: 500, body: { message: 'down' } });
    fake.route('POST', '/gprofiler/api/gost/profile/', { status: 503, body: 'busy' });
    fake.route('GET', '/icite/api/pubs', { status: 500, body: { error: 'down' } });
    fake.route('POST', '/civic/api/graphql', { body: { errors: [{ message: 'Field "evidenceItems" does not exist' }], data: null } });
    const r = await analyze({});
    for (const id of ['gnomad', 'gprofiler', 'icite', 'civic']) {
      expect(r.sources.find((s) => s.id === id)?.status, id).toBe('failed');
      expect(r.warnings.some((w) => w.startsWith(`${id} failed`)), id).toBe(true);
    }
    expect(r.focusGenes.every((f) => f.constraint === null && f.clinicalEvidence === null)).toBe(true);
    expect(r.focusGenes[0]?.protein?.accession).toBe('P00533'); // UniProt still answered
    expect(r.enrichmentCrossCheck).toBeNull();
    expect(r.enrichedPathways.every((p) => p.confirmedByGprofiler === null)).toBe(true);
    expect(r.citationMetrics.every((m) => m.relativeCitationRatio === null)).toBe(true);
    expect(r.citationMetrics.some((m) => m.influentialCitationCount !== null)).toBe(true); // Semantic Scholar still answered
    const core = (x: InsightsOutput) => ({ p: x.enrichedPathways.map(({ confirmedByGprofiler: _, ...rest }) => rest), d: x.drugCandidates, h: x.hypotheses, i: x.integrity });
    expect(core(r)).toEqual(core(baseline));
    expect(r.qualityParts.sourceCoverage).toBeLessThan(baseline.qualityParts.sourceCoverage);
  });

  // Five genes typed, "3-gene panel" answered, and nothing said why.
  it('says when two inputs name one gene (HER2 and ERBB2), analysed once', async () => {
    const r = await analyze({ genes: ['HER2', 'ERBB2', 'egfr', 'EGFR', 'BRAF'] });
    expect(r.genes).toEqual(['ERBB2', 'EGFR', 'BRAF']);
    expect(r.warnings).toContain('HER2 and ERBB2 name one gene, ERBB2: analysed once.');
    // The same symbol typed twice (any case) is no news: nothing said.
    expect(r.warnings.join(' ')).not.toMatch(/egfr and EGFR/i);
  });

  it('rejects a panel where no gene resolves, naming them', async () => {
    const res = (await client.callTool({ name: 'svc_generate_insights', arguments: { genes: ['NOTAGENE1', 'NOTAGENE2'], diseaseContext: 'breast cancer' } })) as CallToolResult;
    expect(res.isError).toBe(true);
    expect(JSON.stringify(res.content)).toContain('genes: none of the genes could be resolved');
    expect(JSON.stringify(res.content)).toContain('NOTAGENE2');
  });

  it('validates limits in the schema', async () => {
    const res = (await client.callTool({ name: 'svc_generate_insights', arguments: { genes: Array.from({ length: 501 }, (_, i) => `G${i}`), diseaseContext: 'x' } })) as CallToolResult;
    expect(JSON.stringify(res.content)).toContain('at most 500 genes per panel');
    const bad = (await client.callTool({ name: 'svc_generate_insights', arguments: { genes: ['EGFR'], diseaseContext: 'x', audience: 'pirate' } })) as CallToolResult;
    expect(JSON.stringify(bad.content)).toContain('audience');
  });
});
