// Turns a natural-language claim into PubMed queries. PubMed ANDs every word of a sentence, so a
// full claim usually finds nothing: use its content words, then relax in fixed steps.
import { contentWords } from './lexical.js';

const MAX_TERMS = 8;
const MAX_GENES = 5;

/** Queries to try in order until one finds records: all terms, the leading half, any term. */
export function claimQueries(claim: string, genes: readonly string[] = []): string[] {
  const terms = [...new Set(contentWords(claim))].slice(0, MAX_TERMS).map(quoteTerm);
  const geneClause = genes.length
    ? `(${genes.slice(0, MAX_GENES).map((g) => `${quoteTerm(g)}[tiab]`).join(' OR ')})`
    : '';
  const withGenes = (q: string) => [geneClause, q ? `(${q})` : ''].filter(Boolean).join(' AND ');
  if (terms.length === 0) return geneClause ? [geneClause] : [];
  const half = terms.slice(0, Math.max(2, Math.ceil(terms.length / 2)));
  const attempts = [terms.join(' AND '), half.join(' AND '), terms.join(' OR ')].map(withGenes);
  return [...new Set(attempts)];
}

function quoteTerm(t: string): string {
  return /^[A-Za-z0-9-]+$/.test(t) ? t : `"${t.replace(/"/g, '')}"`;
}
