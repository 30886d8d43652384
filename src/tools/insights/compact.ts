// The default answer of svc_generate_insights: the top items of every section with the fields a
// model reasons with, counts of what was left out, and how to fetch it from the snapshot. The full
// result (25 pathways, 25 candidates with every factor's detail and ADMET, all citation metrics...)
// stays in the snapshot, the CLI's --json and the HTML report. Sizes: bench/footprint.
import { z } from 'zod';
import { AUDIENCES } from '../../analysis/audiences.js';
import { Compactor, compactMeta, snapshotRest } from '../shared/compact.js';
import {
  candidateItem,
  candidateView,
  focusGeneItem,
  focusGeneView,
  hypothesisItem,
  hypothesisView,
  pathwayItem,
  pathwayView,
  statementItem,
  statementView,
  strategyItem,
  strategyView,
} from '../shared/panel-analysis/compact-items.js';
import { enrichmentStatusSchema } from '../shared/panel-analysis/enrichment-status.js';
import type { InsightsOutput } from '../shared/panel-analysis/schema.js';
import { integrity, provenance } from '../shared/schemas.js';

/** How many items of each list the default answer shows. */
export const SHOWN = {
  genes: 50,
  resolutions: 10,
  diseaseMatches: 3,
  pathways: 10,
  focusGenes: 5,
  strategies: 5,
  candidates: 10,
  hypotheses: 5,
  statements: 10,
  preprints: 3,
  citationMetrics: 5,
  warnings: 15,
} as const;

const strs = z.array(z.string());

export const insightsAnswer = z.object({
  snapshotId: z.string(),
  diseaseContext: z.string(),
  audience: z.enum(AUDIENCES),
  diseaseMatches: z.array(z.object({ id: z.string(), name: z.string() })),
  genes: strs.describe('Resolved symbols analysed'),
  unresolvedGenes: strs,
  geneResolution: z.array(z.object({ input: z.string(), symbol: z.string().nullable(), how: z.string() })).describe('Inputs not used as typed'),
  enrichmentStatus: enrichmentStatusSchema,
  enrichment: z.array(z.object({ library: z.string(), n: z.number().int(), tested: z.number().int(), significant: z.number().int() })).describe('Libraries tested; n: panel genes in the library (0: nothing testable)'),
  enrichedPathways: z.array(pathwayItem).describe('Best first; q <= 0.05'),
  enrichmentCrossCheck: z.object({ confirmed: z.number().int(), checked: z.number().int() }).nullable().describe('g:Profiler confirms this many reported pathways; null: unavailable'),
  focusGenes: z.array(focusGeneItem),
  therapeuticStrategies: z.array(strategyItem),
  drugCandidates: z.array(candidateItem).describe('Tier I first'),
  drugCandidatesTotal: z.number().int(),
  drugAnalysisNote: z.string().optional().describe('Why drug candidates are absent'),
  hypotheses: z.array(hypothesisItem),
  evidenceBrief: z.object({ headline: z.string(), summary: z.string(), statements: z.array(statementItem) }),
  preprints: z.array(z.object({ title: z.string(), doi: z.string(), date: z.string().nullable(), gene: z.string() })).describe('Not peer reviewed'),
  citationMetrics: z
    .array(z.object({ pmid: z.string(), year: z.number().nullable(), citationCount: z.number().nullable(), relativeCitationRatio: z.number().nullable() }))
    .describe('Most cited of the cited papers'),
  integrity,
  qualityScore: z.number(),
  ...provenance,
  ...compactMeta,
});

export type InsightsAnswer = z.input<typeof insightsAnswer>;

export function compactInsights(r: InsightsOutput): InsightsAnswer {
  const c = new Compactor(snapshotRest(r.snapshotId));
  const byCitations = [...r.citationMetrics].sort((a, b) => (b.citationCount ?? -1) - (a.citationCount ?? -1));
  const reResolved = r.geneResolution.filter((g) => g.symbol !== g.input);
  return {
    snapshotId: r.snapshotId,
    diseaseContext: r.diseaseContext,
    audience: r.audience,
    diseaseMatches: c.top('diseaseMatches', r.diseaseMatches, SHOWN.diseaseMatches, (d) => d),
    genes: c.top('genes', r.genes, SHOWN.genes, (g) => g),
    unresolvedGenes: c.top('unresolvedGenes', r.unresolvedGenes, SHOWN.genes, (g) => g),
    geneResolution: c.top('geneResolution', reResolved, SHOWN.resolutions, (g) => g),
    enrichmentStatus: r.enrichmentStatus,
    enrichment: r.enrichment.map((e) => ({ library: e.library, n: e.n, tested: e.tested, significant: e.significant })),
    enrichedPathways: c.top('enrichedPathways', r.enrichedPathways, SHOWN.pathways, pathwayView),
    enrichmentCrossCheck: r.enrichmentCrossCheck ? { confirmed: r.enrichmentCrossCheck.confirmed, checked: r.enrichmentCrossCheck.checked } : null,
    focusGenes: c.top('focusGenes', r.focusGenes, SHOWN.focusGenes, focusGeneView),
    therapeuticStrategies: c.top('therapeuticStrategies', r.therapeuticStrategies, SHOWN.strategies, strategyView),
    drugCandidates: c.top('drugCandidates', r.drugCandidates, SHOWN.candidates, candidateView),
    drugCandidatesTotal: r.drugCandidatesTotal,
    ...(r.drugAnalysisNote ? { drugAnalysisNote: r.drugAnalysisNote } : {}),
    hypotheses: c.top('hypotheses', r.hypotheses, SHOWN.hypotheses, hypothesisView),
    evidenceBrief: {
      headline: r.evidenceBrief.headline,
      summary: r.evidenceBrief.summary,
      statements: c.top('evidenceBrief.statements', r.evidenceBrief.statements, SHOWN.statements, statementView),
    },
    preprints: c.top('preprints', r.preprints, SHOWN.preprints, (p) => ({ title: p.title, doi: p.doi, date: p.date, gene: p.gene })),
    citationMetrics: c.top('citationMetrics', byCitations, SHOWN.citationMetrics, (m) => ({
      pmid: m.pmid,
      year: m.year,
      citationCount: m.citationCount,
      relativeCitationRatio: m.relativeCitationRatio,
    })),
    integrity: r.integrity,
    qualityScore: r.qualityScore,
    sources: r.sources,
    warnings: c.top('warnings', r.warnings, SHOWN.warnings, (w) => w),
    ...c.meta(),
  };
}
