// `biointel snapshots search|show` as users run them: the built binary on a SQLite data dir seeded
// through the store API (dist/ is built by test/support/global-setup.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createStore } from '../../src/store/index.js';
import { newSnapshotId, SnapshotStore } from '../../src/store/snapshots.js';
import { runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';

const dataDir = tempDir('biointel-snapcli-');
// No test may reach the real HGNC: point it at a closed local port, without retries.
const env = { BIOINTEL_DATA_DIR: dataDir, BIOINTEL_SOURCE_HGNC_URL: 'http://127.0.0.1:9/hgnc', BIOINTEL_RETRIES: '0', BIOINTEL_NLI: 'off' };
const ids: string[] = [];

beforeAll(async () => {
  const store = await createStore(loadConfig({ env: {}, flags: { dataDir, logLevel: 'silent' } }));
  const snapshots = new SnapshotStore(store);
  const t0 = Date.UTC(2024, 6, 1, 9, 30);
  for (let i = 0; i < 12; i++) {
    const genes = i % 2 ? ['BRCA1', 'BRCA2', 'PALB2', 'ATM', 'CHEK2', 'TP53'] : ['EGFR', 'ALK'];
    const disease = i % 2 ? 'Hereditary breast cancer' : 'Lung adenocarcinoma';
    ids.push(
      await snapshots.save({
        createdAt: new Date(t0 + i * 60_000),
        tool: 'svc_generate_insights',
        genes,
        diseaseContext: disease,
        qualityScore: 0.61,
        inputs: { genes, diseaseContext: disease, audience: 'clinician', includeDrugs: false },
        result: { enrichedPathways: [{ name: 'Homologous recombination' }, { name: 'Fanconi anemia' }], qualityScore: 0.61, evidenceBrief: 'Short brief.', integrity: { citeF1: 0.7, hallucinated: 0 } },
      }),
    );
  }
  await store.close();
});

describe('biointel snapshots search', () => {
  it('prints JSON: newest first, total, default limit 10', async () => {
    const r = await runCli(['snapshots', 'search', '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { snapshots: { id: string }[]; total: number };
    expect(out.total).toBe(12);
    expect(out.snapshots.map((s) => s.id)).toEqual([...ids].reverse().slice(0, 10));
  });

  it('filters by disease and a stored gene, and prints a table', async () => {
    const r = await runCli(['snapshots', 'search', '--disease', 'BREAST', '--gene', 'palb2', '--limit', '2'], env);
    // HGNC is unreachable here: PALB2's previous symbols were not searched, so exit 4 (incomplete).
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain('warning: incomplete answer: HGNC failed');
    expect(r.stdout).toContain('2 of 6 saved analyses where disease contains "BREAST" and gene PALB2, newest first');
    expect(r.stdout).toMatch(/id\s+created \(UTC\)\s+tool\s+genes\s+disease\s+quality/);
    expect(r.stdout).toContain(`${ids[11]}  2024-07-01 09:41  svc_generate_insights  BRCA1,BRCA2,PALB2,ATM +2  Hereditary breast cancer  0.61`);
    expect(r.stdout).toContain(ids[9]!);
    expect(r.stdout).not.toContain(ids[7]!);
    expect(r.stdout).toContain('4 more');
  });

  it('falls back to the symbol as typed, with a warning, when HGNC cannot be reached', async () => {
    const r = await runCli(['snapshots', 'search', '--gene', 'her2', '--json'], env);
    // Incomplete (exit 4): HER2 as typed may miss analyses saved under its approved symbol, ERBB2.
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain('warning: incomplete answer: HGNC failed');
    const out = JSON.parse(r.stdout) as { total: number; warnings: string[]; query: { gene: string } };
    expect(out).toMatchObject({ total: 0, query: { gene: 'HER2' } });
    expect(out.warnings.join(' ')).toContain('hgnc failed');
  });

  it('exits 2 on a bad --limit', async () => {
    for (const limit of ['abc', '0', '51']) {
      const r = await runCli(['snapshots', 'search', '--limit', limit], env);
      expect(r.code, limit).toBe(2);
      expect(r.stderr).toMatch(/limit.*1 to 50/);
    }
  });
});

describe('biointel snapshots show', () => {
  it('summarises a snapshot: tool, inputs, time, quality, the fields of the result', async () => {
    const r = await runCli(['snapshots', 'show', ids[3]!], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Snapshot ${ids[3]}`);
    expect(r.stdout).toMatch(/tool\s+svc_generate_insights/);
    expect(r.stdout).toMatch(/created\s+2024-07-01T09:33:00.000Z \(UTC\)/);
    expect(r.stdout).toMatch(/quality\s+0\.61/);
    expect(r.stdout).toMatch(/audience\s+"clinician"/);
    expect(r.stdout).toMatch(/enrichedPathways\s+2 items/);
    expect(r.stdout).toMatch(/integrity\s+object: citeF1, hallucinated/);
    expect(r.stdout).toContain(`biointel snapshots show ${ids[3]} --json`);
  });

  it('prints the whole snapshot with --json', async () => {
    const r = await runCli(['snapshots', 'show', ids[0]!, '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: ids[0], genes: ['EGFR', 'ALK'], result: { integrity: { citeF1: 0.7 } }, inputs: { includeDrugs: false } });
  });

  it('exits 1 with a clear message for an unknown id, 2 for a malformed one', async () => {
    const unknown = newSnapshotId();
    const r = await runCli(['snapshots', 'show', unknown], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`snapshot not found: ${unknown}`);
    expect(r.stderr).toContain('svc_search_snapshots');
    const bad = await runCli(['snapshots', 'show', 'not-an-id'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('snapshotId: a snapshot id is "snap_"');
  });
});
