// The snapshot store on both backends that matter locally: memory (tests) and the SQLite file
// (default). Concurrency: two store instances = two connections to one file, as two processes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { InvalidInputError } from '../../src/errors.js';
import { createMemoryStore, createStore, type Store } from '../../src/store/index.js';
import { createMemoryCounters } from '../../src/store/counters.js';
import { newSnapshotId, SnapshotStore, type NewSnapshot } from '../../src/store/snapshots.js';
import { tempDir } from '../support/context.js';
import { REPO_ROOT } from '../support/shared.js';

function sqliteStore(dataDir: string): Promise<Store> {
  return createStore(loadConfig({ env: {}, flags: { dataDir, logLevel: 'silent' } }));
}

function analysis(genes: string[], diseaseContext: string, extra: Partial<NewSnapshot> = {}): NewSnapshot {
  return {
    tool: 'svc_generate_insights',
    genes,
    diseaseContext,
    qualityScore: 0.72,
    inputs: { genes, diseaseContext, audience: 'researcher', includeDrugs: true },
    result: { enrichedPathways: [{ id: 'R-HSA-69620', q: 1e-6 }], qualityScore: 0.72, note: ':colon-leading text survives', nested: { a: [1, 2, null] } },
    ...extra,
  };
}

const backends: [string, () => Promise<Store>][] = [
  ['memory', async () => createMemoryStore()],
  ['sqlite', () => sqliteStore(tempDir('biointel-snap-'))],
];

