// Matching our enriched gene sets with g:Profiler's terms (the cross-check of svc_generate_insights).
import { describe, expect, it } from 'vitest';
import { parseGost } from '../../src/sources/gprofiler.js';
import { confirmedBy, crossCheckOf } from '../../src/tools/shared/panel-analysis/extras.js';
import { ownJson } from '../support/shared.js';

describe('confirmedBy', () => {
  const c = crossCheckOf(parseGost(ownJson('gprofiler', 'gost-TP53-pathway-doc-shaped.json')));
  it('matches by stable id whatever the library writes around it', () => {
    expect(confirmedBy(c, { id: 'R-HSA-5633007', name: 'Regulation of TP53 Activity R-HSA-5633007' })).toBe(true);
    expect(confirmedBy(c, { id: 'GO:0042981', name: 'regulation of apoptotic process (GO:0042981)' })).toBe(true);
    expect(confirmedBy(c, { id: 'Apoptosis WP254', name: 'Apoptosis WP254' })).toBe(true);
  });

  it('falls back to the plain name (KEGG has no stable id in Enrichr names; MSigDB names are UPPER_SNAKE)', () => {
    expect(confirmedBy(c, { id: 'p53 signaling pathway', name: 'p53 signaling pathway' })).toBe(true);
    expect(confirmedBy(c, { id: 'R-HSA-9999999', name: 'Regulation-of-TP53-Activity' })).toBe(true);
  });

  it('counts only significant terms', () => {
    expect(c).toMatchObject({ source: 'gprofiler', significantTerms: 6 });
  });

  it('says false for a set g:Profiler does not call significant, and null without a cross-check', () => {
    expect(confirmedBy(c, { id: 'R-HSA-1640170', name: 'Cell Cycle R-HSA-1640170' })).toBe(false);
    expect(confirmedBy(undefined, { id: 'R-HSA-5633007', name: 'x' })).toBeNull();
  });
});
