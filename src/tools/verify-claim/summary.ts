// The one-paragraph summary of svc_verify_claim. It is written from the same numbers the result
// carries, so it can never contradict them: a status, who supports and who contradicts, and the
// citation metrics only when they were measured (a model judged, and the claim cited PMIDs).
import type { IntegrityRun } from '../../evidence/pipeline.js';
import type { EvidenceStatus } from '../../evidence/status.js';
import type { VerifyOutput } from './schema.js';
import type { ClaimQuery } from '../../evidence/claim-query.js';
import type { PubmedArticle } from '../../sources/eutils.js';

const HEADLINE: Record<EvidenceStatus, string> = {
  grounded: 'The claim is well grounded in the cited abstracts',
  supported: 'At least one abstract entails the claim and none contradicts it, but the citations are not well grounded overall',
  contested: 'The evidence is contested: some abstracts entail the claim and others contradict it',
  contradicted: 'The abstracts contradict the claim and none entails it',
  unsupported: 'No abstract entails the claim',
  unjudged: 'Entailment was not judged because no NLI model is available (see warnings); the PMIDs were looked up only',
  hallucinated: 'Every cited PMID is fake',
  unverifiable: 'No abstract could be read, so the claim could not be verified',
};

/** `search`: how PubMed was searched (search mode), null when the claim's citations were checked. */
/** What the search was: the query that found the records, and how much of the claim it asked for. */
export interface SearchDone {
  search: NonNullable<VerifyOutput['search']>;
  /** The attempt that found the records (claim-query.ts); null when none found any or PubMed failed. */
  asked: ClaimQuery | null;
  articles: Map<string, PubmedArticle>;
  failed: 'search' | 'abstracts' | null;
}

const quoted = (words: readonly string[]) => words.map((w) => `"${w}"`).join(', ');

/**
 * What the records judged were found for, when it is less than the claim: PubMed drops words it
 * does not know and runs the rest (sources/eutils.ts), and a claim whose words no record has together
 * is searched for fewer of them (claim-query.ts). Either way the records may be about something else,
 * and "no abstract entails the claim" then says little about the literature.
 */
function searchScope(search: SearchDone): string[] {
  const out: string[] = [];
  const dropped = search.search.phrasesNotFound;
  if (dropped.length) out.push(`PubMed knows no record with ${quoted(dropped)} and ran the search without ${dropped.length === 1 ? 'it' : 'them'}: the records judged do not mention ${dropped.length === 1 ? 'it' : 'them'}.`);
  const asked = search.asked;
  if (asked?.scope === 'leading') out.push(`No record has every content word of the claim; PubMed was searched for its first ${asked.terms.length} (${quoted(asked.terms)}), so the records judged may be about part of it.`);
  if (asked?.scope === 'any') out.push('No record has every content word of the claim, nor its leading ones; PubMed was searched for any of them, so the records judged may be about another question.');
  if (asked?.unsearched.length) out.push(`The claim has more content words than a search takes: ${quoted(asked.unsearched)} ${asked.unsearched.length === 1 ? 'was' : 'were'} not searched for.`);
  return out;
}

/**
 * The status in words, with the reason where one status has several: "unjudged" with a model
 * loaded is a statement too long for it, not a missing model; "unverifiable" is either records
 * without an abstract (PubMed lists none) or records PubMed could not give, or no marker citing a
 * PMID given; the same sentence for all of them blamed PubMed for a letter without abstract.
 */
function headline(status: EvidenceStatus, run: IntegrityRun, rows: VerifyOutput['pmids'], searched: boolean): string {
  if (status === 'unjudged' && run.integrity.nliEnabled) return 'Entailment was not judged: the NLI model could not take the statements (longer than its input; see warnings)';
  if (status !== 'unverifiable' || searched) return HEADLINE[status];
  if (run.cited.length === 0) return 'No marker of the claim cites a PMID given (see warnings), so the claim could not be verified';
  const cited = rows.filter((r) => run.cited.includes(r.pmid));
  if (cited.some((r) => r.verdict === 'unchecked')) return 'The cited records could not be read from PubMed (see sources and warnings), so the claim could not be verified: this says nothing about what they say';
  if (cited.length && cited.every((r) => r.verdict === 'no_abstract' || r.verdict === 'retracted' || r.verdict === 'retraction_notice' || r.verdict === 'not_found')) return 'PubMed lists no abstract for the cited records that exist, so the claim could not be verified against them (titles alone are not judged)';
  return HEADLINE[status];
}

