// Download path: a fake Hugging Face hub on 127.0.0.1 serves /{model}/resolve/{revision}/{file}
// from a generated model folder, exactly as huggingface.co would (BIOINTEL_NLI_REMOTE_HOST).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import Keyv from 'keyv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ConfigInput } from '../../src/config.js';
import { NO_MODEL_METHOD, type ActiveJudge, type ModelJudge } from '../../src/evidence/judge.js';
import { createNliService, type LocalNliService } from '../../src/evidence/nli.js';
import { createLogger } from '../../src/log.js';
import { tempDir } from '../support/context.js';
import { startFakeHub, type FakeHub } from '../support/fake-hub.js';
import { writeTinyNli } from '../support/tiny-nli.js';

const MODEL = 'fixture/tiny-nli';
const ENTAIL = ['Metformin reduces mortality in patients with diabetes.', 'Metformin improved survival.'] as const;
const FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx'];

let hub: FakeHub;
let hubUrl: string;
const services: LocalNliService[] = [];

function asModel(j: ActiveJudge): ModelJudge {
  if (!j.nliEnabled) throw new Error(`no model: ${j.warning}`);
  return j;
}

beforeAll(async () => {
  hub = await startFakeHub();
  hubUrl = hub.url;
});

afterAll(async () => {
  await Promise.all(services.map((s) => s.close()));
  await hub.close();
});

function service(flags: Partial<ConfigInput>): LocalNliService {
  const config = loadConfig({ env: {}, flags: { nliModel: MODEL, nliRemoteHost: hubUrl, ...flags } });
  const s = createNliService({ config, log: createLogger('silent'), cache: new Keyv() });
  services.push(s);
  return s;
}

describe('model download through a hub mirror', () => {
  const dataDir = tempDir();

  it('never downloads inside judge() when downloads are not allowed', async () => {
    const before = hub.requests.length;
    const nli = service({ dataDir });
    const judge = await nli.judge();
    expect(judge.nliEnabled).toBe(false);
    expect(judge.method).toBe(NO_MODEL_METHOD);
    expect(nli.status().state).toBe('not_downloaded');
    expect(hub.requests.length).toBe(before);
  });

  it('download() fetches into <dataDir>/models with progress, then loads', async () => {
    const nli = service({ dataDir });
    await nli.judge();
    const progress = new Map<string, { loaded: number; total: number | undefined }>();
    const status = await nli.download((file, loaded, total) => progress.set(file, { loaded, total }));
    expect(status).toMatchObject({ state: 'ready', entailmentMethod: `nli:${MODEL}@q8`, cacheDir: path.join(dataDir, 'models') });
    expect(status.lastError).toBeUndefined();
    for (const f of FILES) {
      const local = path.join(dataDir, 'models', MODEL, f);
      expect(existsSync(local), f).toBe(true);
      const size = statSync(local).size;
      expect(progress.get(f), f).toEqual({ loaded: size, total: size });
    }
    expect(hub.requests).toContain(`/${MODEL}/resolve/main/onnx/model_quantized.onnx`);
    const judge = asModel(await nli.judge());
    expect((await judge.score(...ENTAIL)).entailment).toBeGreaterThan(0.8);
  });

  it('a fresh service loads the downloaded model offline', async () => {
    const before = hub.requests.length;
    const nli = service({ dataDir, nliRemoteHost: 'http://127.0.0.1:9/' });
    expect(nli.status().state).toBe('ready');
    const judge = asModel(await nli.judge());
    expect((await judge.score(...ENTAIL)).entailment).toBeGreaterThan(0.8);
    expect(hub.requests.length).toBe(before);
  });

  it('a model missing on the hub: not_downloaded with the reason', async () => {
    const nli = service({ dataDir: tempDir(), nliModel: 'fixture/absent' });
    const status = await nli.download();
    expect(status.state).toBe('not_downloaded');
    expect(status.lastError).toMatch(/^ModelFileNotFoundError: /);
    expect((await nli.judge()).nliEnabled).toBe(false);
  });

  it('an unreachable hub: says the host could not be reached and how to install from a folder, no throw', async () => {
    const nli = service({ dataDir: tempDir(), nliRemoteHost: 'http://127.0.0.1:9/' });
    const status = await nli.download();
    expect(status.state).toBe('error');
    expect(status.lastError).toMatch(/^could not reach the model host http:\/\/127\.0\.0\.1:9\/ \(fetch failed/);
    expect(status.lastError).toContain('BIOINTEL_NLI_MODEL=/path/to/the/folder');
    expect(status.lastError).toContain('onnx/model_quantized.onnx');
    expect((await nli.judge()).method).toBe(NO_MODEL_METHOD);
  });
});

describe('background download at server start (BIOINTEL_NLI_AUTO_DOWNLOAD)', () => {
  it('starts when the model is missing; calls never wait for it; the model serves once it is in', async () => {
    const dataDir = tempDir();
    const { release } = hub.hold();
    try {
      const nli = service({ dataDir, nliAutoDownload: true });
      const pending = nli.startAutoDownload();
      expect(pending).toBeDefined();
      expect(nli.status().state).toBe('downloading');
      expect(nli.startAutoDownload()).toBeUndefined(); // one download at a time
      // A tool call now: answered at once, unjudged, and told why.
      const during = await nli.judge();
      expect(during.nliEnabled).toBe(false);
      expect(during.nliEnabled ? '' : during.warning).toMatch(/fixture\/tiny-nli \(q8\) is still downloading/);
      // Another process (same data directory) sees the download in progress, and does not start its own.
      const other = service({ dataDir, nliAutoDownload: true });
      expect(other.status().state).toBe('downloading');
      expect(other.startAutoDownload()).toBeUndefined();
      expect((await other.judge()).nliEnabled).toBe(false);
      release();
      const done = await pending!;
      expect(done).toMatchObject({ state: 'ready', entailmentMethod: `nli:${MODEL}@q8` });
      expect(done.download).toBeUndefined();
      const judge = asModel(await nli.judge());
      expect((await judge.score(...ENTAIL)).entailment).toBeGreaterThan(0.8);
      expect(other.status().state).toBe('ready');
      expect((await other.judge()).nliEnabled).toBe(true);
    } finally {
      release();
    }
  });

  it('reports progress over all files while downloading', async () => {
    const { arrived, release } = hub.hold();
    try {
      const nli = service({ dataDir: tempDir(), nliAutoDownload: true });
      const pending = nli.startAutoDownload()!;
      // config.json and the tokenizer files come first; the weights wait at the gate.
      await arrived;
      const d = nli.status().download;
      expect(d?.loadedBytes).toBeGreaterThan(0);
      expect(d?.startedAt).toMatch(/^\d{4}-/);
      release();
      await pending;
    } finally {
      release();
    }
  });

  it('does not start when turned off, when NLI is off, for a local folder, or when the model is there', () => {
    expect(service({ dataDir: tempDir(), nliAutoDownload: false }).startAutoDownload()).toBeUndefined();
    expect(service({ dataDir: tempDir(), nliAutoDownload: true, nli: 'off' }).startAutoDownload()).toBeUndefined();
    expect(service({ dataDir: tempDir(), nliAutoDownload: true, nliModel: path.join(tempDir(), 'absent-folder') }).startAutoDownload()).toBeUndefined();
    const dataDir = tempDir();
    writeTinyNli(path.join(dataDir, 'models', MODEL));
    expect(service({ dataDir, nliAutoDownload: true }).startAutoDownload()).toBeUndefined();
  });
});
