import { describe, expect, it } from 'vitest';
import { claimQueries, contentWords } from '../../src/evidence/claim-query.js';

describe('claim queries', () => {
  it('contentWords keeps words as written for search queries', () => {
    expect(contentWords("IL-6 inhibition doesn't reduce Alzheimer's risk in the elderly")).toEqual(['IL-6', 'inhibition', 'reduce', 'Alzheimer', 'risk', 'elderly']);
  });

  it('relaxes in fixed steps and focuses on genes', () => {
    const q = claimQueries('Metformin reduces mortality in diabetes', ['PRKAA1']);
    expect(q.map((a) => a.scope)).toEqual(['all', 'leading', 'any']);
    expect(q[0]!.query).toBe('((PRKAA1[tiab]) AND (Metformin AND reduces AND mortality AND diabetes)) NOT "retracted publication"[pt]');
    expect(q[1]).toMatchObject({ query: '((PRKAA1[tiab]) AND (Metformin AND reduces)) NOT "retracted publication"[pt]', terms: ['Metformin', 'reduces'] });
    expect(q.at(-1)!.query).toBe('((PRKAA1[tiab]) AND (Metformin OR reduces OR mortality OR diabetes)) NOT "retracted publication"[pt]');
    // Retracted articles are left out of every attempt, gene-only ones included.
    expect(claimQueries('the of and', ['TP53'])).toEqual([{ query: '((TP53[tiab])) NOT "retracted publication"[pt]', scope: 'all', terms: [], unsearched: [] }]);
    // Eight content words at most: the rest are said, not silently dropped.
    const long = claimQueries('Metformin improves overall survival of elderly patients with type diabetes and chronic kidney disease');
    expect(long[0]!.terms).toHaveLength(8);
    expect(long[0]!.unsearched).toEqual(['chronic', 'kidney', 'disease']);
    // Two words: "all" and "leading" are one query, asked once.
    expect(claimQueries('Metformin works').map((a) => a.scope)).toEqual(['all', 'any']);
  });
});
