import { describe, expect, it } from 'vitest';
import { parseS2PaperBatch } from '../../src/sources/semanticscholar.js';
import { describeShared, ownJson, sharedJson } from '../support/shared.js';
import { expectUpstreamError } from '../support/upstream-errors.js';

describeShared('Semantic Scholar parser on recorded answers', () => {
  it('reads the genuine batch answer for PMID 20516115 (counts not requested there: null)', () => {
    const m = parseS2PaperBatch(sharedJson('semanticscholar', 'paper-batch-pmid-20516115.json'), ['20516115']);
    expect([...m.entries()]).toEqual([
      [
        '20516115',
        {
          pmid: '20516115',
          paperId: '059f780c07b87339c275192f1b82662747c28ccd',
          title: 'Comprehensive Analysis of Missense Variations in the BRCT Domain of BRCA1 by Structural and Functional Assays',
          venue: 'Cancer Research',
          year: 2010,
          citationCount: null,
          influentialCitationCount: null,
        },
      ],
    ]);
  });

  it('treats the recorded 404 error body as drift, never as "no papers"', () => {
    expectUpstreamError(() => parseS2PaperBatch(sharedJson('semanticscholar', 'error-404-paper-pmid-not-found.json'), ['337205441']), { source: 'semanticscholar', failure: 'schema' });
  });
});

describe('Semantic Scholar parser on documentation-shaped answers', () => {
  const requested = ['20516115', '19452558', '99999999', '18951447'];

  it('aligns entries with the request: counts, null for unknown, merged paper dropped', () => {
    const m = parseS2PaperBatch(ownJson('semanticscholar', 'paper-batch-counts-doc-shaped.json'), requested);
    expect([...m.keys()]).toEqual(requested);
    expect(m.get('20516115')).toMatchObject({ paperId: '059f780c07b87339c275192f1b82662747c28ccd', year: 2010, citationCount: 97, influentialCitationCount: 6 });
    // No PubMed id to contradict the request: kept; an empty venue is null.
    expect(m.get('19452558')).toMatchObject({ pmid: '19452558', paperId: '1640a8f64efa15c8fc94e5a8e9c96521e50b8211', venue: null, citationCount: 41, influentialCitationCount: 0 });
    expect(m.get('99999999')).toBeNull();
    // Answered with the record of PMID 18951446: its counts are another article's.
    expect(m.get('18951447')).toBeNull();
  });

  it('matches by PubMed id when the answer is shorter than the request', () => {
    const answer = ownJson<unknown[]>('semanticscholar', 'paper-batch-counts-doc-shaped.json').filter((r) => r !== null);
    const m = parseS2PaperBatch(answer, ['99999999', '20516115', '19452558', '18951446']);
    expect(m.get('20516115')?.citationCount).toBe(97);
    expect(m.get('18951446')?.paperId).toBe('28b690e65a5cf640d75d2259e932b706aa1a8813');
    // Without a PubMed id a record cannot be attributed once positions are lost.
    expect(m.get('19452558')).toBeNull();
    expect(m.get('99999999')).toBeNull();
  });

  it('compares PMIDs without leading zeros', () => {
    const m = parseS2PaperBatch(firstDocEntry(), ['020516115']);
    expect(m.get('020516115')?.paperId).toBe('059f780c07b87339c275192f1b82662747c28ccd');
  });

  it('an empty request and an empty answer give an empty map', () => {
    expect(parseS2PaperBatch([], []).size).toBe(0);
  });
});

describe('Semantic Scholar parser on drifted answers', () => {
  it('throws a schema error for an empty list answering ids sent (one entry per id, null when unknown)', () => {
    expectUpstreamError(() => parseS2PaperBatch([], ['20516115', '19452558']), { source: 'semanticscholar', failure: 'schema' });
  });
  it('throws a schema error for a non-array answer', () => {
    expectUpstreamError(() => parseS2PaperBatch({ data: [] }, ['1']), { source: 'semanticscholar', failure: 'schema' });
  });
  it('throws a schema error for an entry that is not an object', () => {
    expectUpstreamError(() => parseS2PaperBatch(['059f780c07b87339c275192f1b82662747c28ccd'], ['1']), { source: 'semanticscholar', failure: 'schema' });
  });
  it('throws a schema error for a paper without paperId', () => {
    const e = expectUpstreamError(() => parseS2PaperBatch([{ title: 'x', externalIds: { PubMed: '1' } }], ['1']), { source: 'semanticscholar', failure: 'schema' });
    expect(e.message).toContain('paperId');
  });
});

/** The first doc-shaped entry alone (a genuine record plus counts). */
function firstDocEntry(): unknown[] {
  return [ownJson<unknown[]>('semanticscholar', 'paper-batch-counts-doc-shaped.json')[0]];
}
