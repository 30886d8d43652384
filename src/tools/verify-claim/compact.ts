// The default answer of svc_verify_claim. Up to 200 PMIDs may be cited, each with the abstract
// window the judge read (up to 1,500 characters): whole, that is ~100,000 tokens. The answer keeps
// every verdict figure for the first PMIDs in the order given (PubMed's relevance order when it
// searched), the passages of the first few supporting or contradicting ones, and counts the rest;
// supportingPmids still lists every supporting PMID. Nothing is saved for this tool: the whole
// result is the CLI's --json.
import { Compactor } from '../shared/compact.js';
import { describeIntegrity, describeSources } from '../shared/summary.js';
import type { VerifyAnswer as Answer, VerifyOutput as Output } from './schema.js';

/** PMIDs listed, passages kept, statements listed. */
export const VERIFY_SHOWN = { pmids: 30, passages: 3, statements: 20 } as const;

type Pmid = Output['pmids'][number];
const isEvidence = (p: Pmid) => p.verdict === 'supports' || p.verdict === 'contradicts' || p.verdict === 'mixed';

export function compactVerify(full: Output): Answer {
  const c = new Compactor(() => 'Every PMID with its passage: call again with fewer PMIDs, or run `biointel verify "<claim>" --pmids ... --json` in a terminal.');
  let passages = 0;
  const pmids = c.top('pmids', full.pmids, VERIFY_SHOWN.pmids, (p) => {
    if ((p.passage === undefined && p.contradictingPassage === undefined) || (isEvidence(p) && passages++ < VERIFY_SHOWN.passages)) return p;
    const { passage: _cut, contradictingPassage: _cut2, ...rest } = p;
    return rest;
  });
  const statements = c.top('statements', full.statements, VERIFY_SHOWN.statements, (s) => s);
  return { ...full, pmids, statements, ...c.meta() };
}

export function summarizeVerify(a: Answer): string {
  const lines = [`Evidence status: ${a.evidenceStatus.toUpperCase()}. ${a.summary}`];
  if (a.search) lines.push(`PubMed query: ${a.search.query} (${a.search.count === null ? 'the search failed' : `${a.search.count} records`}).`);
  lines.push(describeIntegrity(a.integrity), describeSources(a.sources));
  if (a.warnings.length) lines.push(`Warnings: ${a.warnings.join(' | ')}`);
  if (a.more) lines.push(a.more);
  return lines.join('\n');
}
