// The druggability formula (src/analysis/druggability.ts), with values computed by hand:
//   score = 0.7 * T (best tractability credit) + 0.1 * E (EC number) + 0.2 * F (best family credit)
import { describe, expect, it } from 'vitest';
import { bucketCredit, druggability, druggabilityText, modalityCredits, type DruggabilityInput } from '../../src/analysis/druggability.js';
import { parseTractability, type Tractability } from '../../src/sources/opentargets.js';
import { describeShared, sharedJson } from '../support/shared.js';

const row = (modality: string, label: string, value = true): Tractability => ({ modality, label, value });
const part = (r: ReturnType<typeof druggability>, name: string) => r.parts.find((p) => p.name === name)!;

describeShared('druggability on the recorded EGFR tractability', () => {
  it('EGFR: approved small molecule and antibody, a kinase with an EC number -> 1.0', () => {
    const tractability = parseTractability(sharedJson<{ data: unknown }>('opentargets', 'target-druggability-tractability-safety-EGFR.json').data)!;
    expect(tractability).toHaveLength(28);
    const r = druggability({
      tractability,
      ecNumbers: ['2.7.10.1'],
      targetClasses: [
        { class: 'kinase', evidence: ['keyword: Kinase', 'annotation: Protein kinase'] },
        { class: 'enzyme', evidence: ['EC 2.7.10.1'] },
      ],
    });
    // T = 1 (SM "Approved Drug"), E = 1, F = 1: 0.7 + 0.1 + 0.2
    expect(r.score).toBe(1);
    expect(r.complete).toBe(true);
    expect(r.parts.map((p) => [p.name, p.value, p.weight, p.contribution])).toEqual([
      ['tractability', 1, 0.7, 0.7],
      ['enzyme', 1, 0.1, 0.1],
      ['family', 1, 0.2, 0.2],
    ]);
    // Per modality, from the 28 recorded rows: PR's best true buckets are Literature and Small
    // Molecule Binder (0.35 each, the first wins); OC has only "Advanced Clinical" true (0.85).
    expect(r.modalities.map((m) => [m.modality, m.value, m.best])).toEqual([
      ['SM', 1, 'Approved Drug'],
      ['AB', 1, 'Approved Drug'],
      ['PR', 0.35, 'Literature'],
      ['OC', 0.85, 'Advanced Clinical'],
    ]);
    expect(r.modalities[0]?.labels).toEqual(['Approved Drug', 'Structure with Ligand', 'High-Quality Ligand', 'High-Quality Pocket', 'Druggable Family']);
    const evidence = part(r, 'tractability').evidence;
    expect(evidence).toMatch(/^best: SM "Approved Drug" \(1\); SM \(small molecule\): Approved Drug, Structure with Ligand/);
    expect(evidence).toContain('OC (other clinical): Advanced Clinical');
    expect(evidence).not.toContain('Med-Quality Pocket'); // false in the recording
    expect(part(r, 'enzyme').evidence).toBe('EC 2.7.10.1');
    expect(part(r, 'family').evidence).toBe('kinase 1 (keyword: Kinase; annotation: Protein kinase)');
  });
});

