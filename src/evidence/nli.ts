// The local NLI judge: a sequence-classification model (default Xenova/nli-deberta-v3-xsmall, q8)
// run by transformers.js on the CPU, with the passage as premise and the statement as `text_pair`.
// transformers.js is an optional dependency, imported lazily; without it, without the model files,
// or with a broken model, judge() hands out the lexical fallback and status() says why. Nothing is
// downloaded inside a tool call unless BIOINTEL_NLI_ALLOW_DOWNLOAD is set: `biointel nli download`
// (download()) is the intended way to fetch the model into <dataDir>/models.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Keyv from 'keyv';
import PQueue from 'p-queue';
import type * as Transformers from '@huggingface/transformers';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import type { ActiveJudge, Judgement, NliService, NliState, NliStatus } from './judge.js';
import { createLexicalJudge, LEXICAL_METHOD } from './lexical.js';
import { fitPassage, type TokenCounter } from './passage.js';
import { mapLabels, softmax, toJudgement, type LabelMap } from './nli-labels.js';

export { mapLabels, softmax, toJudgement, type LabelMap } from './nli-labels.js';

export interface NliDeps {
  config: Config;
  log: Logger;
  /** Verdict cache (the store's `nli` namespace). */
  cache: Keyv;
}

/** NliService plus instrumentation used by tests and `biointel nli status`. */
export interface LocalNliService extends NliService {
  /** Model runs and cache hits since creation. */
  stats(): { inferences: number; cacheHits: number };
  /** Releases the ONNX session; the next judge() loads again. */
  close(): Promise<void>;
}

export type ProgressFn = (file: string, loaded: number, total: number | undefined) => void;

const MAX_TOKENS = 512;
const DTYPE_SUFFIX: Record<Config['nliDtype'], string> = {
  fp32: '', fp16: '_fp16', q8: '_quantized', int8: '_int8', uint8: '_uint8', q4: '_q4',
};

// ---- model source ------------------------------------------------------------------------------

export interface ModelSource {
  /** Hub id, or absolute folder path. */
  ref: string;
  local: boolean;
  /** `<dataDir>/models`: where hub ids are downloaded to and looked up. */
  cacheDir: string;
}

/** A folder when the value exists as a directory or is written as a path; a hub id otherwise. */
export function resolveModelSource(config: Config): ModelSource {
  const cacheDir = path.join(config.dataDir, 'models');
  const raw = config.nliModel.startsWith('~/') ? path.join(os.homedir(), config.nliModel.slice(2)) : config.nliModel;
  const abs = path.resolve(raw);
  const isDir = existsSync(abs) && statSync(abs).isDirectory();
  const looksLikePath = path.isAbsolute(raw) || raw.startsWith('.') || raw.includes('\\') || raw !== config.nliModel;
  return isDir || looksLikePath ? { ref: abs, local: true, cacheDir } : { ref: config.nliModel, local: false, cacheDir };
}

function modelDir(source: ModelSource): string {
  return source.local ? source.ref : path.join(source.cacheDir, source.ref);
}

function modelFiles(source: ModelSource, dtype: Config['nliDtype']): string[] {
  const files = ['config.json', 'tokenizer.json', 'tokenizer_config.json', `onnx/model${DTYPE_SUFFIX[dtype]}.onnx`];
  return files.map((f) => path.join(modelDir(source), f));
}

// ---- loading -----------------------------------------------------------------------------------

interface LoadedModel {
  tokenizer: Transformers.PreTrainedTokenizer;
  model: Transformers.PreTrainedModel;
  labels: LabelMap;
  maxTokens: number;
  counter: TokenCounter;
}

class TransformersMissingError extends Error {
  override name = 'TransformersMissingError';
}

class ModelNotDownloadedError extends Error {
  override name = 'ModelNotDownloadedError';
}
const MISSING_ERRORS = new Set(['ModelNotDownloadedError', 'ModelFileNotFoundError']);

let transformers: Promise<typeof Transformers> | undefined;
let defaultRemoteHost: string | undefined;

async function importTransformers(): Promise<typeof Transformers> {
  transformers ??= import('@huggingface/transformers').then(
    (mod) => {
      defaultRemoteHost = mod.env.remoteHost;
      // info/debug go to console.log = stdout, the MCP channel in stdio mode.
      mod.env.logLevel = mod.LogLevel.ERROR;
      return mod;
    },
    (err: unknown) => {
      transformers = undefined;
      throw new TransformersMissingError(
        `@huggingface/transformers is not installed (optional dependency; install it with ONNXRUNTIME_NODE_INSTALL=skip): ${firstLine(err)}`,
      );
    },
  );
  return transformers;
}

// transformers.js settings are process-global; loads run one at a time so two services (or a
// download next to a normal load) never see each other's allowRemoteModels / remoteHost.
let envLock: Promise<unknown> = Promise.resolve();
function withEnvLock<T>(fn: () => Promise<T>): Promise<T> {
  const run = envLock.then(fn, fn);
  envLock = run.catch(() => undefined);
  return run;
}

