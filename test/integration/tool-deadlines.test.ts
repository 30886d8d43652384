// Every tool that calls sources has a whole-call deadline (issue 9: with an upstream that never
// answered, verify took 62 s, brief 121 s and analyze 182 s). Here one source never answers; each
// attempt times out after 1 s and is retried 8 times, so without a call deadline the source's retry
// budget would end the call and nothing would be marked late. The call returns what it has, the silent source is marked late and named in a warning, and
// a tool that saves snapshots saves that answer. Outcomes are asserted, never times.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/config.js';
import { silentProgress, type ToolCall } from '../../src/tools/define.js';
import { prioritizeRepurposing } from '../../src/tools/repurposing/handler.js';
import { getTargetBrief } from '../../src/tools/target-brief/handler.js';
import { searchSnapshots } from '../../src/tools/search-snapshots/handler.js';
import { generateValidationPlan } from '../../src/tools/validation-plan/handler.js';
import { verifyClaim } from '../../src/tools/verify-claim/handler.js';
import { testContext, tempDir } from '../support/context.js';
import { EGFR, mountBriefUpstream } from '../support/fake-brief.js';
import { mountPlanWorld, PLAN_ARTICLES, PLAN_LITERATURE } from '../support/fake-plan-world.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld, PANEL_ARTICLES, PANEL_LITERATURE } from '../support/fake-world.js';
import { describeShared } from '../support/shared.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const NEVER = 120_000;
const silent = (method: 'GET' | 'POST', path: string) => fake.route(method, path, { body: {}, delayMs: NEVER });

async function withTool<T>(tool: string, flags: Partial<ConfigInput>, run: (call: ToolCall) => Promise<T>): Promise<{ result: T; saved: (id: string) => Promise<unknown> }> {
  const ctx = await testContext({ dataDir: tempDir(), timeoutMs: 1_000, retries: 8, toolDeadlines: `${tool}=1000`, ...flags }, fake.url);
  try {
    const result = await run({ ctx, tier: 'researcher', progress: silentProgress });
    const saved = await Promise.resolve(result as { snapshotId?: string | null }).then((r) => (r.snapshotId ? ctx.snapshots.get(r.snapshotId) : null));
    return { result, saved: async () => saved };
  } finally {
    await ctx.close();
  }
}

function expectLate(r: { sources: { id: string; status: string; late?: boolean }[]; warnings: string[] }, source: string, what: string): void {
  // failed, or partial when some of its calls had answered before the deadline
  expect(r.sources.find((s) => s.id === source), source).toMatchObject({ status: expect.stringMatching(/^(failed|partial)$/), late: true });
  expect(r.warnings.join('\n')).toMatch(new RegExp(`${what} reached its [\\d.]+ m?s deadline before [^:]*\\b${source}\\b[^:]* answered`));
}

describeShared('the deadline of every source-calling tool', () => {
  it('svc_get_target_brief: STRING never answers; the brief comes back without partners, STRING named late', async () => {
    mountBriefUpstream(fake);
    silent('GET', '/string/json/interaction_partners');
    const { result } = await withTool('svc_get_target_brief', {}, (call) => getTargetBrief({ gene: EGFR.symbol, diseaseContext: EGFR.disease }, call));
    expect(result.gene.symbol).toBe('EGFR');
    expect(result.interactionPartners).toEqual([]);
    expectLate(result, 'string', 'the brief');
  }, 60_000);

  it('svc_verify_claim: PubMed never answers; nothing is judged or called hallucinated, PubMed named late', async () => {
    silent('GET', '/eutils/esummary.fcgi');
    silent('POST', '/eutils/esummary.fcgi');
    silent('GET', '/eutils/efetch.fcgi');
    silent('POST', '/eutils/efetch.fcgi');
    const { result } = await withTool('svc_verify_claim', {}, (call) => verifyClaim({ claim: 'EGFR is associated with breast cancer.', pmids: ['2001'] }, call));
    expect(result.pmidsChecked).toBe(false);
    expect(result.evidenceStatus).not.toMatch(/^(grounded|supported|contradicted|contested|hallucinated)$/);
    expect(result.supportingPmids).toEqual([]);
    expectLate(result, 'eutils', 'the check');
  }, 60_000);

  it('svc_prioritize_repurposing: STRING partners never answer; candidates from the panel, STRING named late, the answer saved', async () => {
    mountFakeWorld(fake, { articles: PANEL_ARTICLES, literature: PANEL_LITERATURE, drugDetails: ['drugs-details-ERBB2-repurposing-doc-shaped.json'] });
    silent('GET', '/string/json/interaction_partners');
    silent('POST', '/string/json/interaction_partners');
    const { result, saved } = await withTool('svc_prioritize_repurposing', {}, (call) => prioritizeRepurposing({ genes: ['EGFR', 'BRCA1'], diseaseContext: 'breast cancer', tierFilter: 'all' }, call));
    expect(result.neighbourhood?.stringChecked).toBe(false);
    expectLate(result, 'string', 'the search for candidates');
    expect(await saved(result.snapshotId)).not.toBeNull();
  }, 60_000);

  it('svc_generate_validation_plan: Cellosaurus never answers; the plan is made without models, Cellosaurus named late, saved', async () => {
    mountPlanWorld(fake, { articles: PLAN_ARTICLES, literature: PLAN_LITERATURE });
    silent('GET', '/cellosaurus/search/cell-line');
    const { result, saved } = await withTool('svc_generate_validation_plan', {}, (call) => generateValidationPlan({ hypothesis: 'Inhibiting EGFR reduces proliferation in EGFR-mutant NSCLC' }, call));
    expect(result.status).toBe('planned');
    expect(result.models.status).toBe('failed');
    expect(result.stages).toHaveLength(3);
    expectLate(result, 'cellosaurus', 'the plan');
    expect(await saved(result.snapshotId!)).not.toBeNull();
  }, 60_000);

  it('svc_search_snapshots: HGNC never answers; the gene is searched as typed, HGNC named late', async () => {
    fake.route('GET', /^\/hgnc\//, { body: {}, delayMs: NEVER });
    const { result } = await withTool('svc_search_snapshots', {}, (call) => searchSnapshots({ gene: 'HER2', limit: 10 }, call));
    expect(result.total).toBe(0);
    expect(result.query.gene).toBe('HER2');
    expectLate(result, 'hgnc', 'the search');
  }, 60_000);
});
