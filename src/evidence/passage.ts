// Choosing which part of an abstract the entailment judge sees, and the word-level helpers shared
// with the lexical fallback judge (evidence/lexical.ts). NLI models read ~512 tokens at most, so a
// long abstract is cut to the window that talks most about the claim, on sentence boundaries.

/** Function words that carry no topic. Negation cues are listed here too: they are not content
 * terms, and the lexical judge detects them separately. */
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

// Hyphens split words ("drug-induced" meets "drug induced"); apostrophes do not ("didn't").
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** A word of the text with its character span; `term` is its stem, or null for a stop word. */
export interface WordToken {
  word: string;
  term: string | null;
  start: number;
  end: number;
}

/** Lower-cased words with stems. Contractions are split so that "didn't" yields "did", "not". */
export function words(text: string): WordToken[] {
  const out: WordToken[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const start = m.index ?? 0;
    const raw = m[0].replace(/’/g, "'");
    const contraction = /^(.+)n't$/.exec(raw);
    const parts = contraction?.[1] ? [contraction[1] === 'ca' ? 'can' : contraction[1] === 'wo' ? 'will' : contraction[1], 'not'] : [raw];
    for (const word of parts) {
      out.push({ word, term: STOP_WORDS.has(word) ? null : stem(word), start, end: start + m[0].length });
    }
  }
  return out;
}

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

/** Distinct stemmed content terms of a text. */
export function contentTerms(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of words(text)) if (w.term) out.add(w.term);
  return out;
}

/**
 * Light suffix stripping so that "reduces", "reduced", "reducing" and "reduction" meet. Deliberately
 * crude (no dictionary): it only has to be consistent between claim and passage. Words of 4
 * characters or fewer, and words containing digits (gene symbols, doses), are kept as they are.
 */
export function stem(word: string): string {
  let w = word.replace(/'s$/, '');
  if (w.length <= 4 || /\d/.test(w)) return w;
  const rules: [RegExp, string][] = [
    [/ational$/, 'ate'],
    [/ization$/, 'ize'],
    [/ations?$/, 'ate'],
    [/ments?$/, ''],
    [/ness$/, ''],
    [/ities$/, ''],
    [/ity$/, ''],
    [/ies$/, 'y'],
    [/ied$/, 'y'],
    [/ing$/, ''],
    [/edly$/, ''],
    [/ly$/, ''],
    [/ed$/, ''],
    [/(ss|us|is)$/, '$1'],
    [/es$/, 'e'],
    [/s$/, ''],
  ];
  for (const [re, to] of rules) {
    if (!re.test(w)) continue;
    const next = w.replace(re, to);
    if (next.length >= 3) w = next;
    break;
  }
  // "reduce"/"reduc" and "increase"/"increas": drop a final e so verb forms agree.
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

export interface TokenCounter {
  /** Tokens of a text without special tokens. */
  count(text: string): number;
  /** Special tokens added around a pair ([CLS] A [SEP] B [SEP] = 3). */
  pairSpecials: number;
}

/**
 * The tokenizer's own pair truncation cuts the concatenation at max_length, silently dropping the
 * statement. Instead the passage is shrunk until passage + statement + specials fit: each round
 * keeps the passage's best-overlapping sub-window (selectPassage) at a proportionally smaller size.
 * Returns null when the statement alone leaves no room for any passage.
 */
export function fitPassage(counter: TokenCounter, passage: string, claim: string, maxTokens: number): string | null {
  const budget = maxTokens - counter.pairSpecials - counter.count(claim);
  if (budget < 1) return null;
  let text = passage;
  let tokens = counter.count(text);
  while (tokens > budget && text.length > 0) {
    const chars = Math.min(text.length - 1, Math.floor((text.length * budget * 0.95) / tokens));
    text = selectPassage(text, claim, Math.max(0, chars));
    tokens = counter.count(text);
  }
  return text;
}

interface Unit {
  start: number;
  end: number;
  terms: Map<string, number>;
}

/**
 * The window of at most `windowChars` characters of `abstract` with the highest lexical overlap with
 * `claim`: most distinct claim terms covered, then most claim-term occurrences, then earliest.
 * Windows start and end on sentence boundaries; a sentence longer than the window is split at word
 * boundaries (or hard-cut if a single word is longer). The whole abstract is returned when it fits.
 */
export function selectPassage(abstract: string, claim: string, windowChars: number): string {
  if (abstract.length <= windowChars) return abstract;
  if (windowChars <= 0) return '';
  const claimTerms = contentTerms(claim);
  const units = splitUnits(abstract, windowChars).map((u) => ({ ...u, terms: claimTermCounts(abstract.slice(u.start, u.end), claimTerms) }));
  let best: { start: number; end: number; distinct: number; hits: number } | undefined;
  for (let i = 0; i < units.length; i++) {
    const first = units[i] as Unit;
    const covered = new Map<string, number>();
    let end = first.end;
    for (let j = i; j < units.length; j++) {
      const u = units[j] as Unit;
      if (u.end - first.start > windowChars) break;
      end = u.end;
      for (const [t, n] of u.terms) covered.set(t, (covered.get(t) ?? 0) + n);
    }
    let hits = 0;
    for (const n of covered.values()) hits += n;
    if (!best || covered.size > best.distinct || (covered.size === best.distinct && hits > best.hits)) {
      best = { start: first.start, end, distinct: covered.size, hits };
    }
  }
  return best ? abstract.slice(best.start, best.end) : abstract.slice(0, windowChars);
}

function claimTermCounts(text: string, claimTerms: Set<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const w of words(text)) if (w.term && claimTerms.has(w.term)) out.set(w.term, (out.get(w.term) ?? 0) + 1);
  return out;
}

// Sentence ends: . ! ? followed by space and an upper-case letter, digit or bracket. "e.g. the"
// and "p < 0.05 in" stay inside their sentence; an occasional wrong split only shifts a window.
const SENTENCE_END = /[.!?]["')\]]?\s+(?=["'(\[]?[\p{Lu}\d])/gu;

/** Sentence spans (trimmed), each at most `maxChars` long. */
function splitUnits(text: string, maxChars: number): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let from = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const cut = (m.index ?? 0) + m[0].trimEnd().length;
    spans.push({ start: from, end: cut });
    from = (m.index ?? 0) + m[0].length;
  }
  spans.push({ start: from, end: text.length });
  const out: { start: number; end: number }[] = [];
  for (const s of spans) {
    let { start, end } = s;
    while (start < end && /\s/.test(text[start] ?? '')) start++;
    while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
    if (end <= start) continue;
    out.push(...splitLong(text, start, end, maxChars));
  }
  return out;
}

function splitLong(text: string, start: number, end: number, maxChars: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let from = start;
  while (end - from > maxChars) {
    let cut = text.lastIndexOf(' ', from + maxChars);
    if (cut <= from) cut = from + maxChars;
    out.push({ start: from, end: cut });
    from = cut;
    while (from < end && /\s/.test(text[from] ?? '')) from++;
  }
  if (end > from) out.push({ start: from, end });
  return out;
}
