// svc_get_snapshot and svc_search_snapshots through the official SDK client (in memory), with
// HGNC answered by a local fake upstream.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { newSnapshotId } from '../../src/store/snapshots.js';
import { testContext } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { ownFixture } from '../support/shared.js';
import type { SnapshotSummary } from '../../src/store/snapshot-index.js';

type Summary = SnapshotSummary;
interface SearchOut {
  snapshots: Summary[];
  total: number;
  query: { disease?: string; gene?: string; geneInput?: string; geneResolution?: string };
  sources: { id: string; status: string; note?: string }[];
  warnings: string[];
}

let fake: FakeUpstream;
let hgncDown = false;
beforeAll(async () => {
  fake = await startFakeUpstream();
  const erbb2 = JSON.parse(ownFixture('hgnc', 'fetch-symbol-ERBB2-doc-shaped.json')) as object;
  const none = JSON.parse(ownFixture('hgnc', 'fetch-not-found-doc-shaped.json')) as object;
  fake.route('GET', /^\/hgnc\/fetch\//, (req) => {
    if (hgncDown) return { status: 400, body: { error: 'bad request' } };
    const [, , , field, value] = req.path.split('/');
    const isErbb2 = (field === 'symbol' && value === 'ERBB2') || (field === 'alias_symbol' && value === 'HER2');
    return { body: isErbb2 ? erbb2 : none };
  });
});
afterAll(() => fake.close());

let ctx: AppContext;
let client: Client;
const ids: Record<string, string> = {};
beforeEach(async () => {
  hgncDown = false;
  fake.requests.length = 0;
  ctx = await testContext({}, fake.url);
  client = await connectInMemory(ctx);
  const t0 = Date.UTC(2024, 4, 1);
  const seed: [string, string[], string][] = [
    ['old', ['ERBB2', 'PIK3CA'], 'HER2-positive breast cancer'],
    ['lung', ['EGFR', 'TP53'], 'Non-small cell lung cancer'],
    ['new', ['ERBB2', 'TP53', 'BRCA1'], 'Breast Cancer'],
  ];
  for (const [i, [name, genes, disease]] of seed.entries()) {
    ids[name] = await ctx.snapshots.save({
      createdAt: new Date(t0 + i * 86_400_000),
      tool: 'svc_generate_insights',
      genes,
      diseaseContext: disease,
      qualityScore: 0.5 + i / 10,
      inputs: { genes, diseaseContext: disease, audience: 'researcher' },
      result: { enrichedPathways: [{ name: 'ERBB signalling', qValue: 0.001 }], qualityScore: 0.5 + i / 10, snapshotId: 'later' },
    });
  }
});

async function callErr(name: string, args: Record<string, unknown>): Promise<string> {
  const res = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(res.isError).toBe(true);
  return JSON.stringify(res.content);
}

describe('svc_get_snapshot', () => {
  it('answers with an overview of the saved analysis: what was asked, and every section with its size', async () => {
    const res = (await client.callTool({ name: 'svc_get_snapshot', arguments: { snapshotId: ids.new } })) as CallToolResult;
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toEqual({
      id: ids.new,
      createdAt: '2024-05-03T00:00:00.000Z',
      tool: 'svc_generate_insights',
      genes: ['ERBB2', 'TP53', 'BRCA1'],
      diseaseContext: 'Breast Cancer',
      qualityScore: 0.7,
      inputs: { genes: ['ERBB2', 'TP53', 'BRCA1'], diseaseContext: 'Breast Cancer', audience: 'researcher' },
      sections: [
        { name: 'enrichedPathways', kind: 'list', items: 1, bytes: 43 },
        { name: 'qualityScore', kind: 'value', bytes: 3 },
        { name: 'snapshotId', kind: 'value', bytes: 7 },
      ],
      more: expect.stringContaining(`"section":"enrichedPathways"`),
    });
    const text = (res.content as { text: string }[])[0]!.text;
    expect(text).toContain('enrichedPathways (1)');
    expect(() => JSON.parse(text)).toThrow(); // a summary, not a second copy of the JSON
  });

  it('returns one section, and pages through a list section', async () => {
    const one = await callOk<{ section: string; value: unknown }>(client, 'svc_get_snapshot', { snapshotId: ids.new, section: 'qualityScore' });
    expect(one).toMatchObject({ section: 'qualityScore', value: 0.7 });
    const page = await callOk<{ value: unknown[]; page: object }>(client, 'svc_get_snapshot', { snapshotId: ids.new, section: 'enrichedPathways', offset: 0, limit: 1 });
    expect(page.value).toEqual([{ name: 'ERBB signalling', qValue: 0.001 }]);
    expect(page.page).toEqual({ offset: 0, limit: 1, total: 1, next: null });
  });

  it('names the nearest section when the section is unknown', async () => {
    const text = await callErr('svc_get_snapshot', { snapshotId: ids.new, section: 'enrichedPathway' });
    expect(text).toContain('section: this snapshot has no section \\"enrichedPathway\\"; did you mean \\"enrichedPathways\\"?');
    // No typo of any section: no guess, the list of sections instead.
    const far = await callErr('svc_get_snapshot', { snapshotId: ids.new, section: 'nonsense' });
    expect(far).not.toContain('did you mean');
    expect(far).toContain('Sections: ');
  });

  it('accepts an id typed in upper case or with spaces around it', async () => {
    const got = await callOk<{ id: string }>(client, 'svc_get_snapshot', { snapshotId: ` ${ids.old!.toUpperCase().replace('SNAP_', 'snap_')} ` });
    expect(got.id).toBe(ids.old);
  });

  it('says how to find ids when the id is unknown', async () => {
    const text = await callErr('svc_get_snapshot', { snapshotId: newSnapshotId() });
    expect(text).toContain('not_found');
    expect(text).toContain('snapshot not found');
    expect(text).toContain('svc_search_snapshots');
  });

  it('rejects a malformed id naming the field and the format', async () => {
    for (const bad of ['abc', 'snap_123', '../../etc/passwd', '']) {
      const text = await callErr('svc_get_snapshot', { snapshotId: bad });
      expect(text).toContain('snapshotId');
      expect(text).toContain('snap_');
    }
    expect(await callErr('svc_get_snapshot', {})).toContain('snapshotId');
  });
});

