import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { genericNameSearch, parseDrugLabel, WARNINGS_MAX_CHARS } from '../../src/sources/openfda.js';
import { ownJson } from '../support/shared.js';
import { expectUpstreamError } from '../support/upstream-errors.js';

describe('openFDA label parser on the recorded gefitinib answer (PLR format, minimized)', () => {
  it('reads identity, names and sections; warnings come from warnings_and_cautions, cut to 600 chars', () => {
    const label = parseDrugLabel(ownJson('openfda', 'label-gefitinib-biomcp.json'));
    expect(label).toMatchObject({
      setId: '1a3c0ce7-06a1-4e04-9106-14ddb2a866a5',
      // No `id` in the minimized record: the SPL id repeated in openfda.spl_id.
      id: '5a5b1155-767f-4e57-bd89-c67c80b40972',
      effectiveTime: '20260310',
      genericNames: ['GEFITINIB'],
      brandNames: ['Gefitinib'],
      manufacturer: 'Natco Pharma USA LLC',
      boxedWarning: null,
      contraindications: null,
      url: 'https://dailymed.nlm.nih.gov/dailymed/lookup.cfm?setid=1a3c0ce7-06a1-4e04-9106-14ddb2a866a5',
    });
    expect(label?.indications).toMatch(/^1 INDICATIONS AND USAGE Gefitinib tablets are indicated for the first-line treatment/);
    expect(label?.warnings).toHaveLength(WARNINGS_MAX_CHARS);
    expect(label?.warnings).toMatch(/^5 WARNINGS AND PRECAUTIONS Interstitial lung disease \(ILD\)/);
    expect(label?.warnings?.endsWith('…')).toBe(true);
  });
});

describe('openFDA label parser on doc-shaped answers', () => {
  it('joins boxed-warning paragraphs and reads an old-format label', () => {
    const label = parseDrugLabel(ownJson('openfda', 'label-boxed-warning-doc-shaped.json'));
    expect(label).toMatchObject({
      setId: '00000000-0000-4000-8000-000000000001',
      id: '00000000-0000-4000-8000-000000000002',
      effectiveTime: '20240115',
      genericNames: ['WARFARIN SODIUM'],
      manufacturer: 'Example Pharmaceuticals Inc.',
      contraindications: 'CONTRAINDICATIONS Pregnancy, except in pregnant women with mechanical heart valves. Hemorrhagic tendencies or blood dyscrasias.',
    });
    expect(label?.boxedWarning).toBe(
      'WARNING: BLEEDING RISK Warfarin sodium can cause major or fatal bleeding [see Warnings and Precautions].\n\n' +
        'Drugs, dietary changes, and other factors affect INR levels achieved with warfarin sodium therapy. Instruct patients about prevention measures to minimize risk of bleeding and to report signs and symptoms of bleeding.',
    );
    expect(label?.warnings?.startsWith('WARNINGS Tissue necrosis')).toBe(true);
    expect(label?.warnings).toHaveLength(600);
  });

  it('keeps short warnings whole and tolerates an empty openfda block', () => {
    const label = parseDrugLabel({ results: [{ set_id: 'S1', id: 'I1', openfda: {}, warnings: ['Keep out of reach of children.'] }] });
    expect(label).toMatchObject({ setId: 'S1', id: 'I1', genericNames: [], brandNames: [], manufacturer: null, effectiveTime: null, warnings: 'Keep out of reach of children.', indications: null });
  });

  it('returns null for an empty results list', () => {
    expect(parseDrugLabel({ meta: {}, results: [] })).toBeNull();
  });

  it('throws a schema error on drift (including the NOT_FOUND body, which the client handles first)', () => {
    for (const bad of [
      null,
      [],
      ownJson('openfda', 'not-found-doc-shaped.json'),
      { results: {} },
      { results: ['x'] },
      { results: [{ id: 'I1' }] }, // no set_id
      { results: [{ set_id: 'S1' }] }, // neither id nor openfda.spl_id
      { results: [{ set_id: 'S1', id: 'I1', boxed_warning: 'not a list' }] },
      { results: [{ set_id: 'S1', id: 'I1', openfda: { generic_name: 'X' } }] },
    ]) {
      expectUpstreamError(() => parseDrugLabel(bad), { source: 'openfda', failure: 'schema' });
    }
  });
});

describe('openFDA search term', () => {
  it('quotes the name as a phrase and escapes quotes and backslashes', () => {
    expect(genericNameSearch(' imatinib mesylate ')).toBe('openfda.generic_name:"imatinib mesylate"');
    expect(genericNameSearch('a"b\\c')).toBe('openfda.generic_name:"a\\"b\\\\c"');
    expect(() => genericNameSearch('  ')).toThrow(InvalidInputError);
  });
});
