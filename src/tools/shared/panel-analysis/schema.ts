// Input and output schemas of svc_generate_insights (kept apart: the handler file stays readable).
import { z } from 'zod';
import { EVIDENCE_STATUSES } from '../../../evidence/status.js';
import { AUDIENCES } from '../../../analysis/audiences.js';
import { FACTOR_NAMES } from '../../../analysis/drug-scoring.js';
import { admet, diseaseContext, genePanel, integrity, pathwayRef, provenance, statementVerdict } from '../schemas.js';
import { enrichmentStatusSchema } from './enrichment-status.js';

export const insightsInput = z.strictObject({
  genes: genePanel,
  diseaseContext: diseaseContext.describe('Disease or phenotype the panel is studied in, e.g. "breast cancer".'),
  audience: z.enum(AUDIENCES).default('researcher').describe('Who the evidence brief is written for: wording and emphasis change, data does not.'),
  includeDrugs: z.boolean().default(true).describe('Rank drug candidates (false: a faster pathway-only analysis calling no drug source).'),
});

const factor = z.object({
  value: z.number().nullable(),
  weight: z.number(),
  contribution: z.number().nullable(),
  detail: z.string(),
});

export const drugCandidate = z.object({
  name: z.string(),
  chemblId: z.string().nullable(),
  tier: z.enum(['I', 'II', 'III']),
  tierReason: z.string(),
  score: z.number().min(0).max(1),
  factors: z.object(Object.fromEntries(FACTOR_NAMES.map((n) => [n, factor])) as Record<(typeof FACTOR_NAMES)[number], typeof factor>),
  missingFactors: z.array(z.string()),
  targetGenes: z.array(z.string()).describe('Panel genes the drug acts on by a curated mechanism (Open Targets, ChEMBL); for a drug with interaction evidence only, the genes DGIdb links it to'),
  interactionOnly: z
    .array(z.object({ gene: z.string(), sources: z.array(z.string()), responseTypes: z.array(z.string()) }))
    .optional()
    .describe(
      'Panel genes DGIdb alone links the drug to, with who claims it and the response named (e.g. BRAF for cetuximab: resistant, from CIViC and OncoKB): biomarkers of response or resistance, not targets, and not counted in its score',
    ),
  actionTypes: z.array(z.string()),
  roleConflicts: z
    .array(z.object({ gene: z.string(), reason: z.string() }))
    .optional()
    .describe("Targets whose role the drug's curated action contradicts (an activated oncogene, an inhibited tumour suppressor): no directness credit, ranked below the drugs of its tier without one"),
  mechanisms: z.array(z.string()),
  maxPhase: z.number().nullable(),
  approved: z.boolean().describe('Approved somewhere (Open Targets, ChEMBL max_phase 4 or DGIdb) and not withdrawn'),
  withdrawn: z.boolean().describe('ChEMBL withdrawn flag, an Open Targets "Withdrawn" warning or stage WITHDRAWAL: never tier I or II'),
  withdrawnReason: z.string().nullable().describe('Which source says it was withdrawn (country and year when given); "not checked: ..." when no record that would say was read'),
  withdrawalChecked: z.boolean().optional().describe('A record that would say whether it was withdrawn was read (absent in older snapshots)'),
  status: z.enum(['approved', 'investigational', 'withdrawn', 'unknown']),
  indicatedForDisease: z.boolean().describe('Approved for the disease context (tier I): an approved per-disease indication matches'),
  matchingIndications: z
    .array(
      z.object({
        id: z.string().nullable(),
        name: z.string(),
        phase: z.number().nullable().describe('Phase reached for this disease; null when the record gives none (the target row)'),
        approved: z.boolean(),
        source: z.enum(['Open Targets indications', 'ChEMBL drug_indication', 'Open Targets target row']),
        via: z.string().describe('Why the disease counts for the context'),
      }),
    )
    .describe('Indications that belong to the disease context'),
  admet,
  evidenceQuality: z.enum(['high', 'moderate', 'low']).describe('By independent curations: high >= 3 with a ChEMBL-curated mechanism, moderate 2, low 1'),
  evidenceQualityReason: z.string(),
  evidenceCurations: z.array(z.string()).describe('The independent curations counted (ChEMBL once, whether via Open Targets, ChEMBL or DGIdb)'),
  sources: z.array(z.string()),
  pmids: z.array(z.string()),
  trials: z
    .object({ total: z.number().nullable(), maxPhase: z.number().nullable(), nctIds: z.array(z.string()), query: z.string() })
    .optional()
    .describe('ClinicalTrials.gov studies of this drug in the disease context (top candidates only)'),
  label: z
    .object({ boxedWarning: z.boolean(), boxedWarningText: z.string().nullable(), url: z.string() })
    .nullable()
    .optional()
    .describe('FDA label (openFDA) of an approved candidate: boxed warning; null when openFDA has no label'),
});

