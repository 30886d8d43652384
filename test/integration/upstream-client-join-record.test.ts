// Two ways a request used to fail for reasons that were not the source's: a recording that could
// not be written (the answer was thrown away and the source read "failed"), and a shared in-flight
// fetch that ran with its first caller's signal (cancelling that caller failed every other one).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/config.js';
import { BiointelError, UpstreamError } from '../../src/errors.js';
import type { Logger } from '../../src/log.js';
import { UpstreamClient } from '../../src/sources/http.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { tempDir, testConfig } from '../support/context.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function capturingLog(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  const none = () => undefined;
  return { level: 'warn', warnings, error: none, info: none, debug: none, warn: (msg) => warnings.push(msg) };
}

function client(flags: Partial<ConfigInput> = {}, log: Logger = capturingLog()): UpstreamClient {
  return new UpstreamClient({ config: testConfig({ retries: 0, ...flags }, fake.url), log });
}

const until = async (ok: () => boolean, ms = 3_000): Promise<void> => {
  for (const end = Date.now() + ms; !ok(); ) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('recording: an unusable directory is the operator\'s problem, never the source\'s', () => {
  it('refuses a record directory with a file in the way up front, naming the flag (a usage error)', () => {
    const file = path.join(tempDir(), 'afile');
    writeFileSync(file, 'x');
    let err: unknown;
    try {
      client({ recordDir: file });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BiointelError);
    expect((err as BiointelError).code).toBe('invalid_input');
    expect((err as Error).message).toContain('--record-dir');
    expect((err as Error).message).toContain('a file is in the way');
  });

  it('uses the answer when a recording cannot be written, and warns once', async () => {
    const dir = tempDir('biointel-rec-');
    fake.route('GET', '/uniprot/a', { body: { ok: 'a' } });
    fake.route('GET', '/uniprot/b', { body: { ok: 'b' } });
    const log = capturingLog();
    const c = client({ recordDir: dir }, log);
    // Broken after start-up: the source's subdirectory cannot be created.
    writeFileSync(path.join(dir, 'uniprot'), 'in the way');
    const seen = await c.observe(async () => [await c.json({ source: 'uniprot', path: '/a' }), await c.json({ source: 'uniprot', path: '/b' })]);
    expect(seen.value).toEqual([{ ok: 'a' }, { ok: 'b' }]);
    expect(seen.observation.failures).toBe(0);
    expect(c.metrics().uniprot.failures).toBe(0);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain('could not record');
  });

  it('still records into a usable directory', async () => {
    const dir = path.join(tempDir('biointel-rec-'), 'not-yet-made');
    fake.route('GET', '/uniprot/a', { body: { ok: 'a' } });
    await client({ recordDir: dir }).json({ source: 'uniprot', path: '/a' });
    mkdirSync(path.join(dir, 'uniprot'), { recursive: true }); // exists already: no throw
  });
});

describe('in-flight join: the shared fetch belongs to no one caller', () => {
  it('a caller that cancels is rejected alone; the other gets the answer from the one fetch', async () => {
    fake.route('GET', '/alphafold/api/prediction/P00533', { body: [{ ok: 1 }], delayMs: 300 });
    const c = client();
    const researcher = new AbortController();
    const free = new AbortController();
    const a = c.json({ source: 'alphafold', path: '/api/prediction/P00533', signal: researcher.signal });
    const b = c.json({ source: 'alphafold', path: '/api/prediction/P00533', signal: free.signal });
    await until(() => fake.requests.length === 1);
    researcher.abort();
    const err = await a.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as Error).message).toContain('cancelled by the caller');
    expect(await b).toEqual([{ ok: 1 }]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.aborted).toHaveLength(0);
  });

  it('the fetch is aborted once every caller has cancelled, and a later identical request starts afresh', async () => {
    fake.route('GET', '/alphafold/api/prediction/P04626', { body: [{ ok: 2 }], delayMs: 500 });
    const c = client();
    const one = new AbortController();
    const two = new AbortController();
    const a = c.json({ source: 'alphafold', path: '/api/prediction/P04626', signal: one.signal }).catch((e: unknown) => e);
    const b = c.json({ source: 'alphafold', path: '/api/prediction/P04626', signal: two.signal }).catch((e: unknown) => e);
    await until(() => fake.requests.length === 1);
    one.abort();
    two.abort();
    for (const e of [await a, await b]) expect((e as Error).message).toContain('cancelled by the caller');
    await until(() => fake.aborted.length === 1);
    expect(await c.json({ source: 'alphafold', path: '/api/prediction/P04626' })).toEqual([{ ok: 2 }]);
    expect(fake.requests).toHaveLength(2);
  });
});
