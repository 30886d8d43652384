// Splitting text into statements (ALCE judges citations per sentence) and reading inline citation
// markers: `[PMID:123]`, `[PMID 123, 456]` cite PubMed ids; `[2]` cites the 2nd of the given PMIDs.
//
// Sentences: Unicode sentence segmentation (Intl.Segmenter, UAX #29), which never breaks before a
// lower-case letter, plus the break NLTK's Punkt (ALCE's `sent_tokenize`) makes there: after a
// sentence-final period that does not end an abbreviation or an initial, a new sentence may start
// with a lower-case word, as gene and protein names do ("p53 loss ...", "mTOR inhibition ...").

export interface CitedStatement {
  text: string;
  /** PMIDs in citation order, duplicates kept (ALCE counts `[1][1]` as two citations; it judges the first 3). */
  pmids: string[];
}

const ABBREVIATION = /(?:^|[\s(\[])(?:e\.g|i\.e|et al|vs|fig|figs|approx|ca|cf|dr|no|nos|ref|refs|resp|spp|sp|var|incl|st|mt|inc|ltd|co)\.["')\]]*$/i;
/** Dotted abbreviations: "i.v.", "s.c.", "U.S." (a lone "D." ends "vitamin D." more often than it is an initial). */
const DOTTED = /(?:^|[\s(\[])(?:\p{L}\.){2,}["')\]]*$/u;
/** A sentence end followed by a lower-case word: a candidate break Intl.Segmenter never makes. */
const LOWER_START = /[.!?]["')\]]*\s+(?=\p{Ll})/gu;

function endsWithAbbreviation(text: string): boolean {
  return ABBREVIATION.test(text.trimEnd());
}

function endsWithDottedAbbreviation(text: string): boolean {
  return endsWithAbbreviation(text) || DOTTED.test(text.trimEnd());
}

/** Sentences of a text (whitespace normalised). */
export function splitSentences(text: string): string[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text.replace(/\s+/g, ' ').trim())) {
    for (const piece of splitBeforeLowerCase(segment)) {
      const s = piece.trim();
      if (!s) continue;
      const prev = out[out.length - 1];
      // The segmenter breaks after "e.g." or "Fig." before a capital or digit; join those back.
      if (prev !== undefined && endsWithAbbreviation(prev)) out[out.length - 1] = `${prev} ${s}`;
      else out.push(s);
    }
  }
  return out;
}

function splitBeforeLowerCase(segment: string): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const m of segment.matchAll(LOWER_START)) {
    const end = (m.index ?? 0) + m[0].trimEnd().length;
    const candidate = segment.slice(from, end);
    if (endsWithDottedAbbreviation(candidate)) continue;
    pieces.push(candidate);
    from = (m.index ?? 0) + m[0].length;
  }
  pieces.push(segment.slice(from));
  return pieces;
}

const IDS = String.raw`(\d+(?:\s*[,;]\s*(?:PMID\s*:?\s*)?\d+)*)`;
const MARKER_SOURCE = String.raw`\s*(?:\[\s*(PMIDs?\s*:?\s*)?${IDS}\s*\]|\(\s*(PMIDs?\s*:?\s*)${IDS}\s*\))`;
const MARKER = new RegExp(MARKER_SOURCE, 'gi');
/** Markers that open a sentence, before any word ("[PMID:1] Then ..."). */
const LEADING_MARKERS = new RegExp(`^(?:${MARKER_SOURCE})+`, 'i');

/** Prefix of a citation that points outside the given list (ALCE "out of range"): never a PMID. */
export const OUT_OF_RANGE = '#';

/**
 * Statements with their citations, as ALCE reads them:
 * - `[PMID:n]` and `(PMID n)` cite PubMed ids; a bare `[k]` is the k-th given PMID, out of range
 *   when k exceeds the list; a list `[1, 2]` counts as `[1][2]`; duplicates are kept.
 * - When the text carries any marker, a sentence without one is uncited (recall 0), as in ALCE.
 * - A text with no marker at all is a claim checked against a list: every given PMID cites each
 *   of its sentences.
 * A marker placed after a sentence's period cites that sentence: left alone at the very end
 * ("... works. [1]"), or opening the next sentence ("A works. [1] B fails. [2]") when the sentence
 * before has no marker of its own. Punkt, which ALCE uses, gives such a marker to the next
 * sentence; with reference-style citations after the period, that left A uncited (a confident
 * "unsupported") and gave B both PMIDs. A sentence with its own marker keeps Punkt's reading.
 */
export function citedStatements(text: string, given: readonly string[]): CitedStatement[] {
  const parsed: { text: string; ids: string[]; marked: boolean }[] = [];
  const read = (part: string) => readMarkers(part, given);
  for (const sentence of splitSentences(text)) {
    const prev = parsed[parsed.length - 1];
    const lead = sentence.match(LEADING_MARKERS)?.[0] ?? '';
    let rest = sentence;
    if (lead && prev && !prev.marked && /[.!?]["')\]]*$/.test(prev.text)) {
      prev.ids.push(...read(lead).ids);
      prev.marked = true;
      rest = sentence.slice(lead.length);
      if (!rest.trim()) continue;
    }
    const { clean, ids, marked } = read(rest);
    const body = clean.replace(/\s+([.,;:!?])/g, '$1').trim();
    if (!/[\p{L}\p{N}]/u.test(body) && marked && prev) {
      prev.ids.push(...ids);
      prev.marked = true;
      continue;
    }
    parsed.push({ text: body, ids, marked });
  }
  const anyMarked = parsed.some((s) => s.marked);
  return parsed.map((s) => ({ text: s.text, pmids: s.marked ? s.ids : anyMarked ? [] : [...given] }));
}

/**
 * The text without its citation markers, and the markers taken out. A claim searched for (no
 * PMIDs given) keeps none: a bare `[2]` points into a list that was not given, and read against
 * the records found it hid all but the second of them, and was searched for as a word.
 */
export function withoutMarkers(text: string): { text: string; markers: string[] } {
  const markers: string[] = [];
  const clean = text.replace(MARKER, (m) => {
    markers.push(m.trim());
    return '';
  });
  return { text: clean.replace(/\s+([.,;:!?])/g, '$1').replace(/\s+/g, ' ').trim(), markers };
}

/** The markers of a piece of text, read as citations, and the text without them. */
function readMarkers(text: string, given: readonly string[]): { clean: string; ids: string[]; marked: boolean } {
  const ids: string[] = [];
  let marked = false;
  const clean = text.replace(MARKER, (_m, w1: string | undefined, ids1: string | undefined, w2: string | undefined, ids2: string | undefined) => {
    // "PMID" before the first id makes the list PubMed ids ([PMID 123, 456]); one before a later id
    // makes it and those after it PubMed ids ([1, PMID:1002]: the 1st given PMID, then PMID 1002,
    // which was read as a 1002nd given PMID "past the list" and never looked up).
    let pmidWord = Boolean(w1 ?? w2);
    for (const raw of (ids1 ?? ids2 ?? '').split(/[,;]/)) {
      if (/PMID/i.test(raw)) pmidWord = true;
      const n = raw.replace(/\D/g, '');
      if (!n) continue;
      const k = Number(n);
      // A PMID keeps its digits as typed (leading zeros dropped): Number() rounds past 2^53, and
      // [PMID:99999999999999999999] read as an id the user never wrote.
      ids.push(pmidWord ? n.replace(/^0+(?=\d)/, '') : k >= 1 && k <= given.length ? given[k - 1]! : `${OUT_OF_RANGE}${n}`);
    }
    marked = true;
    return '';
  });
  return { clean, ids, marked };
}
