// svc_generate_validation_plan end to end through the MCP client against the fake plan world
// (recorded and doc-shaped upstream answers): two hypotheses of different mechanism, a hypothesis
// with nothing recognisable, aliases and drug names, failing sources, bad input, the snapshot and
// the answer's size.
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { encode } from 'gpt-tokenizer/encoding/cl100k_base';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { PlanOutput } from '../../src/tools/validation-plan/schema.js';
import { renderPlan } from '../../src/cli/render/plan.js';
import { testContext, tempDir } from '../support/context.js';
import { mountPlanWorld, PLAN_ARTICLES as ARTICLES, PLAN_LITERATURE as LITERATURE } from '../support/fake-plan-world.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';
import { writeTinyNli } from '../support/tiny-nli.js';

const tinyModel = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli'));
const EGFR_HYPOTHESIS = 'Inhibiting EGFR reduces proliferation in EGFR-mutant NSCLC';
const SL_HYPOTHESIS = 'PARP inhibition is synthetically lethal in BRCA1-deficient breast cancer';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describeShared('svc_generate_validation_plan', () => {
  let ctx: AppContext;
  let client: Client;
  beforeEach(async () => {
    fake.reset();
    mountPlanWorld(fake, { articles: ARTICLES, literature: LITERATURE, unknownPmids: ['99999999'] });
    ctx = await testContext({ dataDir: tempDir(), retries: 0 }, fake.url);
    client = await connectInMemory(ctx);
  });

  const plan = (args: Record<string, unknown>) => callOk<PlanOutput>(client, 'svc_generate_validation_plan', args);
  const requests = (source: string) => fake.requests.filter((r) => r.path.startsWith(`/${source}/`));

  it('plans an inhibition hypothesis: recognition, three ordered stages built on sourced data, integrity, snapshot, size', async () => {
    const progress: string[] = [];
    const res = (await client.callTool({ name: 'svc_generate_validation_plan', arguments: { hypothesis: EGFR_HYPOTHESIS } }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ''),
    })) as CallToolResult;
    expect(res.isError).toBeFalsy();
    const r = res.structuredContent as PlanOutput;

    expect(r.status).toBe('planned');
    expect(r.recognised.genes).toEqual([{ input: 'EGFR', symbol: 'EGFR', how: 'approved', from: 'text', roles: ['inhibited', 'mutated'] }]);
    expect(r.recognised.disease).toMatchObject({ input: 'NSCLC', from: 'text', query: 'non-small cell lung carcinoma', id: 'MONDO_0005233', name: 'non-small cell lung carcinoma' });
    expect(r.recognised.disease!.how).toContain('abbreviation expanded');
    expect(r.recognised.mechanism).toEqual({ primary: 'inhibition', also: [], cues: [{ mechanism: 'inhibition', phrase: 'Inhibiting' }], from: 'text' });
    expect(r.roles).toEqual({ target: 'EGFR', partner: null, altered: ['EGFR'], alteration: 'EGFR-mutant' });

    expect(r.stages.map((s) => s.stage)).toEqual(['in_vitro', 'in_vivo', 'translational_clinical']);
    // Tool compounds from ChEMBL with potency: gefitinib's median leaves out the flagged row.
    expect(r.toolCompounds.status).toBe('found');
    expect(r.toolCompounds.items.map((c) => [c.name, c.potency?.type, c.potency?.nM, c.potency?.n])).toEqual([
      ['GEFITINIB', 'IC50', 0.891, 3],
      ['ERLOTINIB', 'IC50', 1.41, 2],
    ]);
    // Models from Cellosaurus: EGFR-variant lines against lines without one.
    expect(r.models.items.filter((m) => m.role === 'altered').map((m) => m.name)).toEqual(['HCC827', 'PC-9', 'NCI-H1975']);
    expect(r.models.items.filter((m) => m.role === 'comparison').map((m) => m.name)).toEqual(['A549', 'NCI-H460']);
    const q = requests('cellosaurus').map((x) => x.query.get('q'));
    expect(q).toContain('(di:"non-small cell lung carcinoma" OR di:"lung adenocarcinoma" OR di:"lung carcinoma" OR di:"lung cancer") AND ox:9606 AND var:"EGFR"');
    // Trials from ClinicalTrials.gov, listed in the clinical stage.
    expect(r.trials.items.map((t) => t.nctId)).toEqual(['NCT09000001', 'NCT09000002']);
    const [vitro, vivo, clinic] = r.stages;
    expect(vitro!.design).toContain('gefitinib (CHEMBL939, IC50 ≈ 0.891 nM, n=3)');
    // NCI-H1975 carries EGFR T790M, which CIViC lists as predicting resistance to gefitinib and
    // erlotinib: a resistance control, not one of the lines expected to respond.
    expect(vitro!.design).toContain('Treat HCC827, PC-9 (EGFR mutation listed by Cellosaurus) and A549');
    expect(vitro!.design).toContain('Keep NCI-H1975 (EGFR T790M: CIViC lists resistance to gefitinib (EID2001, EID2002) and erlotinib (EID2001)) as a resistance control');
    expect(vitro!.criticalControls.at(-1)).toContain('Resistance control: NCI-H1975');
    expect(r.resistance.status).toBe('found');
    expect(r.resistance.items.map((f) => [f.modelName, f.variant, f.compoundName, f.evidence, f.pmids])).toEqual([
      ['NCI-H1975', 'EGFR T790M', 'gefitinib', ['EID2001', 'EID2002'], ['15737014', '15728811']],
      // EID2004 (erlotinib with cetuximab, a combination) says nothing of erlotinib alone.
      ['NCI-H1975', 'EGFR T790M', 'erlotinib', ['EID2001'], ['15737014']],
    ]);
    expect(r.resistance.items[0]).toMatchObject({ statement: 'EGFR T790M predicts resistance to gefitinib.', status: 'unjudged', supported: null });
    // One CIViC question per protein change of the altered lines, asked once.
    const civicAsked = requests('civic').map((x) => (JSON.parse(x.body) as { variables: { molecularProfileName: string } }).variables.molecularProfileName);
    expect(civicAsked.sort()).toEqual(['EGFR E746_A750del', 'EGFR L858R', 'EGFR T790M']);
    expect(vitro!.buildsOn).toMatchObject({ toolCompounds: ['CHEMBL939', 'CHEMBL553'], pmids: ['3002'], gaps: [] });
    expect(vivo!.buildsOn.models).toEqual(['CVCL_2063', 'CVCL_0023']);
    expect(vivo!.design).not.toContain('NCI-H1975');
    expect(clinic!.buildsOn.trials).toEqual(['NCT09000001', 'NCT09000002']);
    for (const s of r.stages) {
      expect(s.criticalControls.length).toBeGreaterThanOrEqual(3);
      expect(s.goNoGo.go && s.goNoGo.noGo && s.timeline && s.assayType && s.expectedOutcome).toBeTruthy();
    }

    // Literature through the integrity pipeline: the nonexistent PMID is caught and removed everywhere.
    expect(r.integrity).toMatchObject({ pmidsChecked: true, hallucinated: 1 });
    expect(r.literature!.hypothesis.pmids).toEqual(['3001']);
    expect(r.hypothesisEvidence).toMatchObject({ statement: EGFR_HYPOTHESIS, pmids: ['3001'] });
    expect(JSON.stringify(r.stages)).not.toContain('99999999');
    expect(r.warnings.join(' ')).toContain('PMID 99999999');
    expect(r.qualityScore).toBeGreaterThan(0);
    const byId = Object.fromEntries(r.sources.map((s) => [s.id, s.status]));
    for (const id of ['hgnc', 'opentargets', 'chembl', 'cellosaurus', 'civic', 'clinicaltrials', 'europepmc', 'eutils']) expect(byId[id], id).toMatch(/ok|cached/);
    expect((res.content as { text: string }[])[0]!.text).toContain('Resistance: NCI-H1975 (EGFR T790M) resists gefitinib: CIViC EID2001, EID2002, level B, unjudged');
    expect(progress.length).toBeGreaterThanOrEqual(4);

    // Compact: within the answer-size budget (cl100k tokens of the structured answer and the text).
    const text = (res.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
    expect(encode(JSON.stringify(res.structuredContent)).length).toBeLessThanOrEqual(6000);
    expect(encode(text).length).toBeLessThanOrEqual(6000);

    // Saved, whole, and found by gene.
    const snap = await ctx.snapshots.get(r.snapshotId!);
    // The disease as typed, as the panel tools save it, with Open Targets' name for a search by either.
    expect(snap).toMatchObject({ tool: 'svc_generate_validation_plan', genes: ['EGFR'], diseaseContext: 'NSCLC (non-small cell lung carcinoma)' });
    expect(snap!.result).toEqual(r);
    const found = await callOk<{ snapshots: { id: string }[] }>(client, 'svc_search_snapshots', { gene: 'EGFR' });
    expect(found.snapshots.map((s) => s.id)).toContain(r.snapshotId);
    // A plan is not a panel analysis: diffing it is refused with a reason, not a meaningless diff.
    const diff = (await client.callTool({ name: 'svc_diff_snapshots', arguments: { snapshotIdA: r.snapshotId, snapshotIdB: r.snapshotId } })) as CallToolResult;
    expect(diff.isError).toBe(true);
    expect(JSON.stringify(diff.content)).toContain('is a svc_generate_validation_plan result');
  });

  it('plans a synthetic-lethality hypothesis visibly differently: isogenic pair, other controls, other go/no-go', async () => {
    const egfr = await plan({ hypothesis: EGFR_HYPOTHESIS });
    const sl = await plan({ hypothesis: SL_HYPOTHESIS });

    // "PARP" is an HGNC alias of PARP1; BRCA1 is the deficient background.
    expect(sl.recognised.genes.map((g) => [g.input, g.symbol, g.how, g.roles])).toEqual([
      ['PARP', 'PARP1', 'alias', ['inhibited']],
      ['BRCA1', 'BRCA1', 'approved', ['lost']],
    ]);
    expect(sl.recognised.mechanism).toMatchObject({ primary: 'synthetic_lethality', also: ['inhibition'] });
    expect(sl.roles).toEqual({ target: 'PARP1', partner: 'BRCA1', altered: ['BRCA1'], alteration: 'BRCA1-deficient' });
    // Same phase: the more potent first (talazoparib Ki 1.2 nM; olaparib's median IC50 2.24 nM).
    expect(sl.toolCompounds.items.map((c) => c.name)).toEqual(['TALAZOPARIB', 'OLAPARIB']);
    expect(sl.models.items.filter((m) => m.role === 'altered').map((m) => m.name)).toEqual(['HCC1937', 'MDA-MB-436']);
    expect(sl.trials.items.map((t) => t.nctId)).toEqual(['NCT09000003']);

    for (let i = 0; i < 3; i++) {
      const [a, b] = [egfr.stages[i]!, sl.stages[i]!];
      expect(b.assayType).not.toBe(a.assayType);
      expect(b.goNoGo).not.toEqual(a.goNoGo);
      const controls = (s: typeof a) => new Set(s.criticalControls.map((c) => c.replace(/EGFR|PARP1|BRCA1/g, 'X')));
      // A standard-of-care comparator may serve both; the rest of the controls differ.
      const shared = [...controls(b)].filter((c) => controls(a).has(c));
      expect(shared.length, shared.join('; ')).toBeLessThanOrEqual(1);
    }
    expect(sl.stages[0]!.assayType).toMatch(/Isogenic clonogenic survival/);
    expect(sl.stages[0]!.criticalControls[0]).toBe('BRCA1-reconstituted isogenic line (the decisive control)');
    expect(egfr.stages[0]!.assayType).toMatch(/Dose-response viability/);
    // The translational stage of the SL plan selects patients by BRCA1 status; the EGFR one by EGFR-mutant status.
    expect(sl.stages[2]!.design).toMatch(/BRCA1 loss/);
    expect(egfr.stages[2]!.design).toMatch(/EGFR-mutant status/);
  });

  it('answers a hypothesis with nothing recognisable by saying what to add, without a plan or a snapshot', async () => {
    const r = await plan({ hypothesis: 'The weather will be nice in the garden tomorrow' });
    expect(r).toMatchObject({ status: 'needs_input', missing: ['gene', 'mechanism'], snapshotId: null, stages: [], roles: null, literature: null });
    expect(r.message).toMatch(/No gene was recognised/);
    expect(r.message).toMatch(/No mechanism was recognised/);
    expect(r.message).toMatch(/geneContext/);
    expect(r.toolCompounds).toMatchObject({ status: 'skipped', items: [] });
    expect(fake.requests).toHaveLength(0); // nothing to ask any source
    expect(await ctx.snapshots.count()).toBe(0);

    // A gene but no mechanism: the message asks for the mechanism only, and names what was found.
    const noMechanism = await plan({ hypothesis: 'EGFR in lung cancer cell lines' });
    expect(noMechanism).toMatchObject({ status: 'needs_input', missing: ['mechanism'] });
    expect(noMechanism.recognised.genes[0]).toMatchObject({ symbol: 'EGFR' });
    expect(noMechanism.message).not.toMatch(/No gene/);
    // An unknown gene word is named in the message.
    const unknown = await plan({ hypothesis: 'Inhibiting NOTAGENE9 slows tumour growth' });
    expect(unknown).toMatchObject({ status: 'needs_input', missing: ['gene'] });
    expect(unknown.message).toContain('"NOTAGENE9" is not an HGNC symbol');
    expect(requests('chembl')).toHaveLength(0);
  });

  // Once planned exactly as the affirmative hypothesis, its go criteria reading as the predictions.
  it('plans a hypothesis that denies the effect as a test for the effect, and says its predictions are the no-go outcomes', async () => {
    const negated = 'Inhibiting EGFR does not reduce proliferation in EGFR-mutant NSCLC';
    const r = await plan({ hypothesis: negated });
    expect(r.status).toBe('planned');
    expect(r.recognised.negation).toBe('does not');
    expect(r.message).toMatch(/^The hypothesis denies the effect \("does not"\): the stages test for the effect, so each no-go outcome is what it predicts and a go refutes it\./);
    expect(r.message).toMatch(/underpowered null is no support/);
    // The experiments are those of the affirmative hypothesis; only the reading differs.
    const affirmative = await plan({ hypothesis: EGFR_HYPOTHESIS });
    expect(affirmative.recognised.negation).toBeNull();
    expect(affirmative.message).not.toMatch(/denies/);
    expect(r.stages.map((s) => s.goNoGo)).toEqual(affirmative.stages.map((s) => s.goNoGo));
  });

  it('recognises drug names (ChEMBL) and their targets, aliases (HGNC), and context given beside the text', async () => {
    const drug = await plan({ hypothesis: 'Olaparib kills BRCA1-deficient breast cancer cells' });
    expect(drug.status).toBe('planned');
    expect(drug.recognised.drugs).toEqual([
      { input: 'Olaparib', chemblId: 'CHEMBL521686', name: 'OLAPARIB', maxPhase: 4, targets: ['PARP1'], actionTypes: ['INHIBITOR'], how: 'ChEMBL synonym (CHEMBL521686); targets from Open Targets' },
    ]);
    expect(drug.recognised.genes.map((g) => [g.symbol, g.from, g.roles])).toEqual([
      ['BRCA1', 'text', ['lost']],
      ['PARP1', 'drug', ['inhibited']],
    ]);
    expect(drug.recognised.mechanism).toMatchObject({ primary: 'inhibition', from: 'drug', cues: [{ phrase: 'olaparib: INHIBITOR (ChEMBL mechanism)' }] });
    expect(drug.roles).toMatchObject({ target: 'PARP1', alteration: 'BRCA1-deficient' });
    // The drug the hypothesis names leads its target's compounds, ahead of a more potent one.
    expect(drug.toolCompounds.items.map((c) => c.name)).toEqual(['OLAPARIB', 'TALAZOPARIB']);
    expect(requests('clinicaltrials').some((x) => x.query.get('query.intr') === 'olaparib')).toBe(true);

    const alias = await plan({ hypothesis: 'Inhibiting HER2 slows the growth of HER2-positive tumours', diseaseContext: 'breast cancer' });
    expect(alias.recognised.genes[0]).toMatchObject({ input: 'HER2', symbol: 'ERBB2', how: 'alias', roles: ['inhibited', 'overexpressed'] });
    expect(alias.recognised.disease).toMatchObject({ from: 'diseaseContext', name: 'breast cancer' });
    // ChEMBL answered, but has no target for ERBB2 in this world: "none", said in the stages.
    expect(alias.toolCompounds).toMatchObject({ status: 'none', items: [] });
    expect(alias.toolCompounds.note).toContain('ChEMBL has no single-protein target for P04626');
    expect(alias.stages[0]!.buildsOn.gaps[0]).toMatch(/^tool compounds: ChEMBL found none/);

    const context = await plan({ hypothesis: 'Inhibiting the receptor reduces proliferation', geneContext: ['erbb1'], diseaseContext: 'lung cancer' });
    expect(context.recognised.genes[0]).toMatchObject({ input: 'erbb1', symbol: 'EGFR', how: 'alias', from: 'geneContext' });
    expect(context.roles).toMatchObject({ target: 'EGFR', alteration: 'EGFR-dependent' });
  });

  it('degrades when sources fail, and says so in the sections, the stages, sources[] and warnings[]', async () => {
    fake.route('GET', '/cellosaurus/search/cell-line', { status: 503, body: 'Service Unavailable' });
    fake.route('GET', /^\/chembl\//, { status: 500, body: { error: 'boom' } });
    fake.route('GET', '/clinicaltrials/studies', { status: 500, body: 'down' });
    const r = await plan({ hypothesis: EGFR_HYPOTHESIS });
    expect(r.status).toBe('planned');
    expect(r.stages).toHaveLength(3);
    expect(r.toolCompounds).toMatchObject({ status: 'failed', items: [] });
    expect(r.models).toMatchObject({ status: 'failed', items: [], note: 'every Cellosaurus search failed' });
    expect(r.trials).toMatchObject({ status: 'failed', items: [] });
    expect(r.stages[0]!.buildsOn.gaps).toEqual([
      'tool compounds not named from data: ChEMBL failed: EGFR: ChEMBL target lookup failed',
      'cell-line models not named from data: Cellosaurus failed: every Cellosaurus search failed',
    ]);
    expect(r.stages[2]!.buildsOn.gaps).toEqual(['active trials not named from data: ClinicalTrials.gov failed: every ClinicalTrials.gov search failed']);
    expect(r.stages[0]!.design).toContain('a selective EGFR inhibitor');
    const byId = Object.fromEntries(r.sources.map((s) => [s.id, s.status]));
    expect(byId).toMatchObject({ chembl: 'failed', cellosaurus: 'failed', clinicaltrials: 'failed', hgnc: 'ok' });
    expect(r.warnings.some((w) => w.startsWith('cellosaurus failed'))).toBe(true);
    expect(r.warnings.some((w) => w.startsWith('chembl failed'))).toBe(true);
    // Without models there is nothing to check for resistance, and CIViC is not asked.
    expect(r.resistance).toMatchObject({ status: 'skipped', note: 'no models to check: Cellosaurus failed' });
    expect(byId.civic).toBe('skipped');
    // The literature and the rest still stand.
    expect(r.literature!.in_vitro.pmids).toEqual(['3002']);

    // PubMed down: PMIDs cannot be checked, and the plan says so instead of calling them fine.
    fake.route('GET', /^\/eutils\//, { status: 500, body: 'down' });
    fake.route('POST', /^\/eutils\//, { status: 500, body: 'down' });
    const noPubmed = await plan({ hypothesis: SL_HYPOTHESIS });
    expect(noPubmed.integrity.pmidsChecked).toBe(false);
    expect(noPubmed.warnings.some((w) => w.startsWith('eutils failed'))).toBe(true);
  });

  // Once: the EGFR point-mutant lines were this amplification hypothesis' marker-positive models.
  it('takes models with the kind of alteration the hypothesis names, and says when none has it', async () => {
    const r = await plan({ hypothesis: 'EGFR amplification predicts response to gefitinib in NSCLC' });
    expect(r.roles).toMatchObject({ target: 'EGFR', alteration: 'EGFR-high' });
    expect(r.models.items.filter((m) => m.role === 'altered')).toEqual([]);
    expect(r.models.items.map((m) => m.name)).toEqual(['A549', 'NCI-H460']);
    expect(r.models.note).toContain('no line of the disease with a curated EGFR amplification; 3 lines with other EGFR variations left out, not the amplification the EGFR-high setting asks for: HCC827');
    expect(r.stages[0]!.design).toContain('non-small cell lung carcinoma lines carrying the EGFR-high alteration');
    expect(r.stages[0]!.design).not.toMatch(/HCC827|PC-9|NCI-H1975/);
    expect(r.stages[0]!.buildsOn.gaps.join(' ')).toContain('cell-line models carrying the alteration: Cellosaurus lists none');
    // No altered line, so no resistance to check, and CIViC is not asked.
    expect(r.resistance).toMatchObject({ status: 'skipped' });
    expect(requests('civic')).toHaveLength(0);
  });

  it('keeps a biomarker plan\'s marker lines whatever CIViC says they resist, and says why', async () => {
    const res = (await client.callTool({ name: 'svc_generate_validation_plan', arguments: { hypothesis: 'EGFR mutation predicts response to gefitinib in NSCLC' } })) as CallToolResult;
    const r = res.structuredContent as PlanOutput;
    expect(r.recognised.mechanism?.primary).toBe('biomarker');
    expect(r.resistance.status).toBe('found');
    expect(r.stages[0]!.design).not.toContain('resistance control');
    expect(r.stages[0]!.design).toContain('NCI-H1975');
    expect((res.content as { text: string }[])[0]!.text).toContain('They stay marker-positive lines: the plan asks how the marker changes response.');
  });

  it('takes a retracted article out of the plan and counts it, instead of citing it as a premise', async () => {
    fake.reset();
    const articles = ARTICLES.map((a) => (a.pmid === '3002' ? { ...a, pubTypes: ['Journal Article', 'Retracted Publication'] } : a));
    mountPlanWorld(fake, { articles, literature: LITERATURE, unknownPmids: ['99999999'] });
    const c = await connectInMemory(await testContext({ dataDir: tempDir(), retries: 0 }, fake.url));
    const r = await callOk<PlanOutput>(c, 'svc_generate_validation_plan', { hypothesis: EGFR_HYPOTHESIS });
    expect(r.integrity).toMatchObject({ pmidsChecked: true, hallucinated: 1, retracted: 1 });
    // Nothing it cites can be evidence: unsupported, even without a model.
    expect(r.stages[0]!.evidence.status).toBe('unsupported');
    expect(JSON.stringify(r)).not.toContain('"3002"');
    expect(r.warnings).toContain('Retracted PMID 3002: removed from 3 places in this answer (counted in integrity.retracted).');
    expect(r.warnings.join(' ')).toContain('PMID 3002 is a retracted publication (PubMed publication type): not counted as evidence');
  });

  // Once "Premise unsupported." and "The hypothesis against its literature: unsupported." when no
  // article had been found to judge them against: a search that found nothing read as a verdict.
  it('says no literature was found to judge a premise against, not "unsupported"', async () => {
    fake.reset();
    mountPlanWorld(fake, { articles: ARTICLES, literature: [], unknownPmids: ['99999999'] });
    const res = (await client.callTool({ name: 'svc_generate_validation_plan', arguments: { hypothesis: EGFR_HYPOTHESIS } })) as CallToolResult;
    const r = res.structuredContent as PlanOutput;
    expect(r.stages.every((st) => st.evidence.pmids.length === 0)).toBe(true);
    const text = (res.content as { text: string }[])[0]!.text;
    expect(text).toContain('Premise: no literature found to judge it against.');
    expect(text).toContain('The hypothesis against its literature: no literature found to judge it against.');
    expect(text).not.toMatch(/Premise unsupported|literature: unsupported/);
  });

  // With Europe PMC down the premises read "no literature found to judge it against" and the header
  // "0 PMID(s)"; with ChEMBL, Cellosaurus and ClinicalTrials.gov down it read "built on 0 tool
  // compound(s) (ChEMBL), 0 cell line(s) (Cellosaurus), 0 active trial(s)": failures as findings.
  it('a failed search or source is "not known" in the plan, never "no literature found" or 0', async () => {
    for (const prefix of ['europepmc', 'chembl', 'cellosaurus', 'clinicaltrials']) {
      for (const m of ['GET', 'POST']) fake.route(m, new RegExp(`^/${prefix}/`), { status: 500, body: { error: 'down' } });
    }
    const c = await connectInMemory(await testContext({ dataDir: tempDir(), retries: 0 }, fake.url));
    const res = (await c.callTool({ name: 'svc_generate_validation_plan', arguments: { hypothesis: EGFR_HYPOTHESIS } })) as CallToolResult;
    const r = res.structuredContent as PlanOutput;
    expect(Object.values(r.literature!).every((l) => l.count === null)).toBe(true);
    expect(r.message).toContain('built on tool compound(s) not known (ChEMBL failed), cell line(s) not known (Cellosaurus failed), active trial(s) not known (ClinicalTrials.gov failed) and literature not known (Europe PMC failed)');
    const text = (res.content as { text: string }[])[0]!.text;
    expect(text).toContain('Premise: not judged: its literature search failed.');
    expect(text).toContain('The hypothesis against its literature: not judged: its literature search failed.');
    expect(text).not.toMatch(/no literature found|0 PMID|0 tool compound|0 cell line|0 active trial/);
    const terminal = renderPlan(r).replace(/\x1b\[[0-9;]*m/g, '');
    expect(terminal).toContain('not judged: its literature search failed');
    expect(terminal).not.toContain('no literature found');
  });

  // The plan's literature named the disease as Open Targets matched it only: articles writing the
  // abbreviation the hypothesis used (NSCLC) were not found.
  // "MET + inhibitor + cell lines" finds every article whose criteria were met: the plan cited them
  // as premises. A target whose symbol is an English word is not searched, and the plan says so.
  it('does not search the literature for a target whose symbol is an English word (MET), and says so', async () => {
    fake.reset();
    const met = { symbol: 'MET', hgncId: 'HGNC:7029', ensembl: 'ENSG00000105976', uniprot: 'P08581', name: 'MET proto-oncogene, receptor tyrosine kinase', aliases: ['HGFR', 'RCCP2', 'c-Met'] };
    mountPlanWorld(fake, { articles: ARTICLES, literature: LITERATURE, extraGenes: [met] });
    const res = (await client.callTool({ name: 'svc_generate_validation_plan', arguments: { hypothesis: 'Inhibiting MET reduces proliferation in MET-amplified NSCLC' } })) as CallToolResult;
    const r = res.structuredContent as PlanOutput;
    expect(r.roles?.target).toBe('MET');
    expect(requests('europepmc')).toEqual([]);
    const why = 'MET is also the English word "met", which a title or abstract search cannot tell from the gene';
    for (const lit of Object.values(r.literature!)) expect(lit).toMatchObject({ count: null, pmids: [], notSearched: why });
    expect(r.warnings).toContain(`The literature is not searched for this plan: ${why}; its premises read "not judged", which is not "no literature". Active trials searched by that symbol may use the word rather than name the gene.`);
    const text = (res.content as { text: string }[])[0]!.text;
    expect(text).toContain('and literature not searched (an English-word symbol)');
    expect(text).toContain(`Premise: not judged: its literature was not searched (${why})`);
    expect(text).not.toMatch(/could not be searched|search failed|no literature found/);
    expect(r.stages[0]!.buildsOn.gaps).toContain(`literature: not searched for MET + inhibitor + cell lines (${why})`);
  });

  it('searches the literature by the disease as typed and as matched', async () => {
    fake.reset();
    mountPlanWorld(fake, { articles: ARTICLES, literature: [{ terms: ['EGFR', 'inhibitor', 'NSCLC'], pmids: ['3001'], hitCount: 900 }], unknownPmids: ['99999999'] });
    const r = await callOk<PlanOutput>(client, 'svc_generate_validation_plan', { hypothesis: EGFR_HYPOTHESIS });
    expect(r.recognised.disease).toMatchObject({ input: 'NSCLC', name: 'non-small cell lung carcinoma' });
    expect(r.literature!.hypothesis).toMatchObject({ query: 'EGFR + inhibitor + NSCLC or non-small cell lung carcinoma', count: 900, pmids: ['3001'] });
  });

  it('says a failed CIViC leaves resistance unknown: the variant lines stay in the design, with the gap named', async () => {
    fake.route('POST', '/civic/api/graphql', { status: 503, body: 'Service Unavailable' });
    const res = (await client.callTool({ name: 'svc_generate_validation_plan', arguments: { hypothesis: EGFR_HYPOTHESIS } })) as CallToolResult;
    const r = res.structuredContent as PlanOutput;
    expect(r.resistance).toMatchObject({ status: 'failed', items: [] });
    expect(r.resistance.note).toContain('whether the altered lines resist the compounds is not known');
    expect(r.stages[0]!.design).toContain('HCC827, PC-9, NCI-H1975 (EGFR mutation listed by Cellosaurus)');
    expect(r.stages[0]!.buildsOn.gaps.join(' ')).toContain('resistance of the altered lines not checked: CIViC failed');
    expect(r.sources.find((s) => s.id === 'civic')?.status).toBe('failed');
    const text = (res.content as { text: string }[])[0]!.text;
    expect(text).toContain('Resistance: not known, CIViC failed');
    expect(text).not.toContain('lists none');
  });

  it('judges the hypothesis and each premise with an NLI model, and the summary counts them', async () => {
    fake.reset();
    // The tiny model entails on cue words ("reduces", "effective") and contradicts on others ("failed", "not").
    const judged = ARTICLES.map((a) =>
      a.pmid === '3001'
        ? { ...a, abstract: 'EGFR inhibition reduces proliferation of EGFR-mutant non-small cell lung carcinoma and is effective.' }
        : a.pmid === '3003'
          ? { ...a, abstract: 'EGFR inhibition failed and did not suppress the xenografts.' }
          : a,
    );
    mountPlanWorld(fake, { articles: judged, literature: LITERATURE, unknownPmids: ['99999999'] });
    const withModel = await connectInMemory(await testContext({ dataDir: tempDir(), retries: 0, nli: 'auto', nliModel: tinyModel }, fake.url));
    const r = await callOk<PlanOutput>(withModel, 'svc_generate_validation_plan', { hypothesis: EGFR_HYPOTHESIS });
    expect(r.integrity.nliEnabled).toBe(true);
    expect(r.hypothesisEvidence).toMatchObject({ pmids: ['3001'], status: 'supported' });
    expect(r.stages.map((s) => s.evidence.status)).toEqual(['unsupported', 'contradicted', 'unsupported']);
    expect(r.message).toContain('hypothesis supported by its abstracts; 0 of 3 step premises supported');
    // Without a model nothing is judged, and the plan says so rather than "unsupported".
    const plain = await plan({ hypothesis: EGFR_HYPOTHESIS });
    expect(plain.stages.map((s) => s.evidence.status)).toEqual(['unjudged', 'unjudged', 'unjudged']);
    expect(plain.message).toContain('hypothesis and step premises not judged (no NLI model)');
  });

  it('rejects bad input naming the field and the limit', async () => {
    const bad = async (args: Record<string, unknown>) => {
      const res = (await client.callTool({ name: 'svc_generate_validation_plan', arguments: args })) as CallToolResult;
      expect(res.isError).toBe(true);
      return (res.content as { text: string }[]).map((c) => c.text).join(' ');
    };
    expect(await bad({})).toMatch(/hypothesis/);
    expect(await bad({ hypothesis: 'EGFR' })).toMatch(/hypothesis.*at least 10 characters/s);
    expect(await bad({ hypothesis: `Inhibiting EGFR ${'x'.repeat(2000)}` })).toMatch(/hypothesis.*2000 characters/s);
    const tooMany = await bad({ hypothesis: EGFR_HYPOTHESIS, geneContext: Array.from({ length: 21 }, (_, i) => `G${i}`) });
    expect(tooMany).toContain('geneContext');
    expect(tooMany).toContain('at most 20 context genes');
    expect(await bad({ hypothesis: EGFR_HYPOTHESIS, diseaseContext: '   ' })).toMatch(/diseaseContext/);
    expect(await bad({ hypothesis: 42 })).toMatch(/hypothesis/);
    expect(fake.requests).toHaveLength(0);
  });
});
