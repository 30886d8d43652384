// Target brief latency: cold (every upstream answer delayed 300 ms by the fake server, empty
// cache) vs warm (the same brief again, served from the memory keyv cache), and the number of
// dependent rounds on the critical path, measured from the request arrival times at the server.
// Run: npx vitest run --config bench/vitest.bench.config.ts bench/brief
// Writes bench/brief/last-run.json; see bench/brief/README.md.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { silentProgress } from '../../src/tools/define.js';
import { PATHWAY_LIBRARY } from '../../src/tools/target-brief/gather.js';
import { getTargetBrief } from '../../src/tools/target-brief/handler.js';
import { testContext } from '../../test/support/context.js';
import { EGFR, mountBriefUpstream } from '../../test/support/fake-brief.js';
import { startFakeUpstream, type FakeRequest, type FakeUpstream } from '../../test/support/fake-upstream.js';
import { hasShared, ownFixture, SKIP_SHARED_REASON } from '../../test/support/shared.js';
import { dataDirFrom, installData } from '../support/data-dir.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DELAY_MS = 300;
const RUNS = 5;

if (!hasShared) console.warn(`[bench] skipping: ${SKIP_SHARED_REASON}`);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/**
 * Rounds from arrival times: with every answer delayed DELAY_MS, a request that waited for another
 * arrives at least DELAY_MS after it, while independent requests arrive within a few ms of each
 * other. Sorted by arrival, a request more than DELAY_MS / 2 after the first of the current round
 * opens a new round.
 */
function rounds(requests: readonly FakeRequest[]): { startMs: number; requests: string[] }[] {
  const sorted = [...requests].sort((a, b) => a.at - b.at);
  const t0 = sorted[0]?.at ?? 0;
  const out: { start: number; requests: string[] }[] = [];
  for (const r of sorted) {
    const current = out[out.length - 1];
    const label = requestLabel(r);
    if (!current || r.at - current.start > DELAY_MS / 2) out.push({ start: r.at, requests: [label] });
    else current.requests.push(label);
  }
  return out.map((r) => ({ startMs: r.start - t0, requests: r.requests }));
}

function requestLabel(r: FakeRequest): string {
  const [, source = '', ...rest] = r.path.split('/');
  if (r.method === 'POST' && r.path.endsWith('/graphql')) {
    const q = /query (\w+)/.exec((JSON.parse(r.body) as { query: string }).query)?.[1] ?? 'graphql';
    return `${source} ${q}`;
  }
  return `${source} /${rest.join('/')}`.slice(0, 60);
}

/** Scenario "chembl-complete": ChEMBL also returns ROCILETINIB (a bench-only copy of the AFATINIB record, renamed), so PubChem is not needed. */
function chemblComplete(fake: FakeUpstream): void {
  const all = (JSON.parse(ownFixture('chembl', 'molecules-EGFR-top-drugs-doc-shaped.json')) as { molecules: Record<string, unknown>[] }).molecules;
  const afatinib = all.find((m) => m.molecule_chembl_id === 'CHEMBL1173655');
  const molecules = [...all, { ...afatinib, molecule_chembl_id: 'CHEMBL3545308', pref_name: 'ROCILETINIB' }];
  fake.route('GET', '/chembl/molecule.json', (req) => {
    const wanted = new Set((req.query.get('molecule_chembl_id__in') ?? '').split(','));
    const found = molecules.filter((m) => wanted.has(m.molecule_chembl_id as string));
    return { body: { molecules: found, page_meta: { limit: found.length, next: null, offset: 0, previous: null, total_count: found.length } } };
  });
}

interface ScenarioResult {
  scenario: string;
  coldMs: number[];
  warmMs: number[];
  coldRequests: number;
  warmRequests: number;
  measuredRounds: number;
  roundDetail: { startMs: number; requests: string[] }[];
  sequentialFloorMs: number;
  sourcesWarm: Record<string, string>;
}

