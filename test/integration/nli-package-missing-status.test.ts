// When npm dropped the optional @huggingface/transformers (model files in place), the NLI status
// says the model cannot run before any claim is checked, over HTTP and to the tools, and keeps
// saying so after a claim is checked (it once said "ready" until the first svc_verify_claim).
// vi.mock makes the import fail as it would; it cannot hide the package from import.meta.resolve,
// so the service is given a resolver that fails the way a missing package does.
import Keyv from 'keyv';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContext } from '../../src/context.js';
import { createNliService, PACKAGE_MISSING_ERROR } from '../../src/evidence/nli.js';
import { NLI_PACKAGE, nliPackageStatus } from '../../src/evidence/nli-package.js';
import { createLogger } from '../../src/log.js';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.js';
import { createMemoryStore } from '../../src/store/index.js';
import { tempDir, testConfig } from '../support/context.js';
import { mountFakePubmed } from '../support/fake-pubmed.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { writeTinyNli } from '../support/tiny-nli.js';
import { rawRequest } from './http-support.js';

vi.mock('@huggingface/transformers', () => {
  throw Object.assign(new Error("Cannot find package '@huggingface/transformers'"), { code: 'ERR_MODULE_NOT_FOUND' });
});

const notInstalled = () =>
  nliPackageStatus(() => {
    throw Object.assign(new Error(`Cannot find package '${NLI_PACKAGE}' imported from ${import.meta.url}`), { code: 'ERR_MODULE_NOT_FOUND' });
  });

const model = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli'));
let fake: FakeUpstream;
let server: RunningHttpServer;
let ctx: Awaited<ReturnType<typeof createContext>>;

beforeAll(async () => {
  fake = await startFakeUpstream();
  mountFakePubmed(fake, [{ pmid: '2001', title: 'Metformin and survival', abstract: 'Metformin improved survival of patients with diabetes.' }]);
  const config = testConfig({ dataDir: tempDir(), retries: 0, nli: 'auto', nliModel: model, nliAutoDownload: false }, fake.url);
  const log = createLogger('silent');
  const nli = createNliService({ config, log, cache: new Keyv(), packageStatus: notInstalled });
  ctx = await createContext(config, { store: createMemoryStore(), log, nli });
  server = await startHttpServer(ctx, { host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

interface StatusBody {
  state: string;
  entailmentMethod: string;
  lastError?: string;
}
const status = async () => (await rawRequest(server.url, { path: '/api/nli/status' })).json() as StatusBody;

describe('NLI status with the model files present but @huggingface/transformers missing', () => {
  it('GET /api/nli/status says the model cannot run, and why, before any claim is checked', async () => {
    const s = await status();
    expect(s.state).toBe('error');
    expect(s.entailmentMethod).toBe('none');
    expect(s.lastError).toBe(PACKAGE_MISSING_ERROR);
    expect(s.lastError).toContain('@huggingface/transformers is not installed');
    expect(s.lastError).toContain('ONNXRUNTIME_NODE_INSTALL=skip');
  });

  it('the tools agree: the claim is unjudged with method none, and the status does not change', async () => {
    expect(ctx.nli.status()).toMatchObject({ state: 'error', entailmentMethod: 'none' });
    const client = await connectInMemory(ctx);
    const r = await callOk<{ evidenceStatus: string; entailmentMethod: string; warnings: string[] }>(client, 'svc_verify_claim', {
      claim: 'Metformin improves survival of patients with diabetes.',
      pmids: ['2001'],
    });
    expect(r.evidenceStatus).toBe('unjudged');
    expect(r.entailmentMethod).toBe('none');
    expect(r.warnings.join(' ')).toContain('@huggingface/transformers is not installed');
    const after = await status();
    expect(after).toMatchObject({ state: 'error', entailmentMethod: 'none' });
    expect(after.lastError).toMatch(/^TransformersMissingError: /);
  });

  it('no background download is started for a model that could not run', () => {
    const config = testConfig({ dataDir: tempDir(), nli: 'auto', nliAutoDownload: true });
    const warnings: string[] = [];
    const log = { ...createLogger('silent'), warn: (msg: string) => void warnings.push(msg) };
    const nli = createNliService({ config, log, cache: new Keyv(), packageStatus: notInstalled });
    expect(nli.startAutoDownload()).toBeUndefined();
    expect(nli.status().state).toBe('error');
    expect(warnings.join(' ')).toContain('is not downloaded in the background');
  });
});