const nullableNumber = z.number().nullable();

export const geneProfile = z.object({
  symbol: z.string(),
  why: z.string().describe('Why this gene was profiled (its share of the enrichment signal)'),
  protein: z
    .object({ accession: z.string(), name: z.string().nullable(), function: z.string().nullable(), targetClasses: z.array(z.string()), ecNumbers: z.array(z.string()), url: z.string() })
    .nullable()
    .describe('UniProtKB'),
  structure: z.object({ entryId: z.string(), meanPlddt: z.number(), band: z.string(), url: z.string() }).nullable().describe('AlphaFold DB mean pLDDT'),
  gene: z
    .object({ entrezId: z.string().nullable(), ensemblId: z.string().nullable(), summary: z.string().nullable(), biotype: z.string().nullable(), location: z.string().nullable() })
    .nullable()
    .describe('MyGene.info summary, Ensembl biotype and location'),
  constraint: z.object({ pLI: nullableNumber, loeuf: nullableNumber, lofIntolerant: z.boolean().nullable(), url: z.string() }).nullable().describe('gnomAD loss-of-function constraint'),
  clinicalEvidence: z
    .object({
      evidenceItems: z.number().int(),
      assertions: z.number().int(),
      inDiseaseContext: z
        .number()
        .int()
        .nullable()
        .describe('Items in the disease among those read: CIViC lists 25 a request, so with more evidenceItems it counts the first 25 (at least this many), and null means none of them is (not known, not 0)'),
      top: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          evidenceType: z.string(),
          level: z.string(),
          profile: z.string().optional().describe('Variant, e.g. "BRAF V600E"'),
          significance: z.string(),
          direction: z.string().nullable().optional().describe('DOES_NOT_SUPPORT: evidence against the significance'),
          disease: z.string().nullable(),
          therapies: z.array(z.string()),
          therapyInteraction: z.string().nullable().optional().describe('COMBINATION, SEQUENTIAL or SUBSTITUTES'),
          pmid: z.string().nullable(),
          url: z.string(),
        }),
      ),
    })
    .nullable()
    .describe('CIViC accepted clinical evidence on variants of the gene'),
  pharmacogenomics: z
    .object({ annotations: z.number().int(), top: z.array(z.object({ id: z.string(), name: z.string(), level: z.string().nullable(), chemicals: z.array(z.string()), url: z.string() })) })
    .nullable()
    .describe('ClinPGx (PharmGKB) clinical annotations'),
});