export function summarize(status: EvidenceStatus, run: IntegrityRun, rows: VerifyOutput['pmids'], search: SearchDone | null = null): string {
  const i = run.integrity;
  const parts: string[] = [];
  const list = (ids: string[]) => `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? `, and ${ids.length - 5} more` : ''}`;
  const searched = search !== null;
  const searchFailed = search?.failed ?? null;
  if (searchFailed === 'search') return 'PubMed could not be searched (see sources and warnings), so the claim could not be verified: this says nothing about whether evidence exists.';
  if (searchFailed === 'abstracts') return 'PubMed found records, but they could not be read (see sources and warnings), so the claim could not be verified: this says nothing about what they say.';
  if (searched && rows.length === 0) return 'PubMed found no record for this claim, so it could not be verified.';
  if (searched) {
    const withAbstract = rows.filter((r) => !['no_abstract', 'retracted', 'retraction_notice'].includes(r.verdict)).length;
    parts.push(`Searched PubMed: ${rows.length} record${rows.length === 1 ? '' : 's'} found, ${withAbstract} with an abstract${i.nliEnabled ? ' judged' : ''}.`);
    parts.push(...searchScope(search));
  } else if (i.pmidsChecked) {
    const exist = rows.filter((p) => p.exists).length;
    parts.push(`${exist} of ${rows.length} PMIDs exist${i.hallucinated ? `; ${i.hallucinated} do not (${i.hallucinatedPmids.join(', ')})` : ''}.`);
  } else parts.push('PubMed could not be asked whether the PMIDs exist, so none is called hallucinated.');
  // Nothing cited at all (every marker out of range): "no abstract could be read" would blame PubMed.
  parts.push(`${headline(status, run, rows, searched)}.`);
  const notCited = rows.filter((p) => p.verdict === 'not_cited').map((p) => p.pmid);
  if (notCited.length) parts.push(`PMID ${list(notCited)} ${notCited.length === 1 ? 'is' : 'are'} listed but no marker of the claim cites ${notCited.length === 1 ? 'it' : 'them'}: not judged, and not counted in the status (cite with [PMID:n] or [k], or drop the markers to check every sentence against every PMID).`);
  const retracted = rows.filter((p) => p.verdict === 'retracted' || p.verdict === 'retraction_notice');
  if (retracted.length) {
    const what = (v: string) => (v === 'retracted' ? 'a retracted publication' : 'a retraction notice');
    parts.push(`${retracted.map((r) => `PMID ${r.pmid} is ${what(r.verdict)}`).join('; ')} (PubMed): not counted as evidence either way.`);
  }
  const supporting = rows.filter((p) => p.verdict === 'supports' || p.verdict === 'mixed').map((p) => p.pmid);
  const contradicting = rows.filter((p) => p.verdict === 'contradicts' || p.verdict === 'mixed').map((p) => p.pmid);
  if (supporting.length) parts.push(`Entailing: PMID ${list(supporting)}.`);
  if (contradicting.length) parts.push(`Contradicting: PMID ${list(contradicting)}.`);
  if (!i.nliEnabled || i.judgedStatements === 0) parts.push('Citation precision and recall were not computed (nothing was judged).');
  else if (searched) parts.push(`Citation precision and recall do not apply: the claim cited nothing; every abstract found was judged (judge: ${i.entailmentMethod}).`);
  else if (status !== 'hallucinated' && status !== 'unverifiable') {
    parts.push(`Citation precision ${i.citationPrecision.toFixed(2)}, recall ${i.citationRecall.toFixed(2)}, F1 ${i.citeF1.toFixed(2)} (judge: ${i.entailmentMethod}).`);
  }
  return parts.join(' ');
}
