import { describe, expect, it } from 'vitest';
import {
  clinicalPhaseValue,
  combineFactors,
  DIRECTNESS,
  FACTOR_NAMES,
  FACTOR_WEIGHTS,
  literatureValue,
  rankCountedFirst,
  rankForTier,
  summarizeCandidates,
  type GeneDrugEvidence,
} from '../../src/analysis/drug-candidates.js';
import type { EnrichmentRow } from '../../src/analysis/enrichment.js';
import { BREAST, byName, details, dgi, mech, molecule, NSCLC, ot, run } from '../support/drug-evidence.js';

// ---------------------------------------------------------------- score

describe('six-factor score', () => {
  it('weights sum to 1 and map phase and literature as documented', () => {
    expect(FACTOR_NAMES.reduce((s, n) => s + FACTOR_WEIGHTS[n], 0)).toBeCloseTo(1, 12);
    expect([4, 3.5, 3, 2, 1, 0.5, 0].map((p) => clinicalPhaseValue(p, false))).toEqual([1, 0.875, 0.75, 0.5, 0.25, 0.125, 0]);
    expect(clinicalPhaseValue(null, false)).toBeNull();
    expect(clinicalPhaseValue(4, true)).toBe(0.5);
    expect(literatureValue(0)).toBe(0);
    expect(literatureValue(99)).toBeCloseTo(2 / 3, 12);
    expect(literatureValue(5000)).toBe(1);
  });

  // Panel EGFR + KRAS; significant pathways P1 {EGFR, KRAS}, P2 {KRAS}; P3 not significant.
  const pathways = [
    { id: 'P1', overlapGenes: ['EGFR', 'KRAS'], significant: true },
    { id: 'P2', overlapGenes: ['KRAS'], significant: true },
    { id: 'P3', overlapGenes: ['EGFR'], significant: false },
  ].map((r) => ({ ...r, name: r.id, library: 'toy', k: 1, K: 10, n: 2, N: 100, oddsRatio: 2, p: 0.01, q: 0.02 }) as EnrichmentRow);
  const genes: GeneDrugEvidence[] = [
    { gene: 'EGFR', association: { score: 0.8, diseaseId: NSCLC.id, diseaseName: NSCLC.name }, candidates: [ot('CHEMBL2', 'LATESTAGIB', { stage: 'PHASE_3', indications: [NSCLC] })] },
    { gene: 'KRAS', association: 0.4 },
  ];
  const molecules = new Map([['CHEMBL2', molecule('CHEMBL2', { qed: 0.6 })]]);
  const literature = new Map([['latestagib', { coMentions: 99, pmids: ['111', '222'], query: 'latestagib AND nsclc', source: 'europepmc' as const }]]);

  it('computes the weighted sum by hand when all six factors are known', () => {
    const [c] = run(genes, { molecules, literature, pathways, networkDegree: new Map([['EGFR', 6], ['KRAS', 3]]) });
    // phase 3 -> 0.75; association 0.8; INHIBITOR -> 1; QED 0.6; 99 co-mentions -> 2/3;
    // centrality: EGFR in 1 of 2 significant pathways (max 2) -> 0.5, degree 6/6 -> 1, mean 0.75.
    const f = c!.factors;
    expect([f.clinicalPhase.value, f.targetDiseaseAssociation.value, f.mechanismDirectness.value, f.drugLikeness.value, f.pathwayCentrality.value]).toEqual([0.75, 0.8, 1, 0.6, 0.75]);
    expect(f.literatureSupport.value).toBeCloseTo(2 / 3, 12);
    const expected = 0.25 * 0.75 + 0.2 * 0.8 + 0.2 * 1 + 0.1 * 0.6 + 0.15 * (2 / 3) + 0.1 * 0.75; // 0.7825
    expect(c!.score).toBeCloseTo(expected, 4);
    expect(c!.score).toBe(0.7825);
    expect(c!.coverage).toBe(1);
    expect(c!.missingFactors).toEqual([]);
    expect(f.pathwayCentrality.detail).toBe('EGFR: in 1 of 2 significant enriched pathways (panel max 2); STRING degree 6 in the panel network (panel max 6)');
    // The literature factor names the service the count came from (Europe PMC), not PubMed.
    expect(f.literatureSupport.detail).toBe('99 articles mention LATESTAGIB with non-small cell lung carcinoma (Europe PMC: latestagib AND nsclc)');
    expect(f.targetDiseaseAssociation.detail).toBe('EGFR with non-small cell lung carcinoma: 0.800 (Open Targets association score)');
    expect(f.drugLikeness.detail).toBe('QED 0.6 (ChEMBL); Ro5 violations 0 (ChEMBL)');
    expect(c!.pmids).toEqual(['111', '222']);
    expect(c!.sources).toEqual(['opentargets', 'chembl', 'europepmc']);
    const sum = FACTOR_NAMES.reduce((s, n) => s + (f[n].contribution ?? 0), 0);
    expect(sum).toBeCloseTo(c!.score, 3);
  });

  it('renormalises the weights over known factors and names the missing ones', () => {
    const [c] = run(genes, { molecules });
    // Known: phase 0.75, association 0.8, directness 1, QED 0.6 -> (0.1875 + 0.16 + 0.2 + 0.06) / 0.75.
    expect(c!.coverage).toBe(0.75);
    expect(c!.score).toBeCloseTo(0.6075 / 0.75, 4);
    expect(c!.missingFactors).toEqual(['literatureSupport', 'pathwayCentrality']);
    expect(c!.factors.literatureSupport).toMatchObject({ value: null, contribution: null, weight: 0.15, detail: 'literature co-mentions not searched' });
    expect(c!.factors.pathwayCentrality.detail).toBe('no enriched pathways or STRING network given');
    // A literature map that lacks this drug: it was beyond the few searched, or its search failed.
    // "Failed or was not run" left a reader unable to tell a failure from a cap.
    const [d] = run(genes, { molecules, literature: new Map() });
    expect(d!.factors.literatureSupport.detail).toBe('not searched: the literature is counted for the first few candidates only');
    const [e] = run(genes, { molecules, literature: new Map(), literatureFailed: new Map([[c!.chemblId!, 'Europe PMC']]) });
    expect(e!.factors.literatureSupport.detail).toBe('not known: the literature search for this drug failed (Europe PMC)');
  });

  it('leaves drug-likeness out for a biologic instead of failing it on the rule of five', () => {
    const antibody = molecule('CHEMBL4', { moleculeType: 'Antibody', properties: null });
    const [c] = run([{ gene: 'EGFR', association: 0.5, candidates: [ot('CHEMBL4', 'SOMEMAB', { stage: 'APPROVAL', drugType: 'Antibody' })] }], { molecules: new Map([['CHEMBL4', antibody]]) });
    expect(c!.factors.drugLikeness).toMatchObject({ value: null, detail: 'QED unknown: Antibody: rule-of-five properties do not apply' });
    expect(c!.score).toBeCloseTo((0.25 * 1 + 0.2 * 0.5 + 0.2 * 1) / 0.65, 4);
  });

  it('scores 0 with coverage 0 when nothing is known', () => {
    const raw = Object.fromEntries(FACTOR_NAMES.map((n) => [n, { value: null, detail: '-' }])) as Parameters<typeof combineFactors>[0];
    expect(combineFactors(raw)).toMatchObject({ score: 0, coverage: 0, missingFactors: FACTOR_NAMES });
  });

  it('grades mechanism directness: curated directional > curated > indirect > DGIdb directional > typed > unclear', () => {
    const list = run([
      {
        gene: 'EGFR',
        candidates: [ot('CHEMBL20', 'DIRECTINIB', { action: 'ANTAGONIST' }), ot('CHEMBL21', 'BINDERMAB', { action: 'BINDING AGENT' }), ot('CHEMBL22', 'UNSAIDIB', { action: null })],
        mechanisms: [mech('CHEMBL23', { direct: false })],
        interactions: [dgi('DGDIR', { types: [['inhibitor', null]] }), dgi('DGTYPED', { types: [['antibody', null]] }), dgi('DGVAGUE', { types: [['modulator', 'DIRECTIONALITY_UNCLEAR']] }), dgi('DGNONE')],
      },
    ]);
    const d = (name: string) => byName(list, name).factors.mechanismDirectness.value;
    expect(d('DIRECTINIB')).toBe(DIRECTNESS.directAction);
    expect(d('BINDERMAB')).toBe(DIRECTNESS.curatedMechanism);
    expect(d('UNSAIDIB')).toBe(DIRECTNESS.curatedMechanism);
    expect(d('CHEMBL23')).toBe(DIRECTNESS.indirectMechanism);
    expect(d('DGDIR')).toBe(DIRECTNESS.dgidbDirectional);
    expect(d('DGTYPED')).toBe(DIRECTNESS.dgidbTyped);
    expect(d('DGVAGUE')).toBe(DIRECTNESS.dgidbUnclear);
    expect(d('DGNONE')).toBe(DIRECTNESS.dgidbUnclear);
  });
});