export const insightsOutput = z.object({
  snapshotId: z.string(),
  diseaseContext: z.string(),
  diseaseMatches: z.array(z.object({ id: z.string(), name: z.string() })).describe('Open Targets diseases matched to the context'),
  audience: z.enum(AUDIENCES),
  genes: z.array(z.string()).describe('Resolved (HGNC-approved) symbols analysed'),
  geneResolution: z.array(z.object({ input: z.string(), symbol: z.string().nullable(), how: z.string() })),
  unresolvedGenes: z.array(z.string()),
  enrichedPathways: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        library: z.string(),
        link: z.string().optional(),
        overlapGenes: z.array(z.string()),
        k: z.number().int(),
        K: z.number().int(),
        n: z.number().int(),
        N: z.number().int(),
        oddsRatio: z.number(),
        p: z.number(),
        q: z.number(),
        confirmedByGprofiler: z.boolean().nullable().describe('g:Profiler also finds this set significant; null when g:Profiler was not available'),
        reactomeSummary: z.string().optional().describe("Reactome's own summary (top Reactome pathways)"),
      }),
    )
    .describe('Gene sets significant at q <= 0.05 (hypergeometric, Benjamini-Hochberg per library), best first'),
  enrichment: z.array(z.object({ library: z.string(), N: z.number().int(), n: z.number().int(), tested: z.number().int(), significant: z.number().int(), notInLibrary: z.array(z.string()) })),
  enrichmentStatus: enrichmentStatusSchema,
  enrichmentCrossCheck: z
    .object({ source: z.literal('gprofiler'), version: z.string().nullable(), significantTerms: z.number().int(), confirmed: z.number().int(), checked: z.number().int() })
    .nullable()
    .describe('Independent enrichment by g:Profiler (its own annotations and FDR): how many reported pathways it confirms'),
  focusGenes: z.array(geneProfile).describe('The genes carrying most of the enrichment signal, profiled across protein, structure, genetics and clinical sources'),
  therapeuticStrategies: z.array(
    z.object({
      strategy: z.string(),
      approach: z.enum(['drug-targeting', 'function-restoration', 'pathway-modulation']),
      direction: z
        .enum(['inhibit', 'restore', 'context-dependent', 'unknown'])
        .describe("From the gene's role (COSMIC role in cancer and hallmarks, via Open Targets), never from a drug's action alone"),
      directionBasis: z.string().describe('What the direction rests on, naming the source'),
      rationale: z.string(),
      targetGenes: z.array(z.string()),
      pathways: z.array(pathwayRef),
      drugs: z
        .array(
          z.object({
            name: z.string(),
            chemblId: z.string().nullable(),
            tier: z.string(),
            maxPhase: z.number().nullable(),
            actionTypes: z.array(z.string()),
            flag: z.string().optional().describe('Why the fit of this drug with the direction is not established'),
          }),
        )
        .describe('Usable drugs whose action fits (or is not known to contradict) the direction; never withdrawn ones'),
      excludedDrugs: z.array(z.object({ name: z.string(), reason: z.string() })).describe('Drugs on the gene left out: action contrary to its role, or withdrawn'),
      evidencePmids: z.array(z.string()),
    }),
  ),
  drugCandidates: z.array(drugCandidate).describe('The top ranked candidates (at most 25), tier I first'),
  drugCandidatesTotal: z.number().int().describe('Candidates ranked before that cut'),
  drugAnalysisNote: z.string().optional().describe('Why drug candidates are absent (tier or includeDrugs false)'),
  hypotheses: z.array(
    z.object({
      id: z.string(),
      statement: z.string(),
      genes: z.array(z.string()),
      basis: z.array(z.string()),
      confidence: z.number(),
      confidenceLabel: z.enum(['high', 'moderate', 'low']),
      novel: z.boolean(),
      stringScore: z.number().nullable(),
      sharedPathways: z.array(pathwayRef),
      coMentions: z.number().nullable(),
      supportingPmids: z.array(z.string()),
      rationale: z.string(),
      literatureNotCounted: z.enum(['contradicted', 'void']).optional().describe('Why co-mentions were not counted after the evidence check: its cited abstracts contradict it, or its articles are retracted or unknown'),
    }),
  ),
  evidenceBrief: z.object({
    audience: z.enum(AUDIENCES),
    headline: z.string(),
    summary: z.string(),
    statements: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['gene-disease', 'drug-target', 'interaction']),
        text: z.string(),
        claim: z.string().describe('What the integrity pipeline checked against the cited abstracts'),
        citations: z.array(z.string()),
        status: z
          .enum(EVIDENCE_STATUSES)
          .describe('This statement checked alone'),
        ...statementVerdict,
      }),
    ),
  }),
  preprints: z
    .array(z.object({ doi: z.string(), title: z.string(), date: z.string().nullable(), server: z.string().nullable(), version: z.number().nullable(), publishedDoi: z.string().nullable(), gene: z.string(), url: z.string() }))
    .describe('Recent bioRxiv/medRxiv preprints on the focus genes in the disease (not peer reviewed; publishedDoi when since published)'),
  citationMetrics: z
    .array(
      z.object({
        pmid: z.string(),
        year: nullableNumber,
        citationCount: nullableNumber,
        relativeCitationRatio: nullableNumber,
        nihPercentile: nullableNumber,
        isClinical: z.boolean().nullable(),
        influentialCitationCount: nullableNumber,
        semanticScholarId: z.string().nullable(),
      }),
    )
    .describe('How much each cited paper has been cited: NIH iCite (citations, relative citation ratio) and Semantic Scholar (influential citations)'),
  integrity,
  qualityScore: z.number().min(0).max(1),
  qualityParts: z.object({ groundedRatio: z.number(), citeF1: z.number(), notHallucinated: z.number(), sourceCoverage: z.number() }),
  ...provenance,
});

export type InsightsInput = z.output<typeof insightsInput>;
export type InsightsOutput = z.input<typeof insightsOutput>;
