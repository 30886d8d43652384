// Failures that must never read as findings or as success (issue 9): enrichment that could not run
// is not "no pathway is enriched", PMIDs that could not be checked are not "checked", and integrity
// figures that could not be computed are not zeros or full marks: in the MCP answer, its text, the
// terminal report (built binary), and the HTML report.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { renderInsights } from '../../src/cli/render/insights.js';
import { renderHtmlReport } from '../../src/report/html.js';
import type { InsightsAnswer } from '../../src/tools/insights/compact.js';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import { runCli } from '../support/binary.js';
import { fakeSourceUrls, tempDir, testContext } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

const ARTICLES = [{ pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression.' }];
const LITERATURE = [{ terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 }];
const ARGS = { genes: ['EGFR', 'ERBB2', 'BRAF'], diseaseContext: 'breast cancer' };

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

function cliEnv(): Record<string, string> {
  const out: Record<string, string> = { BIOINTEL_DATA_DIR: tempDir(), BIOINTEL_NLI: 'off', BIOINTEL_LOG_LEVEL: 'error', BIOINTEL_RETRIES: '0' };
  for (const [id, url] of Object.entries(fakeSourceUrls(fake.url))) out[`BIOINTEL_SOURCE_${id.toUpperCase()}_URL`] = url;
  return out;
}

describeShared('never silent', () => {
  let ctx: AppContext;
  let client: Client;
  beforeEach(async () => {
    fake.reset();
    mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE });
    ctx = await testContext({ dataDir: tempDir(), retries: 0 }, fake.url);
    client = await connectInMemory(ctx);
  });

  const call = async () => {
    const res = (await client.callTool({ name: 'svc_generate_insights', arguments: ARGS })) as CallToolResult;
    expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
    const answer = res.structuredContent as InsightsAnswer;
    const full = (await ctx.snapshots.get(answer.snapshotId))!.result as unknown as InsightsOutput;
    return { answer, text: (res.content[0] as { text: string }).text, full };
  };

  it('enrichment that could not run says so (libraries, why, the fix) and is never "no gene set reaches q <= 0.05"', async () => {
    fake.route('GET', '/enrichr/geneSetLibrary', { status: 503, body: 'Service Unavailable' });
    const { answer, text, full } = await call();
    expect(answer.enrichmentStatus.state).toBe('not_computed');
    expect(answer.enrichmentStatus.failed.map((f) => f.library).sort()).toEqual(['GO_Biological_Process_2023', 'KEGG_2021_Human', 'MSigDB_Hallmark_2020', 'Reactome_2022', 'WikiPathway_2023_Human']);
    expect(answer.enrichmentStatus.failed[0]!.error).toContain('503');
    expect(answer.enrichmentStatus.fix).toContain('--refresh-libraries');
    expect(answer.warnings[0]).toMatch(/^Pathway enrichment could not run/);
    expect(answer.evidenceBrief.headline).toContain('pathway enrichment could not run');
    for (const t of [answer.evidenceBrief.headline, answer.evidenceBrief.summary, text]) expect(t).not.toMatch(/no gene set (reaches|is significantly)/i);
    expect(text).toContain('ENRICHMENT NOT COMPUTED');
    const html = renderHtmlReport(full);
    expect(html).toContain('Enrichment not computed: no gene-set library could be loaded');
    expect(html).not.toContain('often gives none');
    // Focus genes: "in no significantly enriched pathway" was a finding the analysis never made.
    expect(full.focusGenes.map((f) => f.why)).toEqual(full.focusGenes.map(() => 'panel order (pathway enrichment did not run)'));
    // ...and so was a strategy's "it is in no significantly enriched pathway of this panel".
    expect(JSON.stringify(answer)).not.toContain('in no significantly enriched pathway');
    expect(full.therapeuticStrategies[0]!.rationale).toContain('whether it is in an enriched pathway is not known (pathway enrichment did not run)');
  });

  it('libraries that answered and found nothing read as a finding, not as a failure', async () => {
    const { answer } = await call();
    expect(answer.enrichmentStatus.state).toBe('partial'); // the fake Enrichr serves 3 of the 5 defaults
    expect(answer.enrichmentStatus.failed.map((f) => f.library).sort()).toEqual(['KEGG_2021_Human', 'WikiPathway_2023_Human']);
    expect(answer.enrichment.length).toBe(3);
  });

  it('PubMed down: PMIDs not checked, integrity figures not computed (null), never zeros or full marks', async () => {
    for (const ep of ['esummary', 'efetch']) for (const m of ['GET', 'POST']) fake.route(m, `/eutils/${ep}.fcgi`, { status: 500, body: { error: 'backend down' } });
    const { answer, text, full } = await call();
    expect(answer.integrity).toMatchObject({ pmidsChecked: false, hallucinated: null, hallucinationRate: null, groundedRatio: null, citationPrecision: null, citationRecall: null, citeF1: null });
    expect(text).toContain('PMIDs checked: NO');
    expect(text).not.toContain('PMIDs checked: yes');
    const html = renderHtmlReport(full);
    expect(html).toContain('not computed');
    expect(html).not.toMatch(/Hallucination rate<\/dt><dd><span class="metric-value">0/);
  });

  it('literature and PubMed down: nothing was cited, and that is never "PMIDs checked: yes"', async () => {
    fake.route('GET', '/europepmc/search', { status: 503, body: 'down' });
    for (const ep of ['esummary', 'efetch', 'esearch']) for (const m of ['GET', 'POST']) fake.route(m, `/eutils/${ep}.fcgi`, { status: 500, body: { error: 'backend down' } });
    const { answer, text, full } = await call();
    expect(answer.integrity).toMatchObject({ pmidsChecked: false, pmidsCited: 0, hallucinated: null, hallucinationRate: null, citeF1: null, groundedRatio: null });
    expect(text).toContain('PMIDs checked: none cited (nothing to check)');
    expect(text).not.toContain('PMIDs checked: yes');
    expect(renderHtmlReport(full)).toContain('none cited');
    // The empty evidence brief says why: "No statement could be cited from the literature" read the
    // same as a literature that names none of the genes.
    const why = 'No statement could be cited: the literature search failed (PubMed and Europe PMC) (see Sources). This is not a finding that the literature is silent.';
    expect(full.evidenceBrief.statements).toEqual([]);
    // The compact hypotheses say the literature was not counted (null), not 0 articles.
    expect(answer.hypotheses.length).toBeGreaterThan(0);
    // bioRxiv was skipped because the preprint search failed, not because none was found.
    expect(full.sources.find((s) => s.id === 'biorxiv')).toMatchObject({ status: 'skipped', note: 'preprints not searched: the Europe PMC preprint search failed' });
    for (const h of answer.hypotheses) expect(h).toMatchObject({ coMentions: null, novel: false });
    expect(text).toContain(`Evidence brief: ${why}`);
    expect(renderInsights(full)).toContain(why);
    expect(renderHtmlReport(full)).toContain(why);
  });

  it('drug sources down: the sources skipped for want of a candidate say the failure caused it', async () => {
    fake.route('POST', '/opentargets/graphql', (req) => ((JSON.parse(req.body) as { query: string }).query.includes('query SearchDisease') ? undefined : { status: 503, body: 'down' }));
    fake.route('POST', '/dgidb/graphql', { status: 503, body: 'down' });
    const { full } = await call();
    expect(full.drugCandidates).toEqual([]);
    // ChEMBL was asked (the panel's targets); PubChem and the label and trial searches were not.
    expect(full.sources.find((s) => s.id === 'pubchem')).toMatchObject({ status: 'skipped', note: 'no drug candidate for this panel (opentargets, dgidb failed, so this is not a finding)' });
    expect(full.sources.find((s) => s.id === 'openfda')).toMatchObject({ status: 'skipped', note: 'no approved drug candidate (opentargets, dgidb failed, so this is not a finding)' });
  });

  it('UniProt down: a focus gene\'s target classes are not known (null), never [] ("no druggable class")', async () => {
    const { answer: ok } = await call();
    expect(ok.focusGenes.find((f) => f.symbol === 'EGFR')?.targetClasses).toEqual(['kinase', 'enzyme']);
    for (const m of ['GET', 'POST']) fake.route(m, /^\/uniprot\//, { status: 500, body: { error: 'down' } });
    client = await connectInMemory((ctx = await testContext({ dataDir: tempDir(), retries: 0 }, fake.url)));
    const { answer, full } = await call();
    expect(answer.focusGenes.length).toBeGreaterThan(0);
    for (const f of answer.focusGenes) expect(f).toMatchObject({ protein: null, targetClasses: null });
    // The terminal marks the cells "?" (not known) and says why; "-" would read as nothing there.
    const terminal = renderInsights(full);
    expect(terminal).toMatch(/\nEGFR\s+\?\s+\?\s/);
    expect(terminal).toContain('? = not known: uniprot failed (see Warnings)');
  });

  it('DGIdb down: a drug whose approval only DGIdb gave is "not known", never "not approved"', async () => {
    const { full: ok } = await call();
    // The recorded Open Targets rows select no stage: in this world NERATINIB's approval comes from DGIdb.
    expect(ok.drugCandidates.find((c) => c.name === 'NERATINIB')).toMatchObject({ approved: true, maxPhase: 4 });
    fake.route('POST', '/dgidb/graphql', () => ({ status: 503, body: 'down' }));
    client = await connectInMemory((ctx = await testContext({ dataDir: tempDir(), retries: 0 }, fake.url)));
    const { answer, full } = await call();
    expect(full.sources.find((s) => s.id === 'dgidb')?.status).toBe('failed');
    const neratinib = full.drugCandidates.find((c) => c.name === 'NERATINIB')!;
    expect(neratinib).toMatchObject({ tier: 'III', status: 'unknown', maxPhase: null });
    expect(neratinib.tierReason).toMatch(/^Clinical phase and approval not known: DGIdb could not be read for EGFR, ERBB2; /);
    for (const c of [...full.drugCandidates, ...answer.drugCandidates]) expect(JSON.stringify(c)).not.toMatch(/not approved/);
    // The compact answer's approved flag is null (not known), never false, for such drugs.
    const unknown = new Set(full.drugCandidates.filter((c) => c.status === 'unknown').map((c) => c.name));
    const shown = answer.drugCandidates.filter((c) => unknown.has(c.name));
    expect(shown.length).toBeGreaterThan(0);
    for (const c of shown) expect(c.approved).toBeNull();
  });

  it('biointel analyze offline: exits 1 with the failed libraries and the fix, and never prints "PMIDs checked: yes"', async () => {
    fake.route('GET', '/enrichr/geneSetLibrary', { status: 503, body: 'Service Unavailable' });
    for (const ep of ['esummary', 'efetch']) for (const m of ['GET', 'POST']) fake.route(m, `/eutils/${ep}.fcgi`, { status: 500, body: { error: 'backend down' } });
    const run = await runCli(['analyze', '--genes', 'EGFR,ERBB2,BRAF', '--disease', 'breast cancer'], cliEnv());
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('NOT COMPUTED: Pathway enrichment could not run');
    expect(run.stdout).toContain('Reactome_2022: enrichr (HTTP 503)');
    expect(run.stdout).not.toMatch(/no gene set reaches|None reached q/);
    expect(run.stderr).toContain('error: Pathway enrichment could not run');
    expect(run.stderr).toContain('hint: Gene-set libraries are downloaded from Enrichr once');
    expect(run.stdout).toContain('PMIDs checked: NO');
    expect(run.stdout).not.toContain('PMIDs checked: yes');
    const json = await runCli(['analyze', '--genes', 'EGFR', '--disease', 'breast cancer', '--json'], cliEnv());
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as InsightsOutput).enrichmentStatus.state).toBe('not_computed');
  });
});
