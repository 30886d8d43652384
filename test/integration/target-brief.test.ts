// svc_get_target_brief end to end against the fake upstream (test/support/fake-brief.ts): genuine
// recordings where they answer the request (Open Targets tractability and clinical context, DGIdb
// EGFR), doc-shaped project fixtures elsewhere. Each test builds its own context, so the 1 req/s
// limiters of STRING and ClinicalTrials.gov never make a test wait (one request each per brief).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { renderBrief } from '../../src/cli/render/brief.js';
import { summarizeBrief } from '../../src/tools/target-brief/summary.js';
import type { AppContext } from '../../src/context.js';
import { UpstreamError } from '../../src/errors.js';
import { silentProgress } from '../../src/tools/define.js';
import { FREE_TIER_DRUGS_NOTE, getTargetBrief } from '../../src/tools/target-brief/handler.js';
import type { BriefOutput } from '../../src/tools/target-brief/output.js';
import { runCli } from '../support/binary.js';
import { fakeSourceUrls, tempDir, testContext } from '../support/context.js';
import { BRIEF_ARTICLES, EGFR, mountBriefUpstream, type BriefFakeOptions } from '../support/fake-brief.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { routeFakeHgnc } from '../support/fake-hgnc.js';
import { hgncDoc } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared, ownJson, sharedJson } from '../support/shared.js';

let fake: FakeUpstream;
const contexts: AppContext[] = [];

beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await fake.close();
});
beforeEach(() => fake.reset());

async function context(flags: Parameters<typeof testContext>[0] = {}): Promise<AppContext> {
  const ctx = await testContext(flags, fake.url);
  contexts.push(ctx);
  return ctx;
}

async function client(options: BriefFakeOptions = {}, tier: 'free' | 'researcher' = 'researcher'): Promise<Client> {
  mountBriefUpstream(fake, options);
  return connectInMemory(await context(), { tier });
}

/** The handler directly (no MCP), for the failure cases: sources[] and warnings[] are the point. */
async function brief(gene: string, flags: Parameters<typeof testContext>[0] = {}, options: BriefFakeOptions = {}, override?: () => void): Promise<BriefOutput> {
  mountBriefUpstream(fake, options);
  override?.(); // later routes win
  return getTargetBrief({ gene, diseaseContext: EGFR.disease }, { ctx: await context(flags), tier: 'researcher', progress: silentProgress });
}

const source = (r: BriefOutput, id: string) => r.sources.find((s) => s.id === id);
const paths = (prefix: string) => fake.requests.filter((q) => q.path.startsWith(prefix));

