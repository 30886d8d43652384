// Covering windows: every sentence of an abstract reaches the judge, in overlapping windows; none is
// chosen by word overlap (issue 8: a background sentence once won the only window over the result).
import { describe, expect, it } from 'vitest';
import { coveringWindows, sentenceSpans } from '../../src/evidence/windows.js';

const ABSTRACT = [
  'BACKGROUND: Drug X is widely believed to improve survival in patients with cancer, and it is often prescribed on that basis.',
  'METHODS: We randomly assigned 640 patients with advanced solid tumours to drug X or placebo for two years, stratified by tumour type.',
  'Patients were followed for a median of four years; survival was the primary end point and quality of life a secondary one.',
  'RESULTS: Drug X did not improve overall survival compared with placebo (hazard ratio 1.02; 95% CI 0.85 to 1.22; p = 0.81).',
  'CONCLUSIONS: Drug X did not improve survival in patients with advanced cancer.',
].join('\n');

/** Every non-space character of the text lies in some window (windows are slices, in order). */
function covered(text: string, windows: string[]): boolean {
  const seen = new Array<boolean>(text.length).fill(false);
  let from = 0;
  for (const w of windows) {
    const at = text.indexOf(w, from);
    if (at < 0) return false;
    for (let k = at; k < at + w.length; k++) seen[k] = true;
    from = at + 1;
  }
  return seen.every((s, k) => s || /\s/.test(text[k]!));
}

describe('coveringWindows', () => {
  it('returns the whole text when it fits', () => {
    expect(coveringWindows(ABSTRACT, ABSTRACT.length)).toEqual([ABSTRACT]);
    expect(coveringWindows('  short  ', 100)).toEqual(['short']);
    expect(coveringWindows('', 100)).toEqual([]);
  });

  it('covers every sentence, the labelled RESULTS and CONCLUSIONS included, within the size', () => {
    for (const size of [130, 200, 300, 450]) {
      const windows = coveringWindows(ABSTRACT, size);
      expect(windows.length, `size ${size}`).toBeGreaterThan(1);
      for (const w of windows) expect(w.length).toBeLessThanOrEqual(size);
      expect(covered(ABSTRACT, windows), `size ${size}`).toBe(true);
      expect(windows.some((w) => w.includes('RESULTS: Drug X did not improve overall survival'))).toBe(true);
      expect(windows[windows.length - 1]).toContain('CONCLUSIONS: Drug X did not improve survival');
    }
  });

  it('overlaps consecutive windows by whole sentences when they fit', () => {
    const windows = coveringWindows(ABSTRACT, 260, 130);
    for (let k = 1; k < windows.length; k++) {
      const prevLast = windows[k - 1]!.split('\n').at(-1)!;
      // The last sentence of a window opens the next one whenever the overlap allows it.
      if (prevLast.length <= 130 && prevLast.length + windows[k]!.split('\n')[1]!.length < 260) expect(windows[k]!.startsWith(prevLast)).toBe(true);
    }
    expect(covered(ABSTRACT, windows)).toBe(true);
  });

  it('splits a sentence longer than the window at word boundaries, and hard-cuts one huge word', () => {
    const long = `${'filler words here '.repeat(30)}the decisive result ${'more filler text '.repeat(30)}`.trim();
    const windows = coveringWindows(long, 60);
    for (const w of windows) expect(w.length).toBeLessThanOrEqual(60);
    expect(windows.join(' ')).toContain('decisive');
    expect(windows.every((w) => !w.startsWith(' '))).toBe(true);
    expect(coveringWindows('x'.repeat(250), 100)).toEqual(['x'.repeat(100), 'x'.repeat(100), 'x'.repeat(50)]);
  });

  it('keeps "p < 0.01" and "e.g. the" inside their sentence', () => {
    const spans = sentenceSpans('It fell (p < 0.01) in all. Drugs, e.g. the statins, helped. Done.', 1000);
    expect(spans).toHaveLength(3);
  });
});
