// How CIViC evidence and ClinPGx annotations are summarised in a focus-gene profile.
import { describe, expect, it } from 'vitest';
import { parseCivicGeneEvidence } from '../../src/sources/civic.js';
import { parseClinicalAnnotations } from '../../src/sources/pharmgkb.js';
import { diseaseMatchNote, sameDisease } from '../../src/tools/shared/disease.js';
import { diseaseLine } from '../../src/tools/shared/summary.js';
import { clinicalOf, pgxOf } from '../../src/tools/shared/panel-analysis/profiles.js';
import { ownJson } from '../support/shared.js';

describe('sameDisease', () => {
  it('ignores word order and folds carcinoma/tumour into cancer', () => {
    expect(sameDisease('Lung Non-small Cell Carcinoma', 'non-small cell lung cancer')).toBe(true);
    expect(sameDisease('breast cancer', 'Her2-receptor Positive Breast Cancer')).toBe(true);
    expect(sameDisease('breast cancer', 'Lung Adenocarcinoma')).toBe(false);
    expect(sameDisease('', 'lung cancer')).toBe(false);
  });
});

describe('which disease an answer is about (diseaseMatchNote, diseaseLine)', () => {
  const hit = (id: string, name: string) => ({ id, name });
  it('says nothing when the best hit names the disease as the text does, in any order or synonym of cancer', () => {
    expect(diseaseMatchNote('breast cancer', [hit('MONDO_0007254', 'breast cancer'), hit('MONDO_0004989', 'breast carcinoma')])).toBeUndefined();
    expect(diseaseMatchNote('non-small cell lung cancer', [hit('MONDO_0005233', 'lung non-small cell carcinoma')])).toBeUndefined();
  });

  it('names the disease read when the best hit is another, narrower or merely similar one', () => {
    // A search's best hit for words it does not know is some other disease; tiers then refer to it.
    expect(diseaseMatchNote('long covid', [hit('MONDO_0100096', 'COVID-19')])).toBe(
      '"long covid" was read as the Open Targets disease "COVID-19" (MONDO_0100096), the best hit of its search: tiers and association scores refer to it. If that is not the disease meant, give its name as Open Targets writes it.',
    );
    expect(diseaseMatchNote('breast cancer', [hit('EFO_1000294', 'HER2-positive breast carcinoma')])).toContain('read as the Open Targets disease "HER2-positive breast carcinoma"');
    expect(diseaseMatchNote('NSCLC', [hit('MONDO_0005233', 'non-small cell lung carcinoma'), hit('X', 'y')])).toContain('(and 1 related: y)');
  });

  it('says when nothing matched, in the warning and in the text line', () => {
    expect(diseaseMatchNote('zzz', [])).toMatch(/^"zzz" matched no Open Targets disease: drug indications are matched to it by exact name only/);
    expect(diseaseLine('zzz', [])).toBe('Disease: "zzz" not mapped to an Open Targets disease (see warnings): drug indications are matched to it by exact name only.');
    expect(diseaseLine('breast cancer', [hit('MONDO_0007254', 'breast cancer'), hit('MONDO_0004989', 'breast carcinoma')])).toBe(
      'Disease: "breast cancer" read as breast cancer (MONDO_0007254) and 1 related (breast carcinoma).',
    );
  });
});

describe('clinicalOf (CIViC)', () => {
  const alk = parseCivicGeneEvidence(ownJson<{ data: unknown }>('civic', 'gene-evidence-ALK-doc-shaped.json').data, 'ALK');

  it('counts the evidence and puts the disease context first, then the level', () => {
    const c = clinicalOf(alk, 'non-small cell lung cancer');
    expect(c.inDiseaseContext).toBe(1);
    expect(c.top[0]).toMatchObject({ disease: 'Lung Non-small Cell Carcinoma', level: 'A' });
    expect(c.top.every((t) => t.url.startsWith('https://civicdb.org/evidence/'))).toBe(true);
  });

  it('ranks by level alone when nothing is in the disease context', () => {
    const c = clinicalOf(alk, 'melanoma');
    expect(c.inDiseaseContext).toBe(0);
    expect(c.top.map((t) => t.level)).toEqual([...c.top.map((t) => t.level)].sort());
  });
});

describe('pgxOf (ClinPGx)', () => {
  it('keeps the best-supported annotations first (1A before 3)', () => {
    const list = parseClinicalAnnotations(ownJson('pharmgkb', 'clinical-annotations-gene-CYP2D6-clinpgx-trimmed.json'));
    const p = pgxOf([...list].reverse());
    expect(p.annotations).toBe(list.length);
    const order = ['1A', '1B', '2A', '2B', '3', '4'];
    const levels = p.top.map((t) => order.indexOf(t.level ?? ''));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(p.top.length).toBeLessThanOrEqual(3);
  });
});
