// The NLI service through the real transformers.js + onnxruntime-node path, on a generated tiny
// keyword-NLI model (test/support/tiny-nli.ts). No network.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Keyv from 'keyv';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type ConfigInput } from '../../src/config.js';
import type { Judgement } from '../../src/evidence/judge.js';
import { NO_MODEL_METHOD, type ActiveJudge, type ModelJudge } from '../../src/evidence/judge.js';
import { createNliService, nliCacheKey, type LocalNliService } from '../../src/evidence/nli.js';
import { createLogger } from '../../src/log.js';
import { tempDir } from '../support/context.js';
import { writeTinyNli, type TinyNliOptions } from '../support/tiny-nli.js';

const ENTAIL = ['Metformin reduces mortality in patients with diabetes.', 'Metformin improved survival.'] as const;
const CONTRA = ['Metformin failed to reduce mortality in patients with diabetes.', 'Metformin improved survival.'] as const;
const NEUTRAL = ['Aspirin is a drug.', 'Metformin improved survival.'] as const;
const PAIRS: (readonly [string, string])[] = [ENTAIL, CONTRA, NEUTRAL];

const services: LocalNliService[] = [];
afterAll(async () => {
  await Promise.all(services.map((s) => s.close()));
});

function service(flags: Partial<ConfigInput>, cache = new Keyv()): LocalNliService {
  const config = loadConfig({ env: {}, flags: { dataDir: tempDir(), ...flags } });
  const s = createNliService({ config, log: createLogger('silent'), cache });
  services.push(s);
  return s;
}

function tinyModel(options: TinyNliOptions = {}): string {
  return writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli'), options);
}

const total = (j: Judgement) => j.entailment + j.neutral + j.contradiction;

function asModel(j: ActiveJudge): ModelJudge {
  if (!j.nliEnabled) throw new Error(`no model: ${j.warning}`);
  return j;
}

describe('NLI service with a local model folder', () => {
  const folder = tinyModel();

  it('loads from an absolute path and reports ready', async () => {
    const nli = service({ nliModel: folder });
    expect(nli.status().state).toBe('ready'); // files are in place
    const pending = nli.judge();
    expect(nli.status().state).toBe('loading');
    const judge = await pending;
    expect(judge.nliEnabled).toBe(true);
    expect(judge.method).toBe(`nli:${folder}@q8`);
    expect(nli.status()).toMatchObject({
      state: 'ready',
      model: folder,
      dtype: 'q8',
      device: 'cpu',
      cacheDir: folder,
      entailmentMethod: `nli:${folder}@q8`,
    });
    expect(nli.status().lastError).toBeUndefined();
    expect(await nli.judge()).toBe(judge); // memoized
    expect((await nli.download()).state).toBe('ready'); // nothing to fetch; the loaded model stays
    expect(await nli.judge()).toBe(judge);
  });

  it('loads from a relative path and with the fp32 weights', async () => {
    const nli = service({ nliModel: path.relative(process.cwd(), folder), nliDtype: 'fp32' });
    const judge = asModel(await nli.judge());
    expect(judge.nliEnabled).toBe(true);
    expect(judge.method).toMatch(/@fp32$/);
  });

  it('gives entailment, contradiction and neutral verdicts that sum to 1', async () => {
    const judge = asModel(await service({ nliModel: folder }).judge());
    const e = await judge.score(...ENTAIL);
    const c = await judge.score(...CONTRA);
    const n = await judge.score(...NEUTRAL);
    expect(e.entailment).toBeGreaterThan(0.8);
    expect(c.contradiction).toBeGreaterThan(0.7);
    expect(n.neutral).toBeGreaterThan(0.6);
    for (const j of [e, c, n]) expect(total(j)).toBeCloseTo(1, 6);
  });

  it('applies the configured threshold to P(entailment)', async () => {
    const nli = service({ nliModel: folder });
    expect(nli.threshold).toBe(0.45);
    expect(nli.window).toBe(1500);
    const judge = asModel(await nli.judge());
    const supported = async (pair: readonly [string, string], threshold: number) =>
      (await judge.score(...pair)).entailment >= threshold;
    expect(await supported(ENTAIL, nli.threshold)).toBe(true);
    expect(await supported(NEUTRAL, nli.threshold)).toBe(false);
    expect(await supported(CONTRA, nli.threshold)).toBe(false);
    const strict = service({ nliModel: folder, nliThreshold: 0.9, nliWindow: 800 });
    expect(strict.threshold).toBe(0.9);
    expect(strict.window).toBe(800);
    expect(nli.status().threshold).toBe(0.45);
    expect(strict.status()).toMatchObject({ threshold: 0.9, passageWindow: 800 });
    expect(await supported(ENTAIL, strict.threshold)).toBe(false);
  });

  it('reads labels from id2label: both label orders give the same probabilities', async () => {
    const lower = asModel(await service({ nliModel: folder }).judge());
    const upper = asModel(await service({ nliModel: tinyModel({ labels: 'upper' }) }).judge());
    for (const pair of PAIRS) {
      const a = await lower.score(...pair);
      const b = await upper.score(...pair);
      expect(b.entailment).toBeCloseTo(a.entailment, 6);
      expect(b.neutral).toBeCloseTo(a.neutral, 6);
      expect(b.contradiction).toBeCloseTo(a.contradiction, 6);
    }
  });

  it('maps a 2-label entailment/not_entailment model', async () => {
    const judge = asModel(await service({ nliModel: tinyModel({ labels: 'binary' }) }).judge());
    const e = await judge.score(...ENTAIL);
    const c = await judge.score(...CONTRA);
    expect(e.entailment).toBeGreaterThan(0.8);
    expect(c.entailment).toBeLessThan(0.1);
    for (const j of [e, c]) {
      expect(j.contradiction).toBe(0);
      expect(j.neutral).toBeCloseTo(1 - j.entailment, 6);
    }
  });

  it('serves a repeated pair from the cache (also across service instances)', async () => {
    const cache = new Keyv();
    const nli = service({ nliModel: folder }, cache);
    const judge = asModel(await nli.judge());
    const first = await judge.score(...ENTAIL);
    expect(nli.stats()).toEqual({ inferences: 1, cacheHits: 0 });
    expect(await judge.score(...ENTAIL)).toEqual(first);
    expect(nli.stats()).toEqual({ inferences: 1, cacheHits: 1 });
    expect(await cache.get(nliCacheKey(folder, 'q8', ...ENTAIL))).toEqual(first);

    const again = service({ nliModel: folder }, cache);
    expect(await asModel(await again.judge()).score(...ENTAIL)).toEqual(first);
    expect(again.stats()).toEqual({ inferences: 0, cacheHits: 1 });
    // A different dtype is a different cache entry.
    const fp32 = service({ nliModel: folder, nliDtype: 'fp32' }, cache);
    await asModel(await fp32.judge()).score(...ENTAIL);
    expect(fp32.stats()).toEqual({ inferences: 1, cacheHits: 0 });
  });

  it('gives concurrent calls each their own verdict', async () => {
    const judge = asModel(await service({ nliModel: folder }).judge());
    const [e, c, n] = await Promise.all([judge.score(...ENTAIL), judge.score(...CONTRA), judge.score(...NEUTRAL)]);
    expect(e?.entailment).toBeGreaterThan(0.8);
    expect(c?.contradiction).toBeGreaterThan(0.7);
    expect(n?.neutral).toBeGreaterThan(0.6);
  });
});

