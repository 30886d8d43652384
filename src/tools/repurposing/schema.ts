// Input and output schemas of svc_prioritize_repurposing. A candidate reuses the drug engine's
// fields (tier, score with its six factors, ADMET, evidence quality) exactly as svc_generate_insights
// reports them, and adds what repurposing needs: targets with how each was reached, current approved
// indications, a rationale, running trials and safety.
import { z } from 'zod';
import { FACTOR_NAMES } from '../../analysis/drug-scoring.js';
import { TIER_FILTERS } from '../../analysis/tier-filters.js';
import { EVIDENCE_STATUSES } from '../../evidence/status.js';
import { drugCandidate } from '../shared/panel-analysis/schema.js';
import { diseaseContext, genePanel, integrity, provenance } from '../shared/schemas.js';

/** Candidates shown (with trials and label checks): the rest are counted. */
export const MAX_SHOWN = 8;

export const repurposingInput = z.strictObject({
  genes: genePanel,
  diseaseContext: diseaseContext.describe('Disease to find repurposing candidates for, e.g. "breast cancer".'),
  tierFilter: z
    .enum(TIER_FILTERS)
    .default('all')
    .describe('II: approved elsewhere, or phase 2-3 here; all: tiers II and III; I is always empty (approved here is not repurposing)'),
});

const indication = z.object({
  name: z.string(),
  id: z.string().nullable(),
  source: z.enum(['Open Targets indications', 'ChEMBL drug_indication']),
});

// A factor as the score used it: its value (null: unknown, left out and the weights renormalised)
// and why. The weights are fixed (README, Methods).
const factor = z.object({ value: z.number().nullable(), detail: z.string() });

export const repurposingCandidate = drugCandidate
  .pick({ name: true, chemblId: true, tier: true, tierReason: true, score: true, maxPhase: true, status: true, admet: true, evidenceQuality: true, evidenceQualityReason: true })
  .extend({
    rank: z.number().int().min(1),
    factors: z
      .object(Object.fromEntries(FACTOR_NAMES.map((n) => [n, factor])) as Record<(typeof FACTOR_NAMES)[number], typeof factor>)
      .describe('The six factors of the score (weights: phase 0.25, association 0.20, mechanism 0.20, literature 0.15, drug-likeness 0.10, centrality 0.10)'),
    rationale: z.string().describe('Why it could work here, from the data: target, link to the panel, disease association, standing'),
    targets: z
      .array(
        z.object({
          gene: z.string(),
          inPanel: z.boolean(),
          reach: z.string().optional().describe('For a gene beyond the panel: how it was reached (STRING partner, pathway member)'),
          actionTypes: z.array(z.string()).describe('Curated action types of the drug on this gene (Open Targets, ChEMBL)'),
          dgidbClaimOnly: z
            .literal(true)
            .optional()
            .describe('Set when only DGIdb claims (biomarkers, case reports) link the drug to this gene: no source says the drug acts on it'),
          roleConflict: z.string().optional().describe("Set when the drug's action contradicts the gene's role (an inhibited tumour suppressor, an activated oncogene), with the data it rests on"),
        }),
      )
      .describe('Genes the drug acts on (or, for a drug with interaction evidence only, that DGIdb links it to: dgidbClaimOnly), panel genes first (first 6)'),
    targetsTotal: z.number().int(),
    mechanisms: z.array(z.string()).describe('Mechanisms of action (Open Targets, ChEMBL)'),
    approvedIndications: z.array(indication).describe('Current approved indications, any disease (first 5)'),
    approvedIndicationsTotal: z.number().int(),
    trials: z
      .object({
        status: z.enum(['checked', 'not-checked']).describe('not-checked: ClinicalTrials.gov failed or was not asked; running is then null, never 0'),
        running: z.number().int().nullable().describe('Recruiting, active or not-yet-recruiting trials of the drug in this disease'),
        nctIds: z.array(z.string()),
        maxPhase: z.number().nullable(),
        note: z.string().optional().describe('Why it was not checked'),
      })
      .describe('Trials already running for this disease (ClinicalTrials.gov)'),
    safety: z.object({
      withdrawn: z.boolean().describe('ChEMBL withdrawn flag, an Open Targets "Withdrawn" warning or stage WITHDRAWAL: never tier I or II'),
      withdrawnReason: z.string().nullable(),
      boxedWarning: z
        .object({
          status: z.enum(['present', 'absent', 'no-label', 'not-checked']).describe('On the US label (openFDA); no-label: openFDA has no label by this name; not-checked: openFDA failed or was not asked'),
          text: z.string().optional().describe('The boxed warning, cut to 300 characters'),
          url: z.string().optional().describe('The label on DailyMed'),
          note: z.string().optional().describe('Why not checked; or a combination product\'s label'),
        })
        .describe('Boxed warning of the FDA label (openFDA)'),
    }),
    pmids: z.array(z.string()).describe('Evidence PMIDs (drug-disease literature, ChEMBL and DGIdb references), each checked to exist in PubMed'),
    targetClaim: z
      .object({ claim: z.string(), citations: z.array(z.string()), status: z.enum(EVIDENCE_STATUSES) })
      .nullable()
      .describe('The drug-target statement checked by the integrity pipeline against the abstracts that name both (top candidates)'),
  });

