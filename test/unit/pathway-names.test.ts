import { describe, expect, it } from 'vitest';
import { pathwayLabel } from '../../src/analysis/pathway-names.js';

describe('pathway display names', () => {
  it.each([
    ['Signaling By EGFR R-HSA-177929', 'Signaling By EGFR'],
    ['regulation of apoptotic process (GO:0042981)', 'regulation of apoptotic process'],
    ['HALLMARK_TNFA_SIGNALING_VIA_NFKB', 'TNFA SIGNALING VIA NFKB'],
    ['Activation-of-BAD-and-translocation-to-mitochondria', 'Activation of BAD and translocation to mitochondria'],
    ['NF-kB is activated and signals survival', 'NF-kB is activated and signals survival'],
    ['Apoptosis WP254', 'Apoptosis'],
    ['Signaling-by-ERBB2', 'Signaling by ERBB2'],
    ['NF-kB', 'NF-kB'],
  ])('%s -> %s', (raw, label) => {
    expect(pathwayLabel(raw)).toBe(label);
  });
});
