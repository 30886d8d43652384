// The integrity line of every text answer: "PMIDs checked: yes (4)" read as four PMIDs checked,
// beside a hallucinated count taken over every PMID of the answer (45 in the review's run).
import { describe, expect, it } from 'vitest';
import { describeIntegrity } from '../../src/tools/shared/summary.js';

const base = { pmidsChecked: true, pmidsCited: 4, hallucinated: 2, retracted: 0, hallucinationRate: 2 / 45, groundedRatio: null, citationPrecision: null, citationRecall: null, citeF1: null, nliEnabled: false, entailmentMethod: 'none' };

describe('describeIntegrity', () => {
  it('says what the count counts', () => {
    expect(describeIntegrity(base)).toContain('PMIDs checked: yes (4 cited by statements; every PMID of the answer looked up), 2 hallucinated');
  });
  it('never says "checked" when PubMed could not be reached', () => {
    expect(describeIntegrity({ ...base, pmidsChecked: false, hallucinated: null })).toContain('PMIDs checked: NO (PubMed could not be reached: existence of 4 cited PMIDs not verified)');
  });
});
