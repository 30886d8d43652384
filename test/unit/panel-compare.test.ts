// comparePanels on hand-built views: what is shared, what is one-sided and why, the deltas, and
// the written comparison, including the cases that would fool a naive set difference.
import { describe, expect, it } from 'vitest';
import { comparePanels } from '../../src/analysis/panel-compare.js';
import { drug, pathway, view } from '../support/panel-views.js';

describe('comparePanels', () => {
  it('splits genes, pathways and drugs into shared and one-sided, with q and tiers on each side', () => {
    const a = view({
      genes: ['EGFR', 'ERBB2', 'BRAF'],
      pathways: [pathway('R1', 1e-6), pathway('R2', 0.01), pathway('H1', 0.02, 'MSigDB_Hallmark_2020')],
      drugs: [drug('LAPATINIB', 'I', 0.8), drug('GEFITINIB', 'II', 0.6)],
    });
    const b = view({
      snapshotId: 'snap_b',
      genes: ['EGFR', 'BRCA1'],
      pathways: [pathway('R2', 1e-5), pathway('R9', 0.003)],
      drugs: [drug('GEFITINIB', 'I', 0.7), drug('OLAPARIB', 'I', 0.9)],
      integrity: { pmidsChecked: true, hallucinated: 1, groundedRatio: 0.5, citeF1: 0.7, nliEnabled: true, entailmentMethod: 'nli' },
      qualityScore: 0.6,
    });
    const c = comparePanels(a, b);
    expect(c.genes).toEqual({ shared: ['EGFR'], aOnly: ['ERBB2', 'BRAF'], bOnly: ['BRCA1'] });
    expect(c.sharedPathways).toEqual([{ id: 'R2', name: 'R2 pathway', library: 'Reactome_2022', qA: 0.01, qB: 1e-5 }]);
    expect(c.uniquePathways.a.map((p) => [p.id, p.otherSide])).toEqual([
      ['R1', 'not significant'],
      ['H1', 'not significant'],
    ]);
    expect(c.uniquePathways.b.map((p) => p.id)).toEqual(['R9']);
    expect(c.drugOverlap?.shared).toEqual([{ name: 'GEFITINIB', chemblId: 'CHEMBL_GEFITINIB', tierA: 'II', tierB: 'I', scoreA: 0.6, scoreB: 0.7, rankA: 2, rankB: 1, genesA: ['EGFR'], genesB: ['EGFR'] }]);
    expect(c.drugOverlap?.aOnly.map((d) => [d.name, d.tier, d.otherSide])).toEqual([['LAPATINIB', 'I', 'not a candidate']]);
    expect(c.drugOverlap?.bOnly.map((d) => d.name)).toEqual(['OLAPARIB']);
    expect(c.groundedRatioDelta).toBe(-0.3);
    expect(c.qualityScore).toEqual({ a: 0.8, b: 0.6, delta: -0.2 });
    expect(c.integrityDeltas.hallucinated).toEqual({ a: 0, b: 1, delta: 1 });
    expect(c.integrityDeltas.nliEnabled).toEqual({ a: true, b: true, delta: null });

    // The comparison is written from these numbers and names the largest differences.
    expect(c.summary).toContain('share 1 gene (EGFR) and 1 significant pathway');
    expect(c.summary).toContain('R2 pathway is 3.0 orders of magnitude more significant in B');
    expect(c.summary).toContain('2 pathways only in A, led by R1 pathway (q 1.0e-6)');
    expect(c.summary).toContain('1 shared, 1 only in A (top: LAPATINIB, tier I), 1 only in B (top: OLAPARIB, tier I)');
    expect(c.summary).toContain('Tier differs for GEFITINIB (II in A via EGFR; I in B via EGFR)');
    expect(c.summary).toContain('largest integrity difference is groundedRatio (B − A −0.30)');
  });

  it('a shared drug tiered through different genes says so: tiers are per panel, not a disagreement', () => {
    // Recorded world: AFATINIB acts on EGFR/ERBB2 (tier II in A); panel B has only BRAF, which DGIdb
    // alone links it to (tier III). "II in A, III in B" read as the analyses disagreeing on the drug.
    const a = view({ genes: ['EGFR', 'ERBB2'], drugs: [{ ...drug('AFATINIB', 'II', 0.7), targetGenes: ['EGFR', 'ERBB2'] }] });
    const b = view({ genes: ['BRAF', 'BRCA1'], drugs: [{ ...drug('AFATINIB', 'III', 0.45), targetGenes: ['BRAF'] }] });
    const c = comparePanels(a, b);
    expect(c.drugOverlap?.shared[0]).toMatchObject({ tierA: 'II', tierB: 'III', genesA: ['EGFR', 'ERBB2'], genesB: ['BRAF'] });
    expect(c.summary).toContain('Tier differs for AFATINIB (II in A via EGFR, ERBB2; III in B via BRAF)');
  });

  it('names the largest move among the rates, not a count on another scale', () => {
    const a = view({ integrity: { pmidsChecked: true, pmidsCited: 8, hallucinationRate: 0, groundedRatio: 0.8, nliEnabled: true, entailmentMethod: 'nli' } });
    const b = view({ snapshotId: 'snap_b', integrity: { pmidsChecked: true, pmidsCited: 5, hallucinationRate: 0, groundedRatio: 0.2, nliEnabled: true, entailmentMethod: 'nli' } });
    const c = comparePanels(a, b);
    expect(c.integrityDeltas.pmidsCited).toEqual({ a: 8, b: 5, delta: -3 }); // still reported
    expect(c.summary).toContain('largest integrity difference is groundedRatio (B − A −0.60)');
  });

  it('does not call a pathway unique when the other side only stopped reporting early, or never tested its library', () => {
    const a = view({ pathways: [pathway('R1', 1e-4), pathway('K1', 1e-3, 'KEGG_2021_Human')] });
    // B found 40 significant pathways but reports 1; KEGG could not be loaded for B.
    const b = view({ pathways: [pathway('R7', 1e-9)], significantPathways: 40 });
    const c = comparePanels(a, b);
    expect(c.uniquePathways.a.map((p) => [p.id, p.otherSide])).toEqual([
      ['R1', 'beyond the reported list'],
      ['K1', 'library not tested'],
    ]);
    expect(c.summary).toContain('beyond the reported list on the other side');
  });

  it('does not call a drug "not a candidate" on a side whose drug sources failed', () => {
    // Found diffing a run against one where DGIdb failed: every drug it alone had gave "not a candidate".
    const a = view({ drugs: [drug('NERATINIB', 'II', 0.7), drug('LAPATINIB', 'I', 0.8)] });
    const b = view({ drugs: [drug('LAPATINIB', 'I', 0.8)], drugSourcesFailed: ['DGIdb'] });
    const c = comparePanels(a, b);
    expect(c.drugOverlap?.aOnly.map((d) => [d.name, d.otherSide])).toEqual([['NERATINIB', 'drug sources failed']]);
    expect(c.summary).toContain("1 only in A (top: NERATINIB, tier II) (B's drug sources failed (DGIdb): it may be a candidate there)");
    expect(c.summary).not.toContain('not a candidate');
  });

  it('does not call a drug unique to one side when the other side capped its list', () => {
    const a = view({ drugs: [drug('X', 'II', 0.5)] });
    const b = view({ drugs: [drug('Y', 'II', 0.5)], drugsComplete: false });
    expect(comparePanels(a, b).drugOverlap?.aOnly[0]?.otherSide).toBe('beyond the reported list');
    expect(comparePanels(b, a).drugOverlap?.bOnly[0]?.otherSide).toBe('beyond the reported list');
    // The written comparison says it too, and only about the side whose list was cut.
    const c = comparePanels(a, b);
    expect(c.summary).toContain("1 only in A (top: X, tier II) (B's list was cut: it may be a candidate there below it), 1 only in B (top: Y, tier II).");
  });

  it('matches drugs by ChEMBL id, and by name when one side has no id; different ids never match', () => {
    const a = view({ drugs: [{ ...drug('Trastuzumab', 'I', 0.9), chemblId: null }, drug('ASPIRIN', 'III', 0.1), drug('CETUXIMAB', 'II', 0.7), drug('SAMENAME', 'II', 0.5)] });
    const b = view({
      drugs: [
        { ...drug('TRASTUZUMAB', 'I', 0.9), chemblId: null },
        { ...drug('aspirin-renamed', 'III', 0.1), chemblId: 'CHEMBL_ASPIRIN' },
        // DGIdb-only in B: no ChEMBL id, same drug.
        { ...drug('cetuximab', 'III', 0.6), chemblId: null },
        { ...drug('SAMENAME', 'II', 0.5), chemblId: 'CHEMBL_OTHER' },
      ],
    });
    const o = comparePanels(a, b).drugOverlap!;
    expect(o.shared.map((d) => [d.name, d.chemblId, d.tierA, d.tierB])).toEqual([
      ['Trastuzumab', null, 'I', 'I'],
      ['ASPIRIN', 'CHEMBL_ASPIRIN', 'III', 'III'],
      ['CETUXIMAB', 'CHEMBL_CETUXIMAB', 'II', 'III'],
    ]);
    expect(o.aOnly.map((d) => d.chemblId)).toEqual(['CHEMBL_SAMENAME']);
    expect(o.bOnly.map((d) => d.chemblId)).toEqual(['CHEMBL_OTHER']);
  });

  it('withholds the drug overlap, with the note, when either side withheld candidates; an empty list is not withheld', () => {
    const free = view({ drugs: null, drugNote: 'Drug candidates are withheld on the free tier.' });
    const c = comparePanels(view({ drugs: [drug('X', 'I', 1)] }), free);
    expect(c.drugOverlap).toBeNull();
    expect(c.drugAnalysisNote).toBe('Drug candidates are withheld on the free tier.');
    expect(c.summary).toContain('Drug candidates not compared: Drug candidates are withheld on the free tier.');
    const none = comparePanels(view(), view());
    expect(none.drugOverlap).toEqual({ shared: [], aOnly: [], bOnly: [] });
    expect(none.drugAnalysisNote).toBeNull();
  });

  it('gives null deltas, never 0, for integrity figures that were not computed on one side', () => {
    const a = view({ integrity: { groundedRatio: null, citeF1: 0.5 }, qualityScore: null });
    const b = view({ integrity: { groundedRatio: 0.9, citeF1: 0.5, contested: 2 } });
    const c = comparePanels(a, b);
    expect(c.groundedRatioDelta).toBeNull();
    expect(c.qualityScore.delta).toBeNull();
    expect(c.integrityDeltas.contested).toEqual({ a: null, b: 2, delta: null });
    expect(c.summary).toContain('Quality not comparable');
    // groundedRatio 0.90 against "not computed" is a difference, not agreement.
    expect(c.summary).not.toContain('do not differ');
    expect(c.summary).toContain('computed in B only: groundedRatio 0.90');
  });

  it('says which analysis checked what when PubMed answered for one panel only', () => {
    // Panel B's PubMed check failed: its rates are null. Its zero quality is "nothing verified".
    const a = view({ integrity: { pmidsChecked: true, hallucinationRate: 0, groundedRatio: null, citeF1: null, nliEnabled: false, entailmentMethod: 'none' }, qualityScore: 0.35 });
    const b = view({ integrity: { pmidsChecked: false, hallucinationRate: null, groundedRatio: null, citeF1: null, nliEnabled: false, entailmentMethod: 'none' }, qualityScore: 0 });
    const c = comparePanels(a, b);
    expect(c.summary).toContain('Quality 0.35 (A) vs 0.00 (B, nothing verified); computed in A only: hallucinationRate 0.00.');
    // Neither side checked anything: not "the figures do not differ".
    const none = comparePanels(b, b);
    expect(none.summary).toContain('Quality 0.00 (A, nothing verified) vs 0.00 (B, nothing verified); no integrity figure was computed on either side.');
    // Both checked and equal: that is agreement.
    expect(comparePanels(a, a).summary).toContain('the integrity figures do not differ');
  });

  it('does not compare pathways with an analysis whose enrichment could not run', () => {
    // Every gene-set library failed to load for B: "share 0 significant pathways" read as a finding.
    const a = view({ pathways: [pathway('R1', 1e-6), pathway('R2', 0.01)] });
    const failed = view({ librariesTested: [], pathways: [], significantPathways: 0 });
    const c = comparePanels(a, failed);
    expect(c.pathwayNote).toBe('Pathways not compared: pathway enrichment could not run for panel B (see warnings).');
    expect(c.summary).toContain('share 2 genes (EGFR, ERBB2). Pathways not compared: pathway enrichment could not run for panel B (see warnings). A reports 2 significant pathways, led by R1 pathway (q 1.0e-6).');
    expect(c.summary).not.toMatch(/significant pathways? and|0 significant/);
    expect(comparePanels(failed, failed).summary).toContain('Pathways not compared: pathway enrichment could not run for either panel (see warnings).');
    expect(comparePanels(a, a).pathwayNote).toBeNull();
    // Enrichment that ran and found nothing is a finding, and is compared.
    expect(comparePanels(a, view()).pathwayNote).toBeNull();
  });

  // Every drug source down on both sides read "Drug candidates: 0 shared, 0 only in A, 0 only in B".
  it('does not compare drug candidates with a side whose drug sources failed and list none', () => {
    const down = view({ drugs: [], drugSourcesFailed: ['Open Targets', 'DGIdb', 'ChEMBL'] });
    const both = comparePanels(down, down);
    expect(both.drugOverlap).toBeNull();
    expect(both.summary).toContain('Drug candidates not compared: the drug sources failed for both panels (Open Targets, DGIdb, ChEMBL), so neither one\'s candidates are known.');
    expect(both.summary).not.toContain('0 shared');
    const one = comparePanels(view({ drugs: [drug('LAPATINIB', 'I', 0.8)] }), down);
    expect(one.drugAnalysisNote).toBe("panel B's drug sources failed (Open Targets, DGIdb, ChEMBL), so its candidates are not known; panel A's are in its own analysis");
    // None found by sources that answered is a finding, and is compared.
    expect(comparePanels(view({ drugs: [] }), view({ drugs: [] })).drugOverlap).toEqual({ shared: [], aOnly: [], bOnly: [] });
  });

  it('names both diseases when they differ', () => {
    const c = comparePanels(view(), view({ diseaseContext: 'ovarian cancer' }));
    expect(c.diseaseContexts.same).toBe(false);
    expect(c.summary).toMatch(/^Panel A \(2 genes, breast cancer\) and panel B \(2 genes, ovarian cancer\) share/);
  });
});
