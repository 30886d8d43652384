import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { edgesTouching, parseStringInteractions } from '../../src/sources/string.js';
import { describeShared, ownFixture, sharedJson } from '../support/shared.js';

describeShared('STRING recorded network (BRAF, first 5 rows)', () => {
  it('parses every row with a 0-1 score and the seven evidence channels', () => {
    const edges = parseStringInteractions(sharedJson('string', 'network-BRAF-9606-first5rows.json'));
    expect(edges).toHaveLength(5);
    expect(edges[0]).toEqual({
      partnerA: 'CDC37',
      partnerB: 'MAP2K1',
      stringIdA: '9606.ENSP00000222005',
      stringIdB: '9606.ENSP00000302486',
      score: 0.456,
      evidence: { neighborhood: 0, fusion: 0, cooccurrence: 0, coexpression: 0.098, experimental: 0.161, database: 0, textmining: 0.338 },
    });
    for (const e of edges) expect(e.score).toBeGreaterThan(0);
  });

  it('shows the single-identifier gotcha: none of these rows touches BRAF', () => {
    const edges = parseStringInteractions(sharedJson('string', 'network-BRAF-9606-first5rows.json'));
    expect(edgesTouching(edges, 'BRAF')).toEqual([]);
    expect(edgesTouching(edges, 'kras').map((e) => e.partnerB)).toEqual(['KRAS']);
  });
});

describe('STRING interaction_partners (doc-shaped)', () => {
  it('parses partner rows with the query as A', () => {
    const edges = parseStringInteractions(JSON.parse(ownFixture('string', 'interaction_partners-BRAF-doc-shaped.json')));
    expect(edges.map((e) => e.partnerB)).toEqual(['MAP2K1', 'MAP2K2', 'KRAS', 'HRAS']);
    expect(edges.every((e) => e.partnerA === 'BRAF')).toBe(true);
    expect(edges[0]?.evidence.experimental).toBe(0.997);
  });
});

describe('STRING parser failures', () => {
  it('throws a schema UpstreamError naming string on malformed rows, never returns []', () => {
    const good = { stringId_A: 'a', stringId_B: 'b', preferredName_A: 'A', preferredName_B: 'B', score: 0.5 };
    for (const bad of [{}, null, [null], [{ ...good, score: '0.5' }], [{ ...good, score: 700 }], [{ ...good, preferredName_B: undefined }], [{ ...good, escore: 'x' }]]) {
      let error: unknown;
      try {
        parseStringInteractions(bad);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ source: 'string', failure: 'schema' });
    }
  });

  it('turns an error object in the body into an UpstreamError with STRING\'s message', () => {
    expect(() => parseStringInteractions([{ Error: 'not found', ErrorMessage: 'identifiers not found' }])).toThrow(/identifiers not found/);
  });

  it('accepts an empty list (no edge at the required score)', () => {
    expect(parseStringInteractions([])).toEqual([]);
  });
});