describe.each(backends)('SnapshotStore on %s', (_name, open) => {
  it('saves and gets a snapshot whole', async () => {
    const store = await open();
    const snapshots = new SnapshotStore(store);
    const input = analysis(['TP53', 'BRCA1', 'tp53', ' '], ' Breast cancer ');
    const id = await snapshots.save(input);
    expect(id).toMatch(/^snap_[0-9a-hjkmnp-tv-z]{26}$/);
    const got = await snapshots.get(id);
    expect(got).toEqual({
      id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      tool: 'svc_generate_insights',
      genes: ['TP53', 'BRCA1'],
      diseaseContext: 'Breast cancer',
      qualityScore: 0.72,
      owner: 'local',
      inputs: input.inputs,
      result: input.result,
    });
    expect(await snapshots.get(newSnapshotId())).toBeNull();
    expect(await snapshots.get('../etc/passwd')).toBeNull();
    await store.close();
  });

  it('accepts a caller-made id (so a result can carry its own snapshotId) and derives createdAt from it', async () => {
    const store = await open();
    const snapshots = new SnapshotStore(store);
    const at = Date.UTC(2024, 2, 3, 4, 5, 6, 7);
    const id = snapshots.newId(new Date(at));
    expect(await snapshots.save(analysis(['EGFR'], 'lung', { id, result: { snapshotId: id } }))).toBe(id);
    expect(await snapshots.get(id)).toMatchObject({ createdAt: '2024-03-03T04:05:06.007Z', result: { snapshotId: id } });
    await expect(snapshots.save(analysis(['EGFR'], 'lung', { id: 'snap_nope' }))).rejects.toThrow(/snapshot\.id/);
    await expect(snapshots.save(analysis(['EGFR'], 'lung', { qualityScore: 1.5 }))).rejects.toBeInstanceOf(InvalidInputError);
    await expect(snapshots.save(analysis(['EGFR'], 'lung', { qualityScore: Number.NaN }))).rejects.toThrow(/qualityScore/);
    await store.close();
  });

  it('searches: disease partial and case-insensitive, gene exact, newest first, total, limit bounds', async () => {
    const store = await open();
    const snapshots = new SnapshotStore(store);
    const t0 = Date.UTC(2024, 0, 1);
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      const genes = i % 2 ? ['KRAS', 'TP53'] : ['KRAS', 'TP53BP1'];
      ids.push(await snapshots.save(analysis(genes, i % 3 ? 'Pancreatic ductal adenocarcinoma' : 'Colorectal cancer', { createdAt: new Date(t0 + i * 3_600_000) })));
    }
    const all = await snapshots.search();
    expect(all.total).toBe(15);
    expect(all.snapshots).toHaveLength(10);
    expect(all.snapshots.map((s) => s.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(all.snapshots[0]).toEqual({ id: ids[14], createdAt: new Date(t0 + 14 * 3_600_000).toISOString(), tool: 'svc_generate_insights', genes: ['KRAS', 'TP53BP1'], diseaseContext: 'Pancreatic ductal adenocarcinoma', qualityScore: 0.72 });
    expect(all.snapshots[0]).not.toHaveProperty('result');

    const pdac = await snapshots.search({ disease: 'DUCTAL', limit: 50 });
    expect(pdac.total).toBe(10);
    expect(pdac.snapshots.every((s) => s.diseaseContext.startsWith('Pancreatic'))).toBe(true);

    const tp53 = await snapshots.search({ gene: 'tp53', limit: 50 });
    expect(tp53.total).toBe(7);
    expect(tp53.snapshots.every((s) => s.genes.includes('TP53'))).toBe(true);

    const both = await snapshots.search({ gene: 'TP53', disease: 'colorectal', limit: 1 });
    expect(both.total).toBe(2); // i = 3, 9
    expect(both.snapshots.map((s) => s.id)).toEqual([ids[9]]);

    expect((await snapshots.search({ limit: 1 })).snapshots).toHaveLength(1);
    expect((await snapshots.search({ limit: 50 })).snapshots).toHaveLength(15);
    for (const limit of [0, 51, 2.5]) await expect(snapshots.search({ limit })).rejects.toThrow(/limit.*1 to 50/);
    await store.close();
  });

  it('reads odd text back intact through the index (keyv escapes strings that start with ":")', async () => {
    const store = await open();
    const odd = [':leading colon', '::double', ':base64:notabuffer', 'quote " and \\ backslash', 'ünïcödé 乳腺癌'];
    for (const d of odd) await new SnapshotStore(store).save(analysis([':GENE', 'TP53'], d));
    const fresh = new SnapshotStore(store); // loads from storage, not from its own saves
    const found = await fresh.search({ limit: 50 });
    expect(found.snapshots.map((s) => s.diseaseContext).sort()).toEqual([...odd].sort());
    expect(found.snapshots[0]?.genes).toEqual([':GENE', 'TP53']);
    expect((await fresh.search({ disease: ':base64:' })).total).toBe(1);
    expect((await fresh.search({ gene: ':gene' })).total).toBe(odd.length);
    await store.close();
  });

  it('keeps the index in step with its own saves after the first search', async () => {
    const store = await open();
    const snapshots = new SnapshotStore(store);
    expect((await snapshots.search()).total).toBe(0);
    const id = await snapshots.save(analysis(['ALK'], 'neuroblastoma'));
    expect((await snapshots.search({ gene: 'ALK' })).snapshots.map((s) => s.id)).toEqual([id]);
    expect(await snapshots.hasGene('alk')).toBe(true);
    expect(await snapshots.count()).toBe(1);
    await store.close();
  });
});

describe('SnapshotStore on SQLite across instances (as separate processes)', () => {
  it('survives a restart: close, reopen the same data dir, get and search', async () => {
    const dir = tempDir('biointel-snap-');
    const first = await sqliteStore(dir);
    const id = await new SnapshotStore(first).save(analysis(['BRAF', 'MAP2K1'], 'Melanoma'));
    await first.close();

    const second = await sqliteStore(dir);
    const snapshots = new SnapshotStore(second);
    expect((await snapshots.get(id))?.genes).toEqual(['BRAF', 'MAP2K1']);
    const found = await snapshots.search({ disease: 'melan', gene: 'braf' });
    expect(found.total).toBe(1);
    expect(found.snapshots[0]?.id).toBe(id);
    expect(snapshots.stats()).toMatchObject({ feed: 'sqlite-rowid', loaded: true, indexed: 1 });
    await second.close();
  });

  it('loses nothing under many concurrent saves from two instances on one file', async () => {
    const dir = tempDir('biointel-snap-');
    const [a, b] = await Promise.all([sqliteStore(dir), sqliteStore(dir)]);
    const storeA = new SnapshotStore(a);
    const storeB = new SnapshotStore(b);
    // Both indexes loaded before the writes, so they must pick up each other's rows incrementally.
    await Promise.all([storeA.search(), storeB.search()]);
    const perInstance = 150;
    const save = (s: SnapshotStore, tag: string, i: number) =>
      s.save(analysis([`G${tag}${i}`, 'SHARED'], `${tag} disease ${i}`, { inputs: { i, tag } }));
    const results = await Promise.allSettled([
      ...Array.from({ length: perInstance }, (_, i) => save(storeA, 'A', i)),
      ...Array.from({ length: perInstance }, (_, i) => save(storeB, 'B', i)),
      // Searches while writing: syncs interleave with the writes of the other connection.
      ...Array.from({ length: 20 }, () => storeA.search({ gene: 'SHARED', limit: 50 }).then(() => 'search')),
    ]);
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toEqual([]);
    const ids = results.slice(0, 2 * perInstance).map((r) => (r as PromiseFulfilledResult<string>).value);
    expect(new Set(ids).size).toBe(2 * perInstance);

    for (const s of [storeA, storeB]) {
      const found = await s.search({ gene: 'shared', limit: 50 });
      expect(found.total).toBe(2 * perInstance);
      expect((await s.search({ disease: 'A disease', limit: 50 })).total).toBe(perInstance);
      expect((await s.search({ gene: `GB${perInstance - 1}` })).total).toBe(1);
      expect(await s.count()).toBe(2 * perInstance);
    }
    // A third instance, loading cold, finds every snapshot whole.
    const c = await sqliteStore(dir);
    const storeC = new SnapshotStore(c);
    expect(await storeC.count()).toBe(2 * perInstance);
    const wholes = await Promise.all(ids.map((id) => storeC.get(id)));
    expect(wholes.every((w) => w !== null)).toBe(true);
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  it('loses nothing when two OS processes and this one save at the same time', async () => {
    const dir = tempDir('biointel-snap-');
    const here = await sqliteStore(dir);
    const local = new SnapshotStore(here);
    await local.search();
    const writer = path.join(REPO_ROOT, 'test', 'support', 'snapshot-writer.ts');
    const child = (tag: string, n: number) => {
      let started!: () => void;
      const ready = new Promise<void>((r) => (started = r));
      const done = new Promise<string[]>((resolve, reject) => {
        const p = spawn(process.execPath, ['--import', 'tsx', writer, dir, tag, String(n)], { cwd: REPO_ROOT });
        let out = '';
        let err = '';
        p.stdout.on('data', (d: Buffer) => (out += d.toString()));
        p.stderr.on('data', (d: Buffer) => {
          err += d.toString();
          if (err.includes('started')) started();
        });
        p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`writer ${tag} exited ${code}: ${err}`))));
      });
      return { ready, done };
    };
    // This process starts saving once both children are saving, and keeps on until they are
    // done, so the three writers overlap by construction (not by luck of scheduling).
    const [cx, cy] = [child('X', 150), child('Y', 150)];
    let childrenDone = false;
    const children = Promise.all([cx.done, cy.done]).finally(() => (childrenDone = true));
    await Promise.race([Promise.all([cx.ready, cy.ready]), children]);
    const z: string[] = [];
    while (!childrenDone) {
      z.push(...(await Promise.all(Array.from({ length: 5 }, (_, i) => local.save(analysis([`GZ${z.length + i}`, 'SHARED'], `Z disease ${z.length + i}`))))));
      await local.search({ gene: 'SHARED' });
    }
    const [x, y] = await children;
    const all = [...x, ...y, ...z];
    expect(new Set(all).size).toBe(300 + z.length);
    // This process's index was loaded before the children wrote: it must pick up their rows.
    expect((await local.search({ gene: 'SHARED', limit: 50 })).total).toBe(all.length);
    for (const [tag, n] of [['X', 150], ['Y', 150], ['Z', z.length]] as const) expect((await local.search({ disease: `${tag} disease` })).total).toBe(n);
    expect((await Promise.all(all.map((id) => local.get(id)))).every((s) => s !== null)).toBe(true);
    await here.close();
  });

  it('re-reads everything when rows it has read disappear (audit), e.g. after a manual delete', async () => {
    const dir = tempDir('biointel-snap-');
    const store = await sqliteStore(dir);
    const snapshots = new SnapshotStore(store, { auditMs: 0 });
    const keep = await snapshots.save(analysis(['KIT'], 'GIST'));
    const drop = await snapshots.save(analysis(['PDGFRA'], 'GIST'));
    expect((await snapshots.search({ disease: 'gist' })).total).toBe(2);
    await store.ns('snapshot_index').delete(drop);
    const after = await snapshots.search({ disease: 'gist' });
    expect(after.snapshots.map((s) => s.id)).toEqual([keep]);
    await store.close();
  });
});