describe('svc_search_snapshots', () => {
  it('lists the latest analyses without filters, newest first', async () => {
    const out = await callOk<SearchOut>(client, 'svc_search_snapshots', {});
    expect(out.total).toBe(3);
    expect(out.snapshots.map((s) => s.id)).toEqual([ids.new, ids.lung, ids.old]);
    expect(out.snapshots[0]).toEqual({ id: ids.new, createdAt: '2024-05-03T00:00:00.000Z', tool: 'svc_generate_insights', genes: ['ERBB2', 'TP53', 'BRCA1'], diseaseContext: 'Breast Cancer', qualityScore: 0.7 });
    expect(out.sources).toEqual([]);
    expect(out.warnings).toEqual([]);
  });

  it('matches the disease partially and case-insensitively, with limit and total', async () => {
    const out = await callOk<SearchOut>(client, 'svc_search_snapshots', { disease: 'BREAST', limit: 1 });
    expect(out.total).toBe(2);
    expect(out.snapshots.map((s) => s.id)).toEqual([ids.new]);
    expect(out.query).toEqual({ disease: 'BREAST' });
  });

  it('finds a panel saved under the gene\'s previous symbol, by the current symbol and by the old one', async () => {
    // HGNC renamed NGL to ERBB2: an analysis saved before the rename holds NGL. Searching ERBB2 read
    // "2 found" (the panel stored as typed: HGNC was never asked), and searching NGL only that one.
    const renamed = await ctx.snapshots.save({
      createdAt: new Date(Date.UTC(2024, 3, 1)),
      tool: 'svc_generate_insights',
      genes: ['NGL', 'MYC'],
      diseaseContext: 'Breast Cancer',
      qualityScore: 0.4,
      inputs: { genes: ['NGL', 'MYC'], diseaseContext: 'Breast Cancer', audience: 'researcher' },
      result: { qualityScore: 0.4, snapshotId: 'later' },
    });
    fake.route('GET', '/hgnc/fetch/prev_symbol/NGL', { body: JSON.parse(ownFixture('hgnc', 'fetch-symbol-ERBB2-doc-shaped.json')) as object });
    for (const gene of ['erbb2', 'NGL']) {
      const out = await callOk<SearchOut>(client, 'svc_search_snapshots', { gene });
      expect(out.total, gene).toBe(3);
      expect(out.snapshots.map((s) => s.id), gene).toEqual([ids.new, ids.old, renamed]);
      expect(out.query, gene).toMatchObject({ gene: 'ERBB2', geneInput: gene });
      expect(out.warnings, gene).toEqual(["found under ERBB2's previous HGNC symbol NGL (1) as well"]);
    }
    // The limit applies to the merged list, newest first; the total counts them all.
    const one = await callOk<SearchOut>(client, 'svc_search_snapshots', { gene: 'ERBB2', limit: 1 });
    expect([one.total, one.snapshots.map((s) => s.id)]).toEqual([3, [ids.new]]);
  });

  it('does not search a previous symbol HGNC now gives to another gene, and says so', async () => {
    // HGNC lists OLDB as NEWA's previous symbol, and OLDB is now another gene's approved symbol: a
    // panel of that gene, saved today, read as "found under NEWA's previous HGNC symbol OLDB".
    const doc = (symbol: string, prev: string[]) => ({
      responseHeader: { status: 0, QTime: 1 },
      response: { numFound: 1, start: 0, docs: [{ hgnc_id: `HGNC:${symbol}`, symbol, name: `${symbol} gene`, status: 'Approved', prev_symbol: prev, alias_symbol: [] }] },
    });
    fake.route('GET', '/hgnc/fetch/symbol/NEWA', { body: doc('NEWA', ['OLDB']) });
    fake.route('GET', '/hgnc/fetch/symbol/OLDB', { body: doc('OLDB', []) });
    await ctx.snapshots.save({
      tool: 'svc_generate_insights',
      genes: ['OLDB', 'TP53'],
      diseaseContext: 'Breast Cancer',
      qualityScore: 0.4,
      inputs: { genes: ['OLDB', 'TP53'], diseaseContext: 'Breast Cancer', audience: 'researcher' },
      result: { qualityScore: 0.4, snapshotId: 'later' },
    });
    const out = await callOk<SearchOut>(client, 'svc_search_snapshots', { gene: 'NEWA' });
    expect(out.total).toBe(0);
    expect(out.snapshots).toEqual([]);
    expect(out.query).toMatchObject({ gene: 'NEWA', geneInput: 'NEWA', geneResolution: 'approved' });
    expect(out.warnings).toEqual([
      "not searched under NEWA's previous HGNC symbol OLDB: it is now the approved symbol of another gene, so saved panels holding OLDB are taken as that gene's (a panel saved before the rename is missed)",
    ]);
    // OLDB itself still finds its own panel.
    expect((await callOk<SearchOut>(client, 'svc_search_snapshots', { gene: 'OLDB' })).total).toBe(1);
  });

  it('searches the symbol as typed when HGNC fails, saying whether saved panels hold it', async () => {
    hgncDown = true;
    const out = await callOk<SearchOut>(client, 'svc_search_snapshots', { gene: 'tp53', disease: 'cancer' });
    expect(out.snapshots.map((s) => s.id)).toEqual([ids.new, ids.lung]);
    expect(out.query).toMatchObject({ gene: 'TP53', geneInput: 'tp53', geneResolution: 'stored' });
    expect(out.sources[0]).toMatchObject({ id: 'hgnc', status: 'failed' });
  });

  it('resolves an alias through HGNC, then matches exactly', async () => {
    const out = await callOk<SearchOut>(client, 'svc_search_snapshots', { gene: 'HER2' });
    expect(out.query).toMatchObject({ gene: 'ERBB2', geneInput: 'HER2', geneResolution: 'alias' });
    expect(out.snapshots.map((s) => s.id)).toEqual([ids.new, ids.old]);
    expect(out.sources[0]).toMatchObject({ id: 'hgnc', status: 'ok' });
    expect(out.warnings).toEqual([]);
  });

  it('reports an unknown symbol and finds nothing', async () => {
    const out = await callOk<SearchOut>(client, 'svc_search_snapshots', { gene: 'notagene1' });
    expect(out).toMatchObject({ total: 0, snapshots: [], query: { gene: 'NOTAGENE1', geneResolution: 'not_found' } });
    expect(out.warnings.join(' ')).toContain('HGNC does not know NOTAGENE1');
  });

  it('falls back to the upper-cased symbol with a warning when HGNC fails', async () => {
    hgncDown = true;
    const out = await callOk<SearchOut>(client, 'svc_search_snapshots', { gene: 'her2' });
    expect(out.query).toMatchObject({ gene: 'HER2', geneResolution: 'unresolved' });
    expect(out.total).toBe(0);
    expect(out.sources[0]).toMatchObject({ id: 'hgnc', status: 'failed' });
    expect(out.warnings.join(' ')).toMatch(/hgnc failed \(gene "her2" not resolved; searched for HER2 as typed\)/);
  });

  it('rejects a limit out of range, naming the field and the bounds', async () => {
    // A string "5" read "expected number, received string", without the bounds.
    for (const limit of [0, 51, 2.5, '5']) {
      const text = await callErr('svc_search_snapshots', { limit });
      expect(text).toContain('limit');
      expect(text).toContain('from 1 to 50');
    }
    expect(await callErr('svc_search_snapshots', { disease: 'x'.repeat(501) })).toContain('500 characters');
  });

  it('declares its annotations: both read-only, only search reaches out (HGNC)', async () => {
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'svc_search_snapshots')?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    expect(tools.find((t) => t.name === 'svc_get_snapshot')?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(tools.find((t) => t.name === 'svc_get_snapshot')?.inputSchema.required).toEqual(['snapshotId']);
  });
});