describeShared('svc_get_target_brief', () => {
  it('all sources ok: a full brief whose values trace to the fixtures (output schema checked by the SDK client)', async () => {
    const mcp = await client();
    await mcp.listTools(); // the client then validates structuredContent against the JSON output schema too
    const r = await callOk<BriefOutput>(mcp, 'svc_get_target_brief', { gene: 'egfr', diseaseContext: EGFR.disease });

    // HGNC (doc-shaped fetch-symbol-EGFR): lower case input resolves as the approved symbol.
    expect(r.gene).toEqual({
      input: 'egfr', symbol: 'EGFR', resolvedBy: 'approved', hgncId: 'HGNC:3236', name: 'epidermal growth factor receptor',
      ensemblId: 'ENSG00000146648', uniprotAccession: 'P00533', entrezId: '1956',
    });
    // UniProt (doc-shaped P00533 entry).
    expect(r).toMatchObject({ proteinName: 'Epidermal growth factor receptor', molecularWeight: 134277, protein: { accession: 'P00533', length: 1210 } });
    expect(r.function).toMatch(/^Receptor tyrosine kinase binding ligands of the EGF family/);
    expect(r.functionPmids).toEqual(['2790960', '10805725', '27153536', '12297049', '15611079']);
    // AlphaFold (doc-shaped, canonical model second in the answer as in the v6 recording).
    expect(r.alphaFoldPlddt).toBe(75.94);
    expect(r.alphaFold).toMatchObject({ entryId: 'AF-P00533-F1', band: 'confident', modelUrl: 'https://alphafold.ebi.ac.uk/files/AF-P00533-F1-model_v6.cif', version: 6 });
    // Druggability: recorded EGFR tractability (SM Approved Drug) + EC 2.7.10.1 + kinase.
    expect(r.druggabilityScore).toBe(1);
    expect(r.druggabilityComplete).toBe(true);
    expect(r.druggabilityParts.map((p) => [p.name, p.value, p.contribution])).toEqual([['tractability', 1, 0.7], ['enzyme', 1, 0.1], ['family', 1, 0.2]]);
    expect(r.druggabilityParts[0]?.evidence).toContain('OC (other clinical): Advanced Clinical');
    // Disease context: doc-shaped search (MONDO_0005233) and Bs score; associations copied from the recording.
    expect(r.diseaseContext).toEqual({ query: EGFR.disease, diseaseId: 'MONDO_0005233', diseaseName: 'non-small cell lung carcinoma', associationScore: 0.8525670184292347, matchedIds: ['MONDO_0005233'] });
    const recorded = sharedJson<{ data: { target: { associatedDiseases: { rows: { score: number; disease: { id: string; name: string } }[] } } } }>(
      'opentargets', 'target-clinical-context-EGFR-ENSG00000146648.json');
    expect(r.diseaseAssociations).toEqual(recorded.data.target.associatedDiseases.rows.map((a) => ({ diseaseId: a.disease.id, diseaseName: a.disease.name, score: a.score })));
    expect(r.diseaseAssociationsTotal).toBe(2713);

    // Top drugs: phase, then approval, then approved for NSCLC (per-disease indications, doc-shaped
    // drugs(chemblIds:)), then listed for it on the target, then name; AFATINIB DIMALEATE merged.
    expect(r.drugCandidatesTotal).toBe(6);
    expect(r.topDrugs.map((d) => [d.name, d.phase, d.approved, d.indicatedForDisease])).toEqual([
      ['AFATINIB', 4, true, true], ['ERLOTINIB', 4, true, true], ['GEFITINIB', 4, true, true], ['PANITUMUMAB', 4, true, false],
      ['ROCILETINIB', 2.5, false, false], ['CETUXIMAB SAROTALOCAN', 1, false, false],
    ]);
    // ROCILETINIB reached phase 2/3 for NSCLC: studied for it, never "indicated".
    expect(r.topDrugs[4]).toMatchObject({ studiedFor: 'non-small cell lung carcinoma (MONDO_0005233: the context disease)', indicationMatch: null, indicationsChecked: true });
    // PANITUMUMAB is approved for colorectal cancer, phase 2 in NSCLC: not indicated here.
    expect(r.topDrugs[3]).toMatchObject({ indicationMatch: null, studiedFor: null });
    const [afatinib, , , panitumumab, rociletinib, cetuximab] = r.topDrugs;
    expect(afatinib).toMatchObject({
      chemblId: 'CHEMBL1173655', stage: 'APPROVAL', mechanism: 'Epidermal growth factor receptor erbB1 inhibitor', actionType: 'INHIBITOR',
      indicationMatch: 'non-small cell lung carcinoma (MONDO_0005233): approved (Open Targets indications; the context disease)', saltForms: [{ chemblId: 'CHEMBL2105712', name: 'AFATINIB DIMALEATE' }],
      admet: {
        molecularWeight: { value: 485.94, source: 'chembl' }, logP: { value: 4.4, source: 'chembl' }, qed: { value: 0.52, source: 'chembl' },
        hbd: { value: 2, source: 'chembl' }, hba: { value: 7, source: 'chembl' }, lipinskiViolations: { value: 0, source: 'chembl' }, lipinskiPass: true,
      },
      sources: ['opentargets', 'chembl'],
    });
    // The recorded DGIdb EGFR answer names PANITUMUMAB (no ChEMBL concept id): joined by name.
    expect(panitumumab).toMatchObject({ drugType: 'Antibody', interactionTypes: ['antibody', 'inhibitor'], admet: { molecularWeight: null, lipinskiPass: null, note: 'Antibody: rule-of-five properties do not apply' } });
    expect(panitumumab?.interactionSources).toContain('FDA');
    expect(panitumumab?.sources).toEqual(['opentargets', 'chembl', 'dgidb']);
    // ChEMBL does not return ROCILETINIB: PubChem fills in by name; Lipinski counted here (MW > 500, HBA > 10).
    expect(rociletinib?.admet).toMatchObject({
      molecularWeight: { value: 555.6, source: 'pubchem' }, logP: { value: 4.1, source: 'pubchem' }, qed: null, hba: { value: 12, source: 'pubchem' },
      lipinskiViolations: { value: 2, source: 'computed' }, lipinskiPass: false,
    });
    expect(cetuximab?.admet.note).toBe('Antibody drug conjugate: rule-of-five properties do not apply');

    // q-values: the enrichment engine on EGFR + its STRING partners (GRB2, EGF, ERBB2) against Reactome;
    // pathways with a q come first, most significant first.
    expect(r.pathways.map((p) => p.stId).sort()).toEqual(['R-HSA-1643713', 'R-HSA-177929', 'R-HSA-179812']);
    const withQ = r.pathways.filter((p) => p.qValue !== undefined);
    expect(withQ.length).toBeGreaterThan(0);
    expect(withQ.map((p) => p.qValue)).toEqual([...withQ.map((p) => p.qValue!)].sort((a, b) => a - b));
    expect(r.pathways.find((p) => p.stId === 'R-HSA-177929')?.qValue).toBeLessThan(0.05);
    expect(r.clinicalTrials.map((t) => [t.nctId, t.phase, t.status])).toEqual([['NCT09000001', 3, 'RECRUITING'], ['NCT09000002', 2, 'ACTIVE_NOT_RECRUITING']]);
    expect(r.clinicalTrials[0]?.interventions).toEqual(['Osimertinib', 'Carboplatin']);
    expect(r.interactionPartners).toEqual([
      { partner: 'GRB2', score: 0.999, stringId: '9606.ENSP00000339007' },
      { partner: 'EGF', score: 0.999, stringId: '9606.ENSP00000265171' },
      { partner: 'ERBB2', score: 0.998, stringId: '9606.ENSP00000269571' },
    ]);

    // Integrity: the function sentence against its first 3 PMIDs. NLI is off in these tests, so the
    // PMIDs are checked but nothing is judged (fail closed), and the warning says so.
    expect(r.integrity).toMatchObject({ pmidsChecked: true, hallucinated: 0, groundedRatio: null, citationRecall: null, nliEnabled: false, entailmentMethod: 'none' });
    // Not judged reads as such: null, not a false or a 0 that would read as judged and unsupported.
    expect(r.evidence).toEqual([expect.objectContaining({ about: 'function', subject: 'EGFR', judged: ['2790960', '10805725', '27153536'], status: 'unjudged', supported: null, bestEntailment: null })]);

    expect(r.warnings).toEqual([expect.stringMatching(/^Entailment was not judged .*BIOINTEL_NLI=off/)]);
    expect(r.sources.map((s) => [s.id, s.status]).sort()).toEqual(
      ['alphafold', 'chembl', 'clinicaltrials', 'dgidb', 'enrichr', 'eutils', 'hgnc', 'opentargets', 'pubchem', 'reactome', 'string', 'uniprot'].map((id) => [id, 'ok']),
    );
    // One request per source and call; esummary and efetch go out together.
    expect(fake.requests).toHaveLength(18); // + the Reactome gene-set library, downloaded once
    // Disease search, clinical context with tractability (one query: Open Targets is paced at 5 a
    // second, and a sixth question waited for the window), context score, ontology, drug details.
    expect(paths('/opentargets/')).toHaveLength(5);
    expect(paths('/opentargets/').filter((q) => q.body.includes('query TargetBrief'))).toHaveLength(1);
    expect(paths('/chembl/').map((q) => q.path).sort()).toEqual(['/chembl/drug_indication.json', '/chembl/molecule.json']);
    expect(paths('/eutils/').map((q) => q.path).sort()).toEqual(['/eutils/efetch.fcgi', '/eutils/esummary.fcgi']);
    const trials = paths('/clinicaltrials/')[0];
    expect(trials?.query.get('query.cond')).toBe(EGFR.disease);
    expect(trials?.query.get('filter.overallStatus')).toBe('RECRUITING,NOT_YET_RECRUITING,ACTIVE_NOT_RECRUITING,ENROLLING_BY_INVITATION');

    const text = renderBrief(r);
    expect(text).toContain('EGFR — Epidermal growth factor receptor');
    expect(text).toContain('AlphaFold mean pLDDT 75.9 (confident)');
    // ChEMBL's 2.5 is phase 2/3, as the text block says; q values keep their magnitude (not "0.000").
    expect(text).toMatch(/ROCILETINIB\s+CHEMBL3545308\s+2\/3\s+-\s+-\s+INHIBITOR\s+556\*/);
    expect(text).toMatch(/R-HSA-179812\s+GRB2 events in EGFR signaling\s+q \d\.\d\de-\d+/);
    expect(text).not.toContain('q 0.000');
    expect(text).toMatch(/\nSources: .*hgnc ok .*uniprot ok/);
    // The terminal names the verdict: an unjudged statement once printed the ✗ of a rejected one.
    expect(text).toMatch(/\n {2}\S+ unjudged: Receptor tyrosine kinase binding.* \[PMID 2790960, 10805725, 27153536, 12297049, 15611079\]/);
    expect(text).not.toMatch(/✗/);
  });

  it('a symbol that is an English word (MET): its trials are listed with the caveat that they may use the word', async () => {
    const met = { symbol: 'MET', hgncId: 'HGNC:7029', ensembl: 'ENSG00000105976', uniprot: 'P08581', name: 'MET proto-oncogene, receptor tyrosine kinase', aliases: ['HGFR', 'RCCP2', 'c-Met'] };
    const r = await brief('MET', { retries: 0 }, {}, () => routeFakeHgnc(fake, [hgncDoc(met)]));
    expect(r.gene.symbol).toBe('MET');
    expect(paths('/clinicaltrials/')[0]?.query.get('query.term')).toBe('MET');
    expect(r.warnings).toContain('Clinical trials are searched by the symbol: MET is also the English word "met", which a title or abstract search cannot tell from the gene, so a listed trial may use the word rather than name the gene; check its interventions.');
    expect((await brief('EGFR')).warnings.join(' ')).not.toContain('English word');
  });

  it('UniProt down: no cited statement is said to be because UniProt failed, not a fact about the gene', async () => {
    const r = await brief('EGFR', { retries: 0 }, {}, () => {
      for (const m of ['GET', 'POST']) fake.route(m, /^\/uniprot\//, { status: 500, body: { error: 'down' } });
    });
    expect(r.evidence).toEqual([]);
    expect(r.integrity.entailmentMethod).toBe('not run: no statement of this brief cites a PMID (UniProt failed: the statements it gives are missing)');
    expect(renderBrief(r)).toContain('not run: no statement of this brief cites a PMID (UniProt failed');
  });

  it('PubMed down: the terminal still shows what an unverifiable statement cites, never "[out_of_range]"', async () => {
    const r = await brief('EGFR', { retries: 0 }, {}, () => {
      for (const m of ['GET', 'POST']) fake.route(m, /^\/eutils\//, { status: 500, body: { error: 'down' } });
    });
    expect(r.evidence[0]).toMatchObject({ status: 'unverifiable' });
    const terminal = renderBrief(r).replace(/\x1b\[[0-9;]*m/g, '');
    expect(terminal).toMatch(/\? unverifiable: Receptor tyrosine kinase binding.* \[PMID 2790960, 10805725, 27153536, 12297049, 15611079\]/);
    expect(terminal).not.toContain('out_of_range');
  });

  it('the text block names each top drug\'s stage in words', async () => {
    const mcp = await client();
    const res = (await mcp.callTool({ name: 'svc_get_target_brief', arguments: { gene: 'EGFR', diseaseContext: EGFR.disease } })) as CallToolResult;
    const text = res.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    // ChEMBL's 2.5 once read "phase 2.5"; approved drugs "phase 4, approved".
    expect(text).toMatch(/Top drugs \(6 of 6\): AFATINIB \(approved for this disease\), .*PANITUMUMAB \(approved\), ROCILETINIB \(phase 2\/3\), and 1 more in topDrugs\./);
  });

  it('free tier: topDrugs empty with the note; drug sources skipped (genuine, narrower Open Targets answer)', async () => {
    const mcp = await client({ clinical: 'recorded' }, 'free');
    const r = await callOk<BriefOutput>(mcp, 'svc_get_target_brief', { gene: 'EGFR', diseaseContext: EGFR.disease });
    expect(r.topDrugs).toEqual([]);
    expect(r.topDrugsNote).toBe(FREE_TIER_DRUGS_NOTE);
    expect(r.topDrugsNote).toMatch(/API key of tier "researcher"/);
    expect(r.drugCandidatesTotal).toBeUndefined();
    for (const id of ['chembl', 'dgidb', 'pubchem']) expect(source(r, id)).toMatchObject({ status: 'skipped', note: 'drug candidates are withheld for the free tier' });
    expect(r.diseaseAssociations[2]).toEqual({ diseaseId: 'MONDO_0004992', diseaseName: 'cancer', score: 0.7369034999647346 });
    expect(r.diseaseAssociationsTotal).toBeNull(); // the recording did not select `count`
    expect(paths('/chembl/').length + paths('/dgidb/').length + paths('/pubchem/').length).toBe(0);
  });

  it('the default disease context is "cancer"; an alias resolves with a warning', async () => {
    const mcp = await client();
    const tool = (await mcp.listTools()).tools.find((t) => t.name === 'svc_get_target_brief');
    expect(tool?.inputSchema.required).toEqual(['gene']);
    const r = await callOk<BriefOutput>(mcp, 'svc_get_target_brief', { gene: 'HER1' });
    expect(r.gene).toMatchObject({ input: 'HER1', symbol: 'EGFR', resolvedBy: 'alias' });
    expect(r.warnings).toContain('"HER1" is an alias of EGFR (HGNC HGNC:3236); the brief is for EGFR.');
    // The fake knows no "cancer" disease: no context id and no descendants, so no indication is
    // guessed from a name containing "cancer" or an oncology term: nothing is called indicated.
    expect(r.diseaseContext).toMatchObject({ query: 'cancer', diseaseId: null, associationScore: null });
    expect(r.warnings.join(' ')).toContain('"cancer" matched no Open Targets disease');
    expect(r.topDrugs.find((d) => d.name === 'PANITUMUMAB')).toMatchObject({ indicationMatch: null, indicatedForDisease: false, studiedFor: null });
    expect(r.topDrugs.every((d) => !d.indicatedForDisease)).toBe(true);
    expect(paths('/clinicaltrials/')[0]?.query.get('query.cond')).toBe('cancer');
  });

  it('names the disease the brief is about when the search read the text as another one', async () => {
    // The context named as the hit is: no note.
    expect((await brief('EGFR')).warnings.join(' ')).not.toContain('was read as');
    fake.reset();
    // The NSCLC search's hits (NSCLC, lung adenocarcinoma, lung cancer) answer any text here.
    const nsclcHits = () =>
      fake.route('POST', '/opentargets/graphql', (req) => (req.body.includes('query SearchDisease') ? { body: ownJson('opentargets', 'search-disease-nsclc-doc-shaped.json') } : undefined));
    mountBriefUpstream(fake);
    nsclcHits();
    const r = await getTargetBrief({ gene: 'EGFR', diseaseContext: 'pulmonary cancer' }, { ctx: await context(), tier: 'researcher', progress: silentProgress });
    expect(r.diseaseContext).toMatchObject({ query: 'pulmonary cancer', diseaseId: 'MONDO_0005233' });
    expect(r.warnings[0]).toMatch(/^"pulmonary cancer" was read as the Open Targets disease "non-small cell lung carcinoma" \(MONDO_0005233\), the best hit of its search/);
    // A hit named as typed is the disease asked, wherever the search ranked it: no note.
    const typed = await getTargetBrief({ gene: 'EGFR', diseaseContext: 'lung cancer' }, { ctx: await context(), tier: 'researcher', progress: silentProgress });
    expect(typed.diseaseContext).toMatchObject({ query: 'lung cancer', diseaseId: 'MONDO_0008903' });
    expect(typed.warnings.join(' ')).not.toContain('was read as');
  });

  it('researcher tier on the genuine Open Targets answer (no stages selected): phases unknown, ranked by name, salts merged', async () => {
    const r = await brief('EGFR', {}, { clinical: 'recorded' });
    expect(r.drugCandidatesTotal).toBe(72); // 82 rows, 10 salt forms merged
    expect(r.topDrugs).toHaveLength(10);
    expect(r.topDrugs.every((d) => d.phase === null && d.stage === null)).toBe(true);
    // Only AFATINIB has per-disease indications (doc-shaped drugs(chemblIds:)): approved for NSCLC, so first.
    expect(r.topDrugs.filter((d) => d.approved || d.indicatedForDisease).map((d) => d.name)).toEqual(['AFATINIB']);
    // The others have no phase from any source: their approval is not known (null), never false
    // (approved drugs read "approved: false").
    expect(r.topDrugs.filter((d) => d.name !== 'AFATINIB').every((d) => d.approved === null)).toBe(true);
    const second = r.topDrugs[1]!;
    expect(renderBrief(r)).toMatch(new RegExp(`${second.name}\\s+${second.chemblId}\\s+\\?\\s+\\?\\s`)); // phase ?, approved ?
    expect(r.topDrugs[0]?.name).toBe('AFATINIB');
    const names = r.topDrugs.slice(1).map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const afatinib = r.topDrugs.find((d) => d.name === 'AFATINIB');
    expect(afatinib).toMatchObject({ chemblId: 'CHEMBL1173655', saltForms: [{ chemblId: 'CHEMBL2105712', name: 'AFATINIB DIMALEATE' }], admet: { qed: { value: 0.52, source: 'chembl' } } });
    // Drugs ChEMBL did not return and PubChem does not know: ADMET says so, nothing invented.
    const unknown = r.topDrugs.filter((d) => d.name !== 'AFATINIB');
    expect(unknown.every((d) => d.admet.molecularWeight === null && d.admet.note === 'no computed properties available')).toBe(true);
    expect(paths('/pubchem/')).toHaveLength(unknown.length);
    expect(source(r, 'pubchem')).toMatchObject({ status: 'ok', records: 0 });
  });

  it('one source down (Open Targets 500): a degraded brief, the failure in sources[] and warnings[]', async () => {
    const r = await brief('EGFR', { retries: 0 }, {}, () => fake.route('POST', '/opentargets/graphql', { status: 500, body: { error: 'Internal Server Error' } }));
    expect(source(r, 'opentargets')).toMatchObject({ status: 'failed', error: expect.stringContaining('opentargets (HTTP 500)') });
    expect(r.warnings.some((w) => w.startsWith('opentargets failed (no disease associations or drug candidates; druggability computed without tractability)'))).toBe(true);
    // Druggability falls to its UniProt parts and says it is a lower bound: 0.1 (EC) + 0.2 (kinase).
    expect(r.druggabilityScore).toBe(0.3);
    expect(r.druggabilityComplete).toBe(false);
    expect(r.druggabilityParts[0]).toMatchObject({ value: null, evidence: 'not available: Open Targets failed' });
    expect(r).toMatchObject({ diseaseAssociations: [], topDrugs: [], diseaseContext: { diseaseId: null } });
    expect(r.topDrugsNote).toBeUndefined(); // not a tier matter
    expect(source(r, 'chembl')).toMatchObject({ status: 'skipped', note: 'no drug candidates to describe' });
    // Everything else is still there.
    expect(r.proteinName).toBe('Epidermal growth factor receptor');
    expect(r.alphaFoldPlddt).toBe(75.94);
    expect(r.clinicalTrials).toHaveLength(2);
    expect(source(r, 'string')?.status).toBe('ok');
    // The text block says the source failed; it once read "no Open Targets disease matched" and
    // "Top drugs: none listed", as if Open Targets had answered that.
    const text = summarizeBrief(r);
    expect(text).toContain(`Disease context "${EGFR.disease}": not matched: Open Targets failed.`);
    expect(text).toContain('Top drugs: not known (Open Targets failed).');
    expect(text).toContain('Disease associations: not known (Open Targets failed).');
    expect(text).not.toMatch(/none listed|no Open Targets disease matched/);
    // 0.30 alone read as a poorly druggable EGFR: the missing tractability could add up to 0.70.
    expect(text).toContain('Druggability between 0.30 and 1.00 (Open Targets tractability not known);');
    const terminal = renderBrief(r).replace(/\x1b\[[0-9;]*m/g, '');
    expect(terminal).toContain('(not matched: Open Targets failed)');
    expect(terminal).toContain('  not known: Open Targets failed');
    expect(terminal).toContain('between 0.30 and 1.00 (Open Targets tractability not known)');
    expect(terminal).not.toMatch(/none listed|no Open Targets match/);
  });

  // With STRING down the text read "STRING partners 0", with Reactome down "Pathways 0 of 0", and
  // with ClinicalTrials.gov down "trials 0": a gene without partners, pathways or trials.
  it('an empty list whose source failed reads "not known", in the text and the terminal', async () => {
    const down = (prefix: string) => () => {
      for (const m of ['GET', 'POST']) fake.route(m, new RegExp(`^/${prefix}/`), { status: 500, body: { error: 'down' } });
    };
    const r = await brief('EGFR', { retries: 0 }, {}, () => ['string', 'reactome', 'clinicaltrials'].forEach((p) => down(p)()));
    expect(r).toMatchObject({ interactionPartners: [], pathways: [], clinicalTrials: [] });
    // The totals are not known either: pathwaysTotal read 0 ("Reactome lists none") in the JSON.
    expect(r).toMatchObject({ pathwaysTotal: null, clinicalTrialsTotal: null });
    const text = summarizeBrief(r);
    expect(text).toContain('Pathways not known (Reactome failed); trials not known (ClinicalTrials.gov failed); STRING partners not known (STRING failed).');
    const terminal = renderBrief(r).replace(/\x1b\[[0-9;]*m/g, '');
    expect(terminal).toContain('Pathways (Reactome): not known (Reactome failed)');
    expect(terminal).toContain('Clinical trials: not known (ClinicalTrials.gov failed)');
    expect(terminal).toContain('Interaction partners (STRING): not known (STRING failed)');
    // Sources that answered keep their counts.
    const answered = await brief('EGFR');
    expect(summarizeBrief(answered)).toContain('Pathways 3 of 3; trials 2 of 2; STRING partners 3.');
    expect(answered.pathwaysTotal).toBe(3);
    // No trial found says for which disease text: they are searched with it as typed.
    const none = await brief('EGFR', {}, {}, () => fake.route('GET', '/clinicaltrials/studies', { body: ownJson('clinicaltrials', 'search-no-matches-doc-shaped.json') }));
    expect(summarizeBrief(none)).toContain(`trials none found for "${EGFR.disease}"`);
  });

  // MALAT1 (HGNC's values; the document in the shape of the recorded HGNC answers) has no protein:
  // the brief read "Pathways not looked up (Reactome)", like an omission.
  it('a non-coding gene: the lists not looked up say it has no protein product', async () => {
    const malat1 = { hgnc_id: 'HGNC:29665', symbol: 'MALAT1', name: 'metastasis associated lung adenocarcinoma transcript 1', status: 'Approved', locus_type: 'RNA, long non-coding', locus_group: 'non-coding RNA', location: '11q13.1', entrez_id: '378938', ensembl_gene_id: 'ENSG00000251562', uniprot_ids: [] };
    const r = await brief('MALAT1', { retries: 0 }, {}, () => routeFakeHgnc(fake, [malat1]));
    expect(r).toMatchObject({ gene: { symbol: 'MALAT1', uniprotAccession: null }, pathways: [], pathwaysTotal: null });
    expect(source(r, 'reactome')).toMatchObject({ status: 'skipped' });
    expect(summarizeBrief(r)).toContain('Pathways not looked up (Reactome: no UniProt accession for MALAT1 (HGNC locus type "RNA, long non-coding": no protein product))');
  });

  it('one source timing out (AlphaFold): a degraded brief naming the timeout', async () => {
    const started = Date.now();
    const r = await brief('EGFR', { retries: 0, timeoutMs: 300 }, {}, () => fake.route('GET', `/alphafold/prediction/${EGFR.accession}`, { body: [], delayMs: 10_000 }));
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(source(r, 'alphafold')).toMatchObject({ status: 'failed', error: 'alphafold: no response within 300 ms of sending' });
    expect(r.warnings).toContain('alphafold failed (no pLDDT): alphafold: no response within 300 ms of sending');
    expect(r).toMatchObject({ alphaFoldPlddt: null, alphaFold: null, druggabilityScore: 1, proteinName: 'Epidermal growth factor receptor' });
    expect(r.topDrugs).toHaveLength(6);
  });

  it('integrity: DGIdb PMIDs become drug statements; a PMID PubMed does not know is counted and removed', async () => {
    const articles = BRIEF_ARTICLES.filter((a) => a.pmid !== '27153536');
    const r = await brief('EGFR', {}, { dgidb: 'doc-shaped', articles });
    const gefitinib = r.topDrugs.find((d) => d.name === 'GEFITINIB');
    expect(gefitinib).toMatchObject({ interactionTypes: ['inhibitor'], interactionPmids: ['15118073'], sources: ['opentargets', 'chembl', 'dgidb'] });
    expect(r.evidence.map((e) => [e.about, e.text])).toEqual([
      ['function', 'Receptor tyrosine kinase binding ligands of the EGF family and activating several signaling cascades to convert extracellular cues into appropriate cellular responses.'],
      ['drug', 'GEFITINIB is an inhibitor of EGFR.'],
    ]);
    expect(r.evidence[1]).toMatchObject({ judged: ['15118073'], status: 'unjudged', supported: null }); // NLI off: not judged
    // 27153536 does not exist in this PubMed: the function statement's citations are out of range (ALCE recall 0).
    expect(r.integrity).toMatchObject({ pmidsChecked: true, hallucinated: 1, hallucinationRate: 0.1667 });
    expect(r.evidence[0]).toMatchObject({ supported: false, skipped: 'out_of_range' });
    expect(r.functionPmids).toEqual(['2790960', '10805725', '12297049', '15611079']);
    expect(r.warnings).toContain('PubMed does not know PMID 27153536 cited by the sources; removed from the brief.');
  });

  it('unknown gene: a not_found tool error naming the gene, with what to check', async () => {
    const mcp = await client();
    const res = (await mcp.callTool({ name: 'svc_get_target_brief', arguments: { gene: 'NOTAGENE1' } })) as CallToolResult;
    expect(res.isError).toBe(true);
    const text = JSON.stringify(res.content);
    expect(text).toContain('Error (not_found): gene not found: NOTAGENE1');
    expect(text).toContain('HGNC has no approved symbol, previous symbol or alias');
    // Nothing keyed on the gene was asked (only HGNC, its complete-set file, and the disease search).
    expect(fake.requests.filter((q) => !/^\/(hgnc|hgnc_files|opentargets)\//.test(q.path))).toEqual([]);
  });

  it('rejects bad input naming the field and the limit', async () => {
    const mcp = await client();
    const long = (await mcp.callTool({ name: 'svc_get_target_brief', arguments: { gene: 'EGFR', diseaseContext: 'x'.repeat(501) } })) as CallToolResult;
    expect(long.isError).toBe(true);
    expect(JSON.stringify(long.content)).toContain('500 characters');
    const empty = (await mcp.callTool({ name: 'svc_get_target_brief', arguments: { gene: ' ' } })) as CallToolResult;
    expect(JSON.stringify(empty.content)).toContain('gene');
  });

  it('HGNC REST down, its complete set on disk: the gene is resolved locally, no warning needed', async () => {
    const r = await brief('EGFR', { retries: 0 }, {}, () => fake.route('GET', /^\/hgnc\//, { status: 500, body: { error: 'Solr is down' } }));
    expect(r.gene).toMatchObject({ input: 'EGFR', symbol: 'EGFR', resolvedBy: 'approved', hgncId: 'HGNC:3236' });
    expect(paths('/hgnc/')).toEqual([]);
    expect(r.warnings.filter((w) => /hgnc/i.test(w))).toEqual([]);
  });

  it('HGNC down: the symbol is used as typed when Open Targets or UniProt confirms it, with a warning', async () => {
    const r = await brief('EGFR', { retries: 0 }, {}, () => fake.route('GET', /^\/hgnc(_files)?\//, { status: 500, body: { error: 'Solr is down' } }));
    expect(r.gene).toEqual({ input: 'EGFR', symbol: 'EGFR', resolvedBy: 'unverified', hgncId: null, name: null, ensemblId: 'ENSG00000146648', uniprotAccession: 'P00533', entrezId: null });
    expect(source(r, 'hgnc')).toMatchObject({ status: 'failed' });
    expect(r.warnings[0]).toMatch(/^HGNC could not be reached .*"EGFR" was used as typed, confirmed as a gene symbol by Open Targets and UniProt/);
    expect(r.druggabilityScore).toBe(1);
    expect(r.topDrugs).toHaveLength(6);
    // The UniProt entry of the fallback is reused, not fetched again.
    expect(paths('/uniprot/').map((q) => q.path)).toEqual(['/uniprot/uniprotkb/search']);
  });

  it('HGNC down and a symbol nobody confirms: the HGNC error is the call’s error', async () => {
    mountBriefUpstream(fake);
    fake.route('GET', /^\/hgnc\//, { status: 500, body: { error: 'Solr is down' } });
    const err = await getTargetBrief({ gene: 'NOTAGENE1', diseaseContext: 'cancer' }, { ctx: await context({ retries: 0 }), tier: 'researcher', progress: silentProgress }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).message).toBe(
      'hgnc (HTTP 500): "NOTAGENE1" could not be checked in HGNC (unreachable), and Open Targets and UniProt do not know it as an approved symbol; aliases and previous symbols could not be resolved: Solr is down',
    );
  });

  it('offline: an approved symbol is never called unknown; the unreachable sources are named', async () => {
    const dead = await startFakeUpstream();
    await dead.close(); // every source points at a closed port: connection refused, as offline
    const ctx = await testContext({ retries: 0 }, dead.url);
    const err = await getTargetBrief({ gene: 'BRAF', diseaseContext: 'melanoma' }, { ctx, tier: 'researcher', progress: silentProgress }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UpstreamError);
    const text = (err as UpstreamError).message;
    expect(text).toContain('"BRAF" could not be checked: HGNC, Open Targets and UniProt could not be reached');
    expect(text).not.toMatch(/approved symbol|not found|unknown/i);
    expect((err as UpstreamError).hint).toContain('says nothing about the gene');
  });

  it('biointel brief (built binary): a readable page, JSON with --json, exit codes', async () => {
    mountBriefUpstream(fake);
    const env: Record<string, string> = { BIOINTEL_DATA_DIR: tempDir(), BIOINTEL_NLI: 'off', BIOINTEL_LOG_LEVEL: 'warn' };
    for (const [id, url] of Object.entries(fakeSourceUrls(fake.url))) env[`BIOINTEL_SOURCE_${id.toUpperCase()}_URL`] = url;
    const text = await runCli(['brief', 'EGFR', '--disease', EGFR.disease], env);
    expect(text.code).toBe(0);
    for (const part of ['EGFR — Epidermal growth factor receptor', 'Druggability  1.00', 'Top drugs (6 of 6', 'Signaling by EGFR', 'NCT09000001', 'GRB2 0.999']) {
      expect(text.stdout).toContain(part);
    }
    expect(text.stdout).toMatch(/\nSources: .*hgnc ok/);
    const json = await runCli(['brief', 'EGFR', '--disease', EGFR.disease, '--json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ gene: { symbol: 'EGFR' }, druggabilityScore: 1, alphaFoldPlddt: 75.94 });
    const unknown = await runCli(['brief', 'NOTAGENE1'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error: gene not found: NOTAGENE1');
    expect((await runCli(['brief', 'EGFR', '--disease', 'x'.repeat(501)], env)).code).toBe(2);
  });
});
