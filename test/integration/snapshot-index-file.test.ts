// The snapshot search index kept on disk next to the SQLite file: a new process reads the file
// instead of the table, only while it still describes the table, and searches it together with
// the rows written after it, with the same answers as an index read from the table.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { decodeFrozen, encodeFrozen } from '../../src/store/snapshot-index-frozen.js';
import { SnapshotIndex, type SnapshotSummary } from '../../src/store/snapshot-index.js';
import { createStore, type Store } from '../../src/store/index.js';
import { SnapshotStore, type NewSnapshot } from '../../src/store/snapshots.js';
import { newSnapshotId } from '../../src/store/snapshot-id.js';
import { tempDir } from '../support/context.js';

const DISEASES = ['Breast cancer', 'HER2-positive breast cancer', 'Lung adenocarcinoma', 'Glioblastoma', 'breast CANCER, triple-negative'];
const GENES = ['TP53', 'ERBB2', 'EGFR', 'BRCA1', 'KRAS', 'tp53', 'PIK3CA'];

/** A deterministic set of analyses: times out of order now and then, ties included. */
function analyses(n: number, from = 0): NewSnapshot[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const at = new Date(Date.UTC(2026, 0, 1) + (i % 7 === 3 ? i - 50 : i) * 60_000);
    return {
      createdAt: at,
      id: newSnapshotId(at),
      tool: i % 3 ? 'svc_generate_insights' : 'svc_compare_targets',
      genes: [GENES[i % GENES.length]!, GENES[(i * 3 + 1) % GENES.length]!],
      diseaseContext: DISEASES[i % DISEASES.length]!,
      qualityScore: (i % 10) / 10,
      inputs: { i },
      result: { i },
    };
  });
}

const QUERIES = [{ disease: 'breast' }, { gene: 'TP53' }, { gene: 'erbb2', disease: 'HER2' }, {}, { disease: 'nothing like it' }, { gene: 'NOTAGENE' }];

async function sqlite(dataDir: string): Promise<Store> {
  return createStore(loadConfig({ env: {}, flags: { dataDir, logLevel: 'silent' } }));
}

async function answers(snapshots: SnapshotStore) {
  return Promise.all(QUERIES.map((q) => snapshots.search({ ...q, limit: 50 })));
}

describe('the snapshot index on disk', () => {
  it('a new process reads the file, not the table, and answers as the table would; later rows join it', async () => {
    const data = analyses(150);
    const dir = tempDir();
    const first = await sqlite(dir);
    const writer = new SnapshotStore(first);
    for (const s of data.slice(0, 120)) await writer.save(s);
    const fromTable = await answers(writer);
    expect(writer.stats()).toMatchObject({ loadedFrom: 'table', indexed: 120 });
    await first.close();

    const second = await sqlite(dir);
    const reader = new SnapshotStore(second);
    expect(await answers(reader)).toEqual(fromTable);
    expect(reader.stats()).toMatchObject({ loadedFrom: 'file', indexed: 120 });
    // Rows written after the file (by this or another process) are searched with it.
    for (const s of data.slice(120)) await reader.save(s);
    const third = await sqlite(tempDir()); // reference: every row read from a table, no file
    const reference = new SnapshotStore(third);
    for (const s of data) await reference.save(s);
    const merged = await answers(reader);
    expect(merged).toEqual(await answers(reference));
    expect(merged[0]!.total).toBe(90); // the disease query: 3 of every 5 analyses mention breast
    await Promise.all([second.close(), third.close()]);
  });

  it('is not trusted once it no longer describes the table: rows deleted by hand, another database, a damaged file', async () => {
    const dir = tempDir();
    const store = await sqlite(dir);
    const snapshots = new SnapshotStore(store);
    for (const s of analyses(40)) await snapshots.save(s);
    await snapshots.search({});
    const file = `${store.location}.snapshot-index`;
    const good = readFileSync(file);
    await store.close();

    // A row deleted by hand: the count up to the file's rowid changed.
    const edited = await sqlite(dir);
    const db = (edited.ns('snapshot_index') as unknown as { store: { query(sql: string): Promise<unknown> } }).store;
    await db.query('DELETE FROM snapshot_index WHERE rowid = 5');
    const afterDelete = new SnapshotStore(edited);
    expect((await afterDelete.search({ limit: 50 })).total).toBe(39);
    expect(afterDelete.stats().loadedFrom).toBe('table');
    await edited.close();

    // Another database with as many rows: the key at the file's rowid differs.
    const otherDir = tempDir();
    const other = await sqlite(otherDir);
    const otherSnapshots = new SnapshotStore(other);
    const otherData = analyses(40, 1000);
    for (const s of otherData) await otherSnapshots.save(s);
    await other.close();
    writeFileSync(`${other.location}.snapshot-index`, good);
    const reopened = await sqlite(otherDir);
    const foreign = new SnapshotStore(reopened);
    const newest = [...otherData].sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime() || (a.id! < b.id! ? -1 : 1)).at(-1)!;
    expect((await foreign.search({ limit: 1 })).snapshots[0]!.id).toBe(newest.id);
    expect(foreign.stats().loadedFrom).toBe('table');
    await reopened.close();

    // A damaged file (its sha256 no longer matches): read from the table.
    const damaged = Buffer.from(good);
    damaged[damaged.length - 3] = (damaged[damaged.length - 3] ?? 0) ^ 0xff;
    expect(decodeFrozen(damaged)).toBeUndefined();
    rmSync(file);
  });
});

