// The contract between the evidence pipeline and whatever judges entailment: the local NLI model
// (evidence/nli.ts) or, when no model is available, the lexical fallback. The pipeline only sees this.

/** Probabilities of one (premise, hypothesis) pair; they sum to 1 for a 3-way model. */
export interface Judgement {
  entailment: number;
  neutral: number;
  contradiction: number;
}

export interface ActiveJudge {
  /** True only when a real NLI model produced the scores. */
  nliEnabled: boolean;
  /** Reported in results' `entailmentMethod`, e.g. `nli:Xenova/nli-deberta-v3-xsmall@q8` or `lexical-overlap`. */
  method: string;
  score(premise: string, hypothesis: string): Promise<Judgement>;
}

export type NliState = 'ready' | 'loading' | 'not_downloaded' | 'disabled' | 'error';

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
  lastError?: string;
}

export interface NliService {
  readonly threshold: number;
  readonly window: number;
  /** Loads the model once (memoized); never downloads unless configured to; never throws. */
  judge(): Promise<ActiveJudge>;
  status(): NliStatus;
  /** Explicit download into the data directory (`biointel nli download`). */
  download(onProgress?: (file: string, loaded: number, total: number | undefined) => void): Promise<NliStatus>;
}
