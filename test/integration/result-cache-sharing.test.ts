// The whole-answer caches (the store's, tools/shared/result-cache.ts, and the server's in memory)
// when callers share work or what an answer depends on changes (a review, 2026-11-27): a cancelled
// caller must not spoil the answer of another caller who joined its computation; the key names
// everything a verdict or a q-value depends on (the NLI threshold, window and weights; the gene-set
// libraries read; the HGNC table, even one edited by hand); and an answer served again says when it
// was computed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { geneTableFiles } from '../../src/genes/service.js';
import { createMemoryStore, type Store } from '../../src/store/index.js';
import { silentProgress } from '../../src/tools/define.js';
import { BRIEF_TOOL } from '../../src/tools/names.js';
import { throughResultCache } from '../../src/tools/shared/result-cache.js';
import { getTargetBrief } from '../../src/tools/target-brief/handler.js';
import type { BriefOutput } from '../../src/tools/target-brief/output.js';
import { tempDir, testContext } from '../support/context.js';
import { EGFR, mountBriefUpstream } from '../support/fake-brief.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { connectInMemory } from '../support/mcp-client.js';
import { describeShared, ownFixture, sharedPath } from '../support/shared.js';
import { writeTinyNli } from '../support/tiny-nli.js';

const args = { gene: EGFR.symbol, diseaseContext: EGFR.disease };
const CACHED_NOTE = /Served from the answer cache, computed (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z)/;

let fake: FakeUpstream;
let contexts: AppContext[] = [];
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());
afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  contexts = [];
});

async function context(flags: Partial<ConfigInput> = {}, store?: Store): Promise<AppContext> {
  const ctx = await testContext({ cache: true, ...flags }, fake.url, store ? { store } : {});
  contexts.push(ctx);
  return ctx;
}

const brief = (ctx: AppContext, signal?: AbortSignal): Promise<BriefOutput> =>
  getTargetBrief(args, { ctx, tier: 'researcher', progress: silentProgress, ...(signal ? { signal } : {}) });

describeShared('a brief shared by concurrent callers', () => {
  it('a caller that cancels does not spoil the answer of a caller who joined its work; the joined answer is not called cached', async () => {
    mountBriefUpstream(fake);
    const alphafold = JSON.parse(ownFixture('alphafold', 'prediction-P00533-doc-shaped.json')) as object;
    fake.route('GET', `/alphafold/prediction/${EGFR.accession}`, async () => {
      await sleep(400);
      return { body: alphafold };
    });
    const ctx = await context();
    const ac = new AbortController();
    const pa = brief(ctx, ac.signal);
    void pa.catch(() => undefined);
    // B comes once A's work is under way (its AlphaFold request sent), however loaded the machine.
    while (!fake.requests.some((r) => r.path.startsWith('/alphafold/'))) await sleep(5);
    const pb = brief(ctx);
    await sleep(100);
    ac.abort();
    const b = await pb;
    const af = b.sources.find((s) => s.id === 'alphafold');
    expect(af?.status).toBe('ok');
    expect(b.alphaFoldPlddt).not.toBeNull();
    expect(b.warnings.join(' ')).not.toMatch(/cancel/);
    // Computed now (for A, then shared with B): its sources say what happened, not "cached".
    expect(b.sources.some((s) => s.status === 'ok')).toBe(true);
    expect(b.warnings.join(' ')).not.toMatch(CACHED_NOTE);
    // B joined A's work (one AlphaFold request), and A's own call ends with its cancellation.
    expect(fake.requests.filter((r) => r.path.startsWith('/alphafold/')).length).toBe(1);
    await expect(pa).rejects.toThrow();
    // B's whole answer was kept for the next caller.
    await brief(ctx);
    expect(ctx.results.hits).toBe(1);
  });

  it('when every caller cancelled, the work stops and a new caller starts afresh', async () => {
    mountBriefUpstream(fake);
    const alphafold = JSON.parse(ownFixture('alphafold', 'prediction-P00533-doc-shaped.json')) as object;
    let slow = true;
    fake.route('GET', `/alphafold/prediction/${EGFR.accession}`, async () => {
      if (slow) await sleep(400);
      return { body: alphafold };
    });
    const ctx = await context();
    const ac = new AbortController();
    const pa = brief(ctx, ac.signal);
    await sleep(100);
    ac.abort();
    // The lone caller gets what the stopped work made of it (the cancelled source says so), never kept.
    expect((await pa).sources.find((s) => s.id === 'alphafold')?.status).toBe('failed');
    slow = false;
    const again = await brief(ctx);
    expect(again.sources.find((s) => s.id === 'alphafold')?.status).toBe('ok');
    expect(ctx.results.hits).toBe(0);
  });
});

