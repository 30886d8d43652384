// The names a gene goes by in titles and abstracts, for the literature searches whose count or
// absence an answer reports. The approved symbol alone misses much of a gene's literature when it
// is known by another name (ERBB2 is "HER2" in breast cancer, PDCD1 "PD-1", CD274 "PD-L1", TP53
// "p53"), and a gene pair that no article named by symbol was then called novel.
//
// Which HGNC previous symbols and aliases are searched beside the symbol:
// - those with a letter and a digit and at least 3 characters (HER2, HER-2, ERBB1, PD-L1, P53):
//   letter-only aliases are often words or abbreviations of other things (NEU, ER, CAT, SET);
// - and only names the HGNC table resolves to this gene alone: another gene's symbol, or an alias
//   two genes share, would count the other gene's articles;
// - at most MAX_LITERATURE_SYNONYMS, in HGNC's order (previous symbols first), to keep queries short.
// Pure: the caller passes the table lookup.

import { ENGLISH_WORD_SYMBOLS } from './english-word-symbols.js';

export const MAX_LITERATURE_SYNONYMS = 4;

/**
 * Why a gene's literature is not searched, when its symbol is also a common English word (MET,
 * SET, KIT, WAS, REST: english-word-symbols.ts): PubMed and Europe PMC match words whatever their
 * case, so "MET AND lung cancer" counts every article whose criteria were met, and cites them.
 * Its synonyms alone would miss most of its literature (KIT is rarely "CD117"), so the count is
 * left unknown rather than made from either. Null for other symbols.
 */
export function wordLikeSymbol(symbol: string): string | null {
  const upper = symbol.toUpperCase();
  return ENGLISH_WORD_SYMBOLS.has(upper) ? `${upper} is also the English word "${upper.toLowerCase()}", which a title or abstract search cannot tell from the gene` : null;
}

const SEARCHABLE = /^(?=.*[A-Za-z])(?=.*\d).{3,}$/;

/**
 * The symbol first, then the synonyms worth searching. `ownerOf(name)` is the approved symbol the
 * HGNC table resolves `name` to, or null when it resolves to none or to several genes.
 */
export function literatureNames(symbol: string, synonyms: readonly string[], ownerOf: (name: string) => string | null): string[] {
  const out = [symbol];
  const seen = new Set([symbol.toUpperCase()]);
  for (const name of synonyms) {
    if (out.length > MAX_LITERATURE_SYNONYMS) break;
    const key = name.toUpperCase();
    if (seen.has(key) || !SEARCHABLE.test(name) || ownerOf(name) !== symbol) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** "ERBB2 (or HER-2, CD340, HER2)": how a gene was searched, for the text that reports the count. */
export function searchedAs(names: readonly string[]): string {
  const [symbol, ...rest] = names;
  return rest.length ? `${symbol} (or ${rest.join(', ')})` : (symbol ?? '');
}
