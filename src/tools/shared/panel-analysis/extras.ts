// Second opinions and context around the core of an analysis: an independent enrichment by
// g:Profiler, Reactome's own summary of the top Reactome pathways, preprints (Europe PMC + bioRxiv),
// trials (ClinicalTrials.gov) and FDA labels (openFDA) of the top drug candidates, and citation
// metrics (iCite, Semantic Scholar) of every PMID the answer cites. None of these is needed for the
// core result, so each one degrades to "unknown" and a warning when its source fails.
import type { DrugCandidate } from '../../../analysis/drug-candidates.js';
import type { EnrichmentRow } from '../../../analysis/enrichment.js';
import { wordLikeSymbol } from '../../../analysis/gene-synonyms.js';
import { pathwayLabel } from '../../../analysis/pathway-names.js';
import { normaliseTermName, termKey, type GostResult } from '../../../sources/gprofiler.js';
import { anyCondition } from '../../../sources/clinicaltrials.js';
import type { Gather } from '../gather.js';
import { titleAbstractQuery, type Term } from '../literature.js';
import { truncate } from '../../../text.js';

export const EXTRA_CAPS = {
  reactomeDetails: 3,
  preprintGenes: 2,
  preprintDetails: 3,
  trialCandidates: 3,
  labelCandidates: 5,
  citationMetrics: 200,
} as const;

const SUMMARY_CHARS = 400;

export interface CrossCheck {
  source: 'gprofiler';
  version: string | null;
  significantTerms: number;
  /** Keys (stable ids and normalised names) of g:Profiler's significant terms. */
  keys: Set<string>;
}

/** g:Profiler's own enrichment of the same genes (its annotations, its g:SCS/FDR): agreement is a second opinion. */
export async function gprofilerCrossCheck(g: Gather, symbols: readonly string[]): Promise<CrossCheck | undefined> {
  if (symbols.length === 0) {
    g.report.skip('gprofiler', 'no gene to test');
    return undefined;
  }
  const r = await g.report.call('gprofiler', () => g.call.ctx.sources.gprofiler.gost(symbols, {}, g.call.signal), {
    records: (x) => x.terms.length,
    degrades: 'enriched pathways are not cross-checked against g:Profiler',
  });
  return r ? crossCheckOf(r) : undefined;
}

/** The keys (stable ids and normalised names) of g:Profiler's significant terms. */
export function crossCheckOf(r: GostResult): CrossCheck {
  const keys = new Set<string>();
  let significantTerms = 0;
  for (const t of r.terms) {
    if (!t.significant) continue;
    significantTerms++;
    const id = termKey(t.native);
    if (id) keys.add(id);
    keys.add(normaliseTermName(t.name));
  }
  return { source: 'gprofiler', version: r.version, significantTerms, keys };
}

/** True when g:Profiler also calls this gene set significant (same id, or same normalised name). */
export function confirmedBy(check: CrossCheck | undefined, row: Pick<EnrichmentRow, 'id' | 'name'>): boolean | null {
  if (!check) return null;
  const id = termKey(row.id) ?? termKey(row.name);
  return (id !== null && check.keys.has(id)) || check.keys.has(normaliseTermName(pathwayLabel(row.name)));
}

/** Reactome's summation and disease flag for the top significant Reactome pathways, by stable id. */
export async function reactomeSummaries(g: Gather, significant: readonly EnrichmentRow[]): Promise<Map<string, { summary: string | null; inDisease: boolean | null }>> {
  const ids = [...new Set(significant.map((r) => r.id).filter((id) => /^R-HSA-\d+$/.test(id)))].slice(0, EXTRA_CAPS.reactomeDetails);
  const out = new Map<string, { summary: string | null; inDisease: boolean | null }>();
  if (ids.length === 0) {
    g.report.skipAfter('reactome', 'no significant Reactome pathway', ['enrichr']);
    return out;
  }
  await Promise.all(
    ids.map(async (id) => {
      const d = await g.report.call('reactome', () => g.call.ctx.sources.reactome.pathway(id, g.call.signal), { degrades: `Reactome's summary of ${id} is missing` });
      if (d) out.set(id, { summary: d.summary ? truncate(d.summary, SUMMARY_CHARS) : null, inDisease: d.inDisease });
    }),
  );
  return out;
}

export interface PreprintOut {
  doi: string;
  title: string;
  date: string | null;
  server: string | null;
  version: number | null;
  publishedDoi: string | null;
  gene: string;
  url: string;
}

/** Preprints naming a focus gene and the disease: found by Europe PMC (SRC:PPR), detailed by bioRxiv/medRxiv. */
export async function preprints(g: Gather, genes: readonly string[], disease: Term, names: ReadonlyMap<string, readonly string[]> = new Map()): Promise<PreprintOut[]> {
  const found = await Promise.all(
    // A symbol that is also an English word is not searched (wordLikeSymbol; the analysis warns).
    genes.filter((gene) => wordLikeSymbol(gene) === null).slice(0, EXTRA_CAPS.preprintGenes).map(async (gene) => {
      const query = titleAbstractQuery([names.get(gene) ?? [gene], disease], 'PPR');
      const r = await g.report.call('europepmc', () => g.call.ctx.sources.europepmc.search(query, { pageSize: 5, sort: 'P_PDATE_D desc' }, g.call.signal), {
        records: (x) => x.records.length,
        degrades: `preprints on ${gene} are missing`,
      });
      return r ? r.records.filter((x) => x.doi?.startsWith('10.1101/')).map((x) => ({ gene, doi: x.doi!, title: x.title, year: x.year })) : null;
    }),
  );
  const unique = [...new Map(found.flatMap((x) => x ?? []).map((x) => [x.doi.toLowerCase(), x])).values()].slice(0, EXTRA_CAPS.preprintDetails);
  if (unique.length === 0) {
    // A search that failed found nothing because it did not run: not "no preprint found".
    const failed = found.filter((x) => x === null).length;
    g.report.skip('biorxiv', failed === found.length && failed > 0 ? 'preprints not searched: the Europe PMC preprint search failed' : failed ? `no bioRxiv/medRxiv preprint found for the focus genes searched (${failed} of ${found.length} searches failed)` : 'no bioRxiv/medRxiv preprint found for the focus genes');
    return [];
  }
  return Promise.all(
    unique.map(async (x): Promise<PreprintOut> => {
      const d = await g.report.call('biorxiv', () => g.call.ctx.sources.biorxiv.details(x.doi, g.call.signal), { degrades: `bioRxiv details of ${x.doi} are missing` });
      return {
        doi: x.doi,
        title: d?.title ?? x.title,
        date: d?.date ?? (x.year ? String(x.year) : null),
        server: d?.server ?? null,
        version: d?.version ?? null,
        publishedDoi: d?.publishedDoi ?? null,
        gene: x.gene,
        url: d?.url ?? `https://doi.org/${x.doi}`,
      };
    }),
  );
}

