// Deadlines that measure the upstream, not the queue: a request's own timeout and retry budget
// start when it is sent; a whole call has a deadline (deadline.ts) at which it returns what it has,
// with the late sources named and the error saying whether a request was still queued or sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/config.js';
import { UpstreamError } from '../../src/errors.js';
import { createLogger } from '../../src/log.js';
import { plannedMs, startDeadline, toolDeadlineMs } from '../../src/sources/deadline.js';
import { UpstreamClient } from '../../src/sources/http.js';
import { SourceReport } from '../../src/sources/report.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { testConfig } from '../support/context.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function client(flags: Partial<ConfigInput> = {}): UpstreamClient {
  return new UpstreamClient({ config: testConfig({ retries: 2, ...flags }, fake.url), log: createLogger('silent') });
}

async function settle(p: Promise<unknown>): Promise<{ ok: true } | { ok: false; err: UpstreamError }> {
  return p.then(
    () => ({ ok: true as const }),
    (err: unknown) => {
      expect(err).toBeInstanceOf(UpstreamError);
      return { ok: false as const, err: err as UpstreamError };
    },
  );
}

describe('per-request clocks start when the request is sent', () => {
  it('time spent waiting for the rate limiter does not count against the retry budget', async () => {
    // STRING allows 1 request/s: the third request waits about 2 s for its turn, twice the budget.
    fake.route('GET', /^\/string\/q\d$/, { body: { ok: true } });
    const c = client({ deadlineMs: 1_000 });
    const outcomes = await Promise.all([0, 1, 2].map((i) => settle(c.json({ source: 'string', path: `/q${i}` }))));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(fake.requests).toHaveLength(3);
  });
});

