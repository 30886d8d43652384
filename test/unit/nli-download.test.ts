// Download path: a fake Hugging Face hub on 127.0.0.1 serves /{model}/resolve/{revision}/{file}
// from a generated model folder, exactly as huggingface.co would (BIOINTEL_NLI_REMOTE_HOST).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Keyv from 'keyv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ConfigInput } from '../../src/config.js';
import { LEXICAL_METHOD } from '../../src/evidence/lexical.js';
import { createNliService, type LocalNliService } from '../../src/evidence/nli.js';
import { createLogger } from '../../src/log.js';
import { tempDir } from '../support/context.js';
import { writeTinyNli } from '../support/tiny-nli.js';

const MODEL = 'fixture/tiny-nli';
const ENTAIL = ['Metformin reduces mortality in patients with diabetes.', 'Metformin improved survival.'] as const;
const FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx'];

let server: Server;
let hubUrl: string;
const requests: string[] = [];
const services: LocalNliService[] = [];

beforeAll(async () => {
  const root = tempDir('biointel-hub-');
  writeTinyNli(path.join(root, MODEL));
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hub');
    requests.push(url.pathname);
    const m = /^\/(.+?)\/resolve\/([^/]+)\/(.+)$/.exec(url.pathname);
    const file = m?.[1] && m[3] ? path.join(root, m[1], m[3]) : '';
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('Entry not found');
      return;
    }
    const body = readFileSync(file);
    if (req.headers.range === 'bytes=0-0') {
      res.writeHead(206, { 'content-length': '1', 'content-range': `bytes 0-0/${body.length}` }).end(body.subarray(0, 1));
      return;
    }
    res.writeHead(200, { 'content-length': String(body.length), 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hubUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await Promise.all(services.map((s) => s.close()));
  await new Promise((resolve) => server.close(resolve));
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
    const before = requests.length;
    const nli = service({ dataDir });
    const judge = await nli.judge();
    expect(judge.nliEnabled).toBe(false);
    expect(judge.method).toBe(LEXICAL_METHOD);
    expect(nli.status().state).toBe('not_downloaded');
    expect(requests.length).toBe(before);
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
    expect(requests).toContain(`/${MODEL}/resolve/main/onnx/model_quantized.onnx`);
    const judge = await nli.judge();
    expect(judge.nliEnabled).toBe(true);
    expect((await judge.score(...ENTAIL)).entailment).toBeGreaterThan(0.8);
  });

  it('a fresh service loads the downloaded model offline', async () => {
    const before = requests.length;
    const nli = service({ dataDir, nliRemoteHost: 'http://127.0.0.1:9/' });
    expect(nli.status().state).toBe('ready');
    const judge = await nli.judge();
    expect(judge.nliEnabled).toBe(true);
    expect((await judge.score(...ENTAIL)).entailment).toBeGreaterThan(0.8);
    expect(requests.length).toBe(before);
  });

  it('downloads on first use when nliAllowDownload is set', async () => {
    const fresh = tempDir();
    const nli = service({ dataDir: fresh, nliAllowDownload: true });
    expect(nli.status().state).toBe('not_downloaded');
    const judge = await nli.judge();
    expect(judge.nliEnabled).toBe(true);
    expect(existsSync(path.join(fresh, 'models', MODEL, 'onnx', 'model_quantized.onnx'))).toBe(true);
  });

  it('a model missing on the hub: not_downloaded with the reason', async () => {
    const nli = service({ dataDir: tempDir(), nliModel: 'fixture/absent' });
    const status = await nli.download();
    expect(status.state).toBe('not_downloaded');
    expect(status.lastError).toMatch(/^ModelFileNotFoundError: /);
    expect((await nli.judge()).nliEnabled).toBe(false);
  });

  it('an unreachable hub: error with the reason, no throw', async () => {
    const nli = service({ dataDir: tempDir(), nliRemoteHost: 'http://127.0.0.1:9/' });
    const status = await nli.download();
    expect(status.state).toBe('error');
    expect(status.lastError).toMatch(/fetch failed/);
    expect((await nli.judge()).method).toBe(LEXICAL_METHOD);
  });
});
