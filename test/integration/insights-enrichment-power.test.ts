// Enrichment that tested no set, and enrichment of a panel too small to have power, are not "no gene
// set is enriched": a library whose sets are all smaller than the sizes tested, or a 1-gene panel
// (p = K/N for every set holding it), would otherwise read as a finding about the genes' pathways.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { renderInsights } from '../../src/cli/render/insights.js';
import type { InsightsAnswer } from '../../src/tools/insights/compact.js';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
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

describeShared('svc_generate_insights: enrichment not tested or without power', () => {
  beforeEach(() => {
    fake.reset();
    mountFakeWorld(fake, { articles: PANEL_ARTICLES, literature: PANEL_LITERATURE });
  });

  async function call(ctx: AppContext, args: Record<string, unknown>) {
    const client: Client = await connectInMemory(ctx);
    const res = (await client.callTool({ name: 'svc_generate_insights', arguments: { diseaseContext: 'breast cancer', ...args } })) as CallToolResult;
    expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
    const answer = res.structuredContent as InsightsAnswer;
    const full = (await ctx.snapshots.get(answer.snapshotId))!.result as unknown as InsightsOutput;
    return { answer, full, text: (res.content[0] as { text: string }).text };
  }

  it('a library whose sets are all below the minimum size tested nothing, and every text says so', async () => {
    const gmt = path.join(tempDir(), 'mine.gmt');
    writeFileSync(gmt, 'ERBB module\t\tEGFR\tERBB2\tBRAF\nDNA repair core\t\tBRCA1\tBRCA2\tATM\n');
    fake.route('GET', '/enrichr/geneSetLibrary', { status: 503, body: 'Service Unavailable' });
    const ctx = await testContext({ dataDir: tempDir(), retries: 0, geneSets: [gmt] }, fake.url);
    const { answer, full, text } = await call(ctx, { genes: ['EGFR', 'ERBB2', 'BRAF', 'BRCA1'] });
    expect(answer.enrichment).toEqual([{ library: 'mine', n: 4, tested: 0, significant: 0 }]);
    const note = answer.warnings.find((w) => w.startsWith('Pathway enrichment tested nothing'));
    expect(note).toContain('no set has 5 to 2,000 genes (the sizes tested)');
    const brief = `${answer.evidenceBrief.headline} ${answer.evidenceBrief.summary}`;
    expect(answer.evidenceBrief.headline).toBe('4-gene panel in breast cancer: pathway enrichment tested no gene set.');
    expect(brief).not.toMatch(/no gene set (reaches|is significantly)/i);
    expect(text).toContain('Pathways: NOT TESTED: mine: no set has 5 to 2,000 genes (the sizes tested)');
    expect(text).not.toContain('none at q <= 0.05');
    expect(renderInsights(full)).toContain('Pathway enrichment tested nothing: mine: no set has 5 to 2,000 genes (the sizes tested)');
    expect(renderInsights(full)).not.toContain('None reached q <= 0.05');
    expect(full.focusGenes.map((f) => f.why)).toEqual(full.focusGenes.map(() => 'panel order (pathway enrichment tested no gene set)'));
    expect(JSON.stringify(full)).not.toContain('in no significantly enriched pathway');
  });

  it('a 1-gene panel: "no gene set reaches q <= 0.05" is hedged, and no gene is said to be in no enriched pathway', async () => {
    const ctx = await testContext({ dataDir: tempDir() }, fake.url);
    const { answer, full, text } = await call(ctx, { genes: ['BRCA1'] });
    expect(answer.enrichment.filter((e) => e.tested > 0).length).toBeGreaterThan(0);
    expect(answer.enrichment.every((e) => e.significant === 0)).toBe(true);
    expect(answer.warnings.find((w) => w.startsWith('Pathway enrichment has little power'))).toContain('with 1 panel gene in the libraries tested');
    expect(answer.evidenceBrief.headline).toBe('1-gene panel in breast cancer: no gene set reaches q <= 0.05, but a 1-gene panel gives over-representation analysis little power.');
    expect(answer.evidenceBrief.summary).toContain('a 1-gene panel gives over-representation analysis little power');
    expect(text).toMatch(/Pathways: none at q <= 0\.05 in \d libraries tested, but a 1-gene panel gives over-representation analysis little power/);
    expect(renderInsights(full)).toContain('a 1-gene panel gives over-representation analysis little power');
    expect(full.focusGenes[0]!.why).toBe('panel order (too few panel genes for pathway enrichment to judge)');
    expect(JSON.stringify(full)).not.toContain('in no significantly enriched pathway');
  });
});
