// The output schema of svc_get_target_brief. Field names fixed by DESIGN.md 2.1: proteinName,
// molecularWeight (Da), alphaFoldPlddt, druggabilityScore (0-1), topDrugs[], topDrugsNote,
// function, diseaseAssociations[], pathways[] (qValue: the enrichment engine on the gene's STRING
// neighbourhood), clinicalTrials[]. Every number carries, or sits under, the source it came from.
import { z } from 'zod';
import { admet, integrity, provenance } from '../shared/schemas.js';


const topDrug = z.object({
  rank: z.number().int().describe('1 = first; ranked by phase on this target, approval, approval for the disease context, listing for it on the target, then name'),
  name: z.string().describe('Drug name (parent form; salt forms are listed in saltForms)'),
  chemblId: z.string().describe('ChEMBL id of the drug (Open Targets)'),
  drugType: z.string().nullable().describe('Small molecule, Antibody, ... (Open Targets, else ChEMBL)'),
  phase: z.number().nullable().describe('Furthest clinical phase on this target, ChEMBL scale (4 approved, 0.5 early phase 1); null unknown'),
  stage: z.string().nullable().describe('Open Targets maxClinicalStage as given (APPROVAL, PHASE_3, ...)'),
  approved: z.boolean().describe('Approved on this target (stage APPROVAL or PHASE_4) or for the disease context, and not withdrawn'),
  withdrawn: z.boolean().describe('Withdrawn: ChEMBL withdrawn flag, an Open Targets "Withdrawn" warning, or stage WITHDRAWAL'),
  withdrawnReason: z.string().nullable().describe('Which source says it was withdrawn (country and year when given)'),
  mechanism: z.string().nullable().describe('Mechanism of action (Open Targets / ChEMBL curation)'),
  actionType: z.string().nullable().describe('INHIBITOR, ANTAGONIST, ...'),
  indicatedForDisease: z
    .boolean()
    .describe('Approved for the disease context: an Open Targets indication at APPROVAL/PHASE_4 or a ChEMBL indication at max_phase_for_ind 4, for the context disease, one below it or cross-referenced to it'),
  indicationMatch: z.string().nullable().describe('The approved indication that matched, its source and why it counts'),
  indicationsChecked: z.boolean().describe('Per-disease indications were read for this drug (false: Open Targets and ChEMBL indications unavailable)'),
  studiedFor: z.string().nullable().describe('A context disease Open Targets lists for the drug on this target (developed for it; the stage is per target, not per disease)'),
  indications: z.array(z.string()).describe('Indications Open Targets lists for the drug on this target (up to 10)'),
  saltForms: z.array(z.object({ chemblId: z.string().describe('ChEMBL id'), name: z.string().describe('Name') })).describe('Salt forms merged into this entry'),
  interactionTypes: z.array(z.string()).describe('DGIdb interaction types (inhibitor, antibody, ...), when DGIdb lists the pair'),
  interactionSources: z.array(z.string()).describe('Databases DGIdb aggregates for the pair'),
  interactionPmids: z.array(z.string()).describe('PMIDs DGIdb gives for the pair (checked by the integrity pipeline)'),
  admet: admet.describe('ADMET summary, each value with its source'),
  sources: z.array(z.string()).describe('Sources that contributed to this entry'),
});

