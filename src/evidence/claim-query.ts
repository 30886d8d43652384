// Turns a natural-language claim into PubMed queries. PubMed ANDs every word of a sentence, so a
// full claim usually finds nothing: use its content words, then relax in fixed steps.

const MAX_TERMS = 8;
const MAX_GENES = 5;

/** Function words that carry no topic (negations included: PubMed ignores them anyway). */
const STOP_WORDS = new Set(
  (
    'a an the and or but if then than so as at by for from in into of on onto to with without within ' +
    'is are was were be been being am do does did done doing has have had having can could may might ' +
    'must shall should will would this that these those it its itself they them their there here ' +
    'we our us you your he she his her i me my which who whom whose what when where why how ' +
    'all any both each few more most other some such only own same too very also just about above ' +
    'after again against among because before below between during further once out over under ' +
    'up down off through until while not no nor never none neither'
  ).split(' '),
);

const QUERY_WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Content words as written (case and hyphens kept, possessive 's dropped), in order: search
 * queries need real words ("IL-6", "metformin"), not stems. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(QUERY_WORD)) {
    const word = m[0].replace(/['’]s$/i, '');
    if (!STOP_WORDS.has(word.toLowerCase()) && !/n['’]t$/i.test(word)) out.push(word);
  }
  return out;
}

/** How much of the claim a query asks for: every content word, the leading ones, or any one. */
export type ClaimQueryScope = 'all' | 'leading' | 'any';

export interface ClaimQuery {
  query: string;
  scope: ClaimQueryScope;
  /** The content words searched (for `leading`, the leading ones). */
  terms: string[];
  /** Content words beyond the first MAX_TERMS, never searched: a long claim is searched in part. */
  unsearched: string[];
}

/** Queries to try in order until one finds records: all terms, the leading half, any term. */
export function claimQueries(claim: string, genes: readonly string[] = []): ClaimQuery[] {
  const words = [...new Set(contentWords(claim))];
  const terms = words.slice(0, MAX_TERMS);
  const unsearched = words.slice(MAX_TERMS);
  const geneClause = genes.length
    ? `(${genes.slice(0, MAX_GENES).map((g) => `${quoteTerm(g)}[tiab]`).join(' OR ')})`
    : '';
  const withGenes = (q: string) => withoutRetracted([geneClause, q ? `(${q})` : ''].filter(Boolean).join(' AND '));
  if (terms.length === 0) return geneClause ? [{ query: withGenes(''), scope: 'all', terms: [], unsearched }] : [];
  const half = terms.slice(0, Math.max(2, Math.ceil(terms.length / 2)));
  const attempts: ClaimQuery[] = [
    { query: withGenes(terms.map(quoteTerm).join(' AND ')), scope: 'all', terms, unsearched },
    { query: withGenes(half.map(quoteTerm).join(' AND ')), scope: 'leading', terms: half, unsearched },
    { query: withGenes(terms.map(quoteTerm).join(' OR ')), scope: 'any', terms, unsearched },
  ];
  // A short claim asks the same query twice: try it once.
  return attempts.filter((a, i) => attempts.findIndex((b) => b.query === a.query) === i);
}

/**
 * Retracted articles are no evidence (evidence/retraction.ts): PubMed leaves them out of the search
 * so they do not take the places of the records judged. The check still flags any that gets in.
 */
function withoutRetracted(q: string): string {
  return `(${q}) NOT "retracted publication"[pt]`;
}

function quoteTerm(t: string): string {
  return /^[A-Za-z0-9-]+$/.test(t) ? t : `"${t.replace(/"/g, '')}"`;
}