describe("a call's deadline", () => {
  it('names what happened: sent with no answer yet, or still queued and never sent', async () => {
    fake.route('GET', /^\/string\/slow\d$/, { body: { ok: true }, delayMs: 3_000 });
    const c = client();
    // 300 ms: well before STRING's next turn (1 request/s, one at a time), long before the answer.
    const deadline = startDeadline(300);
    const outcomes = await Promise.all([0, 1, 2].map((i) => settle(c.json({ source: 'string', path: `/slow${i}`, signal: deadline.signal }))));
    deadline.dispose();
    const errors = outcomes.map((o) => (o.ok ? undefined : o.err));
    expect(errors.every((e) => e?.failure === 'deadline')).toBe(true);
    expect(errors[0]!.message).toMatch(/string: sent .* before the call's 300 ms deadline passed, no answer by then/);
    for (const e of errors.slice(1)) expect(e!.message).toMatch(/still queued \(\d+ requests? ahead at 1\/s\) when the call's 300 ms deadline passed; it was never sent/);
    expect(fake.requests).toHaveLength(1);
  });

  it('is not a cancellation: a cancelled request says so', async () => {
    fake.route('GET', '/string/cancel', { body: { ok: true }, delayMs: 3_000 });
    const cancel = new AbortController();
    const deadline = startDeadline(60_000, cancel.signal);
    const pending = settle(client().json({ source: 'string', path: '/cancel', signal: deadline.signal }));
    setTimeout(() => cancel.abort(), 50);
    const out = await pending;
    deadline.dispose();
    expect(out.ok).toBe(false);
    expect(!out.ok && out.err.message).toContain('request cancelled by the caller');
    expect(deadline.expired).toBe(false);
  });

  it('lets the call return what it has, with the late sources named in sources[] and warnings', async () => {
    fake.route('GET', '/uniprot/fast', { body: { results: [] } });
    fake.route('GET', '/string/never', { body: { ok: true }, delayMs: 5_000 });
    const http = client();
    const deadline = startDeadline(400);
    const report = new SourceReport(http, { deadline });
    const [fast, slow] = await Promise.all([
      report.call('uniprot', () => http.json({ source: 'uniprot', path: '/fast', ...(report.signal ? { signal: report.signal } : {}) })),
      report.call('string', () => http.json({ source: 'string', path: '/never', ...(report.signal ? { signal: report.signal } : {}) }), { degrades: 'interaction evidence is missing' }),
    ]);
    deadline.dispose();
    expect(fast).toEqual({ results: [] });
    expect(slow).toBeUndefined();
    expect(report.pastDeadline).toBe(true);
    expect(report.late()).toEqual(['string']);
    const entries = Object.fromEntries(report.list().map((e) => [e.id, e]));
    expect(entries.uniprot).toMatchObject({ status: 'ok' });
    expect(entries.uniprot?.late).toBeUndefined();
    expect(entries.string).toMatchObject({ status: 'failed', late: true, calls: 1, failedCalls: 1 });
    expect(report.warnings).toEqual([expect.stringMatching(/^string did not answer before the deadline \(interaction evidence is missing\): string: sent .* no answer by then$/)]);
  });
});

describe('how long a call may take', () => {
  it('uses the per-tool setting, else the default, and never less than the planned work needs', () => {
    const config = testConfig({ toolDeadlineMs: 90_000, toolDeadlines: 'svc_verify_claim=30000', timeoutMs: 20_000 });
    expect(toolDeadlineMs(config, 'svc_verify_claim')).toBe(30_000);
    expect(toolDeadlineMs(config, 'svc_get_target_brief')).toBe(90_000);
    // 1,500 HGNC requests at 10/s need 150 s of turns plus one timeout for the last answer.
    expect(plannedMs({ hgnc: 1_500 }, config)).toBe(149_900 + 20_000);
    expect(toolDeadlineMs(config, 'svc_generate_insights', { hgnc: 1_500, string: 1 })).toBe(169_900);
    expect(toolDeadlineMs(config, 'svc_generate_insights', { hgnc: 10 })).toBe(90_000);
  });

  it('rejects a malformed per-tool setting, naming it', () => {
    expect(() => testConfig({ toolDeadlines: 'svc_verify_claim=soon' })).toThrow(/toolDeadlines \(BIOINTEL_TOOL_DEADLINES\).*svc_verify_claim=soon/);
  });
});

describe('the deadline of a whole analysis', () => {
  it('returns what it has at the deadline, the never-answering source named late, and saves the snapshot', async () => {
    const { mountFakeWorld } = await import('../support/fake-world.js');
    const { testContext } = await import('../support/context.js');
    const { analysePanel } = await import('../../src/tools/shared/panel-analysis/analyse.js');
    const { silentProgress } = await import('../../src/tools/define.js');
    const { hasShared } = await import('../support/shared.js');
    if (!hasShared) return;
    mountFakeWorld(fake, { articles: [], literature: [] });
    fake.route('GET', '/string/json/network', { body: [], delayMs: 60_000 });
    fake.route('POST', '/string/json/network', { body: [], delayMs: 60_000 });
    // Each STRING attempt times out after 1 s and is retried: the analysis deadline comes first.
    const ctx = await testContext({ timeoutMs: 1_000, retries: 8, toolDeadlines: 'svc_generate_insights=1000' }, fake.url);
    const r = await analysePanel({ genes: ['EGFR', 'ERBB2', 'BRAF', 'BRCA1'], diseaseContext: 'breast cancer', audience: 'researcher', includeDrugs: true }, { ctx, tier: 'researcher', progress: silentProgress });
    expect(r.sources.find((s) => s.id === 'string')).toMatchObject({ status: 'failed', late: true });
    expect(r.warnings.join('\n')).toMatch(/the analysis reached its [\d.]+ m?s deadline before [^:]*\bstring\b/);
    expect(r.genes).toEqual(['EGFR', 'ERBB2', 'BRAF', 'BRCA1']);
    expect(await ctx.snapshots.get(r.snapshotId)).not.toBeNull();
    await ctx.close();
  }, 60_000);
});
