// zod pieces shared by several tools: the limits of DESIGN.md section 7 live here, once.
import { z } from 'zod';
import { EVIDENCE_STATUSES } from '../../evidence/status.js';

export const LIMITS = { genes: 500, pmids: 200, claimChars: 2000, diseaseChars: 500 } as const;

export const pmid = z.string().regex(/^[1-9]\d{0,8}$/, 'a PMID is 1 to 9 digits, e.g. "22663011"');

/**
 * HGNC symbols are upper-case Latin letters and Arabic numerals, with hyphens in some groups
 * (HLA-A, MT-ND1) and lower-case "orf" in C#orf symbols (Bruford et al. 2020, PMID 32747822);
 * previous symbols and aliases, which are resolved too, add "." , "_" and "@" (e.g. IGH@), and
 * people type any case. Nothing else reaches HGNC: no spaces, markup, control characters or
 * non-ASCII letters (which also rules out unpaired surrogates).
 */
export const GENE_SYMBOL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;

export const geneSymbol = z
  .string()
  .trim()
  .min(1, 'a gene symbol cannot be empty')
  .max(40, 'a gene symbol is at most 40 characters')
  .regex(GENE_SYMBOL_PATTERN, 'a gene symbol has only letters, digits and - . _ @ (HGNC symbols, previous symbols and aliases), e.g. "TP53", "HLA-A", "C1orf112"');

export const genePanel = z
  .array(geneSymbol)
  .min(1, 'give at least one gene')
  .max(LIMITS.genes, `at most ${LIMITS.genes} genes per panel`)
  .describe(`HGNC gene symbols (aliases and previous symbols resolved), 1-${LIMITS.genes}`);

// C0 and C1 control characters, DEL; line breaks and tabs are allowed only in multi-line text.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F-\u009F]/;

// Whitespace and the characters Unicode says to render invisibly (zero-width space, joiners, word
// joiner, BOM, soft hyphen, bidi marks, Hangul fillers...) at either end. String.prototype.trim
// keeps U+200B and most of these, so a value of them alone passed as text (a disease context that
// printed as an empty heading).
const INVISIBLE_ENDS = /^[\s\p{Default_Ignorable_Code_Point}]+|[\s\p{Default_Ignorable_Code_Point}]+$/gu;

/**
 * Free text (claims, disease contexts, hypotheses): well-formed Unicode (no unpaired surrogate,
 * which cannot be encoded into a URL or a UTF-8 file), no control characters, trimmed of whitespace
 * and invisible characters (so one of them alone is empty), bounded.
 */
export function freeText(what: string, min: number, max: number, options: { multiline?: boolean } = {}) {
  const control = options.multiline ? CONTROL : CONTROL_OR_BREAK;
  return z
    .string()
    .overwrite((s) => s.replace(INVISIBLE_ENDS, ''))
    .min(min, min <= 1 ? `${what} cannot be empty` : `${what} must be at least ${min} characters`)
    .max(max, `${what} is limited to ${max} characters`)
    .refine((s) => s.isWellFormed(), `${what} is not well-formed Unicode (it holds an unpaired surrogate)`)
    .refine((s) => !control.test(s), `${what} holds a control character${options.multiline ? '' : ' (line breaks included)'}`);
}

/**
 * A whole-number argument whose every error names its range: a string "5" read "expected number,
 * received string", without the bounds the other errors of the field state.
 */
export function wholeNumber(what: string, min: number, max: number) {
  const message = `${what} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

export const diseaseContext = freeText('the disease context', 1, LIMITS.diseaseChars);

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
}).meta({ id: 'source' });

const nullableRatio = z.number().min(0).max(1).nullable();

export const integrity = z
  .object({
    pmidsChecked: z.boolean(),
    pmidsCited: z.number().int(),
    hallucinated: z.number().int().nullable(),
    retracted: z.number().int().nullable(),
    hallucinationRate: nullableRatio,
    groundedRatio: nullableRatio,
    citationPrecision: nullableRatio,
    citationRecall: nullableRatio,
    citeF1: nullableRatio,
    nliEnabled: z.boolean(),
    entailmentMethod: z.string(),
  })
  .meta({ id: 'integrity', description: 'null = not computed (PubMed unreachable, nothing readable, or no NLI model)' });

export type IntegrityOut = z.input<typeof integrity>;

export const evidenceStatus = z.enum(EVIDENCE_STATUSES);

/** A statement's verdict fields (evidence/pipeline.ts verdictOf): null reads "not judged", never "no". */
export const statementVerdict = {
  supported: z.boolean().nullable().describe('ALCE recall: the cited abstracts jointly entail the statement; null when no model judged it'),
  bestEntailment: z.number().nullable().describe('Highest entailment probability over the cited abstracts; null when no model judged them'),
};

export const provenance = {
  sources: z.array(sourceEntry).describe('Sources consulted'),
  warnings: z.array(z.string()).describe('What is missing and why'),
};

/** ADMET of a drug (src/analysis/admet.ts): every value names its source. */
const sourced = z
  .object({ value: z.number(), source: z.enum(['chembl', 'pubchem']) })
  .nullable()
  .meta({ id: 'sourcedValue' });

export const admet = z
  .object({
    molecularWeight: sourced,
    logP: sourced,
    qed: sourced,
    hbd: sourced,
    hba: sourced,
    lipinskiViolations: z.object({ value: z.number().int(), source: z.enum(['chembl', 'computed']) }).nullable(),
    lipinskiPass: z.boolean().nullable(),
    note: z.string().optional().describe('Why values are missing (e.g. an antibody)'),
  })
  .meta({
    id: 'admet',
    description:
      'Each value with its source (null: unknown): molecularWeight of the parent (Da; ChEMBL, else PubChem), logP, qed (weighted QED 0-1, ChEMBL), ' +
      'hbd/hba (H-bond donors/acceptors), lipinskiViolations (MW > 500, LogP > 5, HBD > 5, HBA > 10; ChEMBL or computed here), lipinskiPass (at most one)',
  });

export const pathwayRef = z.object({ id: z.string(), name: z.string(), library: z.string(), q: z.number() }).meta({ id: 'pathwayRef' });
