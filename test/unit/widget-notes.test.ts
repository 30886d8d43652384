// The widget's empty sections: a failure or an untestable panel never reads as "nothing found".
import { describe, expect, it } from 'vitest';
import { noDrugsWidgetText, noPathwaysText } from '../../src/widget/notes.js';

const ok = (id: string) => ({ id, status: 'ok' });
const failed = (id: string) => ({ id, status: 'failed' });

describe('widget: empty pathways', () => {
  it('enrichment that could not run says so, naming the libraries', () => {
    const r = noPathwaysText({ enrichmentStatus: { state: 'not_computed', failed: [{ library: 'Reactome_2022', error: 'HTTP 503' }] }, enrichment: [] });
    expect(r).toEqual({ text: 'Pathway enrichment could not run (no gene-set library could be loaded: Reactome_2022 failed); this is not a finding that no pathway is enriched.', failed: true });
  });

  it('no panel gene in any library: nothing was tested', () => {
    const r = noPathwaysText({ enrichmentStatus: { state: 'computed', failed: [] }, enrichment: [{ library: 'Reactome_2022', n: 0 }, { library: 'MSigDB_Hallmark_2020', n: 0 }] });
    expect(r.failed).toBe(true);
    expect(r.text).toMatch(/^Pathway enrichment tested nothing: no panel gene is in any of the 2 gene-set libraries/);
  });

  it('tested with no set at q <= 0.05: a finding, with how many libraries', () => {
    expect(noPathwaysText({ enrichmentStatus: { state: 'computed', failed: [] }, enrichment: [{ library: 'Reactome_2022', n: 3 }] })).toEqual({
      text: 'No pathway reaches q \u2264 0.05 for this panel in the 1 gene-set library tested.',
      failed: false,
    });
  });
});

describe('widget: empty drug candidates', () => {
  it('the tier note first, then failed sources, then none found', () => {
    expect(noDrugsWidgetText({ drugAnalysisNote: 'not included for the free tier', sources: [failed('dgidb')] })).toEqual({ text: 'not included for the free tier', failed: false });
    expect(noDrugsWidgetText({ sources: [failed('opentargets'), failed('dgidb'), failed('chembl')] })).toEqual({ text: 'Drug candidates: not known: Open Targets, DGIdb and ChEMBL all failed.', failed: true });
    expect(noDrugsWidgetText({ sources: [ok('opentargets'), failed('dgidb'), ok('chembl')] }).text).toBe('Drug candidates: none found in the drug sources that answered (DGIdb failed: not a complete search).');
    expect(noDrugsWidgetText({ sources: [ok('opentargets'), ok('dgidb'), ok('chembl')] })).toEqual({ text: 'Drug candidates: none found for these genes in Open Targets, DGIdb or ChEMBL.', failed: false });
  });
});