describe('truncation guard', () => {
  // model_max_length 32: the passage alone is far longer, so a naive pair truncation drops the claim.
  const folder = tinyModel({ modelMaxLength: 32 });
  const passage = `Metformin reduces mortality. ${'Costs rose sharply across several regional hospitals during follow up. '.repeat(8)}`;
  const claim = 'Metformin improved survival in patients with diabetes.';

  it('naive tokenizer truncation would lose the claim (the trap)', async () => {
    const { AutoTokenizer } = await import('@huggingface/transformers');
    const tok = await AutoTokenizer.from_pretrained(folder, { local_files_only: true });
    const naive = tok(passage, { text_pair: claim, truncation: true });
    expect(naive.input_ids.dims[1]).toBe(32);
    expect(Array.from(naive.token_type_ids?.data as BigInt64Array).some((t) => t === 1n)).toBe(false);
  });

  it('shrinks the passage so the claim is judged', async () => {
    const judge = asModel(await service({ nliModel: folder }).judge());
    const j = await judge.score(passage, claim);
    // Entailment needs the claim's cue word ("improved"): only reachable if the claim survived.
    expect(j.entailment).toBeGreaterThan(0.8);
    // A claim-side negation is seen as well.
    const negated = await judge.score(passage, 'Metformin did not improve survival in patients with diabetes.');
    expect(negated.contradiction).toBeGreaterThan(0.7);
  });

  it('judges every part of a premise longer than the model input: a contradiction at its end is found', async () => {
    const judge = asModel(await service({ nliModel: folder }).judge());
    const late = `${passage}In the final analysis the drug failed.`;
    const j = await judge.score(late, claim);
    expect(j.contradiction).toBeGreaterThan(0.7); // the last window
    expect(j.entailment).toBeGreaterThan(0.8); // the first window: both are kept, each the strongest
  });
});

