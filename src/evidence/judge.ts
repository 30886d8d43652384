// The contract between the evidence pipeline and whatever judges entailment. Only a real NLI model
// judges; without one the pipeline gets a NoModel "judge" that cannot score anything, so nothing
// can be called supported, contradicted or grounded by accident (fail closed; DESIGN.md 2.1).

/** Probabilities of one (premise, hypothesis) pair; they sum to 1 for a 3-way model. */
export interface Judgement {
  entailment: number;
  neutral: number;
  contradiction: number;
}

export interface ModelJudge {
  nliEnabled: true;
  /** Reported in results' `entailmentMethod`, e.g. `nli:Xenova/nli-deberta-v3-xsmall@q8`. */
  method: string;
  /** Whether premise and hypothesis fit the model's input whole (then no window is needed). */
  fits(premise: string, hypothesis: string): boolean;
  /**
   * Whether a statement leaves room for evidence in the model's input. One that does not is not
   * judged (it was cut to fit, and a negation at its end was lost: "... and it was never effective").
   */
  takes(hypothesis: string): boolean;
  score(premise: string, hypothesis: string): Promise<Judgement>;
}

/** No model available: nothing is judged, and `warning` says why and how to fix it. */
export interface NoModel {
  nliEnabled: false;
  /** `none`: reported as entailmentMethod. */
  method: string;
  /** Names the missing model and the command that fixes it; goes into every result's warnings[]. */
  warning: string;
}

export type ActiveJudge = ModelJudge | NoModel;

export const NO_MODEL_METHOD = 'none';

export type NliState = 'ready' | 'loading' | 'downloading' | 'not_downloaded' | 'disabled' | 'error';

/** Progress of a model download (the background one at server start, or `biointel nli download`). */
export interface DownloadProgress {
  /** File being fetched now (relative to the model folder). */
  file: string;
  loadedBytes: number;
  /** Sum of the sizes announced so far; undefined until the host sends a size. */
  totalBytes?: number;
  startedAt: string;
}

/** GET /api/nli/status and `biointel nli status`. */
export interface NliStatus {
  state: NliState;
  model: string;
  dtype: string;
  threshold: number;
  passageWindow: number;
  device: string;
  /** Where model files are looked up / downloaded to. */
  cacheDir: string;
  entailmentMethod: string;
  /** Set while state is `downloading`. */
  download?: DownloadProgress;
  lastError?: string;
}

export type ProgressFn = (file: string, loaded: number, total: number | undefined) => void;

export interface NliService {
  readonly threshold: number;
  readonly window: number;
  /**
   * The judge for this call: the model when it is loaded (loading it from disk once, memoized), or
   * a NoModel. Never waits for a download; never throws.
   */
  judge(): Promise<ActiveJudge>;
  status(): NliStatus;
  /** Explicit download into the data directory (`biointel nli download`). */
  download(onProgress?: ProgressFn): Promise<NliStatus>;
  /**
   * Starts downloading the default model in the background when it is missing and automatic
   * download is on (BIOINTEL_NLI_AUTO_DOWNLOAD). Returns the pending download, or undefined when
   * none was started. Tool calls never wait for it: judge() answers NoModel until it is done.
   */
  startAutoDownload(): Promise<NliStatus> | undefined;
  /**
   * What this process knows of the model without looking at the disk (loaded, loading, its own
   * download): changes at once when that changes. status() also looks for other processes' work.
   */
  localState?(): string;
}

/** Strongest evidence over windows: entailment and contradiction each the max, neutral the min. */
export function strongest(judgements: readonly Judgement[]): Judgement {
  if (judgements.length === 0) return { entailment: 0, neutral: 1, contradiction: 0 };
  return {
    entailment: Math.max(...judgements.map((j) => j.entailment)),
    neutral: Math.min(...judgements.map((j) => j.neutral)),
    contradiction: Math.max(...judgements.map((j) => j.contradiction)),
  };
}
