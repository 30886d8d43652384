// svc_generate_validation_plan end to end on hypotheses once planned against what they say: a drug
// response read as growth (a loss that sensitises planned as removing the gene, a resistance variant
// planned as inhibition with go criteria that refute it), a negation read inside a relative clause,
// a named variant widened to any mutation, "-negative" and "low" read as the gene's loss, a
// knockdown read as the cells' state, and a prognostic marker given a drug it never names.
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

/** HGNC identifiers as published by HGNC. */
const KRAS = { symbol: 'KRAS', hgncId: 'HGNC:6407', ensembl: 'ENSG00000133703', uniprot: 'P01116', name: 'KRAS proto-oncogene, GTPase', aliases: ['KRAS2'] };
const ERBB2 = { symbol: 'ERBB2', hgncId: 'HGNC:3430', ensembl: 'ENSG00000141736', uniprot: 'P04626', name: 'erb-b2 receptor tyrosine kinase 2', aliases: ['HER2', 'NEU'] };

const said = (r: PlanOutput) => r.stages.flatMap((s) => [s.design, s.expectedOutcome, s.goNoGo.go, s.evidence.statement]).join('\n');
const altered = (r: PlanOutput) => r.models.items.filter((m) => m.role === 'altered').map((m) => m.name);

describeShared('svc_generate_validation_plan: drug responses, negation and settings', () => {
  let client: Client;
  beforeEach(async () => {
    fake.reset();
    mountPlanWorld(fake, { articles: PLAN_ARTICLES, literature: PLAN_LITERATURE, extraGenes: [KRAS, ERBB2] });
    client = await connectInMemory(await testContext({ dataDir: tempDir(), retries: 0 }, fake.url));
  });
  const plan = (hypothesis: string) => callOk<PlanOutput>(client, 'svc_generate_validation_plan', { hypothesis });

  it('plans a loss that sensitises to a drug as synthetic lethality, the deficient lines the sensitive side', async () => {
    for (const h of ['BRCA1 deficiency sensitises breast cancer cells to PARP1 inhibition', 'Loss of BRCA1 sensitizes breast cancer cells to olaparib']) {
      const r = await plan(h);
      expect(r.recognised.mechanism?.primary, h).toBe('synthetic_lethality');
      expect(r.roles, h).toEqual({ target: 'PARP1', partner: 'BRCA1', altered: ['BRCA1'], alteration: 'BRCA1-deficient' });
      expect(altered(r), h).toEqual(['HCC1937', 'MDA-MB-436']);
      expect(r.warnings.join(' '), h).not.toMatch(/which lack it|target-absent/);
      expect(said(r), h).not.toMatch(/Not testable|BRCA1-dependent|Knock out BRCA1/);
      expect(r.stages[0]!.expectedOutcome, h).toMatch(/^BRCA1-deficient cells die at ≥5-fold lower PARP1-inhibitor concentration/);
    }
    const olaparib = await plan('Loss of BRCA1 sensitizes breast cancer cells to olaparib');
    expect(olaparib.stages[0]!.design).toMatch(/treat with olaparib \(CHEMBL521686/);
    // The disease phrase stops at the outcome verb: Europe PMC is asked about breast cancer.
    expect(olaparib.recognised.disease?.input).toBe('breast cancer');
  });

  it('reads a drug response as a predictive marker, keeps the variant, and never says a go refutes it', async () => {
    const gof = await plan('EGFR activating mutations sensitise NSCLC cells to gefitinib');
    expect(gof.recognised.mechanism?.primary).toBe('biomarker');
    expect(gof.message).not.toMatch(/opposite of the hypothesis|a go refutes it/);
    expect(gof.stages[0]!.expectedOutcome).toMatch(/more sensitive/);

    const t790m = await plan('EGFR T790M confers resistance to gefitinib in NSCLC');
    expect(t790m.message).not.toMatch(/opposite of the hypothesis|a go refutes it/);
    expect(t790m.roles?.alteration).toBe('EGFR T790M');
    expect(t790m.stages[0]!.title).toBe('EGFR T790M as a predictor of resistance to gefitinib');
    // T790M lines against the sensitive EGFR-mutant lines, under gefitinib.
    expect(altered(t790m)).toEqual(['NCI-H1975']);
    expect(t790m.stages[0]!.design).toContain('HCC827, PC-9 (no EGFR T790M listed by Cellosaurus)');
    expect(t790m.stages[0]!.expectedOutcome).toMatch(/more resistant/);

    const high = await plan('EGFR overexpression confers resistance to gefitinib in NSCLC');
    expect(high.recognised.mechanism?.primary).toBe('biomarker');
    expect(high.stages.every((s) => /gefitinib/.test(s.design))).toBe(true);
    expect(high.stages[0]!.evidence.statement).toBe('EGFR amplification or overexpression predicts resistance to gefitinib.');
  });

  it('reads a negation only when it denies the main outcome, and a setting without a mutation as wild-type', async () => {
    const wt = await plan('EGFR inhibition reduces growth of NSCLC cells that do not carry KRAS mutations');
    expect(wt.recognised.negation).toBeNull();
    expect(wt.roles?.alteration).toBe('KRAS-wild-type');
    // The KRAS-mutant lines are the comparison, not the sensitive side.
    expect(wt.stages[0]!.design).toMatch(/^Treat HCC827 \(no KRAS mutation listed by Cellosaurus\) and A549, NCI-H460 \(KRAS mutation listed by Cellosaurus\)/);
    expect(said(wt)).not.toMatch(/KRAS-mutant/);

    expect((await plan('EGFR inhibition does not fail to reduce growth of NSCLC')).recognised.negation).toBeNull();
    expect((await plan('EGFR inhibition is unable to reduce growth of NSCLC')).recognised.negation).toBe('is unable to');
    expect((await plan('Gefitinib is ineffective in NSCLC')).recognised.negation).toBe('is ineffective');
    const part = await plan('EGFR inhibition does not reduce proliferation but increases apoptosis in NSCLC');
    expect(part.recognised.negation).toBeNull();
    expect(part.warnings.join(' ')).toMatch(/denies one outcome \("does not"\) and asserts another: it was not understood as a whole/);
  });

  it('keeps a named variant: only lines carrying that protein change are the sensitive side', async () => {
    const g12c = await plan('KRAS G12C inhibitors reduce growth of KRAS G12C-mutant NSCLC');
    expect(g12c.roles?.alteration).toBe('KRAS G12C');
    expect(altered(g12c)).toEqual([]);
    expect(g12c.models.note).toContain('no line of the disease with a curated KRAS G12C');
    expect(g12c.stages[0]!.design).toContain('A549, HCC827 (no KRAS G12C listed by Cellosaurus)');
    // No compound potency is known: no expectation relative to it.
    expect(g12c.stages[0]!.expectedOutcome).not.toMatch(/ChEMBL potency/);

    const exon19 = await callOk<PlanOutput>(client, 'svc_generate_validation_plan', { hypothesis: 'EGFR exon 19 deletion predicts response to gefitinib', diseaseContext: 'non-small cell lung carcinoma' });
    expect(exon19.roles?.alteration).toBe('EGFR exon 19 deletion');
    expect(said(exon19)).not.toMatch(/EGFR-deficient|EGFR loss/);
    expect(altered(exon19)).toEqual(['HCC827', 'PC-9']);
  });

  it('reads "-negative" as no amplification, and does not plan a drug for a prognostic marker', async () => {
    const her2 = await plan('PARP1 inhibition reduces growth of HER2-negative breast cancer');
    expect(her2.roles?.alteration).toBe('ERBB2-negative');
    expect(said(her2)).not.toMatch(/ERBB2-deficient|ERBB2 loss/);
    expect(her2.stages[0]!.design).toContain('MCF-7, T-47D, HCC1937 (no ERBB2 amplification listed by Cellosaurus)');

    const pten = await plan('Low PTEN expression predicts poor survival in breast cancer');
    expect(pten.status).toBe('needs_input');
    expect(pten.message).toMatch(/^No validation plan: the hypothesis is prognostic/);
    expect(JSON.stringify(pten)).not.toMatch(/PTEN inhibitor|PTEN-positive/);
  });

  it('reads a knockdown as the experiment, not the cells\' state, and says whose setting a kind is', async () => {
    const passive = await plan('Proliferation of NSCLC cells is reduced by EGFR knockdown');
    expect(passive.roles?.alteration).toBe('EGFR-dependent');
    expect(passive.stages[0]!.expectedOutcome).toMatch(/^EGFR loss reduces proliferation/);
    const denied = await plan('EGFR knockdown does not affect proliferation');
    expect(denied.roles?.alteration).toBe('EGFR-dependent');
    expect(JSON.stringify(passive)).not.toMatch(/EGFR-deficient|the hypothesis names:/);
  });

  it('warns when a fixed-direction plan meets outcomes read both ways', async () => {
    const r = await plan('Inhibiting EGFR reduces proliferation but promotes invasion in NSCLC');
    expect(r.warnings.join(' ')).toMatch(/reads both "promotes invasion" and "reduces proliferation", but an inhibition plan tests one direction only/);
  });
});
