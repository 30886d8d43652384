// What the evidence check finds goes back to the hypotheses (a review, 2026-11-27): the abstract the
// brief cited for EGFR-ERBB2 contradicted its statement, yet the hypothesis kept "moderate", listed
// that PMID as supporting, and the text said nothing; a pair known only from a retracted article was
// "not novel" with literature support.
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import type { FakeArticle } from '../support/fake-pubmed.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';
import { writeTinyNli } from '../support/tiny-nli.js';

const tinyModel = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli'));
const GENE_ARTICLES: FakeArticle[] = [
  { pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression.' },
  { pmid: '2002', title: 'ERBB2 amplification', abstract: 'ERBB2 amplification is associated with breast cancer.' },
];
const literature = (pairHits: number) => [
  { terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 },
  { terms: ['ERBB2', 'breast cancer'], pmids: ['2002'], hitCount: 9800 },
  { terms: ['EGFR', 'ERBB2', 'breast cancer'], pmids: ['2004'], hitCount: pairHits },
];

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

async function analyse(pair: FakeArticle, pairHits: number) {
  fake.reset();
  mountFakeWorld(fake, { articles: [...GENE_ARTICLES, pair], literature: literature(pairHits) });
  const ctx = await testContext({ dataDir: tempDir(), nli: 'auto', nliModel: tinyModel } as never, fake.url);
  const client = await connectInMemory(ctx);
  const res = (await client.callTool({ name: 'svc_generate_insights', arguments: { genes: ['EGFR', 'ERBB2', 'BRAF'], diseaseContext: 'breast cancer' } })) as CallToolResult;
  const { snapshotId } = res.structuredContent as { snapshotId: string };
  const full = (await ctx.snapshots.get(snapshotId))!.result as unknown as InsightsOutput;
  const text = (res.content[0] as { text: string }).text;
  const h = full.hypotheses.find((x) => x.genes.includes('EGFR') && x.genes.includes('ERBB2'))!;
  return { full, text, h };
}

describeShared('hypotheses after the evidence check', () => {
  it('a pair whose cited abstract contradicts its statement: literature not counted, PMID not supporting, said in the text', async () => {
    const agreeing = await analyse({ pmid: '2004', title: 'EGFR and ERBB2', abstract: 'EGFR interacts with ERBB2 in breast cancer.' }, 640);
    const { full, text, h } = await analyse({ pmid: '2004', title: 'EGFR and ERBB2', abstract: 'EGFR does not interact with ERBB2 in breast cancer; the study failed.' }, 640);
    const statement = full.evidenceBrief.statements.find((s) => s.citations.includes('2004'))!;
    expect(statement.status).toBe('contradicted');
    expect(h.supportingPmids).not.toContain('2004');
    expect(h.rationale).toContain('literature not counted: PMID 2004, cited for it in the evidence brief, contradicts it (NLI)');
    expect(h.confidence).toBeLessThan(agreeing.h.confidence);
    expect(text).toMatch(/Evidence brief: \d+ of \d+ statements contradicted by their own cited abstracts \(.*S\d+ contradicted/);
    expect(agreeing.h.supportingPmids).toContain('2004');
  });

  it('a pair known only from a retracted article has no literature, and is novel', async () => {
    const { h } = await analyse({ pmid: '2004', title: 'EGFR and ERBB2', abstract: 'EGFR interacts with ERBB2 in breast cancer.', pubTypes: ['Journal Article', 'Retracted Publication'] }, 1);
    expect(h).toMatchObject({ coMentions: 0, novel: true, supportingPmids: [] });
    expect(h.basis).not.toContain('literature');
    expect(h.rationale).toContain('the article found naming both is retracted or unknown to PubMed: no literature counted');
  });
});
