// Retracted articles are not evidence. PubMed marks a retracted article with the publication type
// "Retracted Publication" (MeSH D016441) and the notice that retracts it with "Retraction of
// Publication" (D016440); both come with the esummary (`pubtype`) and efetch (`PublicationType`)
// records the pipeline already reads, so knowing costs no request. Either kind of record exists
// (it is not hallucinated), but its abstract must not support or contradict a statement.

export type Retraction = 'retracted' | 'notice';

/** What PubMed's publication types say of a record: retracted, a retraction notice, or neither. */
export function retractionOf(pubTypes: readonly string[] | undefined): Retraction | null {
  const types = (pubTypes ?? []).map((t) => t.trim().toLowerCase());
  if (types.includes('retracted publication')) return 'retracted';
  if (types.includes('retraction of publication')) return 'notice';
  return null;
}

/** "PMID 1 is a retracted publication; PMID 2 is a retraction notice (PubMed): not counted as evidence." */
export function retractionWarning(retracted: ReadonlyMap<string, Retraction>): string | null {
  if (!retracted.size) return null;
  const kind = (r: Retraction) => (r === 'retracted' ? 'a retracted publication' : 'a retraction notice');
  const parts = [...retracted].map(([p, r]) => `PMID ${p} is ${kind(r)}`);
  return `${parts.join('; ')} (PubMed publication type): not counted as evidence for or against any statement.`;
}
