// The names the literature is searched by for a disease: as typed, as Open Targets matched it, and
// the matched diseases that are narrower than the text; never a broader one.
import { describe, expect, it } from 'vitest';
import { literatureDiseaseNames } from '../../src/tools/shared/disease.js';

describe('literatureDiseaseNames', () => {
  it('adds the disease Open Targets matched: an abbreviation or a misspelling finds the literature', () => {
    expect(literatureDiseaseNames('NSCLC', ['non-small cell lung carcinoma', 'lung adenocarcinoma'])).toEqual(['NSCLC', 'non-small cell lung carcinoma']);
    expect(literatureDiseaseNames('brest cancer', ['breast cancer', 'breast carcinoma'])).toEqual(['brest cancer', 'breast cancer']);
  });

  it('adds related diseases holding every word of the text (narrower), never broader ones', () => {
    expect(literatureDiseaseNames('breast cancer', ['breast cancer', 'breast carcinoma', 'HER2-positive breast carcinoma'])).toEqual(['breast cancer', 'breast carcinoma', 'HER2-positive breast carcinoma']);
    // "breast cancer" is broader than the text: its articles are not about HER2-positive disease.
    expect(literatureDiseaseNames('HER2-positive breast cancer', ['HER2-positive breast carcinoma', 'breast cancer'])).toEqual(['HER2-positive breast cancer', 'HER2-positive breast carcinoma']);
    // Not even as the best hit: its words are a part of the text's.
    expect(literatureDiseaseNames('HER2-positive breast cancer', ['breast cancer', 'HER2-positive breast carcinoma'])).toEqual(['HER2-positive breast cancer', 'HER2-positive breast carcinoma']);
  });

  it('is the text alone when nothing matched, once per name (any case), at most four', () => {
    expect(literatureDiseaseNames(' zzz syndrome ', [])).toEqual(['zzz syndrome']);
    expect(literatureDiseaseNames('Breast Cancer', ['breast cancer'])).toEqual(['Breast Cancer']);
    expect(literatureDiseaseNames('cancer', ['cancer', 'breast cancer', 'lung cancer', 'colon cancer', 'skin cancer'])).toHaveLength(4);
  });
});
