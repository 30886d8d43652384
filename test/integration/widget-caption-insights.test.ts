// The widget's pathway caption and the svc_generate_insights answer it draws agree on how many gene
// sets reach q <= 0.05 (the caption once said "Top 8 of 10" where the text said 56).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InsightsAnswer } from '../../src/tools/insights/compact.js';
import { pathwayCaption } from '../../src/widget/render.js';
import { tempDir, testContext } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld, PANEL_ARTICLES, PANEL_LITERATURE } from '../support/fake-world.js';
import { connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describeShared('widget caption on a real svc_generate_insights answer', () => {
  it('states the number of significant gene sets the answer\'s text gives, not the 10 it lists', async () => {
    mountFakeWorld(fake, { articles: PANEL_ARTICLES, literature: PANEL_LITERATURE });
    const client = await connectInMemory(await testContext({ dataDir: tempDir() }, fake.url));
    const res = await client.callTool({ name: 'svc_generate_insights', arguments: { genes: ['EGFR', 'ERBB2', 'BRAF'], diseaseContext: 'breast cancer' } });
    expect(res.isError).toBeFalsy();
    const answer = res.structuredContent as InsightsAnswer;
    const text = (res.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
    const stated = Number(/Pathways: (\d+) gene sets at q <= 0\.05/.exec(text)?.[1]);
    // The situation the caption got wrong: more sets are significant than the answer lists.
    expect(answer.enrichedPathways).toHaveLength(10);
    expect(stated).toBeGreaterThan(answer.omitted.enrichedPathways?.total ?? 0);
    expect(stated).toBe(answer.enrichment.reduce((n, e) => n + e.significant, 0));
    expect(pathwayCaption(answer, 8)).toBe(`Top 8 of ${stated} enriched gene sets (q \u2264 0.05), by -log10 q.`);
  });
});
