// What a focus-gene cell that holds no value means, and how far a CIViC count in the disease goes.
// AlphaFold, CIViC and ClinPGx are asked once per gene, so one gene's call can fail while the
// others answer (the source is then `partial`): that gene's value is not known, which a dash
// ("nothing there") would hide. The failed call's warning names the gene in the words below, which
// profiles.ts gives the report; the renderers (terminal, HTML) read them back from `warnings`.
// CIViC lists at most CIVIC_MAX_FIRST items a request: with more, `inDiseaseContext` counts among
// those read (profiles.ts, clinicalOf), and null says none of them was (not that CIViC has none).
import { CIVIC_MAX_FIRST } from '../../../sources/civic.js';
import { sourceFailed } from '../../../source-status.js';

/** Sources asked once per focus gene, and what a gene loses when its own call fails. */
const LOST_FOR_GENE = {
  alphafold: (symbol: string) => `AlphaFold structure confidence of ${symbol} is missing`,
  civic: (symbol: string) => `CIViC clinical evidence for ${symbol} is missing`,
  pharmgkb: (symbol: string) => `ClinPGx pharmacogenomic annotations for ${symbol} are missing`,
} as const;

export type PerGeneSource = keyof typeof LOST_FOR_GENE;

/** The words a failed per-gene call's warning carries (SourceReport: "<source> failed (<these>): <error>"). */
export function lostForGene(source: PerGeneSource, symbol: string): string {
  return LOST_FOR_GENE[source](symbol);
}

interface Outcome {
  sources: readonly { id: string; status: string }[];
  warnings: readonly string[];
}

/** True when the gene's value from this source is not known: the source failed, or its call for this gene did. */
export function failedForGene(r: Outcome, source: string, symbol: string): boolean {
  if (sourceFailed(r.sources, source)) return true;
  if (!(source in LOST_FOR_GENE)) return false;
  const words = `(${lostForGene(source as PerGeneSource, symbol)})`;
  return r.warnings.some((w) => w.startsWith(`${source} `) && w.includes(words));
}

/** The genes whose own call to the source failed while the source answered for others. */
export function genesFailed(r: Outcome, source: string, symbols: readonly string[]): string[] {
  if (sourceFailed(r.sources, source)) return [];
  return symbols.filter((s) => failedForGene(r, source, s));
}

/**
 * How the CIViC count in the disease reads: `all` when every item CIViC listed was read (an exact
 * count); `first` when CIViC has more than one request lists, counted among the first read (none
 * of them when null); `unknown` when not every item was read and the count cannot be bounded.
 */
export type CivicInDisease = { read: 'all'; count: number } | { read: 'first'; first: number; count: number } | { read: 'unknown' };

export function civicInDisease(c: { evidenceItems: number; inDiseaseContext: number | null }): CivicInDisease {
  if (c.evidenceItems > CIVIC_MAX_FIRST) return { read: 'first', first: CIVIC_MAX_FIRST, count: c.inDiseaseContext ?? 0 };
  return c.inDiseaseContext === null ? { read: 'unknown' } : { read: 'all', count: c.inDiseaseContext };
}
