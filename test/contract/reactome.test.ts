import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { htmlToText, parseReactomePathways, parseReactomeQuery, parseReactomeSearch } from '../../src/sources/reactome.js';
import { describeShared, ownFixture, sharedJson } from '../support/shared.js';

describeShared('Reactome recorded Content Service answers', () => {
  it('parses /data/query/R-HSA-5673001 with its summation as plain text', () => {
    const p = parseReactomeQuery(sharedJson('reactome', 'contentservice-query-R-HSA-5673001-minimized.json'));
    expect(p).toMatchObject({
      stId: 'R-HSA-5673001',
      name: 'RAF/MAP kinase cascade',
      species: 'Homo sapiens',
      dbId: null,
      inDisease: null,
      url: 'https://reactome.org/content/detail/R-HSA-5673001',
    });
    expect(p.summary).toMatch(/^The RAS-RAF-MEK-ERK pathway regulates/);
    expect(p.summary).not.toMatch(/<br>/);
    expect(p.summary?.split('\n')).toHaveLength(2);
  });

  it('parses /search/query and strips the highlighting HTML from names', () => {
    const hits = parseReactomeSearch(sharedJson('reactome', 'contentservice-search-MAPK-minimized.json'));
    expect(hits).toHaveLength(10);
    expect(hits[0]).toEqual({ stId: 'R-HSA-9652817', name: 'Signaling by MAPK mutants', url: 'https://reactome.org/content/detail/R-HSA-9652817' });
    expect(hits.every((h) => !/[<>]/.test(h.name))).toBe(true);
  });

  it('rejects the participants answer as a pathway list (no stId): a schema error, not an empty success', () => {
    expect(() => parseReactomePathways(sharedJson('reactome', 'contentservice-participants-R-HSA-5673001-minimized.json'))).toThrow(UpstreamError);
  });
});

describe('Reactome mapping (doc-shaped)', () => {
  it('parses the lower-level pathways of a protein', () => {
    const paths = parseReactomePathways(JSON.parse(ownFixture('reactome', 'mapping-UniProt-P15056-pathways-doc-shaped.json')));
    expect(paths).toEqual([
      { stId: 'R-HSA-5673001', dbId: 5673001, name: 'RAF/MAP kinase cascade', species: 'Homo sapiens', inDisease: false, url: 'https://reactome.org/content/detail/R-HSA-5673001' },
      {
        stId: 'R-HSA-6802955',
        dbId: 6802955,
        name: 'Paradoxical activation of RAF signaling by kinase inactive BRAF',
        species: 'Homo sapiens',
        inDisease: true,
        url: 'https://reactome.org/content/detail/R-HSA-6802955',
      },
    ]);
  });

  it('throws a schema UpstreamError naming reactome on malformed answers', () => {
    for (const [parse, bad] of [
      [parseReactomePathways, {}],
      [parseReactomePathways, [{ stId: 'R-HSA-1' }]],
      [parseReactomeQuery, []],
      [parseReactomeSearch, { results: [{}] }],
    ] as const) {
      let error: unknown;
      try {
        parse(bad as never);
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ source: 'reactome', failure: 'schema' });
    }
  });

  it('decodes entities and line breaks', () => {
    expect(htmlToText('A &amp; B<br>C <i>d</i>&#39;s')).toBe("A & B\nC d's");
  });
});
