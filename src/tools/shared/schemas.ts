// zod pieces shared by several tools: the limits of DESIGN.md section 7 live here, once.
import { z } from 'zod';
import { EVIDENCE_STATUSES } from '../../evidence/status.js';

export const LIMITS = { genes: 500, pmids: 200, claimChars: 2000, diseaseChars: 500 } as const;

export const pmid = z.string().regex(/^[1-9]\d{0,8}$/, 'a PMID is 1 to 9 digits, e.g. "22663011"');

export const geneSymbol = z
  .string()
  .trim()
  .min(1, 'a gene symbol cannot be empty')
  .max(40, 'a gene symbol is at most 40 characters');

export const genePanel = z
  .array(geneSymbol)
  .min(1, 'give at least one gene')
  .max(LIMITS.genes, `at most ${LIMITS.genes} genes per panel`);

export const diseaseContext = z
  .string()
  .trim()
  .min(1, 'the disease context cannot be empty')
  .max(LIMITS.diseaseChars, `the disease context is limited to ${LIMITS.diseaseChars} characters`);

export const sourceEntry = z.object({
  id: z.string(),
  status: z.enum(['ok', 'cached', 'partial', 'failed', 'skipped']).describe('partial: some calls failed (calls, failedCalls); failed: all did'),
  ms: z.number(),
  records: z.number(),
  calls: z.number().int().optional(),
  failedCalls: z.number().int().optional(),
  error: z.string().optional(),
  late: z.boolean().optional().describe("Still out when the call's deadline passed"),
  note: z.string().optional(),
});

export const integrity = z.object({
  pmidsChecked: z.boolean().describe('False when PubMed could not be reached to check PMIDs'),
  hallucinated: z.number().int().describe('Cited PMIDs that do not exist'),
  hallucinationRate: z.number().min(0).max(1),
  groundedRatio: z.number().min(0).max(1).describe('Share of statements an NLI model found entailed by a cited abstract and contradicted by none; 0 without a model'),
  citationPrecision: z.number().min(0).max(1),
  citationRecall: z.number().min(0).max(1),
  citeF1: z.number().min(0).max(1),
  nliEnabled: z.boolean().describe('False when no NLI model judged: then nothing is supported or contradicted, and the citation metrics are 0 because nothing was judged'),
  entailmentMethod: z.string().describe('nli:<model>@<dtype>, or "none" when no model judged'),
});

export const evidenceStatus = z.enum(EVIDENCE_STATUSES);

export const provenance = {
  sources: z.array(sourceEntry).describe('Every source consulted, with status'),
  warnings: z.array(z.string()).describe('What is missing from this answer and why'),
};

/** ADMET of a drug (src/analysis/admet.ts): every value names its source. */
const sourced = z
  .object({
    value: z.number().describe('The value'),
    source: z.enum(['chembl', 'pubchem']).describe('Where the value comes from'),
  })
  .nullable();

export const admet = z.object({
  molecularWeight: sourced.describe('Molecular weight of the parent (Da): ChEMBL mw_freebase/full_mwt, else PubChem'),
  logP: sourced.describe('LogP: ChEMBL cx_logp/alogp, else PubChem XLogP3'),
  qed: sourced.describe('Weighted QED drug-likeness, 0-1 (ChEMBL only)'),
  hbd: sourced.describe('Hydrogen-bond donors'),
  hba: sourced.describe('Hydrogen-bond acceptors'),
  lipinskiViolations: z
    .object({
      value: z.number().int().describe('Rule-of-five violations (MW > 500, LogP > 5, HBD > 5, HBA > 10)'),
      source: z.enum(['chembl', 'computed']).describe('chembl: num_ro5_violations; computed: counted here from the values above'),
    })
    .nullable()
    .describe('Lipinski rule-of-five violations; null when no property is known'),
  lipinskiPass: z.boolean().nullable().describe('At most one violation (Lipinski’s tolerance); null when unknown'),
  note: z.string().optional().describe('Why values are missing (e.g. an antibody)'),
});

export const pathwayRef = z.object({ id: z.string(), name: z.string(), library: z.string(), q: z.number() });
