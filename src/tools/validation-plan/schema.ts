// Input and output of svc_generate_validation_plan.
import { z } from 'zod';
import { MECHANISMS } from '../../analysis/hypothesis-text.js';
import { STAGE_IDS } from '../../analysis/plan-stages.js';
import { diseaseContext, evidenceStatus, geneSymbol, integrity, LIMITS, provenance, statementVerdict } from '../shared/schemas.js';

/** A plan is about the few genes a hypothesis names; more context genes would only dilute it. */
export const PLAN_LIMITS = { hypothesisMin: 10, hypothesisChars: LIMITS.claimChars, geneContext: 20 } as const;

export const planInput = z.strictObject({
  hypothesis: z
    .string()
    .trim()
    .min(PLAN_LIMITS.hypothesisMin, `the hypothesis must be at least ${PLAN_LIMITS.hypothesisMin} characters: name a gene and what it does or what is done to it`)
    .max(PLAN_LIMITS.hypothesisChars, `the hypothesis is limited to ${PLAN_LIMITS.hypothesisChars} characters`)
    .describe('The hypothesis in plain scientific language, e.g. "PARP1 inhibition is synthetically lethal in BRCA1-deficient breast cancer"'),
  geneContext: z
    .array(geneSymbol)
    .max(PLAN_LIMITS.geneContext, `at most ${PLAN_LIMITS.geneContext} context genes`)
    .optional()
    .describe('Gene symbols the hypothesis is about, if the text does not name them (aliases resolved through HGNC)'),
  diseaseContext: diseaseContext.optional().describe('The disease, if the text does not name it (overrides the text), e.g. "breast cancer"'),
});

export type PlanArgs = z.output<typeof planInput>;

const mechanism = z.enum(MECHANISMS);
const stageId = z.enum(STAGE_IDS);

function section<T extends z.ZodTypeAny>(item: T, what: string) {
  return z
    .object({
      status: z.enum(['found', 'none', 'failed', 'skipped']).describe('none: answered, nothing matched; failed: not read; skipped: not asked (note)'),
      source: z.string(),
      items: z.array(item),
      note: z.string().optional(),
    })
    .describe(what);
}

const potency = z.object({
  type: z.string().describe('IC50, Ki, Kd or EC50: the type most measurements report'),
  pchembl: z.number().describe('Median pChEMBL (-log10 molar)'),
  nM: z.number().describe('The median as nM'),
  n: z.number().int().describe('Measurements behind the median'),
});

const toolCompound = z.object({
  chemblId: z.string(),
  name: z.string().nullable(),
  gene: z.string(),
  targetChemblId: z.string(),
  actionType: z.string().nullable().describe('ChEMBL mechanism action type; null for research compounds'),
  maxPhase: z.number().nullable(),
  withdrawn: z.boolean().nullable(),
  kind: z.enum(['drug', 'research']).describe('drug: curated mechanism on the target; research: potent in ChEMBL activity data only'),
  potency: potency.nullable().describe('Null when ChEMBL has no IC50/Ki/Kd/EC50 with pChEMBL for it on this target'),
});

const cellModel = z.object({
  accession: z.string().describe('Cellosaurus accession (RRID:<accession>)'),
  name: z.string(),
  disease: z.string().nullable(),
  variants: z.array(z.string()).describe('Curated variations in the hypothesis genes'),
  carries: z.array(z.string()),
  role: z.enum(['altered', 'comparison']).describe('comparison: no variation in the hypothesis genes listed (not proof of wild type)'),
  url: z.string(),
});

const resistanceFinding = z.object({
  model: z.string().describe('Cellosaurus accession'),
  modelName: z.string(),
  variant: z.string().describe('CIViC profile, e.g. "EGFR T790M"'),
  compound: z.string().describe('ChEMBL id'),
  compoundName: z.string(),
  evidence: z.array(z.string()).describe('CIViC evidence items, best level first'),
  level: z.string().describe('Best CIViC level (A-E)'),
  diseases: z.array(z.string()),
  statement: z.string(),
  pmids: z.array(z.string()),
  status: evidenceStatus,
  ...statementVerdict,
});

const trial = z.object({
  nctId: z.string(),
  title: z.string(),
  phase: z.number().nullable(),
  status: z.string().nullable(),
  interventions: z.array(z.string()),
  url: z.string(),
});

const literatureRef = z.object({
  query: z.string().describe('Terms searched in title or abstract (Europe PMC, MEDLINE records)'),
  count: z.number().int().nullable().describe('Matching articles; null when Europe PMC could not be searched'),
  pmids: z.array(z.string()),
  notSearched: z.string().optional().describe('Why not searched'),
});

