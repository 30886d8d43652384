// PubMed runs a query without the words it does not know (errorlist.phrasesnotfound, HTTP 200):
// how a count of ANDed clauses of alternative names reads then.
import { describe, expect, it } from 'vitest';
import { parseEsearch } from '../../src/sources/eutils.js';
import { pubmedCount } from '../../src/evidence/pubmed-dropped-words.js';
import { describeShared, sharedJson } from '../support/shared.js';

describe('pubmedCount', () => {
  it('stands when nothing was dropped', () => {
    expect(pubmedCount([['EGFR'], ['breast cancer']], { phrasesNotFound: [] })).toEqual({ kind: 'exact' });
  });

  it('is 0 when every name of a clause is unknown: a gene no abstract names, a disease phrase PubMed lacks', () => {
    expect(pubmedCount([['C4orf54'], ['breast cancer']], { phrasesNotFound: ['C4orf54'] })).toEqual({ kind: 'zero', unknown: ['C4orf54'] });
    expect(pubmedCount([['EGFR'], ['brest cancer']], { phrasesNotFound: ['"brest cancer"[tiab]'] })).toEqual({ kind: 'zero', unknown: ['brest cancer'] });
    expect(pubmedCount([['ERBB2', 'HER-2'], ['x']], { phrasesNotFound: ['erbb2', 'HER-2[tiab]'] })).toMatchObject({ kind: 'zero' });
  });

  it('stands when only some alternatives of a clause were dropped: they matched nothing anyway', () => {
    expect(pubmedCount([['ERBB2', 'CD340'], ['breast cancer']], { phrasesNotFound: ['CD340'] })).toEqual({ kind: 'exact' });
  });

  it('is not known when PubMed dropped part of a name: the count is of another query', () => {
    expect(pubmedCount([['EGFR'], ['zorbaxumab-resistant breast cancer']], { phrasesNotFound: ['zorbaxumab-resistant'] })).toEqual({ kind: 'unknown', dropped: ['zorbaxumab-resistant'] });
  });
});

describeShared('pubmedCount on a recorded answer', () => {
  it('reads `APC p.E1317Q`, which PubMed ran as `APC` and counted 40,362', () => {
    const r = parseEsearch(sharedJson('eutils', 'esearch-pubmed-phrase-not-found-apc.json'));
    expect(r.count).toBe(40362);
    expect(pubmedCount([['APC'], ['p.E1317Q']], r)).toEqual({ kind: 'zero', unknown: ['p.E1317Q'] });
  });
});
