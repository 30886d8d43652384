// Which parts of an abstract the entailment judge sees: all of them. An NLI model reads ~512 tokens,
// so a long abstract is cut into overlapping windows that together cover every sentence, and each
// window is judged (evidence/doc-judge.ts takes the strongest entailment and contradiction). No part
// is chosen by word overlap: a background sentence ("X is widely believed to improve survival")
// must never hide the result ("X did not improve survival") from the judge.

export interface Span {
  start: number;
  end: number;
}

/** Share of a window repeated at the start of the next one, so a statement that straddles a
 * boundary is seen whole in at least one window. */
export const OVERLAP_SHARE = 1 / 3;

/**
 * Windows of at most `windowChars` characters, cut on sentence boundaries (a longer sentence at
 * word boundaries), that together cover the whole text in order; consecutive windows share about
 * `overlapChars` of text. A text that fits is returned whole as the only window.
 */
export function coveringWindows(text: string, windowChars: number, overlapChars = Math.floor(windowChars * OVERLAP_SHARE)): string[] {
  const trimmed = text.trim();
  if (trimmed.length <= windowChars) return trimmed ? [trimmed] : [];
  const size = Math.max(1, windowChars);
  const units = sentenceSpans(trimmed, size);
  const out: string[] = [];
  let i = 0;
  for (;;) {
    const first = units[i]!;
    let j = i;
    while (j + 1 < units.length && units[j + 1]!.end - first.start <= size) j++;
    out.push(trimmed.slice(first.start, units[j]!.end));
    if (j === units.length - 1) return out;
    // Step back over whole sentences that fit in the overlap, but never so far that the next
    // window could not reach the first sentence not yet covered (j + 1), and always move forward.
    let k = j + 1;
    while (k - 1 > i && units[j]!.end - units[k - 1]!.start <= overlapChars && units[j + 1]!.end - units[k - 1]!.start <= size) k--;
    i = k;
  }
}

// Sentence ends: . ! ? followed by space and an upper-case letter, digit or bracket; a line break
// always ends one (labelled sections: "RESULTS: ..."). "e.g. the" and "p < 0.05 in" stay inside
// their sentence; an occasional wrong split only moves a window boundary, it never drops text.
const SENTENCE_END = /[.!?]["')\]]?[^\S\n]+(?=["'(\[]?[\p{Lu}\d])|\n+/gu;

/** Sentence spans of the text (trimmed), each at most `maxChars` long; together they cover it. */
export function sentenceSpans(text: string, maxChars: number): Span[] {
  const spans: Span[] = [];
  let from = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const cut = (m.index ?? 0) + m[0].trimEnd().length;
    spans.push({ start: from, end: cut });
    from = (m.index ?? 0) + m[0].length;
  }
  spans.push({ start: from, end: text.length });
  const out: Span[] = [];
  for (const s of spans) {
    let { start, end } = s;
    while (start < end && /\s/.test(text[start] ?? '')) start++;
    while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
    if (end > start) out.push(...splitLong(text, start, end, maxChars));
  }
  return out;
}

function splitLong(text: string, start: number, end: number, maxChars: number): Span[] {
  const out: Span[] = [];
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
