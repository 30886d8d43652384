// The sentences that say enrichment did not run, tested nothing or had too little power to mean
// much, apart from the zod schema of enrichment-status.ts so that the widget bundle can use them
// without zod: one wording everywhere (MCP text, terminal, HTML report, widget).
import { DEFAULT_SET_SIZES } from '../../../analysis/enrichment-library.js';
import type { EnrichmentStatus } from './enrichment-status.js';

/** A library's row: `tested` is the BH m (sets of the sizes tested), `withOverlap` the tested sets holding a panel gene. */
export interface LibraryTested {
  library: string;
  n: number;
  tested?: number;
  withOverlap?: number;
}

const SIZES = `${DEFAULT_SET_SIZES.minSize} to ${DEFAULT_SET_SIZES.maxSize.toLocaleString('en-US')} genes`;

/**
 * Why a library tested no set that could hold a panel gene, or undefined when it tested some: no
 * panel gene in it, or no set of the sizes tested (a GMT of 3-gene modules). Either way its
 * "0 significant" is no finding. `withOverlap` 0 (panel genes only in sets outside the sizes
 * tested) counts too where the caller knows it (the full analysis and `biointel enrich` do).
 */
export function untestedReason(r: LibraryTested): string | undefined {
  if (r.n === 0) return 'no panel gene is in it';
  if (r.tested === 0) return `no set has ${SIZES} (the sizes tested)`;
  if (r.withOverlap === 0) return `no set of ${SIZES} (the sizes tested) holds a panel gene`;
  return undefined;
}

/**
 * Every library tested nothing (no panel gene in any, or no set of the sizes tested): this is no
 * finding that no pathway is enriched. Undefined otherwise.
 */
export function enrichmentUntestedNote(results: readonly LibraryTested[]): string | undefined {
  if (!results.length || results.some((r) => untestedReason(r) === undefined)) return undefined;
  // The wording of the common case (symbols no library knows, e.g. non-coding genes) stays short.
  if (results.every((r) => r.n === 0)) return `Pathway enrichment tested nothing: no panel gene is in any of the ${results.length} gene-set libraries; this is not a finding that no pathway is enriched.`;
  return `Pathway enrichment tested nothing: ${untestedList(results)}; this is not a finding that no pathway is enriched.`;
}

/** "mine: no set has 5 to 2,000 genes (the sizes tested); KEGG: no panel gene is in it" for the libraries that tested nothing. */
export function untestedList(results: readonly LibraryTested[]): string {
  return results.flatMap((r) => {
    const why = untestedReason(r);
    return why ? [`${r.library}: ${why}`] : [];
  }).join('; ');
}

/** Some libraries tested nothing while others tested sets: they are named, apart from those tested. Undefined otherwise. */
export function librariesUntestedNote(results: readonly LibraryTested[]): string | undefined {
  const untested = results.filter((r) => untestedReason(r) !== undefined);
  if (!untested.length || untested.length === results.length) return undefined;
  return `Gene-set ${untested.length === 1 ? 'library' : 'libraries'} not tested (${untestedList(untested)}): ${untested.length === 1 ? 'it says' : 'they say'} nothing about enrichment.`;
}

/**
 * Panel genes in a library below which over-representation analysis has little power. With 1 gene,
 * p = K/N for every set holding it, and BH over the m sets tested keeps q above 0.05: no gene of six
 * real libraries (GO BP/MF/CC, Reactome, Hallmark; 75,000 gene-library pairs) reaches it, the lowest
 * q being 0.087. With 2, only a set holding both can: 2 genes drawn from one GO BP set of 5-50 genes
 * find it almost always, from a set of 51-200 genes 27% of the time, 3 genes always (docs/methods.md).
 */
export const MIN_GENES_FOR_POWER = 3;

/**
 * The clause that hedges "no gene set reaches q <= 0.05" when no library tested has at least
 * MIN_GENES_FOR_POWER panel genes, e.g. "a 1-gene panel gives over-representation analysis little
 * power"; undefined otherwise (or when no library tested anything: that is enrichmentUntestedNote's).
 * `panelSize`: the panel's genes, to say "a 1-gene panel" when they are all in the library.
 */
export function enrichmentLowPowerClause(results: readonly LibraryTested[], panelSize?: number): string | undefined {
  const tested = results.filter((r) => untestedReason(r) === undefined);
  if (!tested.length) return undefined;
  const n = Math.max(...tested.map((r) => r.n));
  if (n >= MIN_GENES_FOR_POWER) return undefined;
  if (panelSize === undefined || panelSize <= n) return `a ${n}-gene panel gives over-representation analysis little power`;
  return `only ${n} of the ${panelSize} panel genes ${n === 1 ? 'is' : 'are'} in a gene-set library tested, which gives over-representation analysis little power`;
}

/** The warning beside enrichmentLowPowerClause: what the test can and cannot say with so few genes. */
export function enrichmentLowPowerNote(results: readonly LibraryTested[], panelSize?: number): string | undefined {
  if (!enrichmentLowPowerClause(results, panelSize)) return undefined;
  const n = Math.max(...results.filter((r) => untestedReason(r) === undefined).map((r) => r.n));
  return (
    `Pathway enrichment has little power with ${n === 1 ? '1 panel gene' : `${n} panel genes`} in the libraries tested: with 1 gene, p is only the share of ` +
    `the library's genes in each set holding it, and the correction over all sets tested keeps q above 0.05; with 2, only a small set holding both can reach it. ` +
    `No set at q <= 0.05 is then no finding that the genes are in no pathway.`
  );
}

/** One sentence for briefs, summaries and reports when enrichment did not run; undefined when it did. */
export function enrichmentNotComputedNote(status: Pick<EnrichmentStatus, 'state' | 'failed'>): string | undefined {
  if (status.state !== 'not_computed') return undefined;
  const which = status.failed.length ? `: ${status.failed.map((f) => f.library).join(', ')} failed` : ': no library was available';
  return `Pathway enrichment could not run (no gene-set library could be loaded${which}); this is not a finding that no pathway is enriched.`;
}
