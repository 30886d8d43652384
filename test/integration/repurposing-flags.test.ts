// svc_prioritize_repurposing on the fake world (panel EGFR + BRCA1, breast cancer) as a reviewer
// varied it: a drug acting against its target's role, a drug withdrawn for breast cancer itself, no
// record read that would say a drug was withdrawn, and a candidate openFDA has no label for. Each must be said where the candidate is listed, and the first
// must not lead the list on the strength of the very action that contradicts the gene's role.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { RepurposingOutput } from '../../src/tools/repurposing/schema.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld, type FakeWorld } from '../support/fake-world.js';
import { connectInMemory } from '../support/mcp-client.js';
import { describeShared, ownJson } from '../support/shared.js';

const AFATINIB = 'CHEMBL1173655';
const ERLOTINIB = 'CHEMBL553';

let fake: FakeUpstream;
let world: FakeWorld;
let dataDir: string;
beforeAll(async () => {
  fake = await startFakeUpstream();
  dataDir = tempDir();
});
afterAll(() => fake.close());

describeShared('svc_prioritize_repurposing: flags where the candidate is listed', () => {
  let ctx: AppContext;
  let client: Client;
  beforeEach(async () => {
    fake.reset();
    world = mountFakeWorld(fake, { articles: [], literature: [], drugDetails: ['drugs-details-ERBB2-repurposing-doc-shaped.json'] });
    fake.route('GET', '/clinicaltrials/studies', { body: ownJson('clinicaltrials', 'search-no-matches-doc-shaped.json') });
    fake.route('GET', '/openfda/drug/label.json', (req) =>
      /gefitinib/i.test(req.query.get('search') ?? '') ? { body: ownJson('openfda', 'label-gefitinib-biomcp.json') } : { status: 404, body: ownJson('openfda', 'not-found-doc-shaped.json') },
    );
    ctx = await testContext({ dataDir }, fake.url);
    client = await connectInMemory(ctx);
  });
  afterEach(() => ctx.close());

  const run = async () => {
    const res = (await client.callTool({ name: 'svc_prioritize_repurposing', arguments: { genes: ['EGFR', 'BRCA1'], diseaseContext: 'breast cancer' } })) as CallToolResult;
    expect(res.isError).toBeFalsy();
    const text = res.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    const full = (await ctx.snapshots.get((res.structuredContent as { snapshotId: string }).snapshotId))!.result as unknown as RepurposingOutput;
    return { text, full };
  };

  it('an activator of an oncogene (EGFR) gains nothing from it, ranks below its tier, and is flagged beside its rank', async () => {
    const before = (await run()).full.candidates.find((c) => c.name === 'AFATINIB')!;
    // ChEMBL's mechanisms of afatinib now hold an ACTIVATOR on EGFR's target (CHEMBL203).
    fake.route('GET', '/chembl/mechanism.json', (req) => {
      if (!(req.query.get('molecule_chembl_id__in') ?? '').split(',').includes(AFATINIB)) return undefined;
      const mechanism = { action_type: 'ACTIVATOR', direct_interaction: 1, disease_efficacy: 1, max_phase: 4, mechanism_of_action: 'EGFR activator', mechanism_refs: [], molecule_chembl_id: AFATINIB, parent_molecule_chembl_id: AFATINIB, target_chembl_id: 'CHEMBL203' };
      return { body: { mechanisms: [mechanism], page_meta: { limit: 1000, next: null, offset: 0, previous: null, total_count: 1 } } };
    });
    const { text, full } = await run();
    const afatinib = full.candidates.find((c) => c.name === 'AFATINIB')!;
    expect(afatinib.targets.find((t) => t.gene === 'EGFR')).toMatchObject({ actionTypes: ['ACTIVATOR'], roleConflict: expect.stringMatching(/^activates EGFR, which the data call an oncogene/) });
    expect(afatinib.score).toBeLessThanOrEqual(before.score);
    expect(afatinib.factors.mechanismDirectness.detail).toMatch(/not counted: its action contradicts the role of EGFR/);
    expect(afatinib.tierReason).toMatch(/; against its target's role: activates EGFR/);
    // Below every candidate of its tier that acts along the genes' roles.
    const sameTier = full.candidates.filter((c) => c.tier === afatinib.tier);
    expect(sameTier.at(-1)!.name).toBe('AFATINIB');
    expect(sameTier.length).toBeGreaterThan(1);
    expect(text).toMatch(new RegExp(`\\n${afatinib.rank}\\. AFATINIB - tier II, score [0-9.]+, ROLE CONFLICT: acts against the role of EGFR; `));
  });

  it('a drug withdrawn for breast cancer says so in its tier reason and rationale, never "no indication recorded"', async () => {
    fake.route('POST', '/opentargets/graphql', (req) => {
      const out = world.answerOpenTargets(req);
      if (!(JSON.parse(req.body) as { query: string }).query.includes('query DrugsDetails')) return out;
      const drugs = (out.body as { data: { drugs: { id: string; indications: { rows: object[] } }[] } }).data.drugs;
      for (const d of drugs.filter((x) => x.id === ERLOTINIB)) d.indications.rows.push({ maxClinicalStage: 'WITHDRAWAL', disease: { id: 'MONDO_0007254', name: 'breast cancer' } });
      return out;
    });
    const { text, full } = await run();
    const erlotinib = full.candidates.find((c) => c.name === 'ERLOTINIB')!;
    expect(erlotinib.tierReason).toMatch(/^Approved \(Open Targets\), but withdrawn for breast cancer \(Open Targets indications record breast cancer at stage WITHDRAWAL\)/);
    expect(erlotinib.tierReason).not.toContain('no indication recorded');
    expect(erlotinib.rationale).toMatch(/, but withdrawn for breast cancer \(Open Targets indications\)\.$/);
    expect(text).toContain('but withdrawn for breast cancer (Open Targets indications).');
  });

  it('says "withdrawal not checked" when ChEMBL molecules fail and Open Targets gives no drug warnings', async () => {
    fake.route('GET', '/chembl/molecule.json', { headers: { 'content-type': 'text/html' }, body: '<html>maintenance</html>' });
    // Open Targets' drug warnings (ChEMBL's, withdrawals among them) still read: checked, not withdrawn.
    expect((await run()).full.candidates.every((c) => c.safety.withdrawnReason === null)).toBe(true);
    fake.route('POST', '/opentargets/graphql', (req) => {
      const out = world.answerOpenTargets(req);
      if (!(JSON.parse(req.body) as { query: string }).query.includes('query DrugsDetails')) return out;
      for (const d of (out.body as { data: { drugs: Record<string, unknown>[] } }).data.drugs) delete d.drugWarnings;
      return out;
    });
    const { text, full } = await run();
    expect(full.candidates.length).toBeGreaterThan(0);
    for (const c of full.candidates) expect(c.safety).toMatchObject({ withdrawn: false, withdrawnReason: expect.stringMatching(/^not checked: whether it was withdrawn is not known/) });
    expect(text.split('\n').filter((l) => /^\d+\. /.test(l)).every((l) => l.includes('withdrawal not checked'))).toBe(true);
  });

  it('says "no US label" apart from a label read without a boxed warning', async () => {
    const { text, full } = await run();
    const line = (name: string) => text.split('\n').find((l) => new RegExp(`^\\d+\\. ${name} - `).test(l)) ?? '';
    expect(full.candidates.find((c) => c.name === 'PANITUMUMAB')!.safety.boxedWarning.status).toBe('no-label');
    expect(line('PANITUMUMAB')).toContain('no US label (boxed warning not known)');
    expect(full.candidates.find((c) => c.name === 'GEFITINIB')!.safety.boxedWarning.status).toBe('absent');
    expect(line('GEFITINIB')).not.toMatch(/label|boxed/i);
  });
});
