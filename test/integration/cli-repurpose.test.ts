// `biointel repurpose` as users run it: the built binary against the fake world, text and JSON, and
// usage errors that name the field before anything is asked upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepurposingOutput } from '../../src/tools/repurposing/schema.js';
import { runCli } from '../support/binary.js';
import { fakeSourceUrls, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { describeShared } from '../support/shared.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

function env(dataDir = tempDir()): Record<string, string> {
  const out: Record<string, string> = { BIOINTEL_DATA_DIR: dataDir, BIOINTEL_NLI: 'off', BIOINTEL_LOG_LEVEL: 'error' };
  for (const [id, url] of Object.entries(fakeSourceUrls(fake.url))) out[`BIOINTEL_SOURCE_${id.toUpperCase()}_URL`] = url;
  return out;
}

describe('biointel repurpose: usage errors', () => {
  it('exits 2 naming the field', async () => {
    fake.reset();
    const noGenes = await runCli(['repurpose', '--disease', 'breast cancer'], env());
    expect(noGenes.code).toBe(2);
    expect(noGenes.stderr).toContain('genes: give at least one gene');
    const badTier = await runCli(['repurpose', '--genes', 'EGFR', '--disease', 'breast cancer', '--tier', 'III'], env());
    expect(badTier.code).toBe(2);
    expect(badTier.stderr).toContain('tierFilter');
    const noDisease = await runCli(['repurpose', '--genes', 'EGFR'], env());
    expect(noDisease.code).toBe(2);
    expect(noDisease.stderr).toContain('diseaseContext');
    expect(fake.requests).toHaveLength(0);
  });
});

describeShared('biointel repurpose: a full run', () => {
  it('prints one block per candidate with why, trials and safety; --json gives the tool result', async () => {
    fake.reset();
    mountFakeWorld(fake, { articles: [], literature: [], drugDetails: ['drugs-details-ERBB2-repurposing-doc-shaped.json'] });
    const e = env();
    const text = await runCli(['repurpose', '--genes', 'EGFR,BRCA1', '--disease', 'breast cancer', '--tier', 'II'], e, 120_000);
    // Incomplete, and said so (exit 4): the world serves 3 of the 5 default libraries.
    expect(text.code, text.stderr).toBe(4);
    expect(text.stderr).toContain('warning: incomplete answer: Enrichr gene-set libraries partly');
    expect(text.stdout).toContain('# Repurposing candidates for breast cancer');
    expect(text.stdout).toMatch(/Already approved for breast cancer \(not candidates\): LAPATINIB \(breast cancer; Open Targets indications\)/);
    expect(text.stdout).toMatch(/^1\. \S.* tier II {2}score \d\.\d\d {2}approved$/m);
    expect(text.stdout).toMatch(/^ {3}Why: (Inhibits|Acts on) EGFR, a panel gene/m);
    expect(text.stdout).toMatch(/^ {3}Trials here: no recruiting or active trial in this disease \(ClinicalTrials\.gov\)$/m);
    expect(text.stdout).toMatch(/^ {3}Safety: no US label found \(openFDA\): boxed warning unknown$/m);
    expect(text.stdout).toContain('tier III candidate');

    const json = await runCli(['repurpose', '--genes', 'EGFR', 'BRCA1', '--disease', 'breast cancer', '--json'], e, 120_000);
    expect(json.code, json.stderr).toBe(4);
    const r = JSON.parse(json.stdout) as RepurposingOutput;
    expect(r.tierFilter).toBe('all');
    expect(r.candidates.length).toBeGreaterThan(0);
    const shown = await runCli(['snapshots', 'show', r.snapshotId, '--json'], e);
    expect((JSON.parse(shown.stdout) as { tool: string }).tool).toBe('svc_prioritize_repurposing');
  }, 300_000);
});
