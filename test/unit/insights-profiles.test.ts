// How CIViC evidence and ClinPGx annotations are summarised in a focus-gene profile.
import { describe, expect, it } from 'vitest';
import { parseCivicGeneEvidence } from '../../src/sources/civic.js';
import { parseClinicalAnnotations } from '../../src/sources/pharmgkb.js';
import { sameDisease } from '../../src/tools/shared/disease.js';
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
