// Literature questions of the panel tools: gene + disease counts from PubMed, pair co-mentions from
// Europe PMC. Their PMIDs become citations that the integrity pipeline checks.
import type { GeneLiterature } from '../../analysis/evidence-brief.js';
import type { CandidatePair, PairLiterature } from '../../analysis/hypotheses.js';
import { pairKey } from '../../analysis/hypotheses.js';
import { CAPS, type Gather } from './gather.js';
import { pubmedCount } from '../../evidence/pubmed-dropped-words.js';
import { wordLikeSymbol } from '../../analysis/gene-synonyms.js';
import { GENES_NOT_SEARCHED } from './summary.js';

/** A search term: one phrase, or the names of one thing (a gene's symbol and synonyms), any of which counts. */
export type Term = string | readonly string[];

const namesOf = (t: Term): readonly string[] => (typeof t === 'string' ? [t] : t);

/** Europe PMC query for records naming every term (any of a term's names) in title or abstract:
 * MEDLINE records (PMIDs) by default, or preprints (PPR). */
export function titleAbstractQuery(terms: readonly Term[], source: 'MED' | 'PPR' = 'MED'): string {
  const q = (t: string) => `"${t.replace(/"/g, '')}"`;
  const field = (t: Term) => `(${namesOf(t).map((n) => `TITLE:${q(n)} OR ABSTRACT:${q(n)}`).join(' OR ')})`;
  return [...terms.map(field), `SRC:${source}`].join(' AND ');
}

/** PubMed title/abstract clause for a gene: `EGFR[tiab]`, or `(ERBB2[tiab] OR "HER-2"[tiab] ...)`. */
export function tiabClause(names: readonly string[]): string {
  const one = (n: string) => (/^[A-Za-z0-9]+$/.test(n) ? `${n}[tiab]` : `"${n.replace(/"/g, '')}"[tiab]`);
  return names.length === 1 ? one(names[0]!) : `(${names.map(one).join(' OR ')})`;
}

export async function literature(g: Gather, terms: readonly Term[], pageSize: number): Promise<{ count: number | null; pmids: string[]; query: string }> {
  const query = titleAbstractQuery(terms);
  const r = await g.report.call('europepmc', () => g.call.ctx.sources.europepmc.search(query, { pageSize }, g.call.signal), {
    records: (x) => x.records.length,
  });
  if (!r) return { count: null, pmids: [], query };
  return { count: r.hitCount, pmids: r.records.map((x) => x.pmid).filter((p): p is string => Boolean(p)), query };
}

/**
 * Gene + disease literature from PubMed itself (count and the most relevant PMIDs): these PMIDs
 * become citations that the integrity pipeline then checks, and E-utilities spreads the load off
 * Europe PMC, which answers the pair and drug questions in the same round.
 */
