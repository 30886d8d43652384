// Loading an NLI model with transformers.js (an optional dependency, imported lazily) and running
// one (premise, statement) pair through it. The premise is never cut by the tokenizer: a pair that
// does not fit the model's input is judged as overlapping windows of the premise (evidence/windows.ts),
// each scored, and the strongest entailment and contradiction kept.
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as Transformers from '@huggingface/transformers';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { strongest, type Judgement, type ProgressFn } from './judge.js';
import { mapLabels, softmax, toJudgement, type LabelMap } from './nli-labels.js';
import { coveringWindows } from './windows.js';

const MAX_TOKENS = 512;
const DTYPE_SUFFIX: Record<Config['nliDtype'], string> = {
  fp32: '', fp16: '_fp16', q8: '_quantized', int8: '_int8', uint8: '_uint8', q4: '_q4',
};

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

export function modelDir(source: ModelSource): string {
  return source.local ? source.ref : path.join(source.cacheDir, source.ref);
}

/** The files a sequence-classification model needs for this dtype (relative to its folder). */
export function modelFileNames(dtype: Config['nliDtype']): string[] {
  return ['config.json', 'tokenizer.json', 'tokenizer_config.json', `onnx/model${DTYPE_SUFFIX[dtype]}.onnx`];
}

export function modelFiles(source: ModelSource, dtype: Config['nliDtype']): string[] {
  return modelFileNames(dtype).map((f) => path.join(modelDir(source), f));
}

export interface TokenCounter {
  /** Tokens of a text without special tokens. */
  count(text: string): number;
  /** Special tokens added around a pair ([CLS] A [SEP] B [SEP] = 3). */
  pairSpecials: number;
}

export interface LoadedModel {
  tokenizer: Transformers.PreTrainedTokenizer;
  model: Transformers.PreTrainedModel;
  labels: LabelMap;
  maxTokens: number;
  counter: TokenCounter;
}

export class TransformersMissingError extends Error {
  override name = 'TransformersMissingError';
}

export class ModelNotDownloadedError extends Error {
  override name = 'ModelNotDownloadedError';
}
export const MISSING_ERRORS = new Set(['ModelNotDownloadedError', 'ModelFileNotFoundError']);

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

/** The hub a download goes to: the configured mirror, else transformers.js' default. */
export function remoteHost(config: Config): string {
  return withSlash(config.nliRemoteHost ?? defaultRemoteHost ?? 'https://huggingface.co/');
}

// transformers.js settings are process-global; loads run one at a time so two services (or a
// download next to a normal load) never see each other's allowRemoteModels / remoteHost.
let envLock: Promise<unknown> = Promise.resolve();
function withEnvLock<T>(fn: () => Promise<T>): Promise<T> {
  const run = envLock.then(fn, fn);
  envLock = run.catch(() => undefined);
  return run;
}

export async function loadModel(config: Config, source: ModelSource, allowRemote: boolean, onProgress?: ProgressFn): Promise<LoadedModel> {
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
    env.remoteHost = remoteHost(config);
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
      // Only an explicit download may reach the hub; every other load is local.
      env.allowRemoteModels = false;
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

/** Tokens left for the premise once the statement and the special tokens are in. */
export function premiseBudget(m: Pick<LoadedModel, 'counter' | 'maxTokens'>, claim: string): number {
  return m.maxTokens - m.counter.pairSpecials - m.counter.count(claim);
}

export function pairFits(m: Pick<LoadedModel, 'counter' | 'maxTokens'>, premise: string, claim: string): boolean {
  return m.counter.count(premise) <= premiseBudget(m, claim);
}

/** Smallest premise window worth judging; a statement leaving less is not judged (statementFits). */
const MIN_PREMISE_TOKENS = 16;

/** Whether a statement leaves room for a premise window; the pipeline does not judge one that does not. */
export function statementFits(m: Pick<LoadedModel, 'counter' | 'maxTokens'>, claim: string): boolean {
  return premiseBudget(m, claim) >= MIN_PREMISE_TOKENS;
}

/**
 * Scores a pair. When the premise does not fit, it is judged as overlapping windows sized to the
 * token budget (recursively, so every window fits) and the strongest result is returned: no part
 * of the premise is dropped, and the statement is never cut off by the tokenizer.
 */
export async function scorePair(m: LoadedModel, premise: string, claim: string, log: Logger): Promise<Judgement> {
  const budget = premiseBudget(m, claim);
  if (budget < MIN_PREMISE_TOKENS) {
    // Not reached from the pipeline, which does not judge such a statement (statementFits).
    log.warn('nli: statement longer than the model input; it is truncated', { maxTokens: m.maxTokens });
    return runModel(m, m.tokenizer(premise, { text_pair: claim, truncation: true, max_length: m.maxTokens }));
  }
  const tokens = m.counter.count(premise);
  if (tokens <= budget) return runModel(m, m.tokenizer(premise, { text_pair: claim }));
  const chars = Math.max(1, Math.min(premise.length - 1, Math.floor((premise.length * budget * 0.9) / tokens)));
  const judgements: Judgement[] = [];
  for (const window of coveringWindows(premise, chars)) judgements.push(await scorePair(m, window, claim, log));
  return strongest(judgements);
}

async function runModel(m: LoadedModel, inputs: Record<string, unknown>): Promise<Judgement> {
  const output = (await m.model(inputs)) as { logits: Transformers.Tensor };
  return toJudgement(softmax(Array.from(output.logits.data as Float32Array, Number)), m.labels);
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** First line of the message, plus the cause's code ("fetch failed (ECONNREFUSED)"). */
export function firstLine(err: unknown): string {
  const text = ((err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '').trim();
  const code = errorCode(err);
  return code ? `${text} (${code})` : text;
}

export function errorCode(err: unknown): string | undefined {
  const code = err instanceof Error ? (err.cause as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === 'string' ? code : undefined;
}
