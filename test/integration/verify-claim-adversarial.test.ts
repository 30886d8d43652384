// svc_verify_claim against inputs built to fool it (a review, 2026-11-27): markers citing part of
// the list, a [k] marker with no list, records without an abstract, a claim of two sentences the
// same abstract judges both ways, a search that fails, an esummary error for a PMID efetch returns.
// Each case read as a finding before: a real PMID "not_found", a contradicting paper hidden,
// "supported" beside an empty supporting list, "unsupported" for a claim nothing was found for.
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakePubmed, type FakeArticle, type FakePubmed } from '../support/fake-pubmed.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { writeTinyNli } from '../support/tiny-nli.js';

const ARTICLES: FakeArticle[] = [
  { pmid: '1001', title: 'Metformin and survival', abstract: 'Metformin improved survival of patients with diabetes in the trial.', year: 2019 },
  { pmid: '1002', title: 'Metformin trial', abstract: 'Metformin did not improve survival of patients with diabetes.', year: 2020 },
  { pmid: '1003', title: 'Aspirin and cancer risk', abstract: 'Aspirin is a drug studied in cancer.', year: 2018 },
  // Records without an abstract whose titles alone the tiny model would judge (entail / contradict).
  { pmid: '3001', title: 'Metformin improves survival of patients with diabetes', year: 2021 },
  { pmid: '3003', title: 'Metformin did not improve survival of patients with diabetes', year: 2021 },
];
const CLAIM = 'Metformin improves survival of patients with diabetes.';

interface Row {
  pmid: string;
  exists: boolean | null;
  verdict: string;
}
interface Result {
  evidenceStatus: string;
  summary: string;
  citeF1: number | null;
  hallucinated: number | null;
  pmids: Row[];
  statements: { status: string; supported: boolean | null; skipped?: string; citations: string[]; entailing: string[]; contradicting: string[] }[];
  supportingPmids: string[];
  contradictingPmids: string[];
  search?: { query: string; count: number | null };
  warnings: string[];
}

