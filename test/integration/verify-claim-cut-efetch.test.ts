// Reproduction: with efetch's body cut right after the first </AbstractText>, PMID 2003's abstract
// read as its BACKGROUND alone (which supports the claim): svc_verify_claim answered "grounded",
// PubMed "ok", no warning, although the whole abstract's CONCLUSIONS contradict the claim; and with
// the cache on, that answer was kept for 7 days. Now the cut answer is a PubMed failure (nothing
// judged on it, not grounded) and the next call reads the whole abstract.
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, testContext } from '../support/context.js';
import { mountFakePubmed, type FakeArticle } from '../support/fake-pubmed.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { writeTinyNli } from '../support/tiny-nli.js';

const CLAIM = 'Metformin improves survival of patients with diabetes.';
const ARTICLES: FakeArticle[] = [
  {
    pmid: '2003',
    title: 'A long metformin cohort',
    abstract: [
      { label: 'BACKGROUND', text: 'Metformin improved survival of patients with diabetes in earlier cohorts.' },
      { label: 'METHODS', text: 'We recorded deaths, admissions and prescriptions across the regional registry for ten years. '.repeat(6) },
      { label: 'CONCLUSIONS', text: 'In this cohort metformin failed to change survival.' },
    ],
  },
];

interface Result {
  evidenceStatus: string;
  pmids: { pmid: string; verdict: string }[];
  sources: { id: string; status: string; error?: string }[];
  warnings: string[];
}

let fake: FakeUpstream;
const tinyModel = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli'));
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('svc_verify_claim on a cut-off efetch answer', () => {
  it('is not grounded on the part that arrived, says PubMed failed, and is not cached', async () => {
    const pubmed = mountFakePubmed(fake, ARTICLES);
    const whole = await (await fetch(`${fake.url}/eutils/efetch.fcgi?db=pubmed&id=2003&retmode=xml`)).text();
    const cut = whole.slice(0, whole.indexOf('</AbstractText>') + '</AbstractText>'.length);
    let efetches = 0;
    for (const method of ['GET', 'POST']) {
      fake.route(method, '/eutils/efetch.fcgi', () => (++efetches === 1 ? { headers: { 'content-type': 'text/xml; charset=UTF-8' }, body: cut } : undefined));
    }
    const client = await connectInMemory(await testContext({ nli: 'auto', nliModel: tinyModel, cache: true, retries: 0 }, fake.url));
    const verify = () => callOk<Result>(client, 'svc_verify_claim', { claim: CLAIM, pmids: ['2003'] });

    const first = await verify();
    expect(first.evidenceStatus).not.toBe('grounded');
    expect(first.evidenceStatus).toBe('unverifiable');
    const eutils = first.sources.find((s) => s.id === 'eutils');
    expect(eutils?.status).toBe('partial'); // esummary answered, efetch did not
    expect(eutils?.error).toContain('efetch answer is cut off');
    expect(first.warnings.join(' ')).toMatch(/abstract|efetch|PubMed/i);

    // PubMed answers whole again: asked again (not served the cut answer from the cache), contradicted.
    const second = await verify();
    expect(efetches).toBe(2);
    expect(second.evidenceStatus).toBe('contradicted');
    expect(second.sources.find((s) => s.id === 'eutils')?.status).toBe('ok');
    expect(pubmed.calls.esummary).toBe(1); // its good answer was cached as before
  });
});
