// @huggingface/transformers is an optional dependency: when npm dropped it, NLI is unavailable with
// a clear reason and the lexical fallback is used.
import Keyv from 'keyv';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { LEXICAL_METHOD } from '../../src/evidence/lexical.js';
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
  it('falls back to the lexical judge with state error and the reason', async () => {
    const folder = writeTinyNli(`${tempDir()}/tiny`);
    const config = loadConfig({ env: {}, flags: { dataDir: tempDir(), nliModel: folder } });
    const nli = createNliService({ config, log: createLogger('silent'), cache: new Keyv() });
    const judge = await nli.judge();
    expect(judge.nliEnabled).toBe(false);
    expect(judge.method).toBe(LEXICAL_METHOD);
    expect(nli.status().state).toBe('error');
    expect(nli.status().lastError).toMatch(/^TransformersMissingError: @huggingface\/transformers is not installed/);
    // download() retries the import and still reports, rather than throws.
    expect((await nli.download()).state).toBe('error');
  });
});
