// `biointel plan` as users run it: the built binary against the fake plan world, with the text and
// JSON output, and usage errors that name the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanOutput } from '../../src/tools/validation-plan/schema.js';
import { fakeCliEnv, runCli } from '../support/binary.js';
import { mountPlanWorld } from '../support/fake-plan-world.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { describeShared } from '../support/shared.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const env = (dataDir?: string) => fakeCliEnv(fake.url, dataDir);

describe('biointel plan: usage errors', () => {
  it('exits 2 naming the field, before asking any source', async () => {
    fake.reset();
    const none = await runCli(['plan'], env());
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/missing required argument 'hypothesis'/);
    const short = await runCli(['plan', 'EGFR'], env());
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('hypothesis: the hypothesis must be at least 10 characters');
    const genes = await runCli(['plan', 'Inhibiting EGFR reduces growth', '--genes', Array.from({ length: 21 }, (_, i) => `G${i}`).join(',')], env());
    expect(genes.code).toBe(2);
    expect(genes.stderr).toContain('geneContext: at most 20 context genes');
    expect(fake.requests).toHaveLength(0);
  });
});

describeShared('biointel plan: a full run', () => {
  it('prints the staged plan, and the same plan as JSON with --genes and --disease', async () => {
    fake.reset();
    mountPlanWorld(fake, { articles: [], literature: [] });
    const e = env();
    const text = await runCli(['plan', 'PARP inhibition is synthetically lethal in BRCA1-deficient breast cancer'], e);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('gene  PARP -> PARP1  [alias; inhibited; from text]');
    expect(text.stdout).toContain('mechanism  synthetic_lethality (also inhibition)');
    expect(text.stdout).toMatch(/1\. In vitro: Synthetic lethality of PARP1 inhibition with BRCA1 loss/);
    expect(text.stdout).toMatch(/2\. In vivo: /);
    expect(text.stdout).toMatch(/3\. Translational \/ clinical: /);
    expect(text.stdout).toContain('talazoparib (CHEMBL3137320, Ki ≈ 1.2 nM, n=1)');
    // Checked, none listed: said as such.
    expect(text.stdout).toContain("Resistance: CIViC lists none for the altered lines' variants");
    // No literature in this world: the premises and the hypothesis say so (once, the terminal did
    // not show the hypothesis' own verdict at all).
    expect(text.stdout).toMatch(/Premise: .*\(no literature found to judge it against\)/);
    expect(text.stdout).toContain('The hypothesis against its literature: no literature found to judge it against');

    // A line CIViC says resists the compound is shown with its evidence.
    const egfr = await runCli(['plan', 'Inhibiting EGFR reduces proliferation in EGFR-mutant NSCLC'], e);
    expect(egfr.code, egfr.stderr).toBe(0);
    expect(egfr.stdout).toContain('Resistance of the altered lines (CIViC)');
    expect(egfr.stdout).toMatch(/NCI-H1975\s+EGFR T790M\s+gefitinib\s+EID2001, EID2002\s+level B\s+unverifiable/);

    const json = await runCli(['plan', 'Inhibiting the receptor reduces proliferation', '--genes', 'erbb1', '--disease', 'lung cancer', '--json'], e);
    expect(json.code, json.stderr).toBe(0);
    const r = JSON.parse(json.stdout) as PlanOutput;
    expect(r.recognised.genes[0]).toMatchObject({ input: 'erbb1', symbol: 'EGFR', from: 'geneContext' });
    // The hit named as typed, though the search ranked NSCLC first; the plan says so.
    expect(r.recognised.disease).toMatchObject({ from: 'diseaseContext', name: 'lung cancer', how: 'Open Targets disease search, the hit named as typed (the search ranked "non-small cell lung carcinoma" first)' });
    expect(r.stages).toHaveLength(3);
    const shown = await runCli(['snapshots', 'show', r.snapshotId!, '--json'], e);
    expect(shown.code).toBe(0);
    expect((JSON.parse(shown.stdout) as { tool: string }).tool).toBe('svc_generate_validation_plan');
  });

  it('says what to add when nothing is recognisable, with exit code 0 and no snapshot', async () => {
    fake.reset();
    const r = await runCli(['plan', 'The weather will be nice tomorrow'], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No gene was recognised');
    expect(r.stdout).toContain('No mechanism was recognised');
  });
});
