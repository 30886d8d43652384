// The local NLI judge: a sequence-classification model (default Xenova/nli-deberta-v3-xsmall, q8)
// run by transformers.js on the CPU, with the passage as premise and the statement as `text_pair`.
// Without the package, without the model files, with a broken model, or while the model downloads,
// judge() hands out a NoModel (nothing is judged; the warning says why) and status() says why.
// status() says so before any claim is checked: a missing package (npm dropped it) is found by
// resolving it, missing files by looking for them; only a failing load waits for the first judge().
// Nothing is ever downloaded inside a tool call: `biointel nli download` (download()) fetches the
// model into <dataDir>/models, and a server that starts without it downloads it in the background
// (startAutoDownload(), BIOINTEL_NLI_AUTO_DOWNLOAD) while calls go on unjudged.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type Keyv from 'keyv';
import PQueue from 'p-queue';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { NO_MODEL_METHOD, type ActiveJudge, type Judgement, type ModelJudge, type NliService, type NliState, type NliStatus, type NoModel, type ProgressFn } from './judge.js';
import { DownloadTracker, downloadFailure, progressFilePath, readDownload } from './nli-download.js';
import { firstLine, loadModel, MISSING_ERRORS, modelFiles, pairFits, statementFits, remoteHost, resolveModelSource, scorePair, type LoadedModel } from './nli-load.js';
import { NLI_PACKAGE, nliPackageStatus, type NliPackageStatus } from './nli-package.js';
import { noModelWarning } from './no-model.js';

export { mapLabels, softmax, toJudgement, type LabelMap } from './nli-labels.js';
export { resolveModelSource, type ModelSource } from './nli-load.js';

export interface NliDeps {
  config: Config;
  log: Logger;
  /** Verdict cache (the store's `nli` namespace). */
  cache: Keyv;
  /** Whether @huggingface/transformers can be resolved; injected by tests (vi.mock cannot hide a package from import.meta.resolve). */
  packageStatus?: () => NliPackageStatus;
}

/**
 * lastError while the package is missing. Starts like a failed import's error, which
 * noModelWarning() recognises; says what happened and the fix, as `biointel nli status` does.
 */
export const PACKAGE_MISSING_ERROR =
  `TransformersMissingError: the optional package ${NLI_PACKAGE} is not installed (npm drops it, and exits 0, when onnxruntime-node's download fails), ` +
  'so no NLI model can run and claims are answered "unjudged". Reinstall biointel with ONNXRUNTIME_NODE_INSTALL=skip set (see the README).';

/** NliService plus instrumentation used by tests and `biointel nli status`. */
export interface LocalNliService extends NliService {
  /** Model runs and cache hits since creation. */
  stats(): { inferences: number; cacheHits: number };
  /** Releases the ONNX session; the next judge() loads again. */
  close(): Promise<void>;
}

/** Verdict cache key: sha256 of (model id or absolute folder, dtype, passage, statement). v2: long
 * premises are judged as covering windows (v1 shrank them to one lexically chosen window). */
export function nliCacheKey(model: string, dtype: string, passage: string, claim: string): string {
  return `v2:${createHash('sha256').update(JSON.stringify([model, dtype, passage, claim])).digest('hex')}`;
}

/** Log lines of a background download, at most one per quarter. */
const LOG_EVERY_PERCENT = 25;

