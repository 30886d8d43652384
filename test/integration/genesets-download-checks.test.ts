// A library download that is not the whole library must read as Enrichr failing, never as a
// library: a 200 answer holding an error text (once "1 set with the gene `please retry later`",
// saved and used from then on), a body cut mid-line (once saved as a 3-set MSigDB_Hallmark_2020),
// and a refresh that shrinks the copy on disk. None of them is written to disk.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { SourceReport } from '../../src/sources/report.js';
import type { InsightsAnswer } from '../../src/tools/insights/compact.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeResponse, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld, PANEL_ARTICLES, PANEL_LITERATURE } from '../support/fake-world.js';
import { connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

/** The reviewers' garbage answer: HTTP 200, text/plain, tab-separated, three fields. */
const GARBAGE = 'error\tService temporarily unavailable\tplease retry later\n';
const HALLMARK = 'MSigDB_Hallmark_2020';

let fake: FakeUpstream;
const contexts: AppContext[] = [];
let answers: Map<string, FakeResponse>;

async function context(flags: Parameters<typeof testContext>[0] = {}): Promise<AppContext> {
  const ctx = await testContext({ retries: 0, ...flags }, fake.url);
  contexts.push(ctx);
  return ctx;
}

const libraryRequests = () => fake.requests.filter((r) => r.path === '/enrichr/geneSetLibrary');
const filesIn = (ctx: AppContext): string[] => {
  try {
    return readdirSync(path.join(ctx.config.dataDir, 'genesets')).sort();
  } catch {
    return [];
  }
};

/** A small library of `sets` lines, ending with a line break as a whole download does. */
function smallGmt(prefix: string, sets: number): string {
  const lines = Array.from({ length: sets }, (_, s) => [`${prefix} set ${s}`, '', ...Array.from({ length: 5 }, (_, i) => `${prefix}${s * 5 + i}`)].join('\t'));
  return `${lines.join('\n')}\n`;
}

beforeAll(async () => {
  fake = await startFakeUpstream();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
  answers = new Map();
  fake.route('GET', '/enrichr/geneSetLibrary', (req) => answers.get(req.query.get('libraryName') ?? '') ?? { status: 404, body: 'Not Found' });
});

describe('Enrichr library downloads that are not a library', () => {
  it('refuses a 200 answer holding an error text: a failure naming the library, nothing saved, asked again next time', async () => {
    answers.set('KEGG_2021_Human', { headers: { 'content-type': 'text/plain' }, body: GARBAGE });
    const ctx = await context();
    const report = new SourceReport(ctx.http);
    const first = await ctx.genesets.load({ names: ['KEGG_2021_Human'], report });
    expect(first.libraries).toEqual([]);
    expect(first.failures).toEqual([{ name: 'KEGG_2021_Human', error: expect.stringMatching(/library KEGG_2021_Human: response is not GMT text .*line 1.*please retry later/) }]);
    expect(report.list()).toEqual([expect.objectContaining({ id: 'enrichr', status: 'failed' })]);
    expect(filesIn(ctx)).toEqual([]);
    expect(await ctx.genesets.cached()).toEqual([]);

    // The next run asks again (nothing was kept), and takes the real library when it comes.
    answers.set('KEGG_2021_Human', { body: smallGmt('KEGG', 4) });
    const again = await ctx.genesets.load({ names: ['KEGG_2021_Human'] });
    expect(again.failures).toEqual([]);
    expect(again.libraries[0]!.library.setCount).toBe(4);
    expect(libraryRequests()).toHaveLength(2);
  });

  it('refuses a refresh that shrinks the library well below the copy on disk, and keeps that copy with a warning', async () => {
    const whole = smallGmt('HALL', 50);
    answers.set(HALLMARK, { body: whole });
    const ctx = await context();
    const v1 = (await ctx.genesets.load({ names: [HALLMARK] })).libraries[0]!;
    expect(v1.library.setCount).toBe(50);
    const gmtOnDisk = readFileSync(v1.path);

    // Cut at a line boundary after 3 sets: every line is whole, only the count tells.
    answers.set(HALLMARK, { body: whole.split('\n').slice(0, 3).join('\n') + '\n' });
    const report = new SourceReport(ctx.http);
    const refreshed = await ctx.genesets.load({ names: [HALLMARK], refresh: true, report });
    expect(refreshed.failures).toEqual([]);
    expect(refreshed.libraries[0]).toMatchObject({ origin: 'enrichr', sha256: v1.sha256 });
    expect(refreshed.libraries[0]!.library.setCount).toBe(50);
    expect(refreshed.warnings.join('\n')).toMatch(/MSigDB_Hallmark_2020: refresh failed \(.*holds 3 gene sets where the copy on disk holds 50.*\); using the cached copy downloaded/);
    expect(report.list()).toEqual([expect.objectContaining({ id: 'enrichr', status: 'failed' })]);
    expect(readFileSync(v1.path).equals(gmtOnDisk)).toBe(true);
    expect((await ctx.genesets.cached())[0]!.sidecar).toMatchObject({ sets: 50 });

    // A refresh that grows (or shrinks a little) is a new release: taken.
    answers.set(HALLMARK, { body: smallGmt('HALL', 48) });
    const v3 = await ctx.genesets.load({ names: [HALLMARK], refresh: true });
    expect(v3.libraries[0]!.library.setCount).toBe(48);
  });
});

describeShared('svc_generate_insights: Enrichr answering an error text with HTTP 200', () => {
  it('reads as the libraries failing (not computed), never as "no panel gene is in any library"', async () => {
    mountFakeWorld(fake, { articles: PANEL_ARTICLES, literature: PANEL_LITERATURE });
    fake.route('GET', '/enrichr/geneSetLibrary', { headers: { 'content-type': 'text/plain' }, body: GARBAGE });
    const ctx = await context({ dataDir: tempDir() });
    const c = await connectInMemory(ctx);
    const res = (await c.callTool({ name: 'svc_generate_insights', arguments: { genes: ['EGFR', 'ERBB2', 'BRAF'], diseaseContext: 'breast cancer', includeDrugs: false } })) as CallToolResult;
    const text = (res.content as { text: string }[])[0]!.text;
    expect(text).not.toContain('no panel gene is in any');
    const answer = res.structuredContent as InsightsAnswer;
    expect(answer.enrichmentStatus.state).toBe('not_computed');
    expect(answer.enrichmentStatus.failed.map((f) => f.library).sort()).toEqual(['GO_Biological_Process_2023', 'KEGG_2021_Human', 'MSigDB_Hallmark_2020', 'Reactome_2022', 'WikiPathway_2023_Human']);
    expect(answer.sources.find((s) => s.id === 'enrichr')).toMatchObject({ status: 'failed' });
    expect(filesIn(ctx)).toEqual([]);
  });
});