async function scenario(fake: FakeUpstream, name: string, setup: (f: FakeUpstream) => void, installed: string): Promise<ScenarioResult> {
  const coldMs: number[] = [];
  const warmMs: number[] = [];
  let coldRequests = 0;
  let warmRequests = 0;
  let detail: ScenarioResult['roundDetail'] = [];
  let sourcesWarm: Record<string, string> = {};
  for (let run = 0; run < RUNS; run++) {
    fake.reset();
    mountBriefUpstream(fake);
    setup(fake);
    fake.delayAll(DELAY_MS);
    // A fresh context per run: empty cache (memory keyv) and fresh rate limiters.
    const ctx = await testContext({ cache: true, dataDir: dataDirFrom(installed) }, fake.url);
    const call = { ctx, tier: 'researcher' as const, progress: silentProgress };
    const args = { gene: EGFR.symbol, diseaseContext: EGFR.disease };
    let t = performance.now();
    const cold = await getTargetBrief(args, call);
    coldMs.push(performance.now() - t);
    // No NLI model in the test context: the brief says that entailment was not judged, and must
    // say nothing else (any other warning is a source or step that failed).
    expect(cold.warnings).toEqual([expect.stringMatching(/^Entailment was not judged \(evidenceStatus "unjudged"\)/)]);
    const coldReqs = [...fake.requests];
    coldRequests = coldReqs.length;
    detail = rounds(coldReqs);

    t = performance.now();
    const warm = await getTargetBrief(args, call);
    warmMs.push(performance.now() - t);
    warmRequests = fake.requests.length - coldReqs.length;
    sourcesWarm = Object.fromEntries(warm.sources.map((s) => [s.id, s.status]));
    expect(warm.topDrugs).toEqual(cold.topDrugs);
    await ctx.close();
  }
  return {
    scenario: name,
    coldMs,
    warmMs,
    coldRequests,
    warmRequests,
    measuredRounds: detail.length,
    roundDetail: detail,
    sequentialFloorMs: coldRequests * DELAY_MS,
    sourcesWarm,
  };
}

describe.skipIf(!hasShared)('target brief benchmark', () => {
  it('cold vs warm, and dependent rounds', async () => {
    const fake = await startFakeUpstream();
    try {
      // Cold = the gene table and the Reactome library installed, the response cache empty.
      mountBriefUpstream(fake);
      const installed = await installData(fake, [PATHWAY_LIBRARY]);
      const results = [
        await scenario(fake, 'default (ChEMBL lacks one small molecule: PubChem fallback)', () => undefined, installed),
        await scenario(fake, 'chembl-complete (no PubChem fallback)', chemblComplete, installed),
      ];
      const report = {
        date: new Date().toISOString(),
        machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.release()}` },
        setup: {
          gene: EGFR.symbol,
          disease: EGFR.disease,
          delayPerUpstreamAnswerMs: DELAY_MS,
          runs: RUNS,
          cache: 'memory keyv (one fresh context per run)',
          tier: 'researcher',
          nli: 'off (nothing judged)',
        },
        expectedRounds: {
          fromCallGraph: 2,
          withPubchemFallback: 3,
          graph: [
            'round 1: Open Targets disease search, clinical context with tractability (one query) | UniProt, AlphaFold, Reactome | STRING, ClinicalTrials.gov, DGIdb (HGNC from the local table)',
            'round 2: Open Targets context score, disease ontology, drug details | ChEMBL molecules and indications | PubMed esummary + efetch (integrity)',
            'round 3 (only if needed): PubChem by name',
          ],
          openTargetsWindow: 'Open Targets is paced at 5 requests a second; the brief asks it 5 questions, so none waits for the window',
        },
        results: results.map((r) => ({
          scenario: r.scenario,
          coldMedianMs: Math.round(median(r.coldMs)),
          coldMinMs: Math.round(Math.min(...r.coldMs)),
          warmMedianMs: Math.round(median(r.warmMs) * 10) / 10,
          warmMinMs: Math.round(Math.min(...r.warmMs) * 10) / 10,
          coldUpstreamRequests: r.coldRequests,
          warmUpstreamRequests: r.warmRequests,
          measuredRounds: r.measuredRounds,
          floorFromRoundsMs: r.measuredRounds * DELAY_MS,
          sequentialFloorMs: r.sequentialFloorMs,
          warmSourceStatus: r.sourcesWarm,
          rounds: r.roundDetail,
        })),
      };
      // Written before the checks, so that a run that fails them still shows what it measured.
      writeFileSync(path.join(here, 'last-run.json'), `${JSON.stringify(report, null, 2)}\n`);
      // Two dependent rounds, three with the PubChem fallback. Open Targets' drug details leave with
      // round 2: with clinical context and tractability asked in one query, the brief asks Open
      // Targets 5 questions, within its 5-a-second window (as 6, the sixth waited 1 s).
      expect(results[0]?.measuredRounds).toBe(3);
      expect(results[1]?.measuredRounds).toBe(2);
      for (const r of results) expect(r.roundDetail[1]?.requests).toContain('opentargets DrugsDetails');
      for (const r of results) expect(r.warmRequests).toBe(0);
      console.table(
        Object.fromEntries(
          report.results.map((r) => [
            r.scenario,
            {
              'cold median ms': r.coldMedianMs,
              'warm median ms': r.warmMedianMs,
              'cold requests': r.coldUpstreamRequests,
              'warm requests': r.warmUpstreamRequests,
              rounds: r.measuredRounds,
              'rounds x 300 ms': r.floorFromRoundsMs,
              'sequential floor ms': r.sequentialFloorMs,
            },
          ]),
        ),
      );
      console.log(JSON.stringify(report, null, 2));
    } finally {
      await fake.close();
    }
  });
});