export function createNliService(deps: NliDeps): LocalNliService {
  const { config, log, cache, packageStatus = () => nliPackageStatus() } = deps;
  const off = config.nli === 'off';
  const source = resolveModelSource(config);
  const progressFile = progressFilePath(source, config.nliDtype);
  const nliMethod = `nli:${config.nliModel}@${config.nliDtype}`;
  const queue = new PQueue({ concurrency: 1 });
  const counts = { inferences: 0, cacheHits: 0 };
  const filesPresent = () => modelFiles(source, config.nliDtype).every((f) => existsSync(f));
  let state: NliState = initialState();
  let lastError: string | undefined;
  let attempt: Promise<ActiveJudge> | undefined;
  let loaded: LoadedModel | undefined;
  /** The last load failed because files were missing: retried once they appear. */
  let missingFiles = false;
  let downloading: { promise: Promise<NliStatus>; tracker: DownloadTracker; listeners: ProgressFn[] } | undefined;
  /** Once found the package stays found; while missing it is looked for again (a reinstall is seen). */
  let packageFound = false;
  const packageMissing = (): boolean => {
    if (off || loaded || packageFound) return false;
    packageFound = packageStatus().installed;
    return !packageFound;
  };

  // Before the first load, status() can only check that the package resolves (packageMissing) and
  // the files are in place; a load failure (corrupt file, unsupported model) later turns 'ready' into 'error'.
  function initialState(): NliState {
    if (off) return 'disabled';
    return filesPresent() ? 'ready' : 'not_downloaded';
  }

  const noModel = (): NoModel => ({ nliEnabled: false, method: NO_MODEL_METHOD, warning: noModelWarning(status(), source.local) });

  function modelJudge(m: LoadedModel): ModelJudge {
    return {
      nliEnabled: true,
      method: nliMethod,
      fits: (premise, hypothesis) => pairFits(m, premise, hypothesis),
      takes: (hypothesis) => statementFits(m, hypothesis),
      async score(premise, hypothesis) {
        const key = nliCacheKey(source.ref, config.nliDtype, premise, hypothesis);
        const hit = await readCache(key);
        if (hit) {
          counts.cacheHits++;
          return hit;
        }
        const judgement = await queue.add(() => {
          counts.inferences++;
          return scorePair(m, premise, hypothesis, log);
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
      return off ? noModel() : modelJudge(m);
    } catch (err) {
      const missing = err instanceof Error && MISSING_ERRORS.has(err.name);
      missingFiles = missing;
      state = missing ? 'not_downloaded' : 'error';
      lastError = allowRemote ? downloadFailure(config, remoteHost(config), err) : `${err instanceof Error ? err.name : 'Error'}: ${firstLine(err)}`;
      if (missing && !allowRemote) {
        lastError += source.local
          ? ' (check BIOINTEL_NLI_MODEL and BIOINTEL_NLI_DTYPE)'
          : ' (run `biointel nli download`, or set BIOINTEL_NLI_MODEL to a local model folder)';
      }
      log.warn('nli: model unavailable; claims are not judged', { reason: lastError });
      return noModel();
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

  function startDownload(onProgress?: ProgressFn): Promise<NliStatus> {
    if (downloading) {
      if (onProgress) downloading.listeners.push(onProgress);
      return downloading.promise;
    }
    const listeners = onProgress ? [onProgress] : [];
    const tracker = new DownloadTracker(progressFile, (file, loadedBytes, total) => {
      for (const l of listeners) l(file, loadedBytes, total);
    });
    const promise = (async () => {
      await attempt?.catch(() => undefined);
      // Already loaded means the files are in place; unloading would break judges in use.
      if (loaded && !off) return;
      await unload();
      // With BIOINTEL_NLI=off the files are still fetched (an explicit request) but not kept loaded.
      const judge = await load(true, tracker.onProgress);
      attempt = Promise.resolve(judge);
      if (off) await unload();
    })()
      .finally(() => {
        tracker.end();
        downloading = undefined;
      })
      .then(() => status());
    downloading = { promise, tracker, listeners };
    return promise;
  }

  function status(): NliStatus {
    // A model that appeared since (downloaded by another process, copied in) is ready to load.
    if (state === 'not_downloaded' && !downloading && filesPresent()) state = 'ready';
    // Without the package nothing can run, whatever the files: said before any load is tried (a
    // model that loaded anyway proves the package is there, and packageMissing() says no then).
    const noPackage = packageMissing();
    const download = noPackage ? undefined : (downloading?.tracker.progress() ?? readDownload(progressFile));
    const current: NliState = off ? 'disabled' : noPackage ? 'error' : download ? 'downloading' : state;
    // A failed import's own error (with its cause) is kept; otherwise the resolver's finding.
    const error = noPackage && !lastError?.startsWith('TransformersMissingError') ? PACKAGE_MISSING_ERROR : lastError;
    return {
      state: current,
      model: config.nliModel,
      dtype: config.nliDtype,
      threshold: config.nliThreshold,
      passageWindow: config.nliWindow,
      device: 'cpu',
      cacheDir: source.local ? source.ref : source.cacheDir,
      entailmentMethod: current === 'ready' ? nliMethod : NO_MODEL_METHOD,
      ...(download ? { download } : {}),
      ...(error === undefined ? {} : { lastError: error }),
    };
  }

  function startAutoDownload(): Promise<NliStatus> | undefined {
    if (off || !config.nliAutoDownload || source.local || filesPresent() || downloading || readDownload(progressFile)) return undefined;
    if (packageMissing()) {
      // A download would fail at the import anyway: say what to fix instead of "downloading".
      log.warn(`nli: the NLI model ${config.nliModel} is not downloaded, and is not downloaded in the background: ${PACKAGE_MISSING_ERROR}`);
      return undefined;
    }
    log.warn(
      `nli: the NLI model ${config.nliModel} is not downloaded; downloading it in the background from ${remoteHost(config)} into ${source.cacheDir}. ` +
        'Until it is ready claims are not judged (evidenceStatus "unjudged"); `biointel nli status` shows progress; BIOINTEL_NLI_AUTO_DOWNLOAD=0 turns this off.',
    );
    let logged = 0;
    const pending = startDownload(() => {
      const p = downloading?.tracker.progress();
      if (!p?.totalBytes) return;
      const percent = Math.floor((100 * p.loadedBytes) / p.totalBytes);
      if (percent >= logged + LOG_EVERY_PERCENT && percent < 100) {
        logged = percent - (percent % LOG_EVERY_PERCENT);
        log.warn(`nli: downloading ${config.nliModel}: ${percent}% (${megabytes(p.loadedBytes)} of ${megabytes(p.totalBytes)} MB)`);
      }
    });
    return pending.then((s) => {
      if (s.state === 'ready') log.warn(`nli: model ${config.nliModel} downloaded and loaded; claims are judged from now on`);
      else log.warn(`nli: model download failed; claims stay unjudged: ${s.lastError ?? s.state}`);
      return s;
    });
  }

  return {
    threshold: config.nliThreshold,
    window: config.nliWindow,
    judge() {
      // Never wait for a download (this process's or another's): answer unjudged meanwhile.
      if (off || downloading || readDownload(progressFile)) return Promise.resolve(noModel());
      if (missingFiles && filesPresent()) {
        missingFiles = false;
        attempt = undefined;
      }
      attempt ??= load(false);
      return attempt;
    },
    status,
    localState: () => `${state}|${downloading ? 'downloading' : ''}|${loaded ? 'loaded' : ''}|${missingFiles ? 'missing' : ''}`,
    download: (onProgress) => startDownload(onProgress),
    startAutoDownload,
    stats: () => ({ ...counts }),
    async close() {
      await downloading?.promise.catch(() => undefined);
      await attempt?.catch(() => undefined);
      await unload();
      state = initialState();
    },
  };
}

function megabytes(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1);
}