async function loadModel(config: Config, source: ModelSource, allowRemote: boolean, onProgress?: ProgressFn): Promise<LoadedModel> {
  const tf = await importTransformers();
  // Checked here rather than left to transformers.js: its tokenizer lookup memoizes "file absent"
  // for the life of the process, which would break a later download() of the same model.
  const missing = allowRemote ? [] : modelFiles(source, config.nliDtype).filter((f) => !existsSync(f));
  if (missing.length > 0) {
    const names = missing.map((f) => path.relative(modelDir(source), f));
    throw new ModelNotDownloadedError(`model files not found in ${modelDir(source)}: ${names.join(', ')}`);
  }
  return withEnvLock(async () => {
    const { env } = tf;
    env.logLevel = tf.LogLevel.ERROR;
    env.cacheDir = source.cacheDir;
    env.localModelPath = source.cacheDir;
    env.allowLocalModels = true;
    env.allowRemoteModels = allowRemote;
    env.remoteHost = withSlash(config.nliRemoteHost ?? defaultRemoteHost ?? 'https://huggingface.co/');
    const common = {
      cache_dir: source.cacheDir,
      local_files_only: !allowRemote,
      ...(onProgress ? { progress_callback: progressAdapter(onProgress) } : {}),
    };
    try {
      // config.json first: cheap, and a model that is not NLI fails before a large download.
      const modelConfig = await tf.AutoConfig.from_pretrained(source.ref, common);
      const meta = modelConfig as unknown as { id2label?: Record<string, string>; max_position_embeddings?: number };
      const labels = mapLabels(meta.id2label);
      const tokenizer = await tf.AutoTokenizer.from_pretrained(source.ref, common).catch((err: unknown) => {
        // Without tokenizer_config.json transformers.js fails with an opaque TypeError.
        const found = existsSync(path.join(modelDir(source), 'tokenizer_config.json'));
        throw found ? err : new ModelNotDownloadedError(`tokenizer files not found for ${source.ref}`);
      });
      const model = await tf.AutoModelForSequenceClassification.from_pretrained(source.ref, {
        ...common,
        config: modelConfig,
        dtype: config.nliDtype,
        device: 'cpu',
        session_options: { intraOpNumThreads: os.availableParallelism(), logSeverityLevel: 3 },
      });
      const limits = [MAX_TOKENS, tokenizer.model_max_length, meta.max_position_embeddings];
      const maxTokens = Math.min(...limits.filter((n): n is number => typeof n === 'number' && Number.isFinite(n) && n > 8));
      const count = (text: string) => tokenizer.encode(text, { add_special_tokens: false }).length;
      const pairSpecials = tokenizer.encode('a', { text_pair: 'a' }).length - 2 * count('a');
      return { tokenizer, model, labels, maxTokens, counter: { count, pairSpecials } };
    } finally {
      env.allowRemoteModels = config.nliAllowDownload;
    }
  });
}

function progressAdapter(onProgress: ProgressFn): Transformers.ProgressCallback {
  const sizes = new Map<string, { loaded: number; total: number | undefined }>();
  const report = (file: string, loaded: number, total: number | undefined) => {
    try {
      onProgress(file, loaded, total);
    } catch {
      // A broken progress display must not abort the download.
    }
  };
  return (info) => {
    if (info.status === 'progress') {
      const total = info.total > 0 ? info.total : undefined;
      sizes.set(info.file, { loaded: info.loaded, total });
      report(info.file, info.loaded, total);
    } else if (info.status === 'done') {
      const last = sizes.get(info.file);
      report(info.file, last?.total ?? last?.loaded ?? 0, last?.total);
    }
  };
}

async function runModel(m: LoadedModel, premise: string, claim: string, log: Logger): Promise<Judgement> {
  const passage = fitPassage(m.counter, premise, claim, m.maxTokens);
  if (passage === null) log.warn('nli: statement longer than the model input; it is truncated', { maxTokens: m.maxTokens });
  const inputs =
    passage === null
      ? m.tokenizer(premise, { text_pair: claim, truncation: true, max_length: m.maxTokens })
      : m.tokenizer(passage, { text_pair: claim });
  const output = (await m.model(inputs)) as { logits: Transformers.Tensor };
  return toJudgement(softmax(Array.from(output.logits.data as Float32Array, Number)), m.labels);
}

// ---- service -----------------------------------------------------------------------------------

/** Verdict cache key: sha256 of (model id or absolute folder, dtype, passage, statement). */
export function nliCacheKey(model: string, dtype: string, passage: string, claim: string): string {
  return `v1:${createHash('sha256').update(JSON.stringify([model, dtype, passage, claim])).digest('hex')}`;
}