const premise = z.object({
  statement: z.string(),
  pmids: z.array(z.string()).describe('Literature found for it (nonexistent PMIDs removed)'),
  status: evidenceStatus.describe('The statement checked alone'),
  ...statementVerdict,
});

const stage = z.object({
  stage: stageId,
  order: z.number().int(),
  title: z.string(),
  assayType: z.string(),
  design: z.string(),
  expectedOutcome: z.string(),
  criticalControls: z.array(z.string()),
  timeline: z.string(),
  goNoGo: z.object({ go: z.string(), noGo: z.string() }),
  buildsOn: z
    .object({
      toolCompounds: z.array(z.string()).describe('ChEMBL ids, detailed in toolCompounds'),
      models: z.array(z.string()).describe('Cellosaurus accessions, detailed in models'),
      trials: z.array(z.string()).describe('NCT ids, detailed in trials'),
      pmids: z.array(z.string()).describe('Literature behind the step (nonexistent PMIDs removed)'),
      gaps: z.array(z.string()).describe('Data the step lacks and why (source failed, found nothing, not asked)'),
    })
    .describe('The data this step builds on'),
  evidence: premise.describe('The premise of the step, checked by the integrity pipeline'),
});

const recognisedGene = z.object({
  input: z.string(),
  symbol: z.string().nullable(),
  how: z.string().describe('HGNC: approved, alias, previous, ambiguous, withdrawn, not_found; unchecked (HGNC unreachable); drug_target'),
  from: z.enum(['text', 'geneContext', 'drug']),
  roles: z.array(z.string()).describe('What the text says of the gene: inhibited, lost, activated, overexpressed, mutated, marker, partner'),
  candidates: z.array(z.string()).optional(),
});

export const planOutput = z.object({
  status: z.enum(['planned', 'needs_input']).describe('needs_input: no gene or no mechanism was recognised; `message` says what to add'),
  message: z.string().describe('A one-paragraph summary, or what the hypothesis needs'),
  missing: z.array(z.enum(['gene', 'mechanism'])),
  snapshotId: z.string().nullable().describe('Null when no plan was made'),
  hypothesis: z.string(),
  recognised: z.object({
    genes: z.array(recognisedGene),
    drugs: z.array(
      z.object({
        input: z.string(),
        chemblId: z.string().nullable(),
        name: z.string().nullable(),
        maxPhase: z.number().nullable(),
        targets: z.array(z.string()),
        actionTypes: z.array(z.string()),
        how: z.string(),
      }),
    ),
    disease: z
      .object({
        input: z.string(),
        from: z.enum(['diseaseContext', 'text']),
        query: z.string(),
        id: z.string().nullable(),
        name: z.string().nullable(),
        how: z.string(),
      })
      .nullable(),
    mechanism: z
      .object({
        primary: mechanism,
        also: z.array(mechanism),
        cues: z.array(z.object({ mechanism, phrase: z.string() })),
        from: z.enum(['text', 'drug']),
      })
      .nullable(),
    negation: z
      .string()
      .nullable()
      .optional()
      .describe('The words that deny the effect ("does not", "fails to"): the stages test for the effect, and the hypothesis predicts their no-go outcomes'),
  }),
  roles: z
    .object({ target: z.string(), partner: z.string().nullable(), altered: z.array(z.string()), alteration: z.string() })
    .nullable()
    .describe('Who plays which part: the gene acted upon, its partner, and the alteration that defines the responsive setting'),
  stages: z.array(stage).describe('In vitro, then in vivo, then translational clinical'),
  toolCompounds: section(toolCompound, 'Tool compounds for the targets (ChEMBL), with potency where known'),
  models: section(cellModel, 'Cell-line models of the disease and genotype (Cellosaurus)'),
  trials: section(trial, 'Recruiting or active trials (ClinicalTrials.gov)'),
  resistance: section(
    resistanceFinding,
    'Altered lines CIViC says resist a tool compound: controls, not sensitive models',
  ),
  literature: z
    .object({ hypothesis: literatureRef, in_vitro: literatureRef, in_vivo: literatureRef, translational_clinical: literatureRef })
    .nullable()
    .describe('Literature searched for the hypothesis and each stage; null when no plan was made'),
  hypothesisEvidence: premise.nullable().describe('The hypothesis itself checked against the literature found for it'),
  integrity,
  qualityScore: z.number().min(0).max(1),
  ...provenance,
});

export type PlanOutput = z.input<typeof planOutput>;