export const repurposingOutput = z.object({
  snapshotId: z.string(),
  diseaseContext: z.string(),
  diseaseMatches: z.array(z.object({ id: z.string(), name: z.string() })).describe('Open Targets diseases matched to the context'),
  genes: z.array(z.string()).describe('Resolved panel genes'),
  unresolvedGenes: z.array(z.string()),
  tierFilter: z.enum(TIER_FILTERS),
  neighbourhood: z
    .object({
      pathways: z
        .array(z.object({ id: z.string(), name: z.string(), library: z.string(), q: z.number(), size: z.number().int(), added: z.number().int() }))
        .describe('Significant pathways whose members were searched, with how many genes each brought'),
      genes: z.array(z.string()).describe('Genes beyond the panel searched for drugs (pathway members, STRING partners >= 0.7)'),
      leftOut: z.number().int().describe('Neighbour genes found beyond the cap, not searched'),
      unmapped: z.array(z.string()).describe('Neighbour genes Open Targets could not map (first 10)'),
      unmappedTotal: z.number().int(),
      stringChecked: z.boolean().describe('False when STRING partners could not be fetched'),
      pathwaysChecked: z.boolean().describe('False when enrichment failed'),
    })
    .nullable()
    .describe('Genes beyond the panel whose drugs were considered; null when drugs were not analysed (free tier)'),
  candidates: z.array(repurposingCandidate).describe('Repurposing candidates, tier then six-factor score; empty with `note` for the free tier'),
  candidatesTotal: z.number().int().describe('Candidates within the tier filter, before the list was cut to its top'),
  alreadyApproved: z
    .array(z.object({ name: z.string(), chemblId: z.string().nullable(), indication: z.string(), source: z.string() }))
    .describe('Drugs on these genes already approved for the disease (tier I): excluded from the candidates'),
  counts: z.object({
    considered: z.number().int(),
    alreadyApproved: z.number().int(),
    earlyStage: z.number().int().describe('Looked up, but neither approved anywhere, withdrawn, nor recorded at phase 2/3 or later'),
    unchecked: z.number().int().describe('Left out: phase or approved indications unknown (source failed, beyond the drugs looked up, or none named), so possibly approved for the disease'),
    outsideTierFilter: z.number().int(),
  }),
  note: z.string().optional().describe('Why the ranked list is withheld (free tier)'),
  tierFilterNote: z.string().optional(),
  integrity,
  qualityScore: z.number().min(0).max(1),
  qualityParts: z.object({ groundedRatio: z.number(), citeF1: z.number(), notHallucinated: z.number(), sourceCoverage: z.number() }),
  ...provenance,
});

export type RepurposingInput = z.output<typeof repurposingInput>;
export type RepurposingOutput = z.input<typeof repurposingOutput>;
export type RepurposingCandidateOut = RepurposingOutput['candidates'][number];
