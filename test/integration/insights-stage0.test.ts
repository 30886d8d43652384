// Issue 8: stage 0 checked only the evidence brief's PMIDs, yet `hallucinated` read as if the
// whole answer had been checked. Now every PMID of the answer (brief, drug candidates, hypotheses,
// strategies, CIViC evidence) goes to esummary in the same batches of 200, and one PubMed does not
// know is stripped wherever it appears, and counted.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { collectPmids } from '../../src/evidence/pmid-fields.js';
import { ESUMMARY_BATCH } from '../../src/sources/eutils.js';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

const ARTICLES = [
  { pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression.' },
  { pmid: '2002', title: 'ERBB2 amplification', abstract: 'ERBB2 amplification is associated with breast cancer.' },
  { pmid: '2004', title: 'EGFR and ERBB2 heterodimers', abstract: 'EGFR interacts with ERBB2 in breast cancer.' },
];
const LITERATURE = [
  { terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 },
  { terms: ['ERBB2', 'breast cancer'], pmids: ['2002'], hitCount: 9800 },
  { terms: ['EGFR', 'ERBB2', 'breast cancer'], pmids: ['2004'], hitCount: 640 },
];

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describeShared('svc_generate_insights: stage 0 over every PMID of the answer', () => {
  it('one batched esummary round for all PMIDs; a fake one outside the brief is stripped everywhere and counted', async () => {
    // First run: learn which PMIDs the recorded drug sources attach to candidates.
    mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE });
    const ctx = await testContext({ dataDir: tempDir() }, fake.url);
    const client = await connectInMemory(ctx);
    // The full result, as the snapshot keeps it (the MCP answer is its compact view).
    const analyze = async () => {
      const { snapshotId } = await callOk<{ snapshotId: string }>(client, 'svc_generate_insights', { genes: ['EGFR', 'ERBB2', 'BRAF'], diseaseContext: 'breast cancer' });
      return (await ctx.snapshots.get(snapshotId))!.result as unknown as InsightsOutput;
    };
    const baseline = await analyze();
    const briefPmids = new Set(baseline.evidenceBrief.statements.flatMap((s) => s.citations));
    const candidatePmid = baseline.drugCandidates.flatMap((d) => d.pmids).find((p) => !briefPmids.has(p));
    expect(candidatePmid, 'the recorded drug sources carry PMIDs').toBeDefined();
    expect(baseline.integrity.hallucinated).toBe(0);

    // Second run: PubMed does not know that candidate PMID.
    fake.reset();
    mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE, unknownPmids: [candidatePmid!] });
    const r = await analyze();
    const asked = fake.requests.filter((q) => q.path === '/eutils/esummary.fcgi');
    const sent = new Set(asked.flatMap((q) => (q.query.get('id') ?? new URLSearchParams(q.body).get('id') ?? '').split(',')));
    expect(asked.length).toBe(Math.ceil(sent.size / ESUMMARY_BATCH));
    for (const p of collectPmids(baseline)) expect(sent.has(p), p).toBe(true); // every PMID the answer carries
    expect(sent.has(candidatePmid!)).toBe(true);

    expect(r.integrity).toMatchObject({ pmidsChecked: true, hallucinated: 1 });
    expect(r.integrity.hallucinationRate).toBeCloseTo(1 / sent.size, 4);
    expect(collectPmids(r)).not.toContain(candidatePmid);
    const places = baseline.drugCandidates.filter((d) => d.pmids.includes(candidatePmid!)).length + baseline.therapeuticStrategies.filter((s) => s.evidencePmids.includes(candidatePmid!)).length + baseline.citationMetrics.filter((m) => m.pmid === candidatePmid).length;
    expect(r.warnings).toContain(`PubMed does not know PMID ${candidatePmid}: removed from ${places} place${places === 1 ? '' : 's'} in this answer (counted in integrity.hallucinated).`);
  });
});
