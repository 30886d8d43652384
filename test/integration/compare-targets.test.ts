import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared } from '../support/shared.js';

const ARTICLES = [
  { pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression and poor prognosis.' },
  { pmid: '2002', title: 'ERBB2 amplification', abstract: 'ERBB2 amplification is associated with breast cancer and defines the HER2-positive subtype.' },
];
const LITERATURE = [
  { terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 },
  { terms: ['ERBB2', 'breast cancer'], pmids: ['2002'], hitCount: 9800 },
];
let fake: FakeUpstream;
beforeAll(async () => { fake = await startFakeUpstream(); });
afterAll(() => fake.close());
describeShared('explore', () => {
  beforeEach(() => fake.reset());
  it('runs', async () => {
    mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE });
    const ctx = await testContext({ dataDir: tempDir(), cache: true }, fake.url);
    const client = await connectInMemory(ctx);
    const r = await callOk(client, 'svc_compare_targets', { panelA: { genes: ['EGFR', 'ERBB2', 'BRAF'], diseaseContext: 'breast cancer' }, panelB: { genes: ['EGFR', 'BRCA1'], diseaseContext: 'breast cancer' } });
    const counts: Record<string, number> = {};
    for (const q of fake.requests) { const k = `${q.method} ${q.path} ${q.query.toString().slice(0,80)} ${q.body.slice(0,100)}`; counts[k] = (counts[k] ?? 0) + 1; }
    console.log(JSON.stringify(r, null, 1).slice(0, 6000));
    console.log(Object.entries(counts).map(([k, v]) => `${v} ${k}`).join('\n'));
    console.log('total', fake.requests.length, 'chars', JSON.stringify(r).length);
  }, 60000);
});
