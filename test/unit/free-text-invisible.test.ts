// Free text made only of invisible characters (no-break space, zero-width space, word joiner, BOM,
// soft hyphen...) once passed as a disease context: "# Repurposing candidates for ​". It is as
// empty as "" and is rejected naming the field; invisible characters around real text are trimmed.
import { describe, expect, it } from 'vitest';
import { diseaseContext, freeText } from '../../src/tools/shared/schemas.js';

describe('freeText: invisible characters', () => {
  it('rejects a value of invisible characters only, as empty', () => {
    for (const value of ['\u00a0\u200b', '\u200b', '\u200c\u200d', '\u2060', '\ufeff', '\u200b\u00ad\u200b']) {
      const r = diseaseContext.safeParse(value);
      expect(r.success, JSON.stringify(value)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('the disease context cannot be empty');
    }
    expect(freeText('the claim', 3, 100, { multiline: true }).safeParse('\u200b\u200bab\u200b').error?.issues[0]?.message).toBe('the claim must be at least 3 characters');
  });

  it('trims invisible characters around the text and keeps those inside it', () => {
    expect(diseaseContext.parse('\u200b breast cancer\u2060\ufeff')).toBe('breast cancer');
    expect(diseaseContext.parse('breast\u200bcancer')).toBe('breast\u200bcancer');
  });
});