describe('an index with a base part from disk', () => {
  it('searches base and added entries as one index, newest first, with exact totals', () => {
    const all: SnapshotSummary[] = analyses(200).map(({ inputs: _i, result: _r, createdAt, id, ...s }) => ({ ...s, id: id!, createdAt: (createdAt as Date).toISOString(), genes: [...s.genes] }));
    const sorted = [...all].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1));
    const whole = new SnapshotIndex();
    for (const s of all) whole.add(s);
    const split = new SnapshotIndex();
    split.setBase(decodeFrozen(encodeFrozen(sorted.slice(0, 150).map((summary) => ({ summary, owner: 'local' })), { lastRowid: 150, rowsSeen: 150, lastKey: 'k' }))!);
    // The later 50 arrive in another order, one repeated: index records never change.
    for (const s of [...sorted.slice(150)].reverse()) split.add(s);
    expect(split.add(sorted[10]!)).toBe(false);
    expect(split.size).toBe(200);
    for (const q of QUERIES) for (const limit of [1, 7, 50]) expect(split.search({ ...q, limit }), JSON.stringify(q)).toEqual(whole.search({ ...q, limit }));
    expect(split.hasGene('pik3ca')).toBe(true);
    expect(split.all().map((o) => o.summary)).toEqual(sorted);
    expect(new Set(split.all().map((o) => o.owner))).toEqual(new Set(["local"]));
  });

  it('keeps each entry\'s owner in the base: a caller finds only their own snapshots, the operator all', () => {
    const all: SnapshotSummary[] = analyses(60).map(({ inputs: _i, result: _r, createdAt, id, ...s }) => ({ ...s, id: id!, createdAt: (createdAt as Date).toISOString(), genes: [...s.genes] }));
    const sorted = [...all].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1));
    const ownerOf = (i: number) => (i % 3 === 0 ? 'key:alice' : i % 3 === 1 ? 'anonymous' : 'local');
    const whole = new SnapshotIndex();
    sorted.forEach((s, i) => whole.add(s, ownerOf(i)));
    const split = new SnapshotIndex();
    split.setBase(decodeFrozen(encodeFrozen(sorted.slice(0, 40).map((summary, i) => ({ summary, owner: ownerOf(i) })), { lastRowid: 40, rowsSeen: 40, lastKey: 'k' }))!);
    sorted.slice(40).forEach((s, i) => split.add(s, ownerOf(40 + i)));
    for (const owner of ['key:alice', 'anonymous', 'local', 'key:nobody', undefined]) {
      for (const q of QUERIES) expect(split.search({ ...q, owner, limit: 50 }), `${owner} ${JSON.stringify(q)}`).toEqual(whole.search({ ...q, owner, limit: 50 }));
    }
    const alice = split.search({ owner: 'key:alice', limit: 50 });
    expect(alice.total).toBe(20);
    expect(split.search({ owner: 'key:nobody', limit: 50 }).total).toBe(0);
    const gene = sorted[0]!.genes[0]!;
    expect(split.hasGene(gene, 'key:nobody')).toBe(false);
    expect(split.hasGene(gene, 'key:alice')).toBe(true);
    expect(split.all().map((o) => o.owner)).toEqual(sorted.map((_, i) => ownerOf(i)));
  });

  it('keeps createdAt as written when it is not the canonical ISO form, and wide gene tables', () => {
    const odd: SnapshotSummary[] = [
      { id: newSnapshotId(new Date(Date.UTC(2026, 0, 1))), createdAt: '2026-01-01T00:00:00Z', tool: 't', genes: ['TP53'], diseaseContext: 'x', qualityScore: 0.5 },
      // 70,000 distinct symbols: more than 16-bit references can name.
      { id: newSnapshotId(new Date(Date.UTC(2026, 0, 2))), createdAt: new Date(Date.UTC(2026, 0, 2)).toISOString(), tool: 't', genes: Array.from({ length: 70_000 }, (_, i) => `G${i}`), diseaseContext: 'y', qualityScore: 1 },
    ];
    const part = decodeFrozen(encodeFrozen(odd.map((summary) => ({ summary, owner: 'local' })), { lastRowid: 2, rowsSeen: 2, lastKey: null }))!;
    expect(part.summary(0)).toEqual(odd[0]);
    expect(part.summary(1)).toEqual(odd[1]);
    expect([...part.entriesOf('G69999')]).toEqual([1]);
  });
});
