// @huggingface/transformers is an optional dependency: when npm dropped it, NLI is unavailable with
// a clear reason, and nothing is judged.
import Keyv from 'keyv';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { NO_MODEL_METHOD } from '../../src/evidence/judge.js';
import { createNliService } from '../../src/evidence/nli.js';
import { createLogger } from '../../src/log.js';
import { tempDir } from '../support/context.js';
import { writeTinyNli } from '../support/tiny-nli.js';

vi.mock('@huggingface/transformers', () => {
  throw Object.assign(new Error("Cannot find package '@huggingface/transformers' imported from nli.js"), {
    code: 'ERR_MODULE_NOT_FOUND',
  });
});

describe('transformers.js not installed', () => {
  it('judges nothing, with state error and the reason, and the warning says how to install it', async () => {
    const folder = writeTinyNli(`${tempDir()}/tiny`);
    const config = loadConfig({ env: {}, flags: { dataDir: tempDir(), nliModel: folder } });
    const nli = createNliService({ config, log: createLogger('silent'), cache: new Keyv() });
    const judge = await nli.judge();
    expect(judge.nliEnabled).toBe(false);
    expect(judge.method).toBe(NO_MODEL_METHOD);
    expect(nli.status().state).toBe('error');
    expect(nli.status().lastError).toMatch(/^TransformersMissingError: @huggingface\/transformers is not installed/);
    expect(judge.nliEnabled ? '' : judge.warning).toContain('ONNXRUNTIME_NODE_INSTALL=skip');
    // download() retries the import and still reports, rather than throws.
    expect((await nli.download()).state).toBe('error');
  });
});