export function createNliService(deps: NliDeps): LocalNliService {
  const { config, log, cache } = deps;
  const source = resolveModelSource(config);
  const lexical = createLexicalJudge();
  const nliMethod = `nli:${config.nliModel}@${config.nliDtype}`;
  const queue = new PQueue({ concurrency: 1 });
  const counts = { inferences: 0, cacheHits: 0 };
  let state: NliState = initialState();
  let lastError: string | undefined;
  let attempt: Promise<ActiveJudge> | undefined;
  let loaded: LoadedModel | undefined;

  // Before the first load, status() can only check that the files are in place; a load failure
  // (corrupt file, unsupported model) later turns 'ready' into 'error'.
  function initialState(): NliState {
    if (config.nli === 'off') return 'disabled';
    return modelFiles(source, config.nliDtype).every((f) => existsSync(f)) ? 'ready' : 'not_downloaded';
  }

  function modelJudge(m: LoadedModel): ActiveJudge {
    return {
      nliEnabled: true,
      method: nliMethod,
      async score(premise, hypothesis) {
        const key = nliCacheKey(source.ref, config.nliDtype, premise, hypothesis);
        const hit = await readCache(key);
        if (hit) {
          counts.cacheHits++;
          return hit;
        }
        const judgement = await queue.add(() => {
          counts.inferences++;
          return runModel(m, premise, hypothesis, log);
        });
        await cache.set(key, judgement).catch((err: unknown) => log.debug('nli: cache write failed', { err }));
        return judgement;
      },
    };
  }

  async function readCache(key: string): Promise<Judgement | undefined> {
    try {
      const v = (await cache.get(key)) as Partial<Judgement> | undefined;
      const ok = v && [v.entailment, v.neutral, v.contradiction].every((x) => typeof x === 'number');
      return ok ? (v as Judgement) : undefined;
    } catch (err) {
      log.debug('nli: cache read failed', { err });
      return undefined;
    }
  }

  async function load(allowRemote: boolean, onProgress?: ProgressFn): Promise<ActiveJudge> {
    state = 'loading';
    try {
      const m = await loadModel(config, source, allowRemote, onProgress);
      loaded = m;
      lastError = undefined;
      state = 'ready';
      log.info('nli: model loaded', { model: config.nliModel, dtype: config.nliDtype, maxTokens: m.maxTokens });
      return config.nli === 'off' ? lexical : modelJudge(m);
    } catch (err) {
      const missing = err instanceof Error && MISSING_ERRORS.has(err.name);
      state = missing ? 'not_downloaded' : 'error';
      lastError = `${err instanceof Error ? err.name : 'Error'}: ${firstLine(err)}`;
      if (missing) {
        lastError += source.local
          ? ' (check BIOINTEL_NLI_MODEL and BIOINTEL_NLI_DTYPE)'
          : ' (run `biointel nli download`, or set BIOINTEL_NLI_MODEL to a local model folder)';
      }
      log.warn('nli: model unavailable, using the lexical fallback', { reason: lastError });
      return lexical;
    }
  }

  async function unload(): Promise<void> {
    const m = loaded;
    loaded = undefined;
    attempt = undefined;
    if (m) {
      await queue.onIdle();
      await m.model.dispose();
    }
  }

  function status(): NliStatus {
    const current: NliState = config.nli === 'off' ? 'disabled' : state;
    return {
      state: current,
      model: config.nliModel,
      dtype: config.nliDtype,
      threshold: config.nliThreshold,
      passageWindow: config.nliWindow,
      device: 'cpu',
      cacheDir: source.local ? source.ref : source.cacheDir,
      entailmentMethod: current === 'ready' ? nliMethod : LEXICAL_METHOD,
      ...(lastError === undefined ? {} : { lastError }),
    };
  }

  return {
    threshold: config.nliThreshold,
    window: config.nliWindow,
    judge() {
      if (config.nli === 'off') return Promise.resolve(lexical);
      attempt ??= load(config.nliAllowDownload);
      return attempt;
    },
    status,
    async download(onProgress) {
      await attempt?.catch(() => undefined);
      // Already loaded means the files are in place; unloading would break judges in use.
      if (loaded && config.nli !== 'off') return status();
      await unload();
      // With BIOINTEL_NLI=off the files are still fetched (an explicit request) but not kept loaded.
      attempt = load(true, onProgress);
      await attempt;
      if (config.nli === 'off') await unload();
      return status();
    },
    stats: () => ({ ...counts }),
    async close() {
      await attempt?.catch(() => undefined);
      await unload();
      state = initialState();
    },
  };
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** First line of the message, plus the cause's code ("fetch failed (ECONNREFUSED)"). */
function firstLine(err: unknown): string {
  const text = ((err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '').trim();
  const code = err instanceof Error ? (err.cause as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === 'string' ? `${text} (${code})` : text;
}