export interface CandidateContext {
  trials?: { total: number | null; maxPhase: number | null; nctIds: string[]; query: string };
  label?: { boxedWarning: boolean; boxedWarningText: string | null; url: string } | null;
}

/** Trials of the top candidates in the disease, and FDA labels (boxed warnings) of the approved ones. */
/** `disease`: its names, as typed and as matched (disease.ts literatureDiseaseNames). */
export async function candidateContext(g: Gather, ranked: readonly DrugCandidate[], disease: readonly string[]): Promise<Map<string, CandidateContext>> {
  const condition = anyCondition(disease);
  const out = new Map<string, CandidateContext>();
  const key = (c: DrugCandidate) => c.chemblId ?? c.name;
  const forTrials = ranked.slice(0, EXTRA_CAPS.trialCandidates);
  const forLabels = ranked.filter((c) => c.approved).slice(0, EXTRA_CAPS.labelCandidates);
  if (forTrials.length === 0) g.report.skipAfter('clinicaltrials', 'no drug candidate', ['opentargets', 'dgidb', 'chembl']);
  if (forLabels.length === 0) g.report.skipAfter('openfda', 'no approved drug candidate', ['opentargets', 'dgidb', 'chembl']);
  await Promise.all([
    ...forTrials.map(async (c) => {
      const q = { condition, intervention: c.name.toLowerCase(), pageSize: 5 };
      const r = await g.report.call('clinicaltrials', () => g.call.ctx.sources.clinicaltrials.search(q, g.call.signal), {
        records: (x) => x.trials.length,
        degrades: `trials of ${c.name} are missing`,
      });
      if (!r) return;
      const phases = r.trials.map((t) => t.phase).filter((p): p is number => p !== null);
      const entry = out.get(key(c)) ?? {};
      entry.trials = { total: r.total, maxPhase: phases.length ? Math.max(...phases) : null, nctIds: r.trials.map((t) => t.nctId), query: `${c.name.toLowerCase()} AND ${condition.includes(' OR ') ? `(${condition})` : condition}` };
      out.set(key(c), entry);
    }),
    ...forLabels.map(async (c) => {
      const label = await g.report.call('openfda', () => g.call.ctx.sources.openfda.label(c.name, g.call.signal), { degrades: `the FDA label of ${c.name} is missing` });
      if (label === undefined) return;
      const entry = out.get(key(c)) ?? {};
      entry.label = label ? { boxedWarning: Boolean(label.boxedWarning), boxedWarningText: label.boxedWarning ? truncate(label.boxedWarning, SUMMARY_CHARS) : null, url: label.url } : null;
      out.set(key(c), entry);
    }),
  ]);
  return out;
}

export interface CitationMetric {
  pmid: string;
  year: number | null;
  citationCount: number | null;
  relativeCitationRatio: number | null;
  nihPercentile: number | null;
  isClinical: boolean | null;
  influentialCitationCount: number | null;
  semanticScholarId: string | null;
}

/** How much each cited paper has been cited (iCite, Semantic Scholar): context for weighing the evidence. */
export async function citationMetrics(g: Gather, pmids: readonly string[]): Promise<CitationMetric[]> {
  const list = [...new Set(pmids)].slice(0, EXTRA_CAPS.citationMetrics);
  if (list.length === 0) {
    for (const id of ['icite', 'semanticscholar'] as const) g.report.skipAfter(id, 'no citation to measure', ['eutils', 'europepmc']);
    return [];
  }
  const [icite, s2] = await Promise.all([
    g.report.call('icite', () => g.call.ctx.sources.icite.pubs(list, g.call.signal), {
      records: (m) => [...m.values()].filter(Boolean).length,
      degrades: 'citation metrics from NIH iCite are missing',
    }),
    g.report.call('semanticscholar', () => g.call.ctx.sources.semanticscholar.papers(list, g.call.signal), {
      records: (m) => [...m.values()].filter(Boolean).length,
      degrades: 'influential-citation counts from Semantic Scholar are missing',
    }),
  ]);
  return list.map((pmid) => {
    const a = icite?.get(pmid) ?? null;
    const b = s2?.get(pmid) ?? null;
    return {
      pmid,
      year: a?.year ?? b?.year ?? null,
      citationCount: a?.citationCount ?? b?.citationCount ?? null,
      relativeCitationRatio: a?.relativeCitationRatio ?? null,
      nihPercentile: a?.nihPercentile ?? null,
      isClinical: a?.isClinical ?? null,
      influentialCitationCount: b?.influentialCitationCount ?? null,
      semanticScholarId: b?.paperId ?? null,
    };
  });
}

