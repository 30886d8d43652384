// How many upstream requests and dependent rounds a repurposing search costs on a 4-gene panel
// against the fake world, and which rounds a provider's rate limit splits into waves (counts, not
// times: answers are released one round at a time, test/support/rounds.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rateWindow } from '../../src/sources/pacing.js';
import { resolveSource, type SourceId } from '../../src/sources/registry.js';
import { createMemoryStore } from '../../src/store/index.js';
import { silentProgress } from '../../src/tools/define.js';
import { prioritizeRepurposing } from '../../src/tools/repurposing/handler.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld, PANEL_ARTICLES, PANEL_LITERATURE } from '../support/fake-world.js';
import { countRounds } from '../support/rounds.js';
import { describeShared } from '../support/shared.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describeShared('requests and rounds of a repurposing search', () => {
  it('asks STRING with the first round, partners first, and ChEMBL and Open Targets in one wave per round', async () => {
    fake.reset();
    mountFakeWorld(fake, { articles: PANEL_ARTICLES, literature: PANEL_LITERATURE });
    // The HGNC table and the libraries on disk, as after a first use: genes resolve without a request.
    const dataDir = tempDir();
    const install = await testContext({ cache: false, dataDir }, fake.url);
    await install.genes.load();
    await install.genesets.load();
    await install.close();
    fake.reset();
    mountFakeWorld(fake, { articles: PANEL_ARTICLES, literature: PANEL_LITERATURE });
    const ctx = await testContext({ cache: true, dataDir }, fake.url, { store: createMemoryStore(), limits: { perSecond: 10_000, concurrency: 10_000 } });
    const counter = countRounds(fake, ctx.http);
    try {
      const r = await prioritizeRepurposing({ genes: ['EGFR', 'ERBB2', 'BRAF', 'BRCA1'], diseaseContext: 'breast cancer', tierFilter: 'all' }, { ctx, tier: 'researcher', progress: silentProgress });
      expect(r.candidates.length).toBeGreaterThan(0);
      const source = (path: string) => path.split('/')[1]!;
      const rounds = counter.rounds.map((round) => {
        const n: Record<string, number> = {};
        for (const q of round) n[source(q.path)] = (n[source(q.path)] ?? 0) + 1;
        return n;
      });
      // genes (local), disease, libraries and STRING -> neighbours mapped -> drug evidence -> details
      // -> literature -> checks. STRING needs only the genes: it waited for the disease search.
      // (enrichr: the two libraries the fake world lacks, asked again.)
      expect(rounds.map((n) => Object.keys(n).sort().join(' '))).toEqual([
        'enrichr opentargets string',
        'opentargets',
        'chembl dgidb opentargets',
        'chembl opentargets pubchem',
        'europepmc',
        'clinicaltrials openfda',
      ]);
      // STRING answers one request a second: the partners lead to everything after, so they go
      // first; the panel network (used only for scores, a round later) once took that slot.
      expect(fake.requests.filter((q) => source(q.path) === 'string').map((q) => q.path)).toEqual(['/string/json/interaction_partners', '/string/json/network']);

      const waves = (id: string, n: number) => {
        const info = resolveSource(id as SourceId, ctx.config);
        return Math.ceil(n / Math.min(rateWindow(info).intervalCap, info.concurrency));
      };
      // ChEMBL's details of 100 drugs (molecules, mechanisms, indications) took 8 requests, two
      // windows at 5 a second, with __in filters of 50 ids; 100 ids make it one.
      for (const [i, n] of rounds.entries()) {
        for (const id of ['chembl', 'opentargets']) if (n[id]) expect(waves(id, n[id]!), `${id} x${n[id]} in round ${i + 1}`).toBe(1);
      }
      // What still splits a round, each at the provider's limit or our few in flight:
      // ClinicalTrials.gov (3 in flight) and STRING's second call, the network, which nothing waits
      // for until the scores. Europe PMC (10 a second) and openFDA split only with more candidates
      // than this panel has once approved drugs whose approved indications no source names are
      // left out (6 candidates: 9 literature questions, 5 labels).
      const split = new Set(rounds.flatMap((n) => Object.entries(n).filter(([id, k]) => waves(id, k) > 1).map(([id]) => id)));
      expect(rounds.at(-2)).toEqual({ europepmc: 9 });
      expect([...split].sort()).toEqual(['clinicaltrials', 'string']);
    } finally {
      counter.stop();
      await ctx.close();
    }
  }, 60_000);
});