export const briefOutput = z.object({
  gene: z
    .object({
      input: z.string().describe('The symbol as given'),
      symbol: z.string().describe('Approved HGNC symbol used for the brief'),
      resolvedBy: z
        .enum(['approved', 'previous', 'alias', 'replacement', 'unverified'])
        .describe('How the input resolved in HGNC; unverified = HGNC unreachable, symbol confirmed by Open Targets or UniProt'),
      hgncId: z.string().nullable().describe('HGNC id'),
      name: z.string().nullable().describe('Approved gene name'),
      ensemblId: z.string().nullable().describe('Ensembl gene id (keys Open Targets)'),
      uniprotAccession: z.string().nullable().describe('UniProt accession (keys UniProt, AlphaFold, Reactome)'),
      entrezId: z.string().nullable().describe('NCBI Gene id'),
    })
    .describe('The gene and how it was resolved'),
  diseaseContext: z
    .object({
      query: z.string().describe('The disease context as given'),
      diseaseId: z.string().nullable().describe('Open Targets disease id it resolved to (best search hit); null when none'),
      diseaseName: z.string().nullable().describe('Name of that disease'),
      associationScore: z
        .number()
        .min(0)
        .max(1)
        .nullable()
        .describe('Open Targets overall association of the gene with that disease, asked for directly: 0 when Open Targets lists none; null when unknown (source failed or no disease matched)'),
      matchedIds: z.array(z.string()).describe('Disease ids counted as the context when matching drug indications'),
    })
    .describe('The disease context and the gene’s association with it'),
  proteinName: z.string().nullable().describe('UniProt recommended protein name'),
  molecularWeight: z.number().nullable().describe('Protein mass in Da (UniProt sequence.molWeight)'),
  protein: z
    .object({
      accession: z.string().describe('UniProt accession of the entry used'),
      length: z.number().int().nullable().describe('Sequence length (residues)'),
      subcellularLocations: z.array(z.string()).describe('UniProt subcellular locations'),
      url: z.string().describe('UniProt entry page'),
    })
    .nullable()
    .describe('The UniProt entry; null when UniProt failed or has none'),
  alphaFoldPlddt: z.number().min(0).max(100).nullable().describe('Mean pLDDT of the AlphaFold model, 0-100'),
  alphaFold: z
    .object({
      entryId: z.string().describe('AlphaFold DB entry id'),
      band: z.enum(['very_high', 'confident', 'low', 'very_low']).describe('pLDDT band: >= 90, 70-90, 50-70, < 50'),
      modelUrl: z.string().nullable().describe('mmCIF model file'),
      pageUrl: z.string().describe('AlphaFold DB entry page'),
      version: z.number().nullable().describe('Model version'),
    })
    .nullable()
    .describe('The AlphaFold model; null when AlphaFold failed or has none'),
  druggabilityScore: z.number().min(0).max(1).nullable().describe('0.7 x tractability + 0.1 x enzyme + 0.2 x family; null when no part could be computed'),
  druggabilityComplete: z.boolean().describe('False when a part’s source failed: the score is then a lower bound'),
  druggabilityParts: z
    .array(
      z.object({
        name: z.enum(['tractability', 'enzyme', 'family']).describe('Part id'),
        label: z.string().describe('What the part measures'),
        value: z.number().min(0).max(1).nullable().describe('0-1; null when its source was unavailable'),
        weight: z.number().describe('Weight in the score'),
        contribution: z.number().describe('weight x value'),
        evidence: z.string().describe('Why the part has this value'),
        source: z.enum(['opentargets', 'uniprot']).describe('Source of the evidence'),
      }),
    )
    .describe('The parts of the druggability score'),
  function: z.string().nullable().describe('UniProt FUNCTION text (inline citations moved to functionPmids)'),
  functionPmids: z.array(z.string()).describe('PubMed ids UniProt cites for the function (nonexistent ones removed)'),
  diseaseAssociations: z
    .array(
      z.object({
        diseaseId: z.string().describe('Open Targets disease id'),
        diseaseName: z.string().describe('Disease name'),
        score: z.number().min(0).max(1).describe('Overall association score, 0-1'),
      }),
    )
    .describe('Top diseases associated with the gene (Open Targets), best first'),
  diseaseAssociationsTotal: z.number().int().nullable().describe('How many diseases Open Targets associates with the gene'),
  topDrugs: z.array(topDrug).describe('Top drug and clinical candidates acting on the gene (empty when withheld: see topDrugsNote)'),
  topDrugsNote: z.string().optional().describe('Why topDrugs is empty for tier reasons, and how to get it'),
  drugCandidatesTotal: z.number().int().optional().describe('Candidates Open Targets lists (salt forms merged) before the cap'),
  pathways: z
    .array(
      z.object({
        stId: z.string().describe('Reactome stable id'),
        name: z.string().describe('Pathway name'),
        url: z.string().describe('Reactome page'),
        inDisease: z.boolean().nullable().describe('A disease variant of a pathway'),
        qValue: z.number().min(0).max(1).optional().describe('Benjamini-Hochberg q of the pathway for the gene and its STRING partners against Reactome_2022 (absent when that could not be computed)'),
      }),
    )
    .describe('Lowest-level Reactome pathways containing the protein'),
  pathwaysTotal: z.number().int().describe('Pathways Reactome lists before the cap'),
  clinicalTrials: z
    .array(
      z.object({
        nctId: z.string().describe('ClinicalTrials.gov id'),
        title: z.string().describe('Brief title'),
        phase: z.number().nullable().describe('Highest phase as a number (PHASE1/PHASE2 -> 2); null when none applies'),
        phases: z.array(z.string()).describe('Phases as registered'),
        status: z.string().nullable().describe('Overall status'),
        conditions: z.array(z.string()).describe('Conditions'),
        interventions: z.array(z.string()).describe('Intervention names'),
        sponsor: z.string().nullable().describe('Lead sponsor'),
        startDate: z.string().nullable().describe('Start date as registered'),
        url: z.string().describe('Study page'),
      }),
    )
    .describe('Recruiting or active trials mentioning the gene for the disease context'),
  clinicalTrialsTotal: z.number().int().nullable().describe('Matching trials ClinicalTrials.gov counts'),
  interactionPartners: z
    .array(
      z.object({
        partner: z.string().describe('Partner protein (STRING preferred name)'),
        score: z.number().min(0).max(1).describe('STRING combined score, 0-1'),
        stringId: z.string().describe('STRING id of the partner'),
      }),
    )
    .describe('Best STRING interaction partners'),
  integrity: integrity.describe('Evidence integrity of the statements that cite PMIDs (function text, drug interactions)'),
  evidence: z
    .array(
      z.object({
        about: z.enum(['function', 'drug']).describe('What the statement is about'),
        subject: z.string().describe('The gene or the drug'),
        text: z.string().describe('The statement judged'),
        pmids: z.array(z.string()).describe('Its citations'),
        judged: z.array(z.string()).describe('Citations judged (first 3, ALCE)'),
        supported: z.boolean().describe('The judged citations entail the statement'),
        bestEntailment: z.number().describe('Highest single-abstract entailment'),
        bestPmid: z.string().optional().describe('The abstract that gave it'),
        skipped: z.enum(['uncited', 'out_of_range']).optional().describe('Why it was not judged'),
      }),
    )
    .describe('Per-statement results of the integrity pipeline'),
  ...provenance,
});

export type BriefOutput = z.input<typeof briefOutput>;
