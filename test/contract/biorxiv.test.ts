import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { normalisePreprintDoi, parseBioRxivDetails } from '../../src/sources/biorxiv.js';
import { ownJson } from '../support/shared.js';
import { expectUpstreamError } from '../support/upstream-errors.js';

describe('bioRxiv details (doc-shaped)', () => {
  it('takes the highest version of a two-version preprint, with its journal DOI', () => {
    expect(parseBioRxivDetails(ownJson('biorxiv', 'details-biorxiv-two-versions-doc-shaped.json'), 'biorxiv')).toEqual({
      doi: '10.1101/2023.05.17.599999',
      title: 'MDM2 inhibition restores p53-dependent apoptosis in TP53 wild-type sarcoma and leukaemia models',
      authors: 'Lindqvist, A.; Okafor, C. N.; Berg, T.; Haddad, R.',
      date: '2023-11-02',
      version: 2,
      type: 'new results',
      license: 'cc_by',
      category: 'cancer biology',
      server: 'biorxiv',
      publishedDoi: '10.1038/s41388-024-99999-9',
      abstract: 'Version 2 abstract: MDM2 inhibitors reactivate wild-type p53 and induce apoptosis.',
      url: 'https://www.biorxiv.org/content/10.1101/2023.05.17.599999v2',
    });
  });

  it('reads a medRxiv preprint: "NA" published is null, URL on medrxiv.org', () => {
    expect(parseBioRxivDetails(ownJson('biorxiv', 'details-medrxiv-doc-shaped.json'), 'medrxiv')).toMatchObject({
      doi: '10.1101/2021.04.29.29999999',
      version: 1,
      type: 'PUBLISHAHEADOFPRINT',
      server: 'medrxiv',
      publishedDoi: null,
      url: 'https://www.medrxiv.org/content/10.1101/2021.04.29.29999999v1',
    });
  });

  it('compares versions as numbers, whatever the record order', () => {
    const j = ownJson<Record<string, unknown>>('biorxiv', 'details-biorxiv-two-versions-doc-shaped.json');
    const [v1, v2] = j.collection as Record<string, unknown>[];
    const shuffled = { ...j, collection: [{ ...v2, version: '10' }, v1, { ...v1, version: '9' }] };
    expect(parseBioRxivDetails(shuffled, 'biorxiv')).toMatchObject({ version: 10, date: '2023-11-02' });
  });

  it('"no posts found" is null', () => {
    expect(parseBioRxivDetails(ownJson('biorxiv', 'details-no-posts-found-doc-shaped.json'), 'biorxiv')).toBeNull();
    expect(parseBioRxivDetails({ messages: [{ status: 'No Posts Found' }], collection: [] }, 'medrxiv')).toBeNull();
  });

  it('any other in-band status is an UpstreamError carrying the message, in both forms', () => {
    for (const file of ['details-server-not-recognized-doc-shaped.json', 'details-server-not-recognized-bare-doc-shaped.json']) {
      const error = expectUpstreamError(() => parseBioRxivDetails(ownJson('biorxiv', file), 'biorxiv'), { source: 'biorxiv' });
      expect(error).toMatchObject({ failure: 'http', upstreamMessage: 'Server not recognized' });
      expect(error.message).toContain('Server not recognized');
    }
    expect(expectUpstreamError(() => parseBioRxivDetails({ messages: [{ status: 'error' }] }, 'biorxiv'), { source: 'biorxiv' }).failure).toBe('http');
  });

  it('drift is a schema UpstreamError, never null', () => {
    const good = ownJson<Record<string, unknown>>('biorxiv', 'details-biorxiv-two-versions-doc-shaped.json');
    const [v1] = good.collection as Record<string, unknown>[];
    const drifted: unknown[] = [
      null,
      [],
      {},
      { messages: [] },
      { messages: [{}] },
      { messages: [{ status: 'ok' }] },
      { messages: [{ status: 'ok' }], collection: {} },
      { messages: [{ status: 'ok' }], collection: [{ ...v1, version: 'latest' }] },
      { messages: [{ status: 'ok' }], collection: [{ ...v1, title: undefined }] },
      { messages: [{ status: 'ok' }], collection: [{ ...v1, authors: ['A'] }] },
      { messages: [{ status: 'ok' }], collection: [{ ...v1, date: 20230519 }] },
    ];
    for (const bad of drifted) expect(expectUpstreamError(() => parseBioRxivDetails(bad, 'biorxiv'), { source: 'biorxiv' }).failure).toBe('schema');
  });
});

describe('preprint DOI input', () => {
  it('strips resolver prefixes and a version suffix', () => {
    expect(normalisePreprintDoi(' 10.1101/2023.05.17.599999 ')).toBe('10.1101/2023.05.17.599999');
    expect(normalisePreprintDoi('https://doi.org/10.1101/2023.05.17.599999')).toBe('10.1101/2023.05.17.599999');
    expect(normalisePreprintDoi('doi:10.1101/2023.05.17.599999v3')).toBe('10.1101/2023.05.17.599999');
    expect(normalisePreprintDoi('10.64898/2026.07.31.741992')).toBe('10.64898/2026.07.31.741992');
  });

  it('rejects what is not a DOI', () => {
    expect(() => normalisePreprintDoi('2023.05.17.599999')).toThrow(InvalidInputError);
    expect(() => normalisePreprintDoi('')).toThrow(InvalidInputError);
  });
});