describe('druggability formula', () => {
  it('pocket-only tractability, no EC number, a phosphatase -> 0.395', () => {
    const r = druggability({
      tractability: [row('SM', 'High-Quality Pocket'), row('SM', 'Druggable Family'), row('AB', 'GO CC med conf'), row('SM', 'Approved Drug', false)],
      ecNumbers: [],
      targetClasses: [{ class: 'phosphatase', evidence: ['keyword: Protein phosphatase'] }],
    });
    // T = max(0.45, 0.3, 0.25) = 0.45 -> 0.315; E = 0; F = 0.4 -> 0.08; total 0.395
    expect(part(r, 'tractability')).toMatchObject({ value: 0.45, contribution: 0.315 });
    expect(part(r, 'enzyme')).toMatchObject({ value: 0, contribution: 0, evidence: 'no EC number in UniProt' });
    expect(part(r, 'family')).toMatchObject({ value: 0.4, contribution: 0.08 });
    expect(r.score).toBe(0.395);
    expect(r.complete).toBe(true);
  });

  it('an approved antibody on a target with no family or EC number -> 0.7', () => {
    const r = druggability({ tractability: [row('AB', 'Approved Drug'), row('AB', 'UniProt loc high conf')], ecNumbers: [], targetClasses: [] });
    expect(r.score).toBe(0.7);
    expect(part(r, 'family').evidence).toMatch(/^no kinase, GPCR/);
  });

  it('clinical buckets count the same in every modality; Advanced Clinical 0.85, Phase 1 Clinical 0.7', () => {
    expect(druggability({ tractability: [row('OC', 'Advanced Clinical')], ecNumbers: [], targetClasses: [] }).score).toBe(0.595); // 0.7 * 0.85
    expect(druggability({ tractability: [row('PR', 'Phase 1 Clinical')], ecNumbers: [], targetClasses: [] }).score).toBe(0.49); // 0.7 * 0.7
  });

  it('takes the best family: GPCR (1.0) over transporter (0.6); an enzyme class never counts as a family', () => {
    const r = druggability({
      tractability: [],
      ecNumbers: ['3.6.5.2'],
      targetClasses: [
        { class: 'transporter', evidence: ['keyword: Symport'] },
        { class: 'gpcr', evidence: ['keyword: G-protein coupled receptor'] },
        { class: 'enzyme', evidence: ['EC 3.6.5.2'] },
      ],
    });
    // T = 0 (no buckets) ; E = 1 -> 0.1 ; F = 1 -> 0.2 ; total 0.3
    expect(part(r, 'tractability')).toMatchObject({ value: 0, evidence: 'Open Targets lists no tractability buckets for this target' });
    expect(part(r, 'family').evidence).toBe('GPCR 1 (keyword: G-protein coupled receptor); transporter 0.6 (keyword: Symport)');
    expect(r.score).toBe(0.3);
    expect(druggability({ tractability: [], ecNumbers: ['1.1.1.1'], targetClasses: [{ class: 'enzyme', evidence: ['EC 1.1.1.1'] }] }).parts[2]?.value).toBe(0);
  });

  it('missing tractability: the part is null, counts 0, and the score is a lower bound', () => {
    const input: DruggabilityInput = {
      tractability: null,
      ecNumbers: ['3.4.21.-'],
      targetClasses: [{ class: 'protease', evidence: ['keyword: Serine protease'] }],
      missing: { tractability: 'Open Targets failed' },
    };
    const r = druggability(input);
    // E = 1 -> 0.1 ; F = 0.8 -> 0.16 ; total 0.26
    expect(part(r, 'tractability')).toMatchObject({ value: null, contribution: 0, evidence: 'not available: Open Targets failed' });
    expect(r.score).toBe(0.26);
    expect(r.complete).toBe(false);
    expect(r.modalities).toEqual([]);
  });

  it('no part available: the score is null', () => {
    const r = druggability({ tractability: null, ecNumbers: null, targetClasses: null, missing: { uniprot: 'UniProt failed' } });
    expect(r.score).toBeNull();
    expect(r.complete).toBe(false);
    expect(part(r, 'enzyme').evidence).toBe('not available: UniProt failed');
  });

  it('a true bucket the table does not know counts 0.2 and is named as unrecognised', () => {
    expect(bucketCredit('SM', 'Future Bucket')).toEqual({ credit: 0.2, known: false });
    expect(bucketCredit('SM', '  approved drug ')).toEqual({ credit: 1, known: true });
    const r = druggability({ tractability: [row('SM', 'Future Bucket')], ecNumbers: [], targetClasses: [] });
    expect(r.score).toBe(0.14); // 0.7 * 0.2
    expect(part(r, 'tractability').evidence).toContain('Future Bucket (unrecognised bucket, 0.2)');
  });

  it('lists a modality Open Targets may add later only when one of its buckets is true', () => {
    const m = modalityCredits([row('XY', 'Approved Drug'), row('ZZ', 'Something', false)]);
    expect(m.map((x) => [x.modality, x.value])).toEqual([
      ['SM', 0],
      ['AB', 0],
      ['PR', 0],
      ['OC', 0],
      ['XY', 1],
    ]);
  });

  it('lists at most five EC numbers in the evidence', () => {
    const r = druggability({ tractability: [], ecNumbers: ['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4', '1.1.1.5', '1.1.1.6', '1.1.1.7'], targetClasses: [] });
    expect(part(r, 'enzyme').evidence).toBe('EC 1.1.1.1, EC 1.1.1.2, EC 1.1.1.3, EC 1.1.1.4, EC 1.1.1.5, +2 more');
  });
});

describe('druggability in words', () => {
  const parts = (t: number | null, e: number | null, f: number | null) => [
    { label: 'Open Targets tractability', value: t, weight: 0.7 },
    { label: 'Enzyme activity (EC number)', value: e, weight: 0.1 },
    { label: 'Druggable family', value: f, weight: 0.2 },
  ];
  it('gives the score when complete, and the range a missing part leaves open otherwise', () => {
    expect(druggabilityText(0.9, parts(1, 0, 0.5))).toBe('0.90');
    expect(druggabilityText(0.3, parts(null, 1, 1))).toBe('between 0.30 and 1.00 (Open Targets tractability not known)');
    expect(druggabilityText(0.7, parts(1, null, null))).toBe('between 0.70 and 1.00 (Enzyme activity (EC number), Druggable family not known)');
    expect(druggabilityText(0, parts(0, null, 0))).toBe('between 0.00 and 0.10 (Enzyme activity (EC number) not known)');
    expect(druggabilityText(null, parts(null, null, null))).toBe('not known (Open Targets tractability, Enzyme activity (EC number), Druggable family not available)');
  });
});
