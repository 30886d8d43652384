// An empty evidence brief says why: failed searches, or genes whose literature was not searched
// (MET and KIT are English words; genes past the cap). "No article found names a panel gene"
// read as a finding about genes nobody searched for.
import { describe, expect, it } from 'vitest';
import { noStatementsText } from '../../src/tools/shared/summary.js';

const base = { enrichmentStatus: { state: 'computed' } };

describe('noStatementsText', () => {
  it('says which genes were not searched, and that it is no finding about them', () => {
    const note = 'gene literature of MET, KIT not counted: each is also an English word ("met", "kit"), which a title or abstract search cannot tell from the gene';
    const r = noStatementsText({ ...base, sources: [{ id: 'eutils', status: 'ok', note }, { id: 'europepmc', status: 'ok' }] });
    expect(r).toEqual({ failed: false, text: `No statement could be cited: no article found names a searched panel gene or drug candidate with the disease. Not every gene was searched (${note}): this is no finding about those genes.` });
    const capped = noStatementsText({ ...base, sources: [{ id: 'eutils', status: 'ok', note: 'gene literature counted for the first 6 of 50 genes' }] });
    expect(capped.text).toContain('Not every gene was searched (gene literature counted for the first 6 of 50 genes)');
  });

  it('every gene searched, nothing found: a finding, said plainly', () => {
    expect(noStatementsText({ ...base, sources: [{ id: 'eutils', status: 'ok' }] }).text).toBe('No statement could be cited: no article found names a searched panel gene or drug candidate with the disease.');
  });

  it('a failed search is no finding at all', () => {
    expect(noStatementsText({ ...base, sources: [{ id: 'eutils', status: 'failed' }] })).toMatchObject({ failed: true });
  });
});
