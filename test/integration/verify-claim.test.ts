// svc_verify_claim end to end through the MCP client: fake PubMed (recorded shapes) + the real
// NLI code path on the generated tiny model.
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderVerify } from '../../src/cli/render/verify.js';
import type { AppContext } from '../../src/context.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakePubmed, type FakeArticle } from '../support/fake-pubmed.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { writeTinyNli } from '../support/tiny-nli.js';

const ARTICLES: FakeArticle[] = [
  { pmid: '1001', title: 'Metformin and survival', abstract: 'Metformin improved survival of patients with diabetes in the trial.', year: 2019 },
  { pmid: '1002', title: 'Metformin trial', abstract: [{ label: 'RESULTS', text: 'Metformin did not improve survival of patients with diabetes.' }], year: 2020 },
  { pmid: '1003', title: 'Aspirin and cancer risk', abstract: 'Aspirin is a drug studied in cancer.', year: 2018 },
  { pmid: '1004', title: 'Metformin letter without abstract', year: 2021 },
  { pmid: '1005', title: 'Metformin confirms benefit', abstract: 'The study confirms that metformin reduces mortality in patients with diabetes.', year: 2022 },
];
const CLAIM = 'Metformin improves survival in patients with diabetes.';

let fake: FakeUpstream;
const tinyModel = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli'));

beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

interface Result {
  evidenceStatus: string;
  pmidsChecked: boolean;
  hallucinated: number;
  citeF1: number | null;
  citationPrecision: number | null;
  citationRecall: number | null;
  mode: string;
  nliEnabled: boolean;
  entailmentMethod: string;
  summary: string;
  pmids: { pmid: string; exists: boolean | null; verdict: string; entailment?: number; passage?: string; title?: string; year?: number }[];
  statements: { text: string; status: string; supported: boolean | null; bestEntailment: number | null; judged: string[]; citations: string[]; skipped?: string; entailing: string[]; contradicting: string[] }[];
  supportingPmids: string[];
  contradictingPmids: string[];
  search?: { query: string; count: number };
  sources: { id: string; status: string; error?: string }[];
  warnings: string[];
}