describe('SnapshotStore when the store fails', () => {
  it('reports a read or write failure as unavailable, never as "not found" or a silent loss', async () => {
    const failing = {
      get: async () => Promise.reject(new Error('disk I/O error')),
      set: async () => Promise.reject(new Error('database or disk is full')),
      delete: async () => false,
      clear: async () => undefined,
    };
    const store: Store = { kind: 'memory', location: 'broken', counters: createMemoryCounters(), ns: (name) => new Keyv({ store: failing, namespace: name }), close: async () => undefined };
    const snapshots = new SnapshotStore(store);
    await expect(snapshots.get(newSnapshotId())).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('disk I/O error') });
    await expect(snapshots.save(analysis(['TP53'], 'x'))).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('could not save snapshot') });
  });
});

describe('SnapshotStore on a shared non-SQLite store (change marker)', () => {
  it('sees snapshots saved by another instance on the same store', async () => {
    const store = createMemoryStore();
    const reader = new SnapshotStore(store);
    const writer = new SnapshotStore(store);
    expect(reader.stats().feed).toBe('scan-on-change');
    expect((await reader.search()).total).toBe(0);
    const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => writer.save(analysis(['NRAS'], `melanoma ${i}`))));
    const found = await reader.search({ gene: 'NRAS', limit: 50 });
    expect(found.total).toBe(40);
    expect(new Set(found.snapshots.map((s) => s.id))).toEqual(new Set(ids));
  });
});
