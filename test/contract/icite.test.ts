import { describe, expect, it } from 'vitest';
import { parseICitePubs } from '../../src/sources/icite.js';
import { ownJson } from '../support/shared.js';
import { expectUpstreamError } from '../support/upstream-errors.js';

type Answer = { data: Record<string, unknown>[] } & Record<string, unknown>;

describe('iCite parser on recorded answers', () => {
  it('reads the older answer ("Yes"/"No" flags) for two PMIDs', () => {
    const m = parseICitePubs(ownJson('icite', 'pubs-pmids-23456789-27599104-openicite.json'), ['27599104', '23456789']);
    expect([...m.keys()]).toEqual(['27599104', '23456789']);
    expect(m.get('23456789')).toEqual({
      pmid: '23456789',
      year: 2013,
      title: 'Hospital volume is associated with survival but not multimodality therapy in Medicare patients with advanced head and neck cancer.',
      journal: 'Cancer',
      citationCount: 46,
      citationsPerYear: 4.181818181818182,
      relativeCitationRatio: 1.78,
      nihPercentile: 71,
      provisional: false,
      isResearchArticle: true,
      isClinical: false,
      approximatePotentialToTranslate: 0.75,
      human: 1,
      animal: 0,
      molecularCellular: 0,
      citedByClinical: 2,
    });
    expect(m.get('27599104')).toMatchObject({ journal: 'PLoS Biol', relativeCitationRatio: 9.87, nihPercentile: 97.9, citationCount: 222 });
  });

  it('reads the current answer (boolean flags, author objects, citedByPmidsByYear)', () => {
    const pub = parseICitePubs(ownJson('icite', 'pubs-32162448-current-format.json'), ['32162448']).get('32162448');
    expect(pub).toMatchObject({
      year: 2020,
      journal: 'Paediatr Anaesth',
      citationCount: 17,
      citationsPerYear: 3.4,
      relativeCitationRatio: 2.18475199552701,
      nihPercentile: 77.1,
      provisional: false,
      isResearchArticle: true,
      isClinical: true,
      approximatePotentialToTranslate: 0.75,
      citedByClinical: 3,
    });
  });

  it('reads an `fl` answer: fields not selected and a null cited_by_clin are null; matched by pmid, not position', () => {
    const m = parseICitePubs(ownJson('icite', 'pubs-fl-killer-whales-openicite.json'), ['31461780', '22882545', '20050301']);
    expect(m.get('31461780')).toMatchObject({ year: 2020, relativeCitationRatio: 0.16, approximatePotentialToTranslate: 0.05, citedByClinical: null, journal: null, isClinical: null });
    expect(m.get('22882545')?.title).toBe('Killer whale ecotypes: is there a global model?');
    expect(m.get('20050301')?.relativeCitationRatio).toBe(1.78);
  });
});

describe('iCite parser on documentation-shaped and edge answers', () => {
  it('keeps a too-recent paper with a null RCR and maps a PMID absent from data to null', () => {
    const m = parseICitePubs(ownJson('icite', 'pubs-recent-no-rcr-and-unknown-doc-shaped.json'), ['36127808', '99999999']);
    expect(m.get('36127808')).toMatchObject({ year: 2023, citationCount: 4, relativeCitationRatio: null, nihPercentile: null, citedByClinical: 0 });
    expect(m.get('99999999')).toBeNull();
  });

  it('reads a provisional RCR and string pmids, and compares PMIDs without leading zeros', () => {
    const answer = ownJson<Answer>('icite', 'pubs-pmids-23456789-27599104-openicite.json');
    const first = { ...answer.data[0], pmid: '23456789', provisional: 'Yes' };
    const m = parseICitePubs({ data: [first] }, ['0023456789']);
    expect(m.get('0023456789')).toMatchObject({ pmid: '23456789', provisional: true });
  });

  it('maps every PMID to null when data is empty (iCite knows none of them)', () => {
    const m = parseICitePubs({ meta: { pmids: '1,2' }, data: [] }, ['1', '2']);
    expect([...m.entries()]).toEqual([
      ['1', null],
      ['2', null],
    ]);
  });
});

describe('iCite parser on drifted answers', () => {
  it('throws a schema error when the answer is not an object', () => {
    expectUpstreamError(() => parseICitePubs([], ['1']), { source: 'icite', failure: 'schema' });
  });
  it('throws a schema error when `data` is missing', () => {
    const e = expectUpstreamError(() => parseICitePubs({ meta: {}, results: [] }, ['1']), { source: 'icite', failure: 'schema' });
    expect(e.message).toContain('data');
  });
  it('throws a schema error when `data` is not a list', () => {
    expectUpstreamError(() => parseICitePubs({ data: { pmid: 1 } }, ['1']), { source: 'icite', failure: 'schema' });
  });
  it('throws a schema error for a record without a usable pmid (e.g. modern names only)', () => {
    expectUpstreamError(() => parseICitePubs({ data: [{ _id: '23456789', rcr: 1.2 }] }, ['23456789']), { source: 'icite', failure: 'schema' });
  });
});
