import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { parseAlphaFoldPrediction, plddtBand } from '../../src/sources/alphafold.js';
import { describeShared, sharedJson } from '../support/shared.js';

const FILE = 'prediction-P05067-all-isoforms.json';

describeShared('AlphaFold DB recorded prediction (P05067, v6, 10 models)', () => {
  it('picks the canonical model although it is third in the array', () => {
    const raw = sharedJson<{ entryId: string }[]>('alphafold', FILE);
    expect(raw[0]?.entryId).not.toBe('AF-P05067-F1');
    const m = parseAlphaFoldPrediction(raw, 'P05067');
    expect(m).toMatchObject({
      accession: 'P05067',
      entryId: 'AF-P05067-F1',
      gene: 'APP',
      description: 'Amyloid-beta precursor protein',
      meanPlddt: 67.38,
      plddtBand: 'low',
      fractions: { veryHigh: 0.288, confident: 0.266, low: 0.088, veryLow: 0.357 },
      latestVersion: 6,
      allVersions: [1, 2, 3, 4, 5, 6],
      sequenceStart: 1,
      sequenceEnd: 770,
      cifUrl: 'https://alphafold.ebi.ac.uk/files/AF-P05067-F1-model_v6.cif',
      pdbUrl: 'https://alphafold.ebi.ac.uk/files/AF-P05067-F1-model_v6.pdb',
      pageUrl: 'https://alphafold.ebi.ac.uk/entry/P05067',
      otherModels: 9,
    });
  });

  it('picks an isoform when asked for it, case-insensitively', () => {
    expect(parseAlphaFoldPrediction(sharedJson('alphafold', FILE), 'p05067-2')).toMatchObject({ entryId: 'AF-P05067-2-F1', meanPlddt: 74.75, plddtBand: 'confident' });
  });

  it('falls back to the only canonical model when the request used another (secondary) accession', () => {
    expect(parseAlphaFoldPrediction(sharedJson('alphafold', FILE), 'Q9UC33')?.entryId).toBe('AF-P05067-F1');
  });

  it('returns null when the answer holds isoforms only', () => {
    const isoforms = sharedJson<{ uniprotAccession: string }[]>('alphafold', FILE).filter((m) => m.uniprotAccession !== 'P05067');
    expect(parseAlphaFoldPrediction(isoforms, 'P05067')).toBeNull();
  });
});

describe('AlphaFold parser edge cases', () => {
  it('bands pLDDT like AFDB', () => {
    expect([95, 90, 89.9, 70, 69.9, 50, 49.9].map(plddtBand)).toEqual(['very_high', 'very_high', 'confident', 'confident', 'low', 'low', 'very_low']);
  });

  it('throws a schema UpstreamError when the answer is not an array or the model lacks pLDDT', () => {
    for (const bad of [{}, null, [{ uniprotAccession: 'P1', entryId: 'AF-P1-F1' }], [1]]) {
      let error: unknown;
      try {
        parseAlphaFoldPrediction(bad, 'P1');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ source: 'alphafold', failure: 'schema' });
    }
  });

  it('an empty list with HTTP 200 is a schema failure, not "no model" (no model is HTTP 404)', () => {
    // It once read as "Structure: no AlphaFold model", a finding from an answer that said nothing.
    expect(() => parseAlphaFoldPrediction([], 'P1')).toThrow(/empty list/);
  });
});