export async function geneLiterature(
  g: Gather,
  symbols: readonly string[],
  disease: Term,
  associations: ReadonlyMap<string, number | null>,
  names: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<GeneLiterature[]> {
  const cap = g.call.ctx.config.ncbiApiKey ? CAPS.literatureGenes : CAPS.literatureGenesWithoutKey;
  // A symbol that is also an English word is not searched (wordLikeSymbol): its slot goes to the next gene.
  const words = symbols.filter((s) => wordLikeSymbol(s) !== null);
  const genes = symbols.filter((s) => !words.includes(s)).slice(0, cap);
  if (words.length) {
    const why = words.length === 1 ? wordLikeSymbol(words[0]!) : `each is also an English word (${words.map((w) => `"${w.toLowerCase()}"`).join(', ')}), which a title or abstract search cannot tell from the gene`;
    g.report.note('eutils', `${GENES_NOT_SEARCHED.words}${words.join(', ')} not counted: ${why}`);
  }
  if (symbols.length - words.length > cap) {
    g.report.note('eutils', `${GENES_NOT_SEARCHED.capped}${cap} of ${symbols.length - words.length} genes${g.call.ctx.config.ncbiApiKey ? '' : ` (${CAPS.literatureGenes} with an NCBI API key: PubMed allows 3 requests a second without one)`}`);
  }
  const dropped = new Map<string, string[]>();
  const rows = await Promise.all(
    genes.map(async (gene): Promise<GeneLiterature> => {
      const geneNames = names.get(gene) ?? [gene];
      // Retracted articles are no evidence (evidence/retraction.ts): not counted, not cited.
      const term = `${tiabClause(geneNames)} AND ${tiabClause(namesOf(disease))} NOT "retracted publication"[pt]`;
      const r = await g.report.call('eutils', () => g.call.ctx.sources.eutils.search(term, { retmax: 3 }, g.call.signal), { records: (x) => x.ids.length });
      const association = associations.get(gene) ?? null;
      if (!r) return { gene, count: null, pmids: [], association };
      // PubMed runs a query without the words it does not know: its count and PMIDs are then of
      // another question (all breast cancer articles, for a symbol no abstract names).
      const read = pubmedCount([geneNames, namesOf(disease)], r);
      if (read.kind === 'exact') return { gene, count: r.count, pmids: r.ids, association };
      const why = read.kind === 'zero' ? `PubMed knows no title or abstract with ${read.unknown.map((n) => `"${n}"`).join(' or ')}: 0 articles counted` : `PubMed ignored ${read.dropped.map((n) => `"${n}"`).join(', ')} in the query, so the count is not known`;
      dropped.set(why, [...(dropped.get(why) ?? []), gene]);
      return { gene, count: read.kind === 'zero' ? 0 : null, pmids: [], association };
    }),
  );
  for (const [why, affected] of dropped) g.report.note('eutils', `gene literature of ${affected.join(', ')}: ${why} (none cited)`);
  return [...rows, ...words.map((gene) => ({ gene, count: null, pmids: [], association: associations.get(gene) ?? null }))];
}

/** Symbols of the panel that are also English words, as one warning; null when there are none. */
export function wordLikeWarning(symbols: readonly string[]): string | null {
  const words = symbols.filter((s) => wordLikeSymbol(s) !== null);
  if (!words.length) return null;
  const one = words.length === 1;
  return `${words.join(', ')} ${one ? 'is also an English word' : 'are also English words'} (${words.map((w) => `"${w.toLowerCase()}"`).join(', ')}): ${one ? 'its' : 'their'} literature (gene-disease counts, pair co-mentions, preprints, drug-target citations) is not searched, as a title or abstract search cannot tell the gene from the word: not counted, which is not a count of 0.`;
}

/**
 * Pair + disease co-mentions, each gene searched by its names (`names`, symbol alone when absent).
 * Every pair gets an entry: a count, null for a failed search, or null with `notSearched` (beyond
 * the cap, or a gene whose symbol is an English word).
 */
export async function pairLiterature(g: Gather, pairs: readonly CandidatePair[], disease: Term, names: ReadonlyMap<string, readonly string[]> = new Map()): Promise<Map<string, PairLiterature>> {
  const out = new Map<string, PairLiterature>();
  const notSearched = (p: CandidatePair, why: string) => out.set(pairKey(p.a, p.b), { coMentions: null, pmids: [], query: '', notSearched: why });
  const searchable = pairs.filter((p) => {
    const word = wordLikeSymbol(p.a) ?? wordLikeSymbol(p.b);
    if (word) notSearched(p, word);
    return !word;
  });
  await Promise.all(
    searchable.slice(0, CAPS.hypothesisPairs).map(async (p) => {
      const [a, b] = [names.get(p.a) ?? [p.a], names.get(p.b) ?? [p.b]];
      const lit = await literature(g, [a, b, disease], 3);
      out.set(pairKey(p.a, p.b), { coMentions: lit.count, pmids: lit.pmids, query: lit.query, searched: [a, b], diseaseSearched: namesOf(disease) });
    }),
  );
  // Pairs beyond the cap were never searched: "search failed" would misread them.
  for (const p of searchable.slice(CAPS.hypothesisPairs)) notSearched(p, `only the first ${CAPS.hypothesisPairs} pairs are searched`);
  return out;
}
