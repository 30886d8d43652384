// evidenceStatus values exactly as DESIGN.md 2.1 defines them (issue 8).
import { describe, expect, it } from 'vitest';
import { EVIDENCE_STATUSES, evidenceStatus, statementStatus, type ClaimEvidence } from '../../src/evidence/status.js';

const base: ClaimEvidence = {
  statements: [{ citations: ['1', '2'], judged: ['1', '2'], entailing: ['1'], contradicting: [] }],
  cited: ['1', '2'],
  citeF1: 0.8,
  citationMetrics: true,
  nliEnabled: true,
  pmidsChecked: true,
  hallucinated: new Set(),
  retracted: new Set(),
  readable: new Set(['1', '2']),
};

describe('evidenceStatus', () => {
  it('has exactly the eight values of the design', () => {
    expect([...EVIDENCE_STATUSES].sort()).toEqual(['contested', 'contradicted', 'grounded', 'hallucinated', 'supported', 'unjudged', 'unsupported', 'unverifiable']);
  });

  it('grounded needs a model, F1 >= 0.6, nothing fake, and no contradicting citation', () => {
    expect(evidenceStatus(base)).toBe('grounded');
    expect(evidenceStatus({ ...base, citeF1: 0.5 })).toBe('supported');
    expect(evidenceStatus({ ...base, hallucinated: new Set(['2']) })).toBe('supported');
    expect(evidenceStatus({ ...base, pmidsChecked: false, hallucinated: new Set() })).toBe('supported');
  });

  // Issue 8: one supporting and one contradicting citation came out "grounded" (F1 0.667).
  it('entailing and contradicting citations together are contested, never grounded or supported', () => {
    const mixed = { ...base, citeF1: 0.667, statements: [{ citations: ['1', '2'], judged: ['1', '2'], entailing: ['1'], contradicting: ['2'] }] };
    expect(evidenceStatus(mixed)).toBe('contested');
    const acrossStatements = { ...base, statements: [{ citations: ['1'], judged: ['1'], entailing: ['1'], contradicting: [] }, { citations: ['2'], judged: ['2'], entailing: [], contradicting: ['2'] }] };
    expect(evidenceStatus(acrossStatements)).toBe('contested');
  });

  it('contradicted when a citation contradicts and none entails; unsupported when none entails', () => {
    expect(evidenceStatus({ ...base, statements: [{ citations: ['1'], judged: ['1'], entailing: [], contradicting: ['1'] }] })).toBe('contradicted');
    expect(evidenceStatus({ ...base, citeF1: 0, statements: [{ citations: ['1'], judged: ['1'], entailing: [], contradicting: [] }] })).toBe('unsupported');
  });

  it('without a model: unjudged, whatever the numbers say', () => {
    expect(evidenceStatus({ ...base, nliEnabled: false })).toBe('unjudged');
  });

  it('every cited PMID fake: hallucinated; nothing readable: unverifiable', () => {
    expect(evidenceStatus({ ...base, hallucinated: new Set(['1', '2']), readable: new Set() })).toBe('hallucinated');
    expect(evidenceStatus({ ...base, readable: new Set() })).toBe('unverifiable');
    expect(evidenceStatus({ ...base, readable: new Set(), nliEnabled: false })).toBe('unverifiable');
  });

  // A retracted article exists, so it is not hallucinated; but it is no evidence, and citing it is a fault.
  it('a claim resting only on retracted (or fake) articles is unsupported, model or not; citing one is never grounded', () => {
    const onlyRetracted = { ...base, cited: ['1'], retracted: new Set(['1']), readable: new Set<string>(), statements: [{ citations: ['1'], judged: ['1'], entailing: [], contradicting: [] }] };
    expect(evidenceStatus(onlyRetracted)).toBe('unsupported');
    expect(evidenceStatus({ ...onlyRetracted, nliEnabled: false })).toBe('unsupported');
    expect(evidenceStatus({ ...onlyRetracted, cited: ['1', '2'], hallucinated: new Set(['2']) })).toBe('unsupported');
    // Another citation that PubMed could not read leaves it unverifiable, not unsupported.
    expect(evidenceStatus({ ...onlyRetracted, cited: ['1', '2'] })).toBe('unverifiable');
    // A readable citation entails: supported, but the retracted citation keeps it from grounded.
    expect(evidenceStatus({ ...base, cited: ['1', '2', '3'], retracted: new Set(['3']) })).toBe('supported');
  });

  it('search mode (no citation metrics) is never grounded', () => {
    expect(evidenceStatus({ ...base, citationMetrics: false })).toBe('supported');
  });
});

describe('statementStatus', () => {
  const ctx = { nliEnabled: true, pmidsChecked: true, hallucinated: new Set(['9']), retracted: new Set<string>(), readable: new Set(['1', '2']) };
  it('reads one statement', () => {
    expect(statementStatus({ citations: [], entailing: [], contradicting: [] }, ctx)).toBe('unsupported');
    expect(statementStatus({ citations: ['#4'], entailing: [], contradicting: [] }, ctx)).toBe('unsupported');
    expect(statementStatus({ citations: ['9'], entailing: [], contradicting: [] }, ctx)).toBe('hallucinated');
    expect(statementStatus({ citations: ['3'], entailing: [], contradicting: [] }, ctx)).toBe('unverifiable');
    expect(statementStatus({ citations: ['1'], entailing: ['1'], contradicting: [] }, { ...ctx, nliEnabled: false })).toBe('unjudged');
    expect(statementStatus({ citations: ['1', '2'], entailing: ['1'], contradicting: ['2'] }, ctx)).toBe('contested');
    expect(statementStatus({ citations: ['1'], entailing: [], contradicting: ['1'] }, ctx)).toBe('contradicted');
    expect(statementStatus({ citations: ['1'], entailing: ['1'], contradicting: [] }, ctx)).toBe('supported');
    // Retracted only, or retracted and fake: unsupported whether or not a model runs.
    const retracted = { ...ctx, retracted: new Set(['5']) };
    expect(statementStatus({ citations: ['5'], entailing: [], contradicting: [] }, retracted)).toBe('unsupported');
    expect(statementStatus({ citations: ['5', '9'], entailing: [], contradicting: [] }, { ...retracted, nliEnabled: false })).toBe('unsupported');
    expect(statementStatus({ citations: ['5', '1'], entailing: ['1'], contradicting: [] }, retracted)).toBe('supported');
  });
});
