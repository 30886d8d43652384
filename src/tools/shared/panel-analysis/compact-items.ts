// Compact views of the items of a panel analysis (pathways, drug candidates, strategies, hypotheses,
// brief statements, focus genes), shared by every tool whose default answer shows them
// (svc_generate_insights, and the comparison and repurposing tools built on the same engine). Each
import { evidenceStatus } from '../schemas.js';
// keeps the fields a model reasons with; the full item is in the snapshot section of the same name.
import { z } from 'zod';
import { FACTOR_NAMES } from '../../../analysis/drug-scoring.js';
import { withdrawalReading } from '../../../analysis/drug-tiers.js';
import { oneLine, round2 } from '../compact.js';
import type { InsightsOutput } from './schema.js';

type Full = InsightsOutput;
type Pathway = Full['enrichedPathways'][number];
type Candidate = Full['drugCandidates'][number];

const OVERLAP_SHOWN = 10;
const PMIDS_SHOWN = 3;

const num = z.number();
const str = z.string();
const strs = z.array(z.string());

export const pathwayItem = z
  .object({ id: str, name: str, library: str, q: num, k: z.number().int(), K: z.number().int(), oddsRatio: num, overlapGenes: strs, confirmedByGprofiler: z.boolean().nullable() })
  .meta({ id: 'pathway', description: 'An enriched gene set: q (BH), k of its K genes in the panel, overlap genes (first 10)' });

export function pathwayView(p: Pathway): z.input<typeof pathwayItem> {
  return { id: p.id, name: p.name, library: p.library, q: p.q, k: p.k, K: p.K, oddsRatio: p.oddsRatio, overlapGenes: p.overlapGenes.slice(0, OVERLAP_SHOWN), confirmedByGprofiler: p.confirmedByGprofiler };
}

export const candidateItem = z
  .object({
    name: str,
    chemblId: str.nullable(),
    tier: str,
    score: num,
    factors: z.record(z.enum(FACTOR_NAMES), num.nullable()).describe('The six factor values 0-1 (null: unknown)'),
    rationale: str,
    targetGenes: strs,
    maxPhase: num.nullable(),
    approved: z.boolean().nullable().describe('null: not known'),
    withdrawn: z.boolean().nullable().describe('null: not known'),
    roleConflict: strs.optional(),
    trials: z.number().int().nullable().optional().describe('Trials in the disease (ClinicalTrials.gov)'),
    boxedWarning: z.boolean().optional().describe('FDA boxed warning'),
  })
  .meta({ id: 'drugCandidate', description: 'A ranked drug candidate: tier, 6-factor score and why' });

export function candidateView(c: Candidate): z.input<typeof candidateItem> {
  const factors = Object.fromEntries(Object.entries(c.factors).map(([k, f]) => [k, f.value === null ? null : round2(f.value)]));
  return {
    name: c.name,
    chemblId: c.chemblId,
    tier: c.tier,
    score: round2(c.score),
    factors: factors as Record<(typeof FACTOR_NAMES)[number], number | null>,
    rationale: oneLine(c.tierReason),
    targetGenes: c.targetGenes,
    maxPhase: c.maxPhase,
    // No source gave a phase or an approval (status unknown): false would read "not approved".
    approved: c.status === 'unknown' ? null : c.approved,
    // Neither ChEMBL's molecule nor Open Targets' warnings read: false would read "not withdrawn".
    withdrawn: c.withdrawn ? true : withdrawalReading(c) === 'not known' ? null : false,
    // Genes the drug acts against the role of: the text and a model see it beside the rank.
    ...(c.roleConflicts?.length ? { roleConflict: c.roleConflicts.map((x) => x.gene) } : {}),
    ...(c.trials ? { trials: c.trials.total } : {}),
    ...(c.label ? { boxedWarning: c.label.boxedWarning } : {}),
  };
}

export const strategyItem = z.object({ strategy: str, approach: str, rationale: str, targetGenes: strs, pathways: strs, drugs: strs }).meta({ id: 'strategy' });

export function strategyView(s: Full['therapeuticStrategies'][number]): z.input<typeof strategyItem> {
  return {
    strategy: s.strategy,
    approach: s.approach,
    rationale: oneLine(s.rationale, 240),
    targetGenes: s.targetGenes,
    pathways: s.pathways.slice(0, 3).map((p) => p.name),
    drugs: s.drugs.slice(0, 5).map((d) => d.name),
  };
}

export const hypothesisItem = z
  .object({ id: str, statement: str, genes: strs, confidence: num, confidenceLabel: str, novel: z.boolean(), coMentions: z.number().int().nullable().describe('null: not searched or failed'), supportingPmids: strs })
  .meta({ id: 'hypothesis' });

export function hypothesisView(h: Full['hypotheses'][number]): z.input<typeof hypothesisItem> {
  // The co-mention count says whether the literature was checked: not novel and no PMID reads
  // differently with 0 articles, 120, or none searched (null).
  return { id: h.id, statement: h.statement, genes: h.genes, confidence: round2(h.confidence), confidenceLabel: h.confidenceLabel, novel: h.novel, coMentions: h.coMentions, supportingPmids: h.supportingPmids.slice(0, PMIDS_SHOWN) };
}

export const statementItem = z
  .object({ id: str, text: str, citations: strs, status: evidenceStatus.describe('The verdict on the statement: unjudged when no model judged it') })
  .meta({ id: 'statement' });

export function statementView(s: Full['evidenceBrief']['statements'][number]): z.input<typeof statementItem> {
  return { id: s.id, text: s.text, citations: s.citations, status: s.status };
}

export const focusGeneItem = z
  .object({
    symbol: str,
    why: str,
    protein: str.nullable(),
    targetClasses: strs.nullable(),
    plddt: num.nullable().describe('AlphaFold mean pLDDT'),
    loeuf: num.nullable().describe('gnomAD LOEUF'),
    civicEvidence: z.number().int().nullable(),
    pgxAnnotations: z.number().int().nullable(),
  })
  .meta({ id: 'focusGene', description: 'A focus gene; null = nothing found, not asked or failed (sources[] says which)' });

export function focusGeneView(f: Full['focusGenes'][number]): z.input<typeof focusGeneItem> {
  return {
    symbol: f.symbol,
    why: f.why,
    protein: f.protein?.name ?? null,
    // No UniProt entry (failed, not found): not known, which [] ("no druggable class") would hide.
    targetClasses: f.protein ? f.protein.targetClasses : null,
    plddt: f.structure ? Math.round(f.structure.meanPlddt) : null,
    loeuf: f.constraint?.loeuf == null ? null : round2(f.constraint.loeuf),
    civicEvidence: f.clinicalEvidence?.evidenceItems ?? null,
    pgxAnnotations: f.pharmacogenomics?.annotations ?? null,
  };
}
