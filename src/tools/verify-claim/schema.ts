// Input, full output and default-answer schemas of svc_verify_claim.
import { z } from 'zod';
import { EVIDENCE_STATUSES } from '../../evidence/status.js';
import { compactMeta } from '../shared/compact.js';
import { evidenceStatus, freeText, geneSymbol, integrity, LIMITS, pmid, provenance } from '../shared/schemas.js';

export const verifyInput = z.strictObject({
  claim: freeText('the claim', 3, LIMITS.claimChars, { multiline: true }).describe(
      'The biomedical claim to verify. Several sentences are checked one by one. Inline markers cite per sentence: [PMID:n], or [k] for the k-th of pmids; ' +
        'when the claim has markers, a sentence without one is uncited. Without markers every given PMID cites every sentence.',
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

export const VERDICTS = ['supports', 'contradicts', 'mixed', 'neutral', 'unjudged', 'not_found', 'no_abstract', 'unchecked'] as const;
export type Verdict = (typeof VERDICTS)[number];

const statusList = EVIDENCE_STATUSES.join(' | ');
const ratio = z.number().min(0).max(1);
const notApplicable = 'null when the claim cited nothing (PubMed was searched): citation precision and recall do not apply';

export const verifyOutput = z.object({
  claim: z.string(),
  evidenceStatus: evidenceStatus.describe(
    `${statusList}. grounded: an NLI model judged it, citeF1 >= 0.6, nothing hallucinated, no cited passage contradicts; supported: a cited abstract entails it, none contradicts; ` +
      'contested: cited abstracts both entail and contradict it (both sides listed); contradicted: a cited abstract contradicts it, none entails; unsupported: none entails; ' +
      'unjudged: no NLI model was available (warnings say how to get it); hallucinated: every cited PMID is fake; unverifiable: PubMed or the abstracts could not be read',
  ),
  summary: z.string(),
  mode: z.enum(['cited', 'search']).describe('cited: the claim was checked against the given PMIDs; search: PubMed was searched and every abstract found was judged'),
  pmidsChecked: z.boolean(),
  hallucinated: z.number().int().nullable(),
  citeF1: ratio.nullable().describe(notApplicable),
  citationPrecision: ratio.nullable().describe(notApplicable),
  citationRecall: ratio.nullable().describe(notApplicable),
  nliEnabled: z.boolean(),
  entailmentMethod: z.string(),
  threshold: z.number(),
  integrity,
  statements: z.array(
    z.object({
      text: z.string(),
      citations: z.array(z.string()),
      judged: z.array(z.string()).describe('Citations judged for ALCE metrics (first 3)'),
      status: z.enum(EVIDENCE_STATUSES).describe('This statement alone (never grounded: that needs citation F1)'),
      supported: z.boolean().describe('ALCE recall: the judged citations jointly entail the statement'),
      entailing: z.array(z.string()).describe('Cited PMIDs whose abstract entails the statement (some window of it)'),
      contradicting: z.array(z.string()).describe('Cited PMIDs whose abstract contradicts the statement'),
      bestEntailment: z.number(),
      bestPmid: z.string().optional(),
      skipped: z.enum(['uncited', 'out_of_range']).optional(),
    }),
  ),
  pmids: z.array(
    z.object({
      pmid: z.string(),
      exists: z.boolean().nullable().describe('null when PubMed could not be asked'),
      title: z.string().optional(),
      journal: z.string().optional(),
      year: z.number().int().optional(),
      windows: z.number().int().optional().describe('Windows of the abstract judged (1 = the whole abstract fit the model)'),
      passage: z.string().optional().describe('The abstract window with the strongest entailment'),
      contradictingPassage: z.string().optional().describe('The abstract window that contradicts the claim, when one does'),
      entailment: z.number().optional().describe('Strongest entailment over the windows'),
      neutral: z.number().optional(),
      contradiction: z.number().optional().describe('Strongest contradiction over the windows'),
      verdict: z
        .enum(VERDICTS)
        .describe('supports | contradicts | mixed (one part entails, another contradicts) | neutral | unjudged (no NLI model) | not_found | no_abstract | unchecked (PubMed unreachable)'),
    }),
  ),
  supportingPmids: z.array(z.string()).describe('PMIDs whose abstract entails the claim (verdict supports or mixed)'),
  contradictingPmids: z.array(z.string()).describe('PMIDs whose abstract contradicts the claim (verdict contradicts or mixed)'),
  search: z
    .object({ query: z.string(), count: z.number().int(), phrasesNotFound: z.array(z.string()) })
    .optional()
    .describe('The PubMed search run when no PMIDs were given'),
  ...provenance,
});

export type VerifyOutput = z.input<typeof verifyOutput>;
export type VerifyInput = z.output<typeof verifyInput>;

/** The default answer: the same fields, with long lists cut (compact.ts). */
export const verifyAnswer = verifyOutput.extend(compactMeta);
export type VerifyAnswer = z.input<typeof verifyAnswer>;
