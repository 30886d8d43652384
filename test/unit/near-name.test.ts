// "Did you mean": a typo gets the nearest valid name; a word that is no typo of any gets none.
import { describe, expect, it } from 'vitest';
import { nearName } from '../../src/near-name.js';

describe('nearName', () => {
  const sections = ['audience', 'enrichedPathways', 'drugCandidates', 'genes'];
  it('suggests the valid name a typo is near', () => {
    expect(nearName('enrichedPathway', sections)).toBe('enrichedPathways');
    expect(nearName('drugcandidates', sections)).toBe('drugCandidates');
    expect(nearName('snapshotA', ['snapshotIdA', 'snapshotIdB'])).toBe('snapshotIdA');
    expect(nearName('gene', sections)).toBe('genes');
  });
  it('suggests nothing for a word that is no typo of any name', () => {
    // "nonsense" got 'did you mean "audience"?': the nearest name, six edits away.
    expect(nearName('nonsense', sections)).toBeUndefined();
    expect(nearName('x', sections)).toBeUndefined();
    expect(nearName('genes', [])).toBeUndefined();
  });
});
