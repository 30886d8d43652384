// The arguments and output schema of svc_get_target_brief. Field names fixed by DESIGN.md 2.1: proteinName,
// molecularWeight (Da), alphaFoldPlddt, druggabilityScore (0-1), topDrugs[], topDrugsNote,
// function, diseaseAssociations[], pathways[] (qValue: the enrichment engine on the gene's STRING
// neighbourhood), clinicalTrials[]. Every number carries, or sits under, the source it came from.
//
// Descriptions are kept to what a field name does not say: the schema is read into a model's
// context with every tools/list (bench/footprint). The README and docs/ describe the fields.
import { z } from 'zod';
import { admet, diseaseContext, evidenceStatus, geneSymbol, integrity, provenance, statementVerdict } from '../shared/schemas.js';

const DEFAULT_DISEASE = 'cancer';

export const briefInput = z.strictObject({
  gene: geneSymbol.describe('Gene symbol (HGNC approved symbol, alias or previous symbol), e.g. "EGFR", "HER2", "tp53"'),
  diseaseContext: diseaseContext
    .default(DEFAULT_DISEASE)
    .describe('Disease that focuses associations, trials and drug indications, e.g. "breast cancer" (default "cancer")'),
});
export type BriefInput = z.output<typeof briefInput>;

const str = z.string();
const strs = z.array(z.string());
const ratio = z.number().min(0).max(1);

const topDrug = z.object({
  rank: z.number().int().describe('By phase on this target, approval, indication, name'),
  name: str,
  chemblId: str,
  drugType: str.nullable(),
  phase: z.number().nullable().describe('Furthest phase on this target (4 approved, 0.5 early phase 1)'),
  stage: str.nullable().describe('Open Targets maxClinicalStage'),
  approved: z.boolean().nullable().describe('null: no phase known'),
  withdrawn: z.boolean().nullable(),
  withdrawnReason: str.nullable(),
  mechanism: str.nullable(),
  actionType: str.nullable(),
  indicatedForDisease: z.boolean().nullable().describe('Approved for the disease context (phase-4 indication for it, a descendant or a cross-reference)'),
  indicationMatch: str.nullable().describe('The approved indication that matched, its source and why it counts'),
  indicationsChecked: z.boolean(),
  studiedFor: str.nullable().describe('A context disease listed for the drug on this target (stage is per target)'),
  indications: strs,
  saltForms: z.array(z.object({ chemblId: str, name: str })),
  interactionTypes: strs.describe('DGIdb'),
  interactionSources: strs.describe('DGIdb'),
  interactionPmids: strs.describe('DGIdb, checked by the integrity pipeline'),
  admet,
  sources: strs,
});

export const briefOutput = z.object({
  gene: z.object({
    input: str,
    symbol: str,
    resolvedBy: z
      .enum(['approved', 'previous', 'alias', 'replacement', 'unverified'])
      .describe('unverified: HGNC unreachable, symbol confirmed by Open Targets or UniProt'),
    hgncId: str.nullable(),
    name: str.nullable(),
    ensemblId: str.nullable(),
    uniprotAccession: str.nullable(),
    entrezId: str.nullable(),
  }),
  diseaseContext: z.object({
    query: str,
    diseaseId: str.nullable().describe('Open Targets disease it resolved to'),
    diseaseName: str.nullable(),
    associationScore: ratio.nullable().describe('Open Targets, asked directly: 0 none listed, null unknown'),
    matchedIds: strs.describe('Disease ids counted as the context for indications'),
  }),
  proteinName: str.nullable(),
  molecularWeight: z.number().nullable().describe('Da'),
  protein: z.object({ accession: str, length: z.number().int().nullable(), subcellularLocations: strs, url: str }).nullable(),
  alphaFoldPlddt: z.number().min(0).max(100).nullable().describe('AlphaFold mean pLDDT'),
  alphaFold: z.object({ entryId: str, band: z.enum(['very_high', 'confident', 'low', 'very_low']), modelUrl: str.nullable(), pageUrl: str, version: z.number().nullable() }).nullable(),
  druggabilityScore: ratio.nullable().describe('0.7 tractability + 0.1 enzyme + 0.2 family'),
  druggabilityComplete: z.boolean().describe('False: a part is missing; the score is then a lower bound'),
  druggabilityParts: z.array(
    z.object({
      name: z.enum(['tractability', 'enzyme', 'family']),
      label: str,
      value: ratio.nullable(),
      weight: z.number(),
      contribution: z.number(),
      evidence: str,
      source: z.enum(['opentargets', 'uniprot']),
    }),
  ),
  function: str.nullable().describe('UniProt FUNCTION'),
  functionPmids: strs,
  diseaseAssociations: z.array(z.object({ diseaseId: str, diseaseName: str, score: ratio })).describe('Open Targets, best first'),
  diseaseAssociationsTotal: z.number().int().nullable(),
  topDrugs: z.array(topDrug).describe('Empty when withheld: see topDrugsNote'),
  topDrugsNote: str.optional().describe('Why topDrugs is empty for tier reasons, and how to get it'),
  drugCandidatesTotal: z.number().int().optional().describe('Before the cap'),
  pathways: z
    .array(
      z.object({
        stId: str,
        name: str,
        url: str,
        inDisease: z.boolean().nullable(),
        qValue: ratio.optional().describe('BH q of the gene and its STRING partners in Reactome; absent if not computed'),
      }),
    )
    .describe('Lowest-level Reactome pathways'),
  pathwaysTotal: z.number().int().nullable(),
  clinicalTrials: z
    .array(
      z.object({
        nctId: str,
        title: str,
        phase: z.number().nullable(),
        phases: strs,
        status: str.nullable(),
        conditions: strs,
        interventions: strs,
        sponsor: str.nullable(),
        startDate: str.nullable(),
        url: str,
      }),
    )
    .describe('Recruiting or active, in the disease context'),
  clinicalTrialsTotal: z.number().int().nullable(),
  interactionPartners: z.array(z.object({ partner: str, score: ratio, stringId: str })).describe('STRING'),
  integrity,
  evidence: z
    .array(
      z.object({
        about: z.enum(['function', 'drug']),
        subject: str,
        text: str,
        pmids: strs,
        judged: strs,
        status: evidenceStatus,
        ...statementVerdict,
        bestPmid: str.optional(),
        skipped: z.enum(['uncited', 'out_of_range']).optional(),
      }),
    )
    .describe('Integrity per statement'),
  ...provenance,
});

export type BriefOutput = z.input<typeof briefOutput>;
