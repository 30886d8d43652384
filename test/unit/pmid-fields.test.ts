// Every PMID of an answer, wherever it sits, found for stage 0 and stripped when PubMed does not
// know it (issue 8: only the brief's PMIDs were checked).
import { describe, expect, it } from 'vitest';
import { collectPmids, stripPmids } from '../../src/evidence/pmid-fields.js';

const answer = {
  evidenceBrief: { statements: [{ id: 's1', citations: ['111', '999', '#3'] }] },
  drugCandidates: [{ name: 'drug', pmids: ['222', '999'], trials: { nctIds: ['NCT01245062'] } }],
  hypotheses: [{ id: 'h1', supportingPmids: ['333'] }],
  therapeuticStrategies: [{ strategy: 'Inhibit X', evidencePmids: ['999', '444'] }],
  focusGenes: [{ symbol: 'TP53', clinicalEvidence: { top: [{ id: 'EID1', pmid: '999' }, { id: 'EID2', pmid: null }] } }],
  citationMetrics: [{ pmid: '111', citationCount: 5 }, { pmid: '999', citationCount: 1 }],
  statements: [{ bestPmid: '999', text: 'kept' }],
  note: 'PMID 999 in free text is not a field',
  year: 2020,
};

describe('collectPmids', () => {
  it('finds PMIDs in every conventional field, once each, in order; never markers or free text', () => {
    expect(collectPmids(answer)).toEqual(['111', '999', '222', '333', '444']);
    expect(collectPmids({ pmids: ['abc', '0123', '1234567890', '42'] })).toEqual(['42']);
  });
});

describe('stripPmids', () => {
  it('removes a nonexistent PMID everywhere and counts each occurrence', () => {
    const { value, removed } = stripPmids(answer, new Set(['999']), { dropRowsUnder: ['citationMetrics'] });
    expect(value.evidenceBrief.statements[0]!.citations).toEqual(['111', '#3']);
    expect(value.drugCandidates[0]!.pmids).toEqual(['222']);
    expect(value.drugCandidates[0]!.trials.nctIds).toEqual(['NCT01245062']);
    expect(value.therapeuticStrategies[0]!.evidencePmids).toEqual(['444']);
    expect(value.focusGenes[0]!.clinicalEvidence.top.map((t) => t.pmid)).toEqual([null, null]);
    expect(value.citationMetrics.map((m) => m.pmid)).toEqual(['111']);
    expect(value.statements[0]).toEqual({ text: 'kept' });
    expect(value.note).toBe(answer.note);
    expect(removed).toBe(6);
    expect(collectPmids(value)).not.toContain('999');
    expect(answer.drugCandidates[0]!.pmids).toEqual(['222', '999']); // the input is not modified
  });

  it('returns the value itself when nothing is gone', () => {
    expect(stripPmids(answer, new Set())).toEqual({ value: answer, removed: 0 });
  });
});