describe('hub id with the <dataDir>/models cache', () => {
  it('loads a hub id from the cache directory without network', async () => {
    const dataDir = tempDir();
    writeTinyNli(path.join(dataDir, 'models', 'fixture', 'tiny-nli'));
    const nli = service({ dataDir, nliModel: 'fixture/tiny-nli', nliRemoteHost: 'http://127.0.0.1:9/' });
    expect(nli.status()).toMatchObject({ state: 'ready', cacheDir: path.join(dataDir, 'models') });
    const judge = asModel(await nli.judge());
    expect(judge.nliEnabled).toBe(true);
    expect(judge.method).toBe('nli:fixture/tiny-nli@q8');
    expect((await judge.score(...ENTAIL)).entailment).toBeGreaterThan(0.8);
    // transformers.js: quiet (its info/debug logs go to stdout), cache in the data directory.
    const { env, LogLevel } = await import('@huggingface/transformers');
    expect(env.logLevel).toBe(LogLevel.ERROR);
    expect(env.cacheDir).toBe(path.join(dataDir, 'models'));
    expect(env.allowRemoteModels).toBe(false);
  });
});

describe('fallbacks', () => {
  it('missing model: not_downloaded, no judge at all (nothing can be scored), the fix named, no throw, memoized', async () => {
    const nli = service({ nliModel: 'Xenova/nli-deberta-v3-xsmall' });
    expect(nli.status().state).toBe('not_downloaded');
    const judge = await nli.judge();
    expect(judge.nliEnabled).toBe(false);
    expect(judge.method).toBe(NO_MODEL_METHOD);
    expect('score' in judge).toBe(false); // fail closed: no word-overlap stand-in
    if (!judge.nliEnabled) {
      expect(judge.warning).toContain('Xenova/nli-deberta-v3-xsmall');
      expect(judge.warning).toContain('biointel nli download');
    }
    const status = nli.status();
    expect(status.state).toBe('not_downloaded');
    expect(status.entailmentMethod).toBe(NO_MODEL_METHOD);
    expect(status.lastError).toMatch(/^ModelNotDownloadedError: model files not found in .*: config\.json, /);
    expect(status.lastError).toContain('biointel nli download');
    expect(await nli.judge()).toBe(judge);
  });

  it('missing local folder: a model copied in later is picked up by the next call', async () => {
    const folder = path.join(tempDir(), 'later');
    const nli = service({ nliModel: folder });
    const first = await nli.judge();
    expect(first.nliEnabled).toBe(false);
    expect(await nli.judge()).toBe(first); // the failure is memoized while the files are missing
    expect(nli.status().state).toBe('not_downloaded');
    writeTinyNli(folder);
    expect(nli.status().state).toBe('ready');
    expect((await nli.judge()).nliEnabled).toBe(true);
    const status = await nli.download(); // nothing to fetch
    expect(status.state).toBe('ready');
    expect(status.lastError).toBeUndefined();
  });

  it('corrupt model file: state error with the reason', async () => {
    const folder = tinyModel();
    writeFileSync(path.join(folder, 'onnx', 'model_quantized.onnx'), 'not a protobuf at all');
    const nli = service({ nliModel: folder });
    const judge = await nli.judge();
    expect(judge.nliEnabled).toBe(false);
    expect(judge.method).toBe(NO_MODEL_METHOD);
    expect(nli.status().state).toBe('error');
    expect(nli.status().lastError).toMatch(/^Error: .*Protobuf parsing failed/);
  });

  it('a classification model that is not NLI is an error', async () => {
    const folder = tinyModel();
    const config = path.join(folder, 'config.json');
    writeFileSync(config, JSON.stringify({ model_type: 'bert', architectures: ['BertForSequenceClassification'], id2label: { 0: 'POSITIVE', 1: 'NEGATIVE', 2: 'MIXED' } }));
    const nli = service({ nliModel: folder });
    expect((await nli.judge()).nliEnabled).toBe(false);
    expect(nli.status()).toMatchObject({ state: 'error' });
    expect(nli.status().lastError).toContain('not an NLI model');
  });

  it("nli 'off': disabled, nothing judged, the model is never loaded", async () => {
    const folder = tinyModel();
    const nli = service({ nli: 'off', nliModel: folder });
    expect(nli.status()).toMatchObject({ state: 'disabled', entailmentMethod: NO_MODEL_METHOD });
    const judge = await nli.judge();
    expect(judge.nliEnabled).toBe(false);
    expect(judge.method).toBe(NO_MODEL_METHOD);
    expect(nli.status().state).toBe('disabled');
    expect(judge.nliEnabled ? '' : judge.warning).toContain('BIOINTEL_NLI=off');
    expect(nli.stats().inferences).toBe(0);
  });

  it('a path that is a file, not a folder, fails cleanly', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'x'));
    const file = path.join(dir, 'x', 'model.bin');
    writeFileSync(file, 'x');
    const nli = service({ nliModel: file });
    expect((await nli.judge()).nliEnabled).toBe(false);
    expect(['not_downloaded', 'error']).toContain(nli.status().state);
    expect(nli.status().lastError).toBeTruthy();
  });
});
