// The brief is written after the evidence check (a review, 2026-11-28): with 2001's abstract
// contradicting "EGFR is associated with breast cancer", the statement was `contradicted` yet read,
// for students, "EGFR, a human gene, has been linked to breast cancer in published studies".
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';
import { writeTinyNli } from '../support/tiny-nli.js';

const tinyModel = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli'));

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

async function brief(audience: string) {
  fake.reset();
  mountFakeWorld(fake, {
    articles: [
      { pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is not associated with breast cancer; the study failed.' },
      { pmid: '2002', title: 'ERBB2 amplification', abstract: 'ERBB2 amplification is associated with breast cancer.' },
    ],
    literature: [
      { terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 },
      { terms: ['ERBB2', 'breast cancer'], pmids: ['2002'], hitCount: 9800 },
    ],
  });
  const ctx = await testContext({ dataDir: tempDir(), nli: 'auto', nliModel: tinyModel } as never, fake.url);
  const client = await connectInMemory(ctx);
  const res = (await client.callTool({ name: 'svc_generate_insights', arguments: { genes: ['EGFR', 'ERBB2', 'BRAF'], diseaseContext: 'breast cancer', audience } })) as CallToolResult;
  const { snapshotId } = res.structuredContent as { snapshotId: string };
  const full = (await ctx.snapshots.get(snapshotId))!.result as unknown as InsightsOutput;
  return full.evidenceBrief.statements.find((s) => s.citations.includes('2001'))!;
}

describeShared('the evidence brief knows its statements\' verdicts', () => {
  it('a contradicted statement reads as contradicted for students and executives', async () => {
    for (const audience of ['student', 'executive']) {
      const s = await brief(audience);
      expect(s.status, audience).toBe('contradicted');
      expect(s.text, audience).toContain('(its cited abstract contradicts this)');
      expect(s.text, audience).not.toMatch(/has been linked to breast cancer in published studies/);
    }
  });
});
