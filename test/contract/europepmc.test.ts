import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { parseEuropePmcSearch } from '../../src/sources/europepmc.js';
import { describeShared, sharedJson } from '../support/shared.js';

describeShared('Europe PMC parser on recorded responses', () => {
  it('reads a PMID lookup (lite)', () => {
    const r = parseEuropePmcSearch(sharedJson('europepmc', 'search-lite-ext-id-pmid-20516115.json'));
    expect(r.hitCount).toBe(1);
    expect(r.records[0]).toMatchObject({ id: '20516115', pmid: '20516115', pmcid: 'PMC3040717', year: 2010, journal: 'Cancer Res', preprint: false, citedBy: 133 });
  });

  it('reads preprints and PMC-only records without a PMID', () => {
    const r = parseEuropePmcSearch(sharedJson('europepmc', 'search-lite-cancer-with-preprints-TRIMMED.json'));
    const preprints = r.records.filter((x) => x.preprint);
    expect(preprints.map((p) => p.id)).toEqual(['PPR1036674', 'PPR1037166']);
    expect(preprints.every((p) => p.pmid === null)).toBe(true);
    expect(r.records.find((x) => x.source === 'PMC')?.pmid).toBeNull();
    expect(r.hitCount).toBeGreaterThan(1000);
  });

  it('reads core records (journalInfo) and an empty result', () => {
    const core = parseEuropePmcSearch(sharedJson('europepmc', 'search-core-cancer-pagesize25.json'));
    expect(core.records).toHaveLength(25);
    expect(core.records.every((x) => x.source === 'MED' && x.pmid)).toBe(true);
    expect(core.records.some((x) => x.journal)).toBe(true);
    expect(parseEuropePmcSearch(sharedJson('europepmc', 'search-no-results.json'))).toEqual({ hitCount: 0, records: [] });
  });
});

describe('Europe PMC parser on malformed answers', () => {
  it('rejects an error body instead of returning nothing', () => {
    expect(() => parseEuropePmcSearch({ errCode: 404, errMsg: 'No search criteria provided' })).toThrow(UpstreamError);
  });
});
