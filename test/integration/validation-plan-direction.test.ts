// svc_generate_validation_plan end to end on hypotheses a template's defaults once planned wrongly:
// the opposite direction (a dependency planned as a tumour suppressor), an activating mutation read
// as loss, a tumour suppressor "inhibited" in cells that lack it, a drug ChEMBL does not know
// swapped for another, and a plan not found by the disease as typed.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { PlanOutput } from '../../src/tools/validation-plan/schema.js';
import { testContext, tempDir } from '../support/context.js';
import { mountPlanWorld, PLAN_ARTICLES, PLAN_LITERATURE } from '../support/fake-plan-world.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

/** What the stages say of outcomes: designs, expectations, go criteria and premises. */
const said = (r: PlanOutput) => r.stages.flatMap((s) => [s.design, s.expectedOutcome, s.goNoGo.go, s.evidence.statement]).join('\n');

describeShared('svc_generate_validation_plan: what the hypothesis says', () => {
  let client: Client;
  beforeEach(async () => {
    fake.reset();
    mountPlanWorld(fake, { articles: PLAN_ARTICLES, literature: PLAN_LITERATURE });
    client = await connectInMemory(await testContext({ dataDir: tempDir(), retries: 0 }, fake.url));
  });
  const plan = (hypothesis: string) => callOk<PlanOutput>(client, 'svc_generate_validation_plan', { hypothesis });

  it('plans "knockdown of X reduces growth" as a dependency of the mutant lines, not as loss that promotes growth', async () => {
    const r = await plan('Knockdown of EGFR reduces proliferation of EGFR-mutant NSCLC cells');
    expect(r.recognised.mechanism?.primary).toBe('loss_of_function');
    expect(r.roles?.alteration).toBe('EGFR-mutant');
    const [vitro, vivo, clinic] = r.stages;
    expect(vitro!.evidence.statement).toBe('Loss of EGFR reduces the growth of non-small cell lung carcinoma cells.');
    expect(vitro!.expectedOutcome).toMatch(/^EGFR loss reduces proliferation/);
    // HCC827 and PC-9 carry activating EGFR mutations: rescued with a guide-resistant copy, not given wild-type EGFR.
    expect(vitro!.design).toContain('Knock out EGFR with two independent guides in HCC827, PC-9 (EGFR mutation listed by Cellosaurus)');
    expect(vitro!.design).not.toMatch(/re-express wild-type EGFR/);
    expect(vivo!.expectedOutcome).not.toMatch(/faster/);
    expect(clinic!.expectedOutcome).not.toMatch(/poorer outcome/);
    expect(said(r)).not.toMatch(/EGFR-deficient|promotes|increases proliferation/);

    const loss = await plan('Loss of EGFR reduces proliferation in NSCLC');
    expect(loss.roles?.alteration).toBe('EGFR-dependent');
    expect(loss.stages[0]!.evidence.statement).toBe('Loss of EGFR reduces the growth of non-small cell lung carcinoma cells.');
    expect(said(loss)).not.toMatch(/EGFR-deficient|promotes|grow faster|poorer outcome/);
  });

  it('plans overexpression that suppresses growth, and a marker of resistance, the way the text says', async () => {
    const pten = await plan('Overexpression of PTEN suppresses growth of breast cancer cells');
    expect(pten.stages[0]!.evidence.statement).toBe('Overexpression of PTEN reduces the growth of breast cancer cells.');
    expect(pten.stages[2]!.expectedOutcome).toBe('High PTEN expression associated with better outcome.');
    expect(said(pten)).not.toMatch(/promotes|poorer outcome|poor prognosis/);

    const brca1 = await plan('BRCA1 loss predicts resistance to gefitinib in NSCLC');
    expect(brca1.roles?.alteration).toBe('BRCA1-deficient');
    expect(brca1.stages[0]!.evidence.statement).toBe('BRCA1 loss predicts resistance to gefitinib.');
    expect(said(brca1)).not.toMatch(/BRCA1-positive|more sensitive/);
  });

  it('keeps the drug the hypothesis names when ChEMBL does not know it, and warns by name', async () => {
    const r = await plan('EGFR mutation predicts resistance to cetuximab in NSCLC');
    expect(r.recognised.drugs[0]).toMatchObject({ input: 'cetuximab', chemblId: null, how: 'not a ChEMBL drug name' });
    expect(r.warnings.some((w) => w.startsWith('"cetuximab" is named by the hypothesis but its ChEMBL data are not known'))).toBe(true);
    expect(r.roles?.alteration).toBe('EGFR-mutant');
    expect(r.stages[0]!.title).toBe('EGFR mutation as a predictor of resistance to cetuximab');
    expect(r.stages[0]!.expectedOutcome).toMatch(/more resistant/);
    expect(said(r)).not.toMatch(/gefitinib|erlotinib|more sensitive/);
    // The registry is free text: trials are searched by the name as written.
    expect(fake.requests.some((x) => x.path.startsWith('/clinicaltrials/') && x.query.get('query.intr') === 'cetuximab')).toBe(true);
  });

  it('flags inhibiting a gene in cells that lack it, and reads no phosphorylation of a target of unknown class', async () => {
    const r = await plan('Inhibition of BRCA1 reduces growth of BRCA1-deficient breast cancer');
    expect(r.warnings.join(' ')).toContain('acts on BRCA1 in BRCA1-deficient cells, which lack it');
    expect(r.stages[0]!.expectedOutcome).toMatch(/target-absent control/);
    expect(said(r)).not.toMatch(/BRCA1-deficient lines reach IC50|phospho-BRCA1/);

    const pten = await plan('Inhibiting PTEN reduces growth of breast cancer');
    expect(JSON.stringify(pten.stages)).not.toContain('phospho-PTEN');
  });

  it('says when the direction cannot be read, or is the opposite of what the plan tests', async () => {
    const none = await plan('Loss of PTEN alters signalling in breast cancer');
    expect(none.warnings.join(' ')).toMatch(/does not say which way the effect goes/);
    expect(none.stages[0]!.evidence.statement).toBe('Loss of PTEN changes the growth of breast cancer cells.');
    const opposite = await plan('Inhibiting EGFR increases proliferation in NSCLC');
    expect(opposite.message).toMatch(/^The hypothesis says the effect increases growth or survival \("increases proliferation"\), but an inhibition plan tests/);
  });

  it('saves the disease as typed, found by it and by the name Open Targets matched', async () => {
    const r = await plan('Inhibiting EGFR reduces proliferation in EGFR-mutant NSCLC');
    for (const disease of ['NSCLC', 'non-small cell lung']) {
      const found = await callOk<{ snapshots: { id: string; diseaseContext: string }[] }>(client, 'svc_search_snapshots', { disease });
      expect(found.snapshots.map((s) => [s.id, s.diseaseContext]), disease).toEqual([[r.snapshotId, 'NSCLC (non-small cell lung carcinoma)']]);
    }
  });
});
