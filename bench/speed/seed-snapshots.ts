// 100,000 saved analyses in a SQLite store, for the snapshot-search row. Written fast: the store
// creates its tables through its own API (one snapshot saved normally), then the rows go in with the
// sqlite3 shell in one transaction, in exactly the form keyv writes them (key "<namespace>:<id>",
// value {"value": ...}); the harness reads the count back through the store. Kept between runs in
// the temp directory (the seed and the row format are fixed), without the on-disk index file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createStore } from '../../src/store/index.js';
import { newSnapshotId } from '../../src/store/snapshot-id.js';
import { SnapshotStore } from '../../src/store/snapshots.js';
import { mulberry32 } from '../support/prng.js';

const SEED = 20240917;
const DISEASES = [
  'Breast cancer', 'HER2-positive breast cancer', 'Triple-negative breast cancer', 'Hereditary breast and ovarian cancer',
  'Non-small cell lung cancer', 'Lung adenocarcinoma', 'Small cell lung cancer', 'Colorectal cancer', 'Metastatic colorectal cancer',
  'Pancreatic ductal adenocarcinoma', 'Hepatocellular carcinoma', 'Glioblastoma', 'Melanoma', 'Acute myeloid leukemia',
  'Multiple myeloma', 'Prostate cancer', 'Ovarian cancer', 'Gastric cancer', 'Renal cell carcinoma', "Alzheimer's disease",
  "Parkinson's disease", 'Type 2 diabetes', 'Rheumatoid arthritis', "Crohn's disease", 'Asthma', 'Cystic fibrosis', 'COVID-19',
];
const TOOLS = ['svc_generate_insights', 'svc_generate_insights', 'svc_generate_insights', 'svc_compare_targets'];

export interface SeededStore {
  dataDir: string;
  sqliteFile: string;
  count: number;
  /** Rows whose disease contains "breast" (case-insensitive): what the searches must total. */
  breast: number;
}

export async function seedSnapshots(n: number, hallmarkGmt: string): Promise<SeededStore> {
  const dataDir = path.join(os.tmpdir(), `biointel-bench-snapshots-${n}-v1`);
  const sqliteFile = path.join(dataDir, 'biointel.sqlite');
  const done = path.join(dataDir, 'seeded.json');
  if (existsSync(done)) {
    rmSync(`${sqliteFile}.snapshot-index`, { force: true });
    return JSON.parse(readFileSync(done, 'utf8')) as SeededStore;
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const store = await createStore(loadConfig({ env: {}, flags: { dataDir, logLevel: 'silent' } }));
  const snapshots = new SnapshotStore(store);
  await snapshots.save({ tool: 'svc_generate_insights', genes: ['TP53'], diseaseContext: 'Breast cancer', qualityScore: 0.5, inputs: {}, result: {} });
  await store.close();

  const pools = readFileSync(hallmarkGmt, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t').slice(2).filter(Boolean));
  const rnd = mulberry32(SEED);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const lines = ['BEGIN;'];
  const t0 = Date.UTC(2023, 0, 1);
  let breast = 1; // the one saved through the API
  for (let i = 0; i < n - 1; i++) {
    const pool = pick(pools);
    const genes = [...new Set(Array.from({ length: 5 + Math.floor(rnd() ** 2 * 45) }, () => pick(pool)))];
    const disease = pick(DISEASES);
    const at = new Date(t0 + i * 600_000 + (rnd() < 0.05 ? -Math.floor(rnd() * 86_400_000) : 0));
    const id = newSnapshotId(at);
    const summary = { id, createdAt: at.toISOString(), tool: pick(TOOLS), genes, diseaseContext: rnd() < 0.2 ? disease.toLowerCase() : disease, qualityScore: Math.round(rnd() * 100) / 100 };
    if (/breast/i.test(summary.diseaseContext)) breast++;
    const full = { ...summary, inputs: { genes, diseaseContext: disease }, result: { genes, enrichedPathways: genes.slice(0, 5).map((g, k) => ({ id: `R-HSA-${1000 + k}`, name: `Pathway of ${g}`, q: 0.001 * (k + 1) })) } };
    lines.push(`INSERT INTO snapshots(key, value) VALUES (${quote(`snapshots:${id}`)}, ${quote(JSON.stringify({ value: full }))});`);
    lines.push(`INSERT INTO snapshot_index(key, value) VALUES (${quote(`snapshot_index:${id}`)}, ${quote(JSON.stringify({ value: summary }))});`);
  }
  lines.push('COMMIT;');
  const sql = path.join(dataDir, 'seed.sql');
  writeFileSync(sql, lines.join('\n'));
  const r = spawnSync('sqlite3', [sqliteFile, `.read ${sql}`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`sqlite3 could not seed the store: ${r.stderr}`);
  rmSync(sql);
  const out: SeededStore = { dataDir, sqliteFile, count: n, breast };
  writeFileSync(done, JSON.stringify(out));
  return out;
}
