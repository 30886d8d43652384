// Issue 8 reproductions through svc_verify_claim on the generated tiny NLI model (its cue words:
// "improved", "effective", "confirms"... entail; "not", "failed", "no"... contradict).
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, testContext } from '../support/context.js';
import { mountFakePubmed, type FakeArticle, type FakePubmed } from '../support/fake-pubmed.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { writeTinyNli } from '../support/tiny-nli.js';

const CLAIM = 'Metformin improves survival of patients with diabetes.';
const registry = 'Metformin survival in patients with diabetes was recorded in the registry. ';
const ARTICLES: FakeArticle[] = [
  { pmid: '2001', title: 'Metformin and survival', abstract: 'Metformin improved survival of patients with diabetes in the trial.' },
  { pmid: '2002', title: 'Metformin trial', abstract: [{ label: 'RESULTS', text: 'Metformin did not improve survival of patients with diabetes.' }] },
  {
    pmid: '2003',
    title: 'A long metformin cohort',
    abstract: [
      { label: 'BACKGROUND', text: 'Metformin improved survival of patients with diabetes in earlier cohorts.' },
      { label: 'METHODS', text: 'We recorded deaths, admissions and prescriptions across the regional registry for ten years. '.repeat(6) },
      { label: 'CONCLUSIONS', text: 'In this cohort metformin failed to change survival.' },
    ],
  },
  // The supporting sentence shares no word with the claim; the rest repeats the claim's words.
  { pmid: '2004', title: 'Registry report', abstract: `${registry.repeat(12)}In the end the drug was effective.` },
  { pmid: '2005', title: 'Aspirin and cancer', abstract: 'Aspirin is a drug studied in cancer.' },
  { pmid: '2006', title: 'Hospital costs', abstract: 'Hospital costs rose in the region during the decade. '.repeat(12) },
  // Retracted: its abstract entails the claim word for word, which must count for nothing.
  { pmid: '2007', title: 'RETRACTED: Metformin and survival', abstract: 'Metformin improved survival of patients with diabetes.', pubTypes: ['Journal Article', 'Retracted Publication'] },
  { pmid: '2008', title: 'Retraction notice', abstract: 'This article has been retracted: metformin improved survival was not shown.', pubTypes: ['Retraction of Publication'] },
];

interface Result {
  evidenceStatus: string;
  mode: string;
  pmidsChecked: boolean;
  hallucinated: number;
  integrity: { retracted: number | null; pmidsChecked: boolean };
  citationRecall: number | null;
  citationPrecision: number | null;
  summary: string;
  pmids: { pmid: string; exists: boolean | null; verdict: string; windows?: number; contradiction?: number; contradictingPassage?: string }[];
  statements: { status: string; entailing: string[]; contradicting: string[] }[];
  supportingPmids: string[];
  contradictingPmids: string[];
  sources: { id: string; status: string; error?: string }[];
  warnings: string[];
}

let fake: FakeUpstream;
let pubmed: FakePubmed;
const tinyModel = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli'));
// Model input of 64 tokens: long abstracts are judged window by window.
const shortModel = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli-64'), { modelMaxLength: 64 });

beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describe('svc_verify_claim: evidence you can trust', () => {
  let client: Client;
  beforeEach(async () => {
    fake.reset();
    pubmed = mountFakePubmed(fake, ARTICLES);
    client = await connectInMemory(await testContext({ nli: 'auto', nliModel: tinyModel }, fake.url));
  });
  const verify = (args: Record<string, unknown>, c = client) => callOk<Result>(c, 'svc_verify_claim', args);

  // Once "grounded" (F1 0.667): status.ts put grounded before contradicted.
  it('one supporting and one contradicting citation: contested, both sides listed', async () => {
    const r = await verify({ claim: CLAIM, pmids: ['2001', '2002'] });
    expect(r.evidenceStatus).toBe('contested');
    expect(r.statements[0]).toMatchObject({ status: 'contested', entailing: ['2001'], contradicting: ['2002'] });
    expect(r.supportingPmids).toEqual(['2001']);
    expect(r.contradictingPmids).toEqual(['2002']);
    expect(r.summary).toMatch(/contested.*Entailing: PMID 2001\. Contradicting: PMID 2002\./);
  });

  // Once the window was chosen by word overlap, so the background sentence was all the judge saw.
  it('a contradiction in the last window of a long abstract is found', async () => {
    const windowed = await connectInMemory(await testContext({ nli: 'auto', nliModel: shortModel, nliWindow: 300 }, fake.url));
    const r = await verify({ claim: CLAIM, pmids: ['2003'] }, windowed);
    const row = r.pmids[0]!;
    expect(row.windows).toBeGreaterThan(2);
    expect(row.verdict).toBe('mixed'); // the background entails, the conclusion contradicts
    expect(row.contradiction).toBeGreaterThan(0.7);
    expect(row.contradictingPassage).toContain('CONCLUSIONS: In this cohort metformin failed');
    expect(r.evidenceStatus).toBe('contested');
    expect(r.contradictingPmids).toEqual(['2003']);
  });

  // Once one 1,500-character window was split between the cited abstracts: adding two irrelevant
  // citations cut the supporting sentence of 2004 off and dropped recall from 1 to 0.
  it('recall never falls when citations are added (over-citation costs precision)', async () => {
    const recall: (number | null)[] = [];
    const precision: (number | null)[] = [];
    for (const pmids of [['2004'], ['2004', '2005'], ['2004', '2005', '2006']]) {
      const r = await verify({ claim: CLAIM, pmids });
      recall.push(r.citationRecall);
      precision.push(r.citationPrecision);
    }
    expect(recall).toEqual([1, 1, 1]);
    expect(precision).toEqual([1, 0.5, 0.3333]);
  });

  // A retracted article exists (not hallucinated) but is evidence neither way; citing it is a fault.
  it('a retracted article never supports a claim, and the answer says it is retracted', async () => {
    const r = await verify({ claim: CLAIM, pmids: ['2007'] });
    expect(r.evidenceStatus).toBe('unsupported');
    expect(r.pmids[0]).toMatchObject({ pmid: '2007', exists: true, verdict: 'retracted' });
    expect(r.supportingPmids).toEqual([]);
    expect(r.hallucinated).toBe(0);
    expect(r.integrity).toMatchObject({ pmidsChecked: true, retracted: 1 });
    expect(r.citationRecall).toBe(0);
    expect(r.summary).toContain('PMID 2007 is a retracted publication (PubMed): not counted as evidence either way.');
    expect(r.warnings.join(' ')).toContain('PMID 2007 is a retracted publication');
    // Beside a sound supporting citation: supported by that one, never grounded (F1 is 0.667).
    const both = await verify({ claim: CLAIM, pmids: ['2001', '2007'] });
    expect(both.evidenceStatus).toBe('supported');
    expect(both.supportingPmids).toEqual(['2001']);
    expect(both.citationPrecision).toBe(0.5);
    // A retraction notice contradicts nothing either.
    const notice = await verify({ claim: CLAIM, pmids: ['2008', '2001'] });
    expect(notice.evidenceStatus).toBe('supported');
    expect(notice.contradictingPmids).toEqual([]);
    expect(notice.pmids.find((x) => x.pmid === '2008')?.verdict).toBe('retraction_notice');
  });

  it('reads the retraction from the abstract record when esummary is down', async () => {
    for (const method of ['GET', 'POST']) fake.route(method, '/eutils/esummary.fcgi', { status: 503, body: 'down' });
    const r = await verify({ claim: CLAIM, pmids: ['2007'] });
    expect(r.pmidsChecked).toBe(false);
    expect(r.pmids[0]).toMatchObject({ pmid: '2007', exists: true, verdict: 'retracted' });
    expect(r.evidenceStatus).toBe('unsupported');
  });

  it('without a model a retracted-only claim is still unsupported, not "unjudged"', async () => {
    const plain = await connectInMemory(await testContext({}, fake.url));
    const r = await verify({ claim: CLAIM, pmids: ['2007'] }, plain);
    expect(r.evidenceStatus).toBe('unsupported');
    expect(r.pmids[0]!.verdict).toBe('retracted');
  });

  // Once: esummary's fields renamed -> "Every cited PMID is fake", pmidsChecked true, PubMed ok.
  it('a renamed esummary field is a PubMed failure: not checked, nothing hallucinated, source failed', async () => {
    fake.route('GET', '/eutils/esummary.fcgi', (req) => ({
      body: {
        header: { type: 'esummary', version: '0.3' },
        result: Object.fromEntries([['uids', (req.query.get('id') ?? '').split(',')], ...(req.query.get('id') ?? '').split(',').map((id) => [id, { uid: id, articletitle: 'renamed' }])]),
      },
    }));
    const r = await verify({ claim: CLAIM, pmids: ['2001', '2005'] });
    expect(r.pmidsChecked).toBe(false);
    expect(r.hallucinated).toBeNull(); // not checked: not computed, never 0
    expect(r.evidenceStatus).not.toBe('hallucinated');
    expect(r.evidenceStatus).not.toBe('grounded'); // existence unchecked: at most supported
    expect(r.pmids.map((p) => p.exists)).toEqual([true, true]); // efetch returned both records
    const eutils = r.sources.find((s) => s.id === 'eutils');
    expect(eutils?.status).toBe('failed');
    expect(eutils?.error).toContain('unexpected answer shape: the summary of 2001 has no "title" string');
    expect(r.warnings.join(' ')).toContain('PMID existence could not be checked');
    expect(r.summary).toContain('none is called hallucinated');
  });

  it('a claim citing [PMID:n] inline is checked against those PMIDs, not searched', async () => {
    const r = await verify({ claim: `${CLAIM.replace(/\.$/, '')} [PMID:2001].` });
    expect(r).toMatchObject({ evidenceStatus: 'grounded', supportingPmids: ['2001'] });
    expect(r.pmids.map((p) => p.pmid)).toEqual(['2001']);
    expect(pubmed.calls.esearch).toBe(0);
  });
});