let fake: FakeUpstream;
const tinyModel = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli'));
// 32 tokens: a long statement leaves no room for evidence.
const shortModel = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli-32'), { modelMaxLength: 32 });
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describe('svc_verify_claim, adversarial inputs', () => {
  let client: Client;
  let pubmed: FakePubmed;
  beforeEach(async () => {
    fake.reset();
    pubmed = mountFakePubmed(fake, ARTICLES);
    client = await connectInMemory(await testContext({ nli: 'auto', nliModel: tinyModel, retries: 0 } as never, fake.url));
  });
  const verify = (args: Record<string, unknown>) => callOk<Result>(client, 'svc_verify_claim', args);
  const verdicts = (r: Result) => Object.fromEntries(r.pmids.map((p) => [p.pmid, [p.exists, p.verdict]]));

  it('a listed PMID no marker cites exists, and says it was not judged (it read "not_found")', async () => {
    const r = await verify({ claim: CLAIM.replace('.', ' [1].'), pmids: ['1001', '1002'] });
    expect(verdicts(r)).toEqual({ '1001': [true, 'supports'], '1002': [true, 'not_cited'] });
    expect(r.hallucinated).toBe(0);
    expect(r.summary).toContain('2 of 2 PMIDs exist');
    expect(r.summary).toContain('PMID 1002 is listed but no marker of the claim cites it: not judged');
  });

  it('a PMID a marker cites but the list lacks gets its row, and its contradiction is listed', async () => {
    const r = await verify({ claim: CLAIM.replace('.', ' [PMID:1002].'), pmids: ['1001'] });
    expect(verdicts(r)).toEqual({ '1001': [true, 'not_cited'], '1002': [true, 'contradicts'] });
    expect(r).toMatchObject({ evidenceStatus: 'contradicted', contradictingPmids: ['1002'], supportingPmids: [] });
  });

  it('search mode: a bare [k] marker hides no record found, and is not searched for', async () => {
    pubmed.searchRule((t) => t.includes('Metformin'), ['1002', '1001', '1003']);
    const r = await verify({ claim: 'Metformin improves survival of patients with diabetes [2].' });
    expect(verdicts(r)).toEqual({ '1002': [true, 'contradicts'], '1001': [true, 'supports'], '1003': [true, 'neutral'] });
    expect(r).toMatchObject({ evidenceStatus: 'contested', supportingPmids: ['1001'], contradictingPmids: ['1002'] });
    expect(r.search?.query).not.toMatch(/\b2\b/);
    expect(r.warnings.join('\n')).toContain('[2]: this marker cites the k-th of pmids, and none were given; ignored');
  });

  it('a record without an abstract is not judged on its title, and the lists agree with the status', async () => {
    const alone = await verify({ claim: CLAIM, pmids: ['3001'] });
    expect(alone).toMatchObject({ evidenceStatus: 'unverifiable', citeF1: null, supportingPmids: [] });
    expect(alone.statements[0]).toMatchObject({ status: 'unverifiable', supported: null, entailing: [] });
    const withUnrelated = await verify({ claim: CLAIM, pmids: ['3001', '1003'] });
    expect(withUnrelated.evidenceStatus).toBe('unsupported');
    expect(withUnrelated.statements[0]?.entailing).toEqual([]);
    const titleContradicts = await verify({ claim: CLAIM, pmids: ['1001', '3003'] });
    expect(titleContradicts).toMatchObject({ evidenceStatus: 'supported', supportingPmids: ['1001'], contradictingPmids: [] });
    expect(verdicts(titleContradicts)['3003']).toEqual([true, 'no_abstract']);
  });

  it('two sentences one abstract judges both ways: contested, and the PMID is on both lists', async () => {
    const r = await verify({ claim: 'Metformin improves survival of patients with diabetes. Metformin was not effective in patients.', pmids: ['1001'] });
    expect(r.statements.map((s) => [s.entailing, s.contradicting])).toEqual([
      [['1001'], []],
      [[], ['1001']],
    ]);
    expect(r).toMatchObject({ evidenceStatus: 'contested', supportingPmids: ['1001'], contradictingPmids: ['1001'] });
    expect(verdicts(r)['1001']).toEqual([true, 'mixed']);
  });

  it('a search that failed or found nothing leaves the statement not judged, never "unsupported"', async () => {
    const nothing = await verify({ claim: 'Zebrafish glow under ultraviolet light.' });
    expect(nothing.evidenceStatus).toBe('unverifiable');
    expect(nothing.statements[0]).toMatchObject({ status: 'unverifiable', supported: null });
    expect(nothing.statements[0]?.skipped).toBeUndefined();
    fake.route('GET', '/eutils/esearch.fcgi', { status: 500, body: { error: 'backend down' } });
    const res = (await client.callTool({ name: 'svc_verify_claim', arguments: { claim: CLAIM } })) as CallToolResult;
    const failed = res.structuredContent as unknown as Result;
    expect(failed.statements[0]).toMatchObject({ status: 'unverifiable', supported: null });
    const text = res.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    expect(text).toContain('(the search failed)');
    expect(text).not.toContain('null records');
  });

  it('a PMID efetch returned exists, whatever esummary answered for it', async () => {
    fake.route('GET', '/eutils/esummary.fcgi', (req) => ({ body: { header: { type: 'esummary', version: '0.3' }, result: { uids: [req.query.get('id')], [req.query.get('id')!]: { uid: req.query.get('id'), error: 'cannot get document summary' } } } }));
    const r = await verify({ claim: CLAIM, pmids: ['1001'] });
    expect(r.evidenceStatus).not.toBe('hallucinated');
    expect(r.hallucinated).toBe(0);
    expect(verdicts(r)['1001']).toEqual([true, 'supports']);
  });

  it('a statement longer than the model input leaves for evidence is not judged, and says so (it was cut: its negation lost)', async () => {
    const short = await connectInMemory(await testContext({ nli: 'auto', nliModel: shortModel, retries: 0 } as never, fake.url));
    const filler = 'with the drug in the trial and '.repeat(4);
    const claim = `Metformin improves survival of patients with diabetes ${filler}it was never effective.`;
    const r = await callOk<Result>(short, 'svc_verify_claim', { claim, pmids: ['1001'] });
    expect(r.statements[0]).toMatchObject({ status: 'unjudged', supported: null });
    expect(r.evidenceStatus).toBe('unjudged');
    expect(verdicts(r)['1001']).toEqual([true, 'unjudged']);
    expect(r.citeF1).toBeNull();
    expect(r.warnings.join('\n')).toContain('is longer than the NLI model\'s input leaves room for with its evidence: not judged');
    // The same model judges a short statement: only the long one is refused.
    const ok = await callOk<Result>(short, 'svc_verify_claim', { claim: CLAIM, pmids: ['1001'] });
    expect(ok.evidenceStatus).toBe('grounded');
  });

  it('a [k] marker past the list says so, never "no abstract could be read"', async () => {
    const r = await verify({ claim: 'Metformin improves survival of patients with diabetes [3].', pmids: ['1001', '1002'] });
    expect(r.evidenceStatus).toBe('unverifiable');
    expect(r.summary).toContain('No marker of the claim cites a PMID given (see warnings)');
    expect(r.summary).not.toContain('No abstract could be read');
    expect(r.warnings).toContain('[3] points past the 2 PMIDs given: it cites nothing (out of range, as ALCE counts it).');
  });

  it('a PMID inside a mixed marker [1, PMID:1002] is read as a PMID, and its contradiction counts', async () => {
    const r = await verify({ claim: 'Metformin improves survival of patients with diabetes [1, PMID:1002].', pmids: ['1001'] });
    expect(r.statements[0]?.citations).toEqual(['1001', '1002']);
    expect(r.evidenceStatus).toBe('contested');
    expect(r.warnings.join(' ')).not.toContain('points past');
    // Without a list it is a cited claim too, never searched with the marker dropped.
    const alone = await verify({ claim: 'Metformin improves survival of patients with diabetes [1, PMID:1002].' });
    expect(alone.search).toBeUndefined();
  });

  it('a claim the model judged nothing of is unjudged, never "unsupported" (too long beside an uncited sentence)', async () => {
    const short = await connectInMemory(await testContext({ nli: 'auto', nliModel: shortModel, retries: 0 } as never, fake.url));
    const LONG = `Metformin improves survival of patients with diabetes ${'with the drug in the trial and '.repeat(4)}it was never effective`;
    const r = await callOk<Result>(short, 'svc_verify_claim', { claim: `${LONG} [PMID:1001]. Metformin is widely used.` });
    expect(r.evidenceStatus).toBe('unjudged');
    expect(r.summary).toContain('Entailment was not judged: the NLI model could not take the statements');
    expect(r.summary).not.toContain('no NLI model is available');
    expect(r.summary).toContain('Citation precision and recall were not computed (nothing was judged).');
    expect(r.summary).not.toMatch(/F1 0\.00/);
  });

  it('"unverifiable" says whether PubMed lists no abstract or could not be read', async () => {
    const none = await verify({ claim: CLAIM, pmids: ['3001'] });
    expect(none.summary).toContain('PubMed lists no abstract for the cited records that exist');
    fake.route('GET', '/eutils/efetch.fcgi', { status: 500, body: { error: 'backend down' } });
    fake.route('POST', '/eutils/efetch.fcgi', { status: 500, body: { error: 'backend down' } });
    const down = await verify({ claim: CLAIM, pmids: ['1001'] });
    expect(down.summary).toContain('The cited records could not be read from PubMed');
  });

  it('a PMID marker keeps the digits typed (Number() rounded 99999999999999999999 to 1e20)', async () => {
    const r = await verify({ claim: 'Metformin improves survival [PMID:99999999999999999999].' });
    expect(r.pmids.map((p) => p.pmid)).toEqual(['99999999999999999999']);
    expect(r.evidenceStatus).toBe('hallucinated');
  });
});
