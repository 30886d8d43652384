// The quality score rewards only what was verified (issue 8).
import { describe, expect, it } from 'vitest';
import { qualityScore, type QualityInputs } from '../../src/analysis/quality.js';

const sources = (ok: number, failed: number) => [...Array.from({ length: ok }, () => ({ status: 'ok' })), ...Array.from({ length: failed }, () => ({ status: 'failed' }))];
const judged: QualityInputs = { nliEnabled: true, judgedStatements: 5, pmidsChecked: true, checkedPmids: 20, groundedRatio: 0.8, citeF1: 0.7, hallucinationRate: 0.05, sources: sources(12, 2) };

describe('qualityScore', () => {
  it('is the documented weighted mix (the README example)', () => {
    const q = qualityScore(judged);
    expect(q.parts).toEqual({ groundedRatio: 0.8, citeF1: 0.7, notHallucinated: 0.95, sourceCoverage: 12 / 14 });
    expect(q.qualityScore).toBe(0.816); // 0.35*0.8 + 0.25*0.7 + 0.2*0.95 + 0.2*12/14
    expect(q.unverified).toBe(false);
  });

  // Issue 8: a panel where 13 of 14 sources failed scored 0.81: its lexical verdicts counted as
  // grounded (abstracts used "met" as a verb) and were given full marks.
  it('reproduction: 13 of 14 sources failed, statements "grounded" by word overlap, no model', () => {
    const q = qualityScore({ nliEnabled: false, judgedStatements: 0, pmidsChecked: true, checkedPmids: 6, groundedRatio: 1, citeF1: 1, hallucinationRate: 0, sources: sources(1, 13) });
    expect(q.qualityScore).not.toBe(0.81);
    expect(q.parts.groundedRatio).toBe(0);
    expect(q.parts.citeF1).toBe(0);
    expect(q.qualityScore).toBe(0.214); // 0.2 * 1 (PMIDs exist) + 0.2 * 1/14
  });

  it('unjudged evidence counts zero; an unreachable PubMed counts zero, never full marks', () => {
    expect(qualityScore({ ...judged, nliEnabled: false }).parts).toMatchObject({ groundedRatio: 0, citeF1: 0 });
    expect(qualityScore({ ...judged, pmidsChecked: false, hallucinationRate: 0 }).parts.notHallucinated).toBe(0);
    expect(qualityScore({ ...judged, checkedPmids: 0, hallucinationRate: 0 }).parts.notHallucinated).toBe(0);
  });

  it('an analysis that checked nothing scores 0, whatever its sources answered', () => {
    const q = qualityScore({ nliEnabled: false, judgedStatements: 0, pmidsChecked: false, checkedPmids: 0, groundedRatio: 0, citeF1: 0, hallucinationRate: 0, sources: sources(14, 0) });
    expect(q).toMatchObject({ qualityScore: 0, unverified: true });
  });

  it('failed sources count zero coverage; skipped ones are left out', () => {
    expect(qualityScore({ ...judged, sources: [{ status: 'failed' }, { status: 'skipped' }] }).parts.sourceCoverage).toBe(0);
    expect(qualityScore({ ...judged, sources: [{ status: 'cached' }, { status: 'skipped' }] }).parts.sourceCoverage).toBe(1);
  });
});