describe('evidence quality, sorting and ranking', () => {
  const genes: GeneDrugEvidence[] = [
    {
      gene: 'EGFR',
      association: 0.9,
      candidates: [ot('CHEMBL939', 'GEFITINIB', { stage: 'APPROVAL', indications: [NSCLC] }), ot('CHEMBL2', 'LATESTAGIB', { stage: 'PHASE_3', indications: [NSCLC] }), ot('CHEMBL1', 'REPURPOSIB', { stage: 'APPROVAL', indications: [BREAST] })],
      mechanisms: [mech('CHEMBL939', { maxPhase: 4 }), mech('CHEMBL2')],
      interactions: [
        dgi('GEFITINIB', { chemblId: 'CHEMBL939', approved: true, sources: [['ChEMBL', 'Expert curated'], ['GuideToPharmacology', 'Expert curated'], ['TTD', 'Expert curated']] }),
        dgi('LATESTAGIB', { chemblId: 'CHEMBL2', sources: [['CIViC', 'Expert curated']] }),
        dgi('VAGUEMIDE'),
      ],
    },
  ];
  const drugs = new Map([
    ['CHEMBL939', details('CHEMBL939', 'GEFITINIB', [[NSCLC, 'APPROVAL']])],
    ['CHEMBL2', details('CHEMBL2', 'LATESTAGIB', [[NSCLC, 'PHASE_3']])],
  ]);
  const list = run(genes, { drugs });

  it('counts independent curations, not source names: ChEMBL once, however it arrives', () => {
    const gefitinib = byName(list, 'GEFITINIB');
    expect(gefitinib.evidenceQuality).toBe('high');
    expect(gefitinib.evidenceCurations).toEqual(['ChEMBL mechanism', 'GuideToPharmacology', 'TTD']);
    expect(gefitinib.evidenceQualityReason).toBe('3 independent curations: ChEMBL mechanism (via Open Targets, ChEMBL, DGIdb) + GuideToPharmacology + TTD');
    expect(byName(list, 'LATESTAGIB')).toMatchObject({ evidenceQuality: 'moderate', evidenceCurations: ['ChEMBL mechanism', 'CIViC'] });
    // Open Targets + a ChEMBL mechanism + DGIdb's ChEMBL claim would be "three sources": one curation.
    expect(byName(list, 'REPURPOSIB')).toMatchObject({ evidenceQuality: 'low', evidenceQualityReason: 'one independent curation: ChEMBL mechanism (via Open Targets)' });
    expect(byName(list, 'VAGUEMIDE').evidenceQuality).toBe('low');
  });

  it('needs a ChEMBL-curated mechanism for high, and does not count what DGIdb labels non-curated', () => {
    const [c] = run([
      { gene: 'EGFR', interactions: [dgi('BIOMARKERIB', { sources: [['NCI', 'Non-curated'], ['TEND', 'Expert curated'], ['CGI', 'Expert curated'], ['DTC', null]] })] },
    ]);
    expect(c).toMatchObject({ evidenceQuality: 'moderate', evidenceCurations: ['CGI', 'DTC', 'TEND'] });
    expect(c!.evidenceQualityReason).toBe('3 independent curations: CGI + DTC + TEND (high needs a ChEMBL-curated mechanism among them); not counted, labelled non-curated by DGIdb: NCI');
  });

  it('sorts by score, best first', () => {
    expect(list.map((c) => c.name)).toEqual(['GEFITINIB', 'REPURPOSIB', 'LATESTAGIB', 'VAGUEMIDE']);
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.score).toBeGreaterThanOrEqual(list[i]!.score);
  });

  it('rankForTier keeps tiers at or above the filter, ordered by tier then score', () => {
    expect(rankForTier(list, 'I').map((c) => c.name)).toEqual(['GEFITINIB']);
    expect(rankForTier(list, 'II').map((c) => c.name)).toEqual(['GEFITINIB', 'REPURPOSIB', 'LATESTAGIB']);
    expect(rankForTier(list, 'all').map((c) => c.tier)).toEqual(['I', 'II', 'II', 'III']);
    expect(list.map((c) => c.name)[0]).toBe('GEFITINIB'); // the input is not reordered
  });

  it('rankCountedFirst puts, within a tier, the drugs whose literature was counted before the rest', () => {
    const counted = (c: (typeof list)[number], value: number | null) => ({ ...c, factors: { ...c.factors, literatureSupport: { ...c.factors.literatureSupport, value } } });
    // REPURPOSIB was never searched and scores above LATESTAGIB, whose literature was counted (0).
    const mixed = list.map((c) => counted(c, c.name === 'LATESTAGIB' ? 0 : null));
    expect(rankCountedFirst(mixed).map((c) => c.name)).toEqual(['GEFITINIB', 'LATESTAGIB', 'REPURPOSIB', 'VAGUEMIDE']);
    // None counted (Europe PMC down): tier, then score, as rankForTier.
    expect(rankCountedFirst(list.map((c) => counted(c, null))).map((c) => c.name)).toEqual(rankForTier(list, 'all').map((c) => c.name));
  });

  it('summarizes one line per drug', () => {
    const text = summarizeCandidates(list, 2);
    expect(text.split('\n')).toHaveLength(2);
    expect(text.split('\n')[0]).toBe(
      `1. GEFITINIB (CHEMBL939) -> EGFR inhibitor; tier I; score ${byName(list, 'GEFITINIB').score.toFixed(2)}; approved; approved for non-small cell lung carcinoma; evidence high [opentargets, chembl, dgidb]`,
    );
  });
});
