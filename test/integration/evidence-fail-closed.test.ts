// Issue 8, "fail closed without a model": the adversarial set through svc_verify_claim with no NLI
// model. Word overlap once called every false claim `supported`; without a model nothing may be
// supported, contradicted or grounded: the answer is `unjudged`, and says which model is missing
// and the command that fixes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adversarialSet } from '../support/adversarial.js';
import { testContext } from '../support/context.js';
import { mountFakePubmed } from '../support/fake-pubmed.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';

const set = adversarialSet();
let fake: FakeUpstream;

beforeAll(async () => {
  fake = await startFakeUpstream();
  mountFakePubmed(fake, set.articles);
});
afterAll(() => fake.close());

interface Result {
  evidenceStatus: string;
  pmidsChecked: boolean;
  nliEnabled: boolean;
  supportingPmids: string[];
  summary: string;
  citeF1: number;
  pmids: { pmid: string; verdict: string }[];
  warnings: string[];
}

describe('without an NLI model (adversarial set)', () => {
  it(`no claim of the ${set.cases.length} is supported, contradicted or grounded: all unjudged, with the fix named`, async () => {
    expect(set.cases.length).toBeGreaterThanOrEqual(30);
    // The upstream cache on: 40 claims over 10 abstracts cost 20 PubMed requests, not 80 (NCBI pacing).
    const client = await connectInMemory(await testContext({ nli: 'auto', nliModel: 'Xenova/nli-deberta-v3-xsmall', cache: true }, fake.url));
    const statuses = new Map<string, string>();
    for (const c of set.cases) {
      const r = await callOk<Result>(client, 'svc_verify_claim', { claim: c.claim, pmids: [set.pmidOf.get(c.abstract)!] });
      statuses.set(c.id, r.evidenceStatus);
      expect(r.nliEnabled, c.id).toBe(false);
      expect(r.pmidsChecked, c.id).toBe(true);
      expect(r.supportingPmids, c.id).toEqual([]);
      expect(r.pmids.map((p) => p.verdict), c.id).toEqual(['unjudged']);
      expect(r.citeF1, c.id).toBeNull(); // not judged: not computed, never 0
      expect(r.warnings.join(' '), c.id).toMatch(/Xenova\/nli-deberta-v3-xsmall/);
      expect(r.warnings.join(' '), c.id).toContain('biointel nli download');
      expect(r.summary, c.id).not.toMatch(/\bsupported\b|\bcontradict|\bgrounded\b/i);
    }
    expect([...new Set(statuses.values())]).toEqual(['unjudged']);
  });

  it('BIOINTEL_NLI=off is unjudged too, and says how to turn the judge on', async () => {
    const client = await connectInMemory(await testContext({ nli: 'off' }, fake.url));
    const c = set.cases[1]!; // roles swapped: the lexical fallback called it supported
    const r = await callOk<Result>(client, 'svc_verify_claim', { claim: c.claim, pmids: [set.pmidOf.get(c.abstract)!] });
    expect(r.evidenceStatus).toBe('unjudged');
    expect(r.supportingPmids).toEqual([]);
    expect(r.warnings.join(' ')).toContain('BIOINTEL_NLI');
  });
});
