import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { anyCondition, essieTerm, parseStudy, parseStudySearch } from '../../src/sources/clinicaltrials.js';
import { describeShared, ownFixture, sharedJson } from '../support/shared.js';

const SEARCHES = [
  'search-melanoma-recruiting-limit3.json',
  'search-keytruda-limit3.json',
  'search-phelan-limit5.json',
  'search-phelan-next.json',
  'search-age-count.json',
];

describeShared('ClinicalTrials.gov parsers on recorded answers', () => {
  it('reads a recruiting search: ids, titles, phases, sponsor, url, total and page token', () => {
    const r = parseStudySearch(sharedJson('clinicaltrials', 'search-melanoma-recruiting-limit3.json'));
    expect(r.total).toBe(480);
    expect(r.nextPageToken).toEqual(expect.any(String));
    expect(r.trials).toHaveLength(3);
    expect(r.trials[0]).toEqual({
      nctId: 'NCT06970236',
      title: 'Resistance Exercise in Patients With Ocular Melanoma',
      status: 'RECRUITING',
      studyType: 'INTERVENTIONAL',
      phases: ['NA'],
      phase: null,
      conditions: ['Ocular Melanoma'],
      interventions: [{ name: 'Exercise', type: null, otherNames: [] }],
      startDate: '2025-02-01',
      completionDate: '2026-12',
      sponsor: 'University of Valencia',
      enrollment: 40,
      url: 'https://clinicaltrials.gov/study/NCT06970236',
    });
    expect(r.trials[1]).toMatchObject({ nctId: 'NCT04114136', phases: ['PHASE2'], phase: 2 });
    expect(r.trials[1]?.interventions.map((i) => i.name)).toContain('Metformin');
  });

  it('takes the highest of several phases', () => {
    const r = parseStudySearch(sharedJson('clinicaltrials', 'search-keytruda-limit3.json'));
    expect(r.trials[0]).toMatchObject({ nctId: 'NCT05431270', phases: ['PHASE1', 'PHASE2'], phase: 2 });
  });

  it('has no total on a later page', () => {
    const r = parseStudySearch(sharedJson('clinicaltrials', 'search-phelan-next.json'));
    expect(r.total).toBeNull();
    expect(r.trials).toHaveLength(5);
    expect(r.nextPageToken).toEqual(expect.any(String));
  });

  it('parses every study of every recorded search', () => {
    for (const file of SEARCHES) {
      const r = parseStudySearch(sharedJson('clinicaltrials', file));
      for (const t of r.trials) {
        expect(t.nctId).toMatch(/^NCT\d{8}$/);
        expect(t.title.length).toBeGreaterThan(0);
        expect(t.status).toEqual(expect.any(String));
      }
    }
  });

  it('reads single studies, including other intervention names', () => {
    const t = parseStudy(sharedJson('clinicaltrials', 'get-nct02576665.json'));
    expect(t).toMatchObject({ nctId: 'NCT02576665', status: 'TERMINATED', phases: ['PHASE1'], phase: 1, startDate: '2016-07' });
    expect(t.interventions[0]).toEqual({ name: 'Toca 511', type: null, otherNames: ['vocimagene amiretrorepvec', 'RRV', 'retroviral replicating viral'] });
    const active = parseStudy(sharedJson('clinicaltrials', 'get-nct06382129.json'));
    expect(active).toMatchObject({ status: 'ACTIVE_NOT_RECRUITING', phase: 3, enrollment: 698 });
  });

  it('gives an observational study (no phases key) no phase', () => {
    const t = parseStudy(sharedJson('clinicaltrials', 'get-nct06604689.json'));
    expect(t).toMatchObject({ nctId: 'NCT06604689', studyType: 'OBSERVATIONAL', phases: [], phase: null, status: 'RECRUITING' });
  });
});

describe('ClinicalTrials.gov parsers on documentation-shaped answers', () => {
  it('reads a search with no match as an empty list with a zero total', () => {
    expect(parseStudySearch(JSON.parse(ownFixture('clinicaltrials', 'search-no-matches-doc-shaped.json')))).toEqual({
      total: 0,
      nextPageToken: null,
      trials: [],
    });
  });

  it('rejects malformed answers as schema errors', () => {
    expect(() => parseStudySearch({ totalCount: 3 })).toThrow(/field "studies" is missing/);
    expect(() => parseStudySearch({ studies: [{ protocolSection: {} }] })).toThrow(UpstreamError);
    expect(() => parseStudy({ protocolSection: { identificationModule: { briefTitle: 'no id' } } })).toThrow(/nctId/);
  });

  it('quotes gene symbols that Essie would read as syntax', () => {
    expect(essieTerm('EGFR')).toBe('EGFR');
    expect(essieTerm('HLA-A')).toBe('"HLA-A"');
    expect(essieTerm('a"b c')).toBe('"ab c"');
  });

  it('names a condition several ways as an Essie OR of groups, one name as given', () => {
    expect(anyCondition(['breast cancer'])).toBe('breast cancer');
    expect(anyCondition(['brest cancer', 'breast cancer'])).toBe('(brest cancer) OR (breast cancer)');
    // User text cannot open or close a group, nor repeat a name.
    expect(anyCondition(['NSCLC) OR (x', 'NSCLC) OR (x', '"lung"'])).toBe('(NSCLC OR x) OR (lung)');
  });
});
