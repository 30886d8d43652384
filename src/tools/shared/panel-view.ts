// Reads a panel analysis result (fresh from analysePanel, or saved in a snapshot, possibly by an
// older or newer biointel) into the PanelView that comparison and diff work on. Lenient where
// versions differ (a field added later may be missing; an integrity figure may be null when it
// was not computed), strict where a wrong shape would give a wrong answer.
import { z } from 'zod';
import type { PanelView, Withdrawal } from '../../analysis/panel-view.js';
import { InvalidInputError } from '../../errors.js';
import { MAX_CANDIDATES } from './panel-analysis/analyse.js';
import { enrichmentLowPowerClause, untestedReason, type LibraryTested } from './panel-analysis/enrichment-notes.js';
import { failedDrugSources } from './summary.js';
import { withdrawalReading } from '../../analysis/drug-tiers.js';

const factor = z.object({ value: z.number().nullable().optional(), contribution: z.number().nullable().optional() }).loose();

const view = z
  .object({
    genes: z.array(z.string()),
    diseaseContext: z.string(),
    enrichedPathways: z.array(z.object({ id: z.string(), name: z.string(), library: z.string(), q: z.number(), overlapGenes: z.array(z.string()).default([]) }).loose()),
    enrichment: z
      .array(z.object({ library: z.string(), significant: z.number(), n: z.number().optional(), tested: z.number().optional(), withOverlap: z.number().optional() }).loose())
      .default([]),
    drugCandidates: z
      .array(
        z
          .object({
            name: z.string(),
            chemblId: z.string().nullable().default(null),
            tier: z.string(),
            score: z.number(),
            factors: z.record(z.string(), factor).default({}),
            targetGenes: z.array(z.string()).default([]),
            withdrawn: z.boolean().optional(),
            withdrawnReason: z.string().nullable().optional(),
            withdrawalChecked: z.boolean().optional(),
          })
          .loose(),
      )
      .default([]),
    drugCandidatesTotal: z.number().optional(),
    drugAnalysisNote: z.string().optional(),
    hypotheses: z
      .array(z.object({ statement: z.string(), genes: z.array(z.string()), confidence: z.number(), confidenceLabel: z.string(), stringScore: z.number().nullable().optional(), coMentions: z.number().nullable().optional(), novel: z.boolean().optional(), literatureNotCounted: z.enum(['contradicted', 'void']).optional() }).loose())
      .default([]),
    integrity: z.record(z.string(), z.unknown()).default({}),
    qualityScore: z.number().nullable().default(null),
    sources: z.array(z.object({ id: z.string(), status: z.string() }).loose()).default([]),
  })
  .loose();

/**
 * The view of a panel analysis result. `field` names the input the result came from, for the
 * error when it cannot be read (e.g. "snapshotIdA").
 */
export function panelView(result: unknown, snapshotId: string, field: string): PanelView {
  const parsed = view.safeParse(result);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'result';
    throw new InvalidInputError(field, `snapshot ${snapshotId} does not hold a panel analysis this version can read (${where}: ${issue?.message ?? 'unexpected shape'})`);
  }
  const r = parsed.data;
  const withheld = r.drugAnalysisNote !== undefined && r.drugCandidates.length === 0;
  return {
    snapshotId,
    genes: r.genes,
    diseaseContext: r.diseaseContext,
    pathways: r.enrichedPathways.map((p) => ({ id: p.id, name: p.name, library: p.library, q: p.q, overlapGenes: p.overlapGenes })),
    significantPathways: Math.max(r.enrichment.reduce((s, e) => s + e.significant, 0), r.enrichedPathways.length),
    librariesTested: r.enrichment.filter(testedAny).map((e) => e.library),
    librariesLoaded: r.enrichment.map((e) => e.library),
    ...lowPowerOf(r.enrichment),
    drugs: withheld
      ? null
      : r.drugCandidates.map((d) => ({
          name: d.name,
          chemblId: d.chemblId,
          tier: d.tier,
          score: d.score,
          factors: Object.fromEntries(Object.entries(d.factors).map(([k, f]) => [k, { value: f.value ?? null, contribution: f.contribution ?? null }])),
          targetGenes: d.targetGenes,
          // "not checked: ..." (no record that would say was read) is not "not withdrawn", and
          // neither is an older snapshot's bare false (saved before withdrawalChecked): no reading.
          ...withdrawalOf(d),
        })),
    drugNote: r.drugAnalysisNote ?? null,
    // Without a saved total, a list as long as the cap may have been cut.
    drugsComplete: r.drugCandidatesTotal !== undefined ? r.drugCandidatesTotal <= r.drugCandidates.length : r.drugCandidates.length < MAX_CANDIDATES,
    drugSourcesFailed: withheld ? [] : failedDrugSources(r.sources),
    hypotheses: r.hypotheses,
    integrity: r.integrity,
    qualityScore: r.qualityScore,
    sources: r.sources,
  };
}

/**
 * A library tested the panel only when it tested a set that could hold a panel gene (the rule of
 * untestedReason): a library loaded with none of the panel's genes found nothing "not significant"
 * there. A snapshot saved without the counts (n) is taken as tested.
 */
function testedAny(e: { library: string; n?: number | undefined; tested?: number | undefined; withOverlap?: number | undefined }): boolean {
  if (e.n === undefined) return true;
  return untestedReason({ library: e.library, n: e.n, ...(e.tested === undefined ? {} : { tested: e.tested }), ...(e.withOverlap === undefined ? {} : { withOverlap: e.withOverlap }) }) === undefined;
}

/**
 * The most panel genes a tested library held, when too few for enrichment to have power (the rule
 * of enrichmentLowPowerClause, the analysis's own warning): a pathway this side does not report is
 * then no finding that it is not significant here. Not known (nothing set) when a library's count
 * was not saved (older snapshots).
 */
function lowPowerOf(rows: readonly { library: string; n?: number | undefined; tested?: number | undefined; withOverlap?: number | undefined }[]): { lowPowerGenes?: number } {
  const known: LibraryTested[] = [];
  for (const e of rows) {
    if (e.n === undefined) return {};
    known.push({ library: e.library, n: e.n, ...(e.tested === undefined ? {} : { tested: e.tested }), ...(e.withOverlap === undefined ? {} : { withOverlap: e.withOverlap }) });
  }
  if (!enrichmentLowPowerClause(known)) return {};
  return { lowPowerGenes: Math.max(...known.filter((r) => untestedReason(r) === undefined).map((r) => r.n)) };
}

function withdrawalOf(d: Parameters<typeof withdrawalReading>[0]): { withdrawal?: Withdrawal } {
  const withdrawal = withdrawalReading(d);
  return withdrawal ? { withdrawal } : {};
}
