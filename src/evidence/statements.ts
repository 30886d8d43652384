// Splitting text into statements (ALCE judges citations per sentence) and reading inline citation
// markers: `[PMID:123]`, `[PMID 123, 456]` cite PubMed ids; `[2]` cites the 2nd of the given PMIDs.

export interface CitedStatement {
  text: string;
  /** PMIDs in citation order (ALCE judges the first 3). */
  pmids: string[];
}

const ABBREVIATIONS = /\b(e\.g|i\.e|et al|vs|fig|figs|approx|ca|cf|dr|no|nos|ref|refs|resp|spp|sp|var|incl|st|mt|inc|ltd|co)\.$/i;

/** Sentences of a text, with abbreviation and decimal-aware merging on top of Intl.Segmenter. */
export function splitSentences(text: string): string[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text.replace(/\s+/g, ' ').trim())) {
    const s = segment.trim();
    if (!s) continue;
    const prev = out[out.length - 1];
    // Segmenter splits after "e.g." and before a lower-case continuation; join those back.
    if (prev !== undefined && (ABBREVIATIONS.test(prev) || /^[a-z(]/.test(s))) out[out.length - 1] = `${prev} ${s}`;
    else out.push(s);
  }
  return out;
}

const IDS = String.raw`(\d+(?:\s*[,;]\s*(?:PMID\s*:?\s*)?\d+)*)`;
const MARKER = new RegExp(String.raw`\s*(?:\[\s*(PMIDs?\s*:?\s*)?${IDS}\s*\]|\(\s*(PMIDs?\s*:?\s*)${IDS}\s*\))`, 'gi');

/** Prefix of a citation that points outside the given list (ALCE "out of range"): never a PMID. */
export const OUT_OF_RANGE = '#';

/**
 * Statements with their citations. A statement with no marker cites every PMID given (a claim
 * checked against a list). `[PMID:n]` and `(PMID n)` cite PubMed ids; a bare `[k]` is the k-th
 * given PMID (ALCE style), out of range when k exceeds the list.
 */
export function citedStatements(text: string, given: readonly string[]): CitedStatement[] {
  return splitSentences(text).map((sentence) => {
    const cited: string[] = [];
    let found = false;
    const clean = sentence.replace(MARKER, (_m, w1: string | undefined, ids1: string | undefined, w2: string | undefined, ids2: string | undefined) => {
      const pmidWord = Boolean(w1 ?? w2);
      for (const raw of (ids1 ?? ids2 ?? '').split(/[,;]/)) {
        const n = raw.replace(/\D/g, '');
        if (!n) continue;
        const k = Number(n);
        const id = pmidWord ? String(k) : k >= 1 && k <= given.length ? given[k - 1]! : `${OUT_OF_RANGE}${n}`;
        if (!cited.includes(id)) cited.push(id);
      }
      found = true;
      return '';
    });
    return { text: clean.replace(/\s+([.,;:!?])/g, '$1').trim(), pmids: found ? cited : [...given] };
  });
}