describeShared('what the key of a cached brief is made of', () => {
  it('another NLI threshold is another key (one store, the same ready model)', async () => {
    const model = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli'));
    mountBriefUpstream(fake);
    const store = createMemoryStore();
    const nli = { nli: 'auto', nliModel: model } as Partial<ConfigInput>;
    const low = await context({ ...nli, nliThreshold: 0 }, store);
    const first = await brief(low);
    const high = await context({ ...nli, nliThreshold: 0.99 }, store);
    const second = await brief(high);
    expect(high.results.hits).toBe(0);
    const fresh = await brief(await context({ ...nli, nliThreshold: 0.99 }));
    expect(second.evidence.map((e) => e.status)).toEqual(fresh.evidence.map((e) => e.status));
    expect(first.evidence.map((e) => e.status)).not.toEqual(fresh.evidence.map((e) => e.status));
    // And the window and the weights too.
    await brief(await context({ ...nli, nliThreshold: 0.99, nliWindow: 300 }, store));
    await brief(await context({ ...nli, nliThreshold: 0.99, nliDtype: 'fp32' }, store));
    expect(contexts.slice(-2).map((c) => c.results.hits)).toEqual([0, 0]);
  });

  it('a refreshed gene-set library is another key: the brief is computed again with its q-values', async () => {
    mountBriefUpstream(fake);
    const ctx = await context();
    const first = await brief(ctx);
    expect(first.pathways.some((p) => p.qValue !== undefined)).toBe(true);
    // Reactome_2022 comes back with more gene sets (another universe: other q-values).
    const gmt = readFileSync(sharedPath('genesets', 'reactome_ReactomePathways_human_2021_names-hyphenated.gmt'), 'utf8');
    const extra = Array.from({ length: 300 }, (_, i) => `Extra-set-${i}\tR-HSA-9${String(i).padStart(6, '0')}\t${Array.from({ length: 40 }, (_, j) => `XGENE${i}_${j}`).join('\t')}`).join('\n');
    fake.route('GET', '/enrichr/geneSetLibrary', (req) => (req.query.get('libraryName') === 'Reactome_2022' ? { body: `${gmt}${extra}\n` } : { status: 404, body: 'not found' }));
    const refreshed = await ctx.genesets.load({ names: ['Reactome_2022'], refresh: true });
    expect(refreshed.failures).toEqual([]);
    const second = await brief(ctx);
    expect(ctx.results.hits).toBe(0);
    const q = (b: BriefOutput) => b.pathways.map((p) => p.qValue);
    expect(q(second)).not.toEqual(q(first));
    const fresh = await brief(await context({ dataDir: ctx.config.dataDir }));
    expect(q(second)).toEqual(q(fresh));
  });

  it('the server\'s answer cache too: after a refresh the brief is made again, not served from memory', async () => {
    mountBriefUpstream(fake);
    const ctx = await context();
    const client = await connectInMemory(ctx);
    const call = async () => (await client.callTool({ name: BRIEF_TOOL, arguments: args })) as CallToolResult;
    const q = (r: CallToolResult) => (r.structuredContent as BriefOutput).pathways.map((p) => p.qValue);
    const first = await call();
    const gmt = readFileSync(sharedPath('genesets', 'reactome_ReactomePathways_human_2021_names-hyphenated.gmt'), 'utf8');
    const extra = Array.from({ length: 300 }, (_, i) => `Extra-set-${i}\tR-HSA-9${String(i).padStart(6, '0')}\t${Array.from({ length: 40 }, (_, j) => `XGENE${i}_${j}`).join('\t')}`).join('\n');
    fake.route('GET', '/enrichr/geneSetLibrary', () => ({ body: `${gmt}${extra}\n` }));
    expect((await ctx.genesets.load({ names: ['Reactome_2022'], refresh: true })).failures).toEqual([]);
    const second = await call();
    expect((second.structuredContent as BriefOutput).warnings.join(' ')).not.toMatch(CACHED_NOTE);
    expect(q(second)).not.toEqual(q(first));
    await client.close();
  });

  it('two HGNC tables edited by hand (no download record) are two keys', async () => {
    // No HGNC route: the download fails and the table on disk is used as it is.
    const store = createMemoryStore();
    const table = (symbol: string) => {
      const dataDir = tempDir();
      const file = geneTableFiles(dataDir).tsv;
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `hgnc_id\tsymbol\tname\tstatus\talias_symbol\tprev_symbol\nHGNC:3236\t${symbol}\tepidermal growth factor receptor\tApproved\t\t\n`);
      return dataDir;
    };
    let runs = 0;
    const run = async (dataDir: string) => {
      const ctx = await context({ dataDir }, store);
      expect((await ctx.genes.load()).sidecar).toBeUndefined();
      return throughResultCache({ ctx, tier: 'researcher', progress: silentProgress }, BRIEF_TOOL, { x: 1 }, async () => {
        runs++;
        return { sources: [{ id: 'uniprot', status: 'ok', ms: 1, records: 1 }], warnings: [] };
      });
    };
    await run(table('EGFR'));
    await run(table('EGFR2'));
    expect(runs).toBe(2);
    // The same table twice is one key.
    await run(table('EGFR'));
    expect(runs).toBe(2);
  });
});

describeShared('an answer served from a cache says when it was computed', () => {
  it('the store cache: a note with the time (no new field); the first answer has none', async () => {
    mountBriefUpstream(fake);
    const ctx = await context();
    const before = Date.now();
    const first = await brief(ctx);
    const again = await brief(ctx);
    expect(ctx.results.hits).toBe(1);
    expect(first.warnings.join(' ')).not.toMatch(CACHED_NOTE);
    const note = again.warnings.find((w) => CACHED_NOTE.test(w));
    expect(note).toBeDefined();
    const at = Date.parse(CACHED_NOTE.exec(note!)![1]!);
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(Object.keys(again).sort()).toEqual(Object.keys(first).sort());
  });

  it('the server cache: the answer served again carries the note in its warnings and text, once', async () => {
    mountBriefUpstream(fake);
    const ctx = await context();
    const client = await connectInMemory(ctx);
    const call = async () => (await client.callTool({ name: BRIEF_TOOL, arguments: args })) as CallToolResult;
    const first = await call();
    const again = await call();
    const warnings = (r: CallToolResult) => (r.structuredContent as { warnings: string[] }).warnings;
    expect(warnings(first).join(' ')).not.toMatch(CACHED_NOTE);
    expect(warnings(again).filter((w) => CACHED_NOTE.test(w))).toHaveLength(1);
    expect((again.content[0] as { text: string }).text).toMatch(CACHED_NOTE);
    await client.close();
  });
});
