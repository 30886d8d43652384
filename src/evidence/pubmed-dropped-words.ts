// What a PubMed count means when PubMed dropped words. esearch runs a query without the words it
// does not know and says so only in `errorlist.phrasesnotfound` (HTTP 200, the rest of the query
// run): `APC p.E1317Q` counts every APC article (../shared/fixtures/eutils, the APC recording).
// Counting "C4orf54[tiab] AND breast cancer" for a symbol no abstract names would count every
// breast cancer article, and cite them for the gene.

/** How to read a count, given the query's clauses (ANDed, each any of several names). */
export type PubmedCountReading =
  /** Nothing dropped, or only alternatives of a clause that kept a known name: the count stands. */
  | { kind: 'exact' }
  /** Every name of a clause is unknown to PubMed: no record can match the query; the true count is 0. */
  | { kind: 'zero'; unknown: string[] }
  /** PubMed dropped something that is not a whole name (a word of a phrase): the count is of another query. */
  | { kind: 'unknown'; dropped: string[] };

/** A name or dropped phrase as PubMed compares them: no quotes, no field tag, any case. */
const bare = (s: string) => s.replace(/\[[^\]]*\]\s*$/, '').replace(/"/g, '').trim().toLowerCase();

export function pubmedCount(clauses: readonly (readonly string[])[], result: { phrasesNotFound: readonly string[] }): PubmedCountReading {
  if (result.phrasesNotFound.length === 0) return { kind: 'exact' };
  const dropped = new Set(result.phrasesNotFound.map(bare));
  const known = new Set(clauses.flat().map(bare));
  // A clause no record can satisfy decides, whatever else was dropped.
  const empty = clauses.find((names) => names.every((n) => dropped.has(bare(n))));
  if (empty) return { kind: 'zero', unknown: [...empty] };
  const other = result.phrasesNotFound.filter((p) => !known.has(bare(p)));
  return other.length ? { kind: 'unknown', dropped: other } : { kind: 'exact' };
}
