// svc_verify_claim: is a biomedical claim supported by PubMed? With PMIDs it checks those (do they
// exist, do their abstracts entail the claim, ALCE citation metrics). Without, it searches PubMed
// and judges every abstract found: all of them are listed with their own verdict and all weigh in
// the status (contradicting papers are never hidden); citation metrics do not apply then, since
// the claim cited nothing.
import { defineTool, loadOnCall } from '../define.js';
import { VERIFY_TOOL } from '../names.js';
import { compactVerify, summarizeVerify } from './compact.js';
import { verifyAnswer, verifyInput, verifyOutput } from './schema.js';

export const verifyClaimTool = defineTool({
  name: VERIFY_TOOL,
  title: 'Verify a biomedical claim against PubMed',
  description:
    'Checks a claim against PubMed abstracts: cited PMIDs must exist, every part of each abstract is judged by a local ' +
    'NLI model, and citation precision/recall/F1 are computed as in ALCE. Mixed evidence is "contested" (both sides ' +
    'listed); without a model nothing is judged ("unjudged"). Without pmids it searches PubMed (optionally with ' +
    'geneContext) and judges every abstract found.',
  input: verifyInput,
  output: verifyOutput,
  answer: { schema: verifyAnswer, compact: compactVerify },
  summarize: summarizeVerify,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  handler: loadOnCall(async () => (await import('./handler.js')).verifyClaim),
});
