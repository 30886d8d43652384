// Input, full output and default-answer schemas of svc_verify_claim.
import { z } from 'zod';
import { EVIDENCE_STATUSES } from '../../evidence/status.js';
import { compactMeta } from '../shared/compact.js';
import { evidenceStatus, freeText, geneSymbol, integrity, LIMITS, pmid, provenance, statementVerdict } from '../shared/schemas.js';

export const verifyInput = z.strictObject({
  claim: freeText('the claim', 3, LIMITS.claimChars, { multiline: true }).describe(
      'The claim to verify; each sentence is checked. Cite per sentence with [PMID:n] or [k] (the k-th of pmids): a sentence without a marker is then uncited. Without markers every PMID cites every sentence.',
  ),
  pmids: z
    .array(pmid)
    .max(LIMITS.pmids, `at most ${LIMITS.pmids} PMIDs`)
    .optional()
    .describe('PubMed ids cited for the claim. Omit to search PubMed for evidence instead.'),
  geneContext: z
    .array(geneSymbol)
    .max(LIMITS.genes, `at most ${LIMITS.genes} genes`)
    .optional()
    .describe('Gene symbols that focus the PubMed search (used when no PMIDs are given).'),
});

export const VERDICTS = ['supports', 'contradicts', 'mixed', 'neutral', 'unjudged', 'not_found', 'no_abstract', 'unchecked', 'retracted', 'retraction_notice', 'not_cited'] as const;
export type Verdict = (typeof VERDICTS)[number];

const ratio = z.number().min(0).max(1);

export const verifyOutput = z.object({
  claim: z.string(),
  // Kept short: the schema is read with every tools/list. The statuses are defined in docs/methods.md.
  evidenceStatus: evidenceStatus.describe(
    'grounded: NLI-judged, citeF1 >= 0.6, nothing hallucinated or contradicting; contested: cited abstracts entail and contradict; unjudged: no NLI model; unverifiable: abstracts unreadable',
  ),
  summary: z.string(),
  mode: z.enum(['cited', 'search']).describe('search: no PMIDs given, PubMed searched'),
  pmidsChecked: z.boolean(),
  hallucinated: z.number().int().nullable(),
  citeF1: ratio.nullable().describe('null: not computed, or search mode (nothing cited); likewise the two below'),
  citationPrecision: ratio.nullable(),
  citationRecall: ratio.nullable(),
  nliEnabled: z.boolean(),
  entailmentMethod: z.string(),
  threshold: z.number(),
  integrity,
  statements: z.array(
    z.object({
      text: z.string(),
      citations: z.array(z.string()),
      judged: z.array(z.string()).describe('first 3 citations'),
      status: z.enum(EVIDENCE_STATUSES),
      supported: statementVerdict.supported,
      entailing: z.array(z.string()),
      contradicting: z.array(z.string()),
      bestEntailment: statementVerdict.bestEntailment,
      bestPmid: z.string().optional(),
      skipped: z.enum(['uncited', 'out_of_range']).optional(),
    }),
  ),
  pmids: z.array(
    z.object({
      pmid: z.string(),
      exists: z.boolean().nullable().describe('null: PubMed not asked'),
      title: z.string().optional(),
      journal: z.string().optional(),
      year: z.number().int().optional(),
      windows: z.number().int().optional().describe('abstract windows judged'),
      passage: z.string().optional().describe('best entailing window'),
      contradictingPassage: z.string().optional(),
      entailment: z.number().optional().describe('max over windows, likewise contradiction'),
      neutral: z.number().optional(),
      contradiction: z.number().optional(),
      verdict: z.enum(VERDICTS).describe('mixed: one window entails, another contradicts; unchecked: record not read; retracted*, not_cited (no marker cites it): not judged'),
    }),
  ),
  supportingPmids: z.array(z.string()).describe('verdict supports or mixed'),
  contradictingPmids: z.array(z.string()).describe('verdict contradicts or mixed'),
  search: z
    .object({ query: z.string(), count: z.number().int().nullable().describe('Records PubMed found; null when the search failed (not "none found")'), phrasesNotFound: z.array(z.string()) })
    .optional()
    .describe('search mode'),
  ...provenance,
});

export type VerifyOutput = z.input<typeof verifyOutput>;
export type VerifyInput = z.output<typeof verifyInput>;

/** The default answer: the same fields, with long lists cut (compact.ts). */
export const verifyAnswer = verifyOutput.extend(compactMeta);
export type VerifyAnswer = z.input<typeof verifyAnswer>;
