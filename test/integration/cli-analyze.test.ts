// `biointel analyze` as users run it: the built binary against the fake world, with the HTML
// report and the JSON output, and usage errors that name the field.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
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

describe('biointel analyze: usage errors', () => {
  it('exits 2 naming the field', async () => {
    const noGenes = await runCli(['analyze', '--disease', 'breast cancer'], env());
    expect(noGenes.code).toBe(2);
    expect(noGenes.stderr).toContain('genes: give at least one gene');
    const noDisease = await runCli(['analyze', '--genes', 'EGFR'], env());
    expect(noDisease.code).toBe(2);
    expect(noDisease.stderr).toContain('diseaseContext');
    const badAudience = await runCli(['analyze', '--genes', 'EGFR', '--disease', 'x', '--audience', 'pirate'], env());
    expect(badAudience.code).toBe(2);
    expect(badAudience.stderr).toContain('audience');
    const badHtml = await runCli(['analyze', '--genes', 'EGFR', '--disease', 'x', '--html', '/nonexistent-dir/r.html'], env());
    expect(badHtml.code).toBe(2);
    expect(badHtml.stderr).toContain('html:');
    const badGmt = await runCli(['analyze', '--genes', 'EGFR', '--disease', 'x', '--gene-sets', '/nonexistent.gmt'], env());
    expect(badGmt.code).toBe(2);
    expect(badGmt.stderr).toContain('gene-sets:');
    expect(fake.requests).toHaveLength(0); // nothing was asked upstream before the checks
  });
});

describeShared('biointel analyze: a full run', () => {
  it('prints the report, writes the HTML, adds a user GMT, and the snapshot can be shown again', async () => {
    mountFakeWorld(fake, {
      articles: [{ pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression.' }],
      literature: [{ terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 }],
    });
    const dir = tempDir();
    const gmt = path.join(dir, 'my_sets.gmt');
    writeFileSync(gmt, 'MY_ERBB_SET\tlab set\tEGFR\tERBB2\tERBB3\tERBB4\tNRG1\tBRAF\n');
    const html = path.join(dir, 'report.html');
    const e = env(path.join(dir, 'data'));
    const text = await runCli(['analyze', '--genes', 'EGFR,ERBB2', 'BRAF', '--disease', 'breast cancer', '--audience', 'clinician', '--gene-sets', gmt, '--html', html], e);
    // Incomplete, and said so (exit 4): the world serves 3 of the 5 default libraries, and no Reactome.
    expect(text.code, text.stderr).toBe(4);
    expect(text.stderr).toContain('warning: incomplete answer: Enrichr gene-set libraries partly');
    expect(text.stdout).toContain('## Enriched pathways');
    expect(text.stdout).toContain('## Drug candidates');
    expect(text.stdout).toContain('## Evidence brief (clinician)');
    expect(text.stdout).toContain('## Focus genes');
    expect(text.stdout).toMatch(/g:Profiler \(e113_eg59_p19_f6a03c19\) confirms \d+ of \d+ reported pathways/);
    expect(text.stderr).toContain('HTML report written to');
    expect(existsSync(html)).toBe(true);
    expect(readFileSync(html, 'utf8')).toContain('<!doctype html>');

    const json = await runCli(['analyze', '--genes', 'EGFR,ERBB2,BRAF', '--disease', 'breast cancer', '--no-drugs', '--gene-sets', gmt, '--json'], e);
    expect(json.code, json.stderr).toBe(4); // the same libraries missing
    expect(JSON.parse(json.stdout)).toBeTruthy(); // stdout stays JSON: the warning goes to stderr
    const r = JSON.parse(json.stdout) as InsightsOutput;
    expect(r.drugAnalysisNote).toContain('includeDrugs is false');
    expect(r.enrichment.map((x) => x.library)).toContain('my_sets');
    const shown = await runCli(['snapshots', 'show', r.snapshotId, '--json'], e);
    expect(shown.code).toBe(0);
    expect((JSON.parse(shown.stdout) as { result: InsightsOutput }).result.snapshotId).toBe(r.snapshotId);
  });
});