describe('svc_verify_claim', () => {
  let ctx: AppContext;
  let client: Client;
  let pubmed: ReturnType<typeof mountFakePubmed>;
  beforeEach(async () => {
    fake.reset();
    pubmed = mountFakePubmed(fake, ARTICLES);
    ctx = await testContext({ nli: 'auto', nliModel: tinyModel }, fake.url);
    client = await connectInMemory(ctx);
  });

  const verify = (args: Record<string, unknown>) => callOk<Result>(client, 'svc_verify_claim', args);

  it('grounds a claim in an abstract that entails it', async () => {
    const r = await verify({ claim: CLAIM, pmids: ['1001'] });
    expect(r).toMatchObject({ evidenceStatus: 'grounded', pmidsChecked: true, hallucinated: 0, citeF1: 1, nliEnabled: true, entailmentMethod: `nli:${tinyModel}@q8` });
    expect(r.pmids[0]).toMatchObject({ pmid: '1001', exists: true, verdict: 'supports', title: 'Metformin and survival', year: 2019 });
    expect(r.pmids[0]?.passage).toContain('Metformin improved survival');
    expect(r.sources.find((s) => s.id === 'eutils')?.status).toBe('ok');
  });

  it('counts hallucinated PMIDs and never calls the answer grounded then', async () => {
    const r = await verify({ claim: CLAIM, pmids: ['1001', '99999999'] });
    expect(r.hallucinated).toBe(1);
    expect(r.pmids.find((p) => p.pmid === '99999999')).toMatchObject({ exists: false, verdict: 'not_found' });
    expect(r.evidenceStatus).toBe('supported'); // an out-of-range (fake) citation zeroes ALCE recall
    expect(r.citationRecall).toBe(0);
    expect(r.summary).toContain('1 do not (99999999)');
  });

  it('reports hallucinated when every cited PMID is fake', async () => {
    const r = await verify({ claim: CLAIM, pmids: ['99999998', '99999999'] });
    expect(r.evidenceStatus).toBe('hallucinated');
    expect(r.hallucinated).toBe(2);
  });

  it('reports contradicted when the abstract contradicts the claim', async () => {
    const r = await verify({ claim: CLAIM, pmids: ['1002'] });
    expect(r.evidenceStatus).toBe('contradicted');
    expect(r.pmids[0]?.verdict).toBe('contradicts');
    // Judged: a verdict and a number, unlike "not judged" (null) below.
    expect(r.statements[0]!.supported).toBe(false);
    expect(r.statements[0]!.bestEntailment).toEqual(expect.any(Number));
  });

  it('reports unsupported for an unrelated abstract', async () => {
    const r = await verify({ claim: CLAIM, pmids: ['1003'] });
    expect(r.evidenceStatus).toBe('unsupported');
    expect(r.pmids[0]?.verdict).toBe('neutral');
  });

  it('fails closed when no abstract can be read', async () => {
    const r = await verify({ claim: CLAIM, pmids: ['1004'] });
    expect(r.evidenceStatus).toBe('unverifiable');
    expect(r.pmids[0]).toMatchObject({ exists: true, verdict: 'no_abstract' });
    // Only an abstract is judged: a record without one is not judged on its title (which read
    // "supported" beside a row saying "no abstract" and an empty supporting list).
    expect(r.statements[0]).toMatchObject({ status: 'unverifiable', supported: null, bestEntailment: null });
    expect(r.citeF1).toBeNull();
  });

  it('an abstract that could not be fetched is "unchecked", not "no_abstract" (the article may have one)', async () => {
    for (const m of ['GET', 'POST']) fake.route(m, '/eutils/efetch.fcgi', { status: 500, body: { error: 'backend down' } });
    const r = await verify({ claim: CLAIM, pmids: ['1001'] });
    expect(r.pmids[0]).toMatchObject({ exists: true, verdict: 'unchecked' });
    expect(r.evidenceStatus).toBe('unverifiable');
  });

  it('uses only the first 3 citations for ALCE metrics (PubMed checks in one batch)', async () => {
    const r = await verify({ claim: CLAIM, pmids: ['1003', '1002', '1004', '1001'] });
    expect(r.statements[0]?.judged).toEqual(['1003', '1002', '1004']); // 1001 is 4th: not judged
    expect(r.citationRecall).toBe(0);
    expect(r.pmids.find((p) => p.pmid === '1001')?.verdict).toBe('supports'); // still reported per PMID
    expect(r.evidenceStatus).toBe('contested'); // ...and it weighs in the status, against 1002
    const r2 = await verify({ claim: CLAIM, pmids: ['1003', '1001', '1005', '1002'] });
    expect(r2.statements[0]?.judged).toEqual(['1003', '1001', '1005']);
    expect(r2.citationRecall).toBe(1);
    expect(r2.citationPrecision).toBeCloseTo(2 / 3, 4); // 1003 is irrelevant
    expect(pubmed.calls.esummary).toBe(2);
  });

  it('splits a multi-sentence claim into statements; with markers, an unmarked sentence is uncited', async () => {
    const r = await verify({ claim: `${CLAIM} Aspirin is a drug [PMID:1003].`, pmids: ['1001'] });
    expect(r.statements.map((s) => s.text)).toEqual([CLAIM, 'Aspirin is a drug.']);
    expect(r.statements[0]).toMatchObject({ citations: [], skipped: 'uncited', supported: false });
    expect(r.statements[1]?.judged).toEqual(['1003']);
    expect(r.citationRecall).toBe(0);
    const plain = await verify({ claim: `${CLAIM} Metformin confirms benefit in diabetes.`, pmids: ['1001'] });
    expect(plain.statements.map((s) => s.citations)).toEqual([['1001'], ['1001']]); // no markers: the list cites each
  });

  // Issue 8: search mode cited only what the judge had accepted (P = R = 1 by construction), listed
  // the other papers as exists: false / not_found, and hid the contradicting one.
  it('search mode: every paper found is listed as existing with its own verdict, and all weigh in', async () => {
    pubmed.searchRule((t) => t.includes('Metformin') && t.includes('diabetes'), ['1003', '1001', '1005', '1002']);
    const r = await verify({ claim: CLAIM, geneContext: ['PRKAA1'] });
    expect(r.search?.query).toContain('PRKAA1[tiab]');
    expect(r.mode).toBe('search');
    expect(r.pmids.map((p) => [p.pmid, p.exists, p.verdict])).toEqual([
      ['1003', true, 'neutral'],
      ['1001', true, 'supports'],
      ['1005', true, 'supports'],
      ['1002', true, 'contradicts'],
    ]);
    expect(r.supportingPmids).toEqual(['1001', '1005']);
    expect(r.contradictingPmids).toEqual(['1002']);
    expect(r.evidenceStatus).toBe('contested'); // never grounded: nothing was cited
    expect([r.citationPrecision, r.citationRecall, r.citeF1]).toEqual([null, null, null]);
    expect(r.summary).toContain('Citation precision and recall do not apply');
    expect(r.summary).toContain('Contradicting: PMID 1002');
    expect(r.summary).not.toContain('No abstract could be read');
    expect(pubmed.calls.esummary).toBe(0); // PubMed returned the records: they exist
  });

  it('search mode without a model: every paper found listed, unjudged, nothing supported', async () => {
    pubmed.searchRule((t) => t.includes('Metformin'), ['1001', '1002']);
    const client2 = await connectInMemory(await testContext({ nli: 'auto', nliModel: path.join(tempDir(), 'no-model-here') }, fake.url));
    const r = await callOk<Result>(client2, 'svc_verify_claim', { claim: CLAIM });
    expect(r.pmids.map((p) => [p.pmid, p.exists, p.verdict])).toEqual([
      ['1001', true, 'unjudged'],
      ['1002', true, 'unjudged'],
    ]);
    expect(r).toMatchObject({ evidenceStatus: 'unjudged', supportingPmids: [], contradictingPmids: [], nliEnabled: false });
  });

  it('relaxes the search when the full query finds nothing, and says so when nothing is found', async () => {
    const r = await verify({ claim: 'Zebrafish glow under ultraviolet light.' });
    expect(r.evidenceStatus).toBe('unverifiable');
    expect(r.search?.count).toBe(0);
    expect(pubmed.calls.esearch).toBe(3);
  });

  // PubMed drops a word it does not know and runs the rest (the recorded APC search): the records
  // judged were about other drugs, and the answer read as if they had been found for the claim.
  it('search mode: says when PubMed dropped a word of the claim, so the records judged never mention it', async () => {
    fake.reset();
    pubmed = mountFakePubmed(fake, ARTICLES, '/eutils', { unknownWords: ['Zorbaxumab'] });
    pubmed.searchRule((t) => t.includes('survival') && !t.includes('Zorbaxumab'), ['1001', '1002']);
    const r = await verify({ claim: 'Zorbaxumab improves survival in patients with diabetes.' });
    expect(r.search).toMatchObject({ count: 2, phrasesNotFound: ['Zorbaxumab'] });
    expect(r.summary).toContain('PubMed knows no record with "Zorbaxumab" and ran the search without it: the records judged do not mention it.');
    const text = ((await client.callTool({ name: 'svc_verify_claim', arguments: { claim: 'Zorbaxumab improves survival in patients with diabetes.' } })) as CallToolResult).content;
    expect(JSON.stringify(text)).toContain('PubMed knows no record with \\"Zorbaxumab\\"');
  });

  it('search mode: says when the claim was searched for fewer of its words', async () => {
    pubmed.searchRule((t) => t.includes('(Metformin AND improves AND survival AND patients)'), ['1001']);
    pubmed.searchRule((t) => t.includes(' OR '), ['1003']);
    const leading = await verify({ claim: 'Metformin improves survival in patients with diabetes and kidney failure.' });
    expect(leading.search?.query).toContain('(Metformin AND improves AND survival AND patients)');
    expect(leading.summary).toContain('No record has every content word of the claim; PubMed was searched for its first 4 ("Metformin", "improves", "survival", "patients"), so the records judged may be about part of it.');
    const any = await verify({ claim: 'Aspirin cures glioblastoma in children and adults.' });
    expect(any.search?.query).toContain(' OR ');
    expect(any.summary).toContain('PubMed was searched for any of them, so the records judged may be about another question.');
    // A claim with more content words than a search takes says which were not searched for.
    const long = await verify({ claim: 'Metformin improves survival in patients with diabetes and chronic kidney disease after transplantation.' });
    expect(long.summary).toContain('The claim has more content words than a search takes: "transplantation" was not searched for.');
    // The claim's own query found records: nothing to say.
    const exact = await verify({ claim: 'Metformin improves survival in patients.' });
    expect(exact.search?.query).toContain('(Metformin AND improves AND survival AND patients)');
    expect(exact.summary).not.toMatch(/No record has every content word|knows no record/);
  });

  // Once "PubMed found no record for this claim" with search.count 0 when the search had failed.
  it('search mode: a PubMed search that fails never reads as one that found nothing', async () => {
    fake.route('GET', '/eutils/esearch.fcgi', { status: 500, body: { error: 'backend down' } });
    const r = await verify({ claim: CLAIM });
    expect(r.evidenceStatus).toBe('unverifiable');
    expect(r.search?.count).toBeNull();
    expect(r.summary).toMatch(/^PubMed could not be searched/);
    expect(r.summary).not.toMatch(/found no record/);
    expect(r.sources.find((s) => s.id === 'eutils')).toMatchObject({ status: 'failed' });
    expect(pubmed.calls.esearch).toBe(0); // the fake PubMed never answered: no relaxed queries after a failure
    const text = renderVerify(r as unknown as Parameters<typeof renderVerify>[0]).replace(/\x1b\[[0-9;]*m/g, '');
    expect(text).toMatch(/PubMed query: .*\(the search failed\)/);
    expect(text).not.toMatch(/\(0 records\)/);
  });

  it('search mode: records found whose abstracts cannot be read never read as none found', async () => {
    pubmed.searchRule((t) => t.includes('Metformin'), ['1001', '1002']);
    fake.route('GET', '/eutils/efetch.fcgi', { status: 500, body: { error: 'backend down' } });
    const r = await verify({ claim: CLAIM });
    expect(r.evidenceStatus).toBe('unverifiable');
    expect(r.search?.count).toBe(2);
    expect(r.summary).toMatch(/^PubMed found records, but they could not be read/);
    expect(r.summary).not.toMatch(/found no record/);
  });

  it('degrades when PubMed is down: reported in sources and warnings, never grounded', async () => {
    fake.route('GET', '/eutils/esummary.fcgi', { status: 500, body: { error: 'backend down' } });
    fake.route('GET', '/eutils/efetch.fcgi', { status: 500, body: { error: 'backend down' } });
    const r = await verify({ claim: CLAIM, pmids: ['1001'] });
    expect(r.pmidsChecked).toBe(false);
    expect(r.evidenceStatus).toBe('unverifiable');
    expect(r.pmids[0]?.exists).toBeNull();
    expect(r.statements[0]).toMatchObject({ supported: null, bestEntailment: null }); // a model, but nothing to judge
    expect(r.sources.find((s) => s.id === 'eutils')).toMatchObject({ status: 'failed' });
    expect(r.warnings.join(' ')).toContain('backend down');
  });

  it('without a model nothing is judged: unjudged, method none, the fix in the warnings', async () => {
    const off = await connectInMemory(await testContext({ nli: 'off' }, fake.url));
    const r = await callOk<Result>(off, 'svc_verify_claim', { claim: CLAIM, pmids: ['1001'] });
    expect(r).toMatchObject({ nliEnabled: false, entailmentMethod: 'none', evidenceStatus: 'unjudged', supportingPmids: [], pmidsChecked: true });
    expect(r.pmids[0]).toMatchObject({ exists: true, verdict: 'unjudged' });
    expect(r.statements[0]).toMatchObject({ status: 'unjudged', supported: null, bestEntailment: null });
    expect(r.warnings.join(' ')).toMatch(/not judged.*BIOINTEL_NLI=off/);
  });

  it('rejects bad input with the field and the limit named', async () => {
    const tooLong = (await client.callTool({ name: 'svc_verify_claim', arguments: { claim: 'x'.repeat(2001) } })) as CallToolResult;
    expect(tooLong.isError).toBe(true);
    expect(JSON.stringify(tooLong.content)).toMatch(/claim.*2000|2000.*claim/);
    const badPmid = (await client.callTool({ name: 'svc_verify_claim', arguments: { claim: CLAIM, pmids: ['abc'] } })) as CallToolResult;
    expect(badPmid.isError).toBe(true);
    expect(JSON.stringify(badPmid.content)).toContain('pmids');
    const tooMany = (await client.callTool({ name: 'svc_verify_claim', arguments: { claim: CLAIM, pmids: Array.from({ length: 201 }, (_, i) => String(i + 1)) } })) as CallToolResult;
    expect(JSON.stringify(tooMany.content)).toContain('at most 200 PMIDs');
  });
});
