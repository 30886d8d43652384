// runIntegrity on the real E-utilities client against the fake PubMed: stage 0 covers the cited
// PMIDs and every other PMID of the answer in batches of 200, and without a model it says so once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runIntegrity } from '../../src/evidence/pipeline.js';
import { ESUMMARY_BATCH } from '../../src/sources/eutils.js';
import { SourceReport } from '../../src/sources/report.js';
import { testContext } from '../support/context.js';
import { mountFakePubmed } from '../support/fake-pubmed.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

it('checks 250 answer PMIDs with the 2 cited ones in ceil(252 / 200) = 2 esummary requests', async () => {
  const others = Array.from({ length: 250 }, (_, k) => String(3_000_000 + k));
  const fakeOnes = new Set([others[7]!, others[240]!]);
  const pubmed = mountFakePubmed(fake, [{ pmid: '1001', title: 'Metformin', abstract: 'Metformin improved survival.' }], '/eutils', {
    alsoExisting: (p) => p === '1002' || (others.includes(p) && !fakeOnes.has(p)),
  });
  const ctx = await testContext({ nli: 'off' }, fake.url);
  const report = new SourceReport(ctx.http);
  const run = await runIntegrity({ eutils: ctx.sources.eutils, nli: ctx.nli, report }, [{ text: 'Metformin improves survival.', pmids: ['1001', '1002'] }], { alsoCheck: [...others, '1001'] });
  expect(pubmed.calls.esummary).toBe(Math.ceil(252 / ESUMMARY_BATCH));
  expect(pubmed.calls.efetch).toBe(1); // abstracts of the cited PMIDs only
  expect(run.integrity).toMatchObject({ pmidsChecked: true, hallucinated: 2, checkedPmids: 252, nliEnabled: false, judgedStatements: 0, groundedRatio: 0 });
  expect(run.integrity.hallucinatedPmids.sort()).toEqual([...fakeOnes].sort());
  expect(run.integrity.hallucinationRate).toBeCloseTo(2 / 252, 4);
  expect(run.citedHallucinated.size).toBe(0);
  expect(run.statements[0]).toMatchObject({ status: 'unjudged', entailing: [], contradicting: [], recall: 0 });
  expect(report.warnings.filter((w) => w.startsWith('Entailment was not judged'))).toHaveLength(1);
});
