// `biointel compare` and `biointel snapshots diff` as users run them: the built binary against the
// fake world; the HTML report shows the whole saved comparison; usage errors name the field.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareOutput } from '../../src/tools/compare-targets/schema.js';
import type { DiffOutput } from '../../src/tools/diff-snapshots/schema.js';
import { fakeCliEnv, runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { describeShared } from '../support/shared.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const env = (dataDir?: string) => fakeCliEnv(fake.url, dataDir);

describe('biointel compare / snapshots diff: usage errors', () => {
  it('exits 2 naming the field, before asking anything upstream', async () => {
    const noB = await runCli(['compare', '--a-genes', 'EGFR', '--a-disease', 'breast cancer'], env());
    expect(noB.code).toBe(2);
    expect(noB.stderr).toContain('panelB.genes: give at least one gene');
    const noDisease = await runCli(['compare', '--a-genes', 'EGFR', '--b-genes', 'BRCA1'], env());
    expect(noDisease.code).toBe(2);
    expect(noDisease.stderr).toContain('panelA.diseaseContext');
    const badHtml = await runCli(['compare', '--a-genes', 'EGFR', '--a-disease', 'x', '--b-genes', 'BRCA1', '--html', '/nonexistent-dir/c.html'], env());
    expect(badHtml.code).toBe(2);
    expect(badHtml.stderr).toContain('html:');
    const badId = await runCli(['snapshots', 'diff', 'snap_x', 'snap_y'], env());
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain('snapshotIdA');
    const unknown = await runCli(['snapshots', 'diff', 'snap_01jc4x9m2k7q8r3t5v6w7x8y9z', 'snap_01jc4x9m2k7q8r3t5v6w7x8y9y'], env());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('snapshot not found: snap_01jc4x9m2k7q8r3t5v6w7x8y9z');
    expect(fake.requests).toHaveLength(0);
  });
});

describeShared('biointel compare: a full run, then a diff of its sides', () => {
  it('prints the comparison, writes the HTML of the whole comparison, and diffs the sides', async () => {
    mountFakeWorld(fake, {
      articles: [{ pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression.' }],
      literature: [{ terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 }],
    });
    const dir = tempDir();
    const e = env(path.join(dir, 'data'));
    const html = path.join(dir, 'compare.html');
    const args = ['compare', '--a-genes', 'EGFR,ERBB2', 'BRAF', '--a-disease', 'breast cancer', '--b-genes', 'EGFR,BRCA1'];
    const text = await runCli([...args, '--html', html], e);
    // Incomplete, and said so (exit 4): the world serves 3 of the 5 default libraries.
    expect(text.code, text.stderr).toBe(4);
    expect(text.stderr).toContain('warning: incomplete answer: Enrichr gene-set libraries partly');
    expect(text.stdout).toContain('# Panel A vs panel B');
    expect(text.stdout).toContain('share 1 gene (EGFR)');
    expect(text.stdout).toContain('## Only in panel A (first 8 of');
    expect(text.stderr).toContain('HTML report written to');

    const json = await runCli([...args, '--json'], e);
    expect(json.code, json.stderr).toBe(4);
    const r = JSON.parse(json.stdout) as CompareOutput;
    expect(r.panelB.diseaseContext).toBe('breast cancer'); // --b-disease defaults to --a-disease
    // --json is the whole comparison (the MCP answer is the one cut to its first items).
    expect(r.counts).toEqual({});
    expect(r.uniquePathways.a.length).toBeGreaterThan(8);

    // The report holds the whole comparison (the saved one), not only the first items of the answer.
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('Content-Security-Policy');
    expect(page).not.toMatch(/<script/i);
    expect((page.match(/<tr><td class="name">/g) ?? []).length).toBe(r.sharedPathways.length + r.uniquePathways.a.length + r.uniquePathways.b.length);

    const diff = await runCli(['snapshots', 'diff', r.panelA.snapshotId, r.panelB.snapshotId, '--json'], e);
    expect(diff.code, diff.stderr).toBe(0);
    const d = JSON.parse(diff.stdout) as DiffOutput;
    expect(d.inputs).toMatchObject({ genesAdded: ['BRCA1'], genesRemoved: ['ERBB2', 'BRAF'] });
    const diffText = await runCli(['snapshots', 'diff', r.panelA.snapshotId, r.panelB.snapshotId], e);
    expect(diffText.stdout).toContain('genes added: BRCA1');
    expect(diffText.stdout).toContain('## Drug candidates');
    const kinds = await runCli(['snapshots', 'diff', r.snapshotId, r.panelB.snapshotId], e);
    expect(kinds.code).toBe(2);
    expect(kinds.stderr).toContain('is a comparison (svc_compare_targets)');
  }, 180_000);

  it('exits 1 and says pathways are not compared when the enrichment could not run', async () => {
    fake.reset();
    mountFakeWorld(fake, { articles: [], literature: [] });
    // Every gene-set library fails to load: each panel's enrichment could not run. "share 0
    // significant pathways" and "None." read as a finding, with exit 0.
    fake.route('GET', '/enrichr/geneSetLibrary', { status: 503, body: 'Service Unavailable' });
    const run = await runCli(['compare', '--a-genes', 'EGFR,ERBB2', '--a-disease', 'breast cancer', '--b-genes', 'EGFR,BRAF'], env(path.join(tempDir(), 'data')));
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('Pathways not compared: pathway enrichment could not run for either panel (see warnings).');
    expect(run.stdout).not.toMatch(/0 significant pathways|^None\.$/m);
    expect(run.stderr).toContain('error: Pathways not compared');
  }, 120_000);
});
