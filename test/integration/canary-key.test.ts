// A canary API key, used every way a client might (right and wrong), must never appear in any
// output or file the server writes: not in logs (debug level), answers, snapshots, the cache,
// recordings of upstream exchanges or CLI output. Its SHA-256 is stored, in the keys table and
// nowhere else. Runs the real binary: `keys create`, `serve --http`, `keys list/usage`.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEY_RECHECK_MS } from '../../src/store/keys.js';
import { runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { sourceEnv, startServe, type ServeProcess } from '../support/serve-process.js';
import { describeShared } from '../support/shared.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

function query(file: string, sql: string): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (err) => {
      if (err) return reject(err);
      db.all(sql, (e, rows) => {
        db.close();
        if (e) reject(e);
        else resolve(rows as Record<string, unknown>[]);
      });
    });
  });
}

describeShared('a canary API key never leaks', () => {
  let fake: FakeUpstream;
  let server: ServeProcess;
  const dataDir = tempDir('biointel-canary-');
  const recordDir = tempDir('biointel-canary-rec-');
  const outputs: string[] = [];
  let key: string;
  let hash: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    mountFakeWorld(fake, { articles: [{ pmid: '2001', title: 'EGFR', abstract: 'EGFR is associated with breast cancer.' }], literature: [{ terms: ['EGFR', 'breast cancer'], pmids: ['2001'] }] });
    env = { BIOINTEL_DATA_DIR: dataDir, BIOINTEL_RECORD_DIR: recordDir, ...sourceEnv(fake.url), BIOINTEL_RETRIES: '0' };
    const created = await runCli(['keys', 'create', '--tier', 'researcher', '--label', 'canary', '--json'], env);
    outputs.push(created.stderr);
    key = (JSON.parse(created.stdout) as { key: string }).key;
    hash = createHash('sha256').update(key).digest('hex');
    server = await startServe({ ...env, BIOINTEL_LOG_LEVEL: 'debug' });
  }, 120_000);

  afterAll(async () => {
    await fake?.close();
  });

  it('is used every way a client might, right and wrong', async () => {
    const call = async (init: { path?: string; headers?: Record<string, string>; body?: unknown; method?: string }) => {
      const res = await fetch(`${server.url}${init.path ?? '/mcp'}`, {
        method: init.method ?? 'POST',
        headers: { 'Content-Type': 'application/json', ...init.headers },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const headers: string[] = [];
      res.headers.forEach((v, k) => headers.push(`${k}: ${v}`));
      outputs.push(headers.join('\n'), await res.text());
      return res.status;
    };
    const insights = { method: 'tools/call', params: { name: 'svc_generate_insights', arguments: { genes: ['EGFR', 'ERBB2'], diseaseContext: 'breast cancer', includeDrugs: false } } };
    expect(await call({ headers: { 'X-API-Key': key }, body: insights })).toBe(200);
    expect(await call({ headers: { 'X-API-Key': key }, body: { method: 'tools/call', params: { name: 'svc_search_snapshots', arguments: {} } } })).toBe(200);
    expect(await call({ headers: { 'X-API-Key': key }, body: { method: 'tools/call', params: { name: 'svc_get_snapshot', arguments: { snapshotId: 'snap_01hzzzzzzzzzzzzzzzzzzzzzzz' } } } })).toBe(200);
    expect(await call({ path: '/api/keys/usage', method: 'GET', headers: { 'X-API-Key': key } })).toBe(200);
    // Wrong: in the query string, as a bearer token, with a typo, with an Origin that is refused.
    expect(await call({ path: `/mcp?api_key=${key}`, body: { method: 'ping' } })).toBe(200);
    expect(await call({ headers: { Authorization: `Bearer ${key}` }, body: { method: 'ping' } })).toBe(200);
    expect(await call({ headers: { 'X-API-Key': `${key.slice(0, -1)}!` }, body: insights })).toBe(401);
    expect(await call({ headers: { 'X-API-Key': key, Origin: 'https://evil.example' }, body: insights })).toBe(403);
    expect(await call({ headers: { 'X-API-Key': key }, body: { method: 'tools/call', params: { name: 'svc_verify_claim', arguments: { claim: '' } } } })).toBe(200);
    expect(await call({ path: `/keys/${key}`, method: 'GET' })).toBe(404);
    const usage = await runCli(['keys', 'usage', 'canary', '--json'], env);
    const list = await runCli(['keys', 'list', '--json'], env);
    outputs.push(usage.stdout, usage.stderr, list.stdout, list.stderr);
    // One analysis counted (the invalid claim is not an analysis).
    expect(JSON.parse(usage.stdout)).toMatchObject({ usedToday: 1 });
    // Revoked (by another process: a running server sees it within KEY_RECHECK_MS), it is refused
    // and still never echoed.
    outputs.push((await runCli(['keys', 'revoke', 'canary'], env)).stdout);
    await new Promise((r) => setTimeout(r, KEY_RECHECK_MS + 50));
    expect(await call({ headers: { 'X-API-Key': key }, body: insights })).toBe(401);
    await server.stop();
    outputs.push(server.stderr());
    expect(server.stderr()).toMatch(/debug: POST \/mcp 200/); // the debug log was written
  }, 180_000);

  it('appears in no output and no file; its hash only in the keys table', async () => {
    const everything = outputs.join('\n');
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(hash);
    expect(everything).not.toContain(key.slice(4)); // not even without its prefix
    const files = [...filesUnder(dataDir), ...filesUnder(recordDir)];
    expect(files.some((f) => f.endsWith('biointel.sqlite'))).toBe(true);
    expect(filesUnder(recordDir).length).toBeGreaterThan(0); // upstream exchanges were recorded
    for (const f of files) {
      const raw = readFileSync(f).toString('latin1');
      expect(raw.includes(key), f).toBe(false);
      expect(raw.includes(key.slice(4)), f).toBe(false);
      if (!/biointel\.sqlite(-wal|-shm)?$/.test(f)) expect(raw.includes(hash), f).toBe(false);
    }
    // Inside the database: every table but `keys` is free of the hash.
    const db = path.join(dataDir, 'biointel.sqlite');
    const tables = (await query(db, "SELECT name FROM sqlite_master WHERE type = 'table'")).map((r) => String(r.name));
    expect(tables).toEqual(expect.arrayContaining(['keys', 'snapshots', 'snapshot_index', 'counters', 'cache']));
    for (const table of tables) {
      const rows = await query(db, `SELECT * FROM "${table}"`);
      const text = JSON.stringify(rows);
      if (table === 'keys') expect(text).toContain(hash);
      else expect(text.includes(hash), table).toBe(false);
    }
    // The snapshot names its owner by key id, not by anything derived from the key.
    const snapshots = await query(db, 'SELECT value FROM snapshots');
    expect(snapshots).toHaveLength(1);
    expect(String(snapshots[0]?.value)).toMatch(/"owner":"key:k_[0-9a-f]{16}"/);
  });
});
