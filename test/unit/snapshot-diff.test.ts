// diffPanels on hand-built views: inputs, pathways, q changes, drug shifts with the factor that
// moved, hypotheses, integrity and sources; and the cases a naive diff would get wrong.
import { describe, expect, it } from 'vitest';
import { diffPanels, factorMovedMost, factorMoveText } from '../../src/analysis/snapshot-diff.js';
import { drug, pathway, view } from '../support/panel-views.js';
import { renderDiff } from '../../src/cli/render/diff.js';
import type { DiffOutput } from '../../src/tools/diff-snapshots/schema.js';

const hyp = (genes: string[], confidence: number, label = 'moderate') => ({ statement: `${genes.join('-')} cooperate`, genes, confidence, confidenceLabel: label });

describe('diffPanels', () => {
  it('reports what changed between an earlier and a later analysis', () => {
    const a = view({
      genes: ['EGFR', 'ERBB2', 'BRAF'],
      pathways: [pathway('R1', 1e-3), pathway('R2', 0.02), pathway('R3', 0.04)],
      drugs: [drug('LAPATINIB', 'II', 0.6, { clinicalPhase: 0.2, literatureSupport: 0.1 }), drug('GEFITINIB', 'II', 0.5), drug('OLD', 'III', 0.1)],
      hypotheses: [hyp(['EGFR', 'ERBB2'], 0.5), hyp(['BRAF', 'EGFR'], 0.3, 'low')],
      sources: [
        { id: 'dgidb', status: 'failed' },
        { id: 'hgnc', status: 'ok' },
        { id: 'string', status: 'ok' },
      ],
    });
    const b = view({
      genes: ['EGFR', 'ERBB2', 'BRCA1'],
      pathways: [pathway('R2', 1e-5), pathway('R1', 1e-3), pathway('R9', 0.01)],
      drugs: [drug('LAPATINIB', 'I', 0.8, { clinicalPhase: 0.35, literatureSupport: 0.15 }), drug('GEFITINIB', 'II', 0.5), drug('NEW', 'II', 0.4)],
      hypotheses: [hyp(['ERBB2', 'EGFR'], 0.7, 'high')],
      integrity: { pmidsChecked: true, hallucinated: 0, groundedRatio: 0.9, citeF1: 0.7, nliEnabled: true, entailmentMethod: 'nli' },
      qualityScore: 0.85,
      sources: [
        { id: 'dgidb', status: 'ok' },
        { id: 'hgnc', status: 'cached' },
        { id: 'string', status: 'failed' },
      ],
    });
    const d = diffPanels(a, b);
    expect(d.inputs).toEqual({ genesAdded: ['BRCA1'], genesRemoved: ['BRAF'], diseaseChanged: null });
    expect(d.newPathways.map((p) => [p.id, p.otherSide])).toEqual([['R9', 'not significant']]);
    expect(d.removedPathways.map((p) => p.id)).toEqual(['R3']);
    expect(d.qChanges).toEqual([{ id: 'R2', name: 'R2 pathway', library: 'Reactome_2022', qBefore: 0.02, qAfter: 1e-5, log10Change: -3.301 }]);

    const s = d.drugCandidateShifts!;
    expect(s.entered).toEqual([{ name: 'NEW', chemblId: 'CHEMBL_NEW', tier: 'II', score: 0.4, rank: 3, otherSide: 'not a candidate' }]);
    expect(s.left.map((x) => x.name)).toEqual(['OLD']);
    // GEFITINIB kept tier, rank and score: not a change.
    expect(s.changed).toEqual([
      {
        name: 'LAPATINIB',
        chemblId: 'CHEMBL_LAPATINIB',
        tierBefore: 'II',
        tierAfter: 'I',
        rankBefore: 1,
        rankAfter: 1,
        scoreBefore: 0.6,
        scoreAfter: 0.8,
        scoreDelta: 0.2,
        factorMovedMost: { factor: 'clinicalPhase', before: 0.2, after: 0.35, delta: 0.15 },
      },
    ]);
    // Hypotheses are matched by gene pair, whatever their order or number.
    expect(d.hypothesisConfidenceChanges).toEqual([
      { genes: ['BRAF', 'EGFR'], statement: 'BRAF-EGFR cooperate', confidenceBefore: 0.3, confidenceAfter: null, delta: null, labelBefore: 'low', labelAfter: null },
      { genes: ['ERBB2', 'EGFR'], statement: 'ERBB2-EGFR cooperate', confidenceBefore: 0.5, confidenceAfter: 0.7, delta: 0.2, labelBefore: 'moderate', labelAfter: 'high' },
    ]);
    expect(d.qualityScoreDelta).toBe(0.05);
    expect(d.groundedRatioDelta).toBe(0.1);
    // ok -> cached is the same answer from the cache, not a different one.
    expect(d.sourceChanges).toEqual([
      { id: 'dgidb', before: 'failed', after: 'answered' },
      { id: 'string', before: 'answered', after: 'failed' },
    ]);
    expect(d.summary).toContain('genes added: BRCA1; genes removed: BRAF');
    expect(d.summary).toContain('1 pathway new, led by R9 pathway (q 0.010); 1 no longer reported, led by R3 pathway');
    expect(d.summary).toContain('Largest q change: R2 pathway 0.020 → 1.0e-5');
    expect(d.summary).toContain('tier changed for LAPATINIB II → I (clinicalPhase +0.15)');
    expect(d.summary).toContain('dgidb failed → answered');
  });

  it('does not call a pathway new when the earlier analysis only reported fewer, or could not test its library', () => {
    const a = view({ pathways: [pathway('R1', 1e-4)], significantPathways: 30, librariesTested: ['Reactome_2022'] });
    const b = view({ pathways: [pathway('R1', 1e-4), pathway('R2', 1e-3), pathway('H1', 1e-3, 'MSigDB_Hallmark_2020')] });
    const d = diffPanels(a, b);
    expect(d.newPathways.map((p) => [p.id, p.otherSide])).toEqual([
      ['R2', 'beyond the reported list'],
      ['H1', 'library not tested'],
    ]);
    // The summary says so too: "new" alone once read as found for the first time.
    expect(d.summary).toContain("2 pathways new (1 may have been significant below the earlier list's cut; 1 from a library the earlier analysis did not test)");
  });

  // Once "11 left" where the later list was only cut at 25: they may still be candidates.
  it('does not call a drug gone (or new) when the other list was cut before it', () => {
    const a = view({ drugs: [drug('KEPT', 'II', 0.6), drug('LOWER', 'III', 0.3)], drugsComplete: false });
    const b = view({ drugs: [drug('KEPT', 'II', 0.6), drug('RISEN', 'II', 0.5)], drugsComplete: false });
    const d = diffPanels(a, b);
    expect(d.drugCandidateShifts!.left).toEqual([expect.objectContaining({ name: 'LOWER', otherSide: 'beyond the reported list' })]);
    expect(d.drugCandidateShifts!.entered).toEqual([expect.objectContaining({ name: 'RISEN', otherSide: 'beyond the reported list' })]);
    expect(d.summary).toContain('1 entered (RISEN tier II) (the earlier list was cut, so it may have been a candidate below it)');
    expect(d.summary).toContain('1 left (LOWER) (the later list was cut, so it may still be a candidate below it)');
    // Complete lists: a drug gone is gone.
    const whole = diffPanels({ ...a, drugsComplete: true }, { ...b, drugsComplete: true });
    expect(whole.drugCandidateShifts!.left[0]!.otherSide).toBe('not a candidate');
    expect(whole.summary).not.toContain('was cut');
  });

  it('reads two identical analyses as no change', () => {
    const a = view({ pathways: [pathway('R1', 1e-4)], drugs: [drug('X', 'I', 0.9)], hypotheses: [hyp(['A', 'B'], 0.4)] });
    const d = diffPanels(a, { ...a, snapshotId: 'snap_b' });
    expect(d.newPathways).toEqual([]);
    expect(d.qChanges).toEqual([]);
    expect(d.drugCandidateShifts).toEqual({ entered: [], left: [], changed: [] });
    expect(d.hypothesisConfidenceChanges).toEqual([]);
    expect(d.sourceChanges).toEqual([]);
    expect(d.summary).toContain('Same panel and disease. The same pathways are reported.');
    expect(d.summary).toContain('Drug candidates keep their tiers.');
  });

  it('says drug candidates were not compared when one side withheld them', () => {
    const d = diffPanels(view({ drugs: null, drugNote: 'withheld on the free tier' }), view({ drugs: [drug('X', 'I', 1)] }));
    expect(d.drugCandidateShifts).toBeNull();
    expect(d.drugAnalysisNote).toBe('withheld on the free tier');
  });

  it('reports a changed disease and a rank change without a tier change', () => {
    const a = view({ drugs: [drug('X', 'II', 0.5), drug('Y', 'II', 0.4)] });
    const b = view({ diseaseContext: 'HER2-positive breast cancer', drugs: [drug('Y', 'II', 0.6), drug('X', 'II', 0.5)] });
    const d = diffPanels(a, b);
    expect(d.inputs.diseaseChanged).toEqual({ from: 'breast cancer', to: 'HER2-positive breast cancer' });
    expect(d.drugCandidateShifts?.changed.map((c) => [c.name, c.rankBefore, c.rankAfter, c.scoreDelta])).toEqual([
      ['Y', 2, 1, 0.2],
      ['X', 1, 2, 0],
    ]);
  });

  it('finds the factor that moved most, counting a factor that appeared or vanished', () => {
    const before = drug('X', 'II', 0.5, { clinicalPhase: 0.2, drugLikeness: 0.1 });
    const after = drug('X', 'II', 0.5, { clinicalPhase: 0.25, drugLikeness: null });
    expect(factorMovedMost(before, after)).toEqual({ factor: 'drugLikeness', before: 0.1, after: null, delta: -0.1 });
    expect(factorMovedMost(before, before)).toBeNull();
    // A factor measured 0 that became unknown explains the move, not the renormalised rise of another.
    const measured0 = drug('C', 'II', 0.6, { clinicalPhase: 0.2, targetDiseaseAssociation: 0, drugLikeness: 0.05 });
    const unknown = drug('C', 'III', 0.7, { clinicalPhase: 0.28, targetDiseaseAssociation: null, drugLikeness: 0.07 });
    expect(factorMovedMost(measured0, unknown)).toEqual({ factor: 'targetDiseaseAssociation', before: 0, after: null, delta: 0 });
    expect(factorMoveText(factorMovedMost(measured0, unknown)!)).toBe('targetDiseaseAssociation no longer known');
  });

  it('a drug that "left" because the later run\'s drug sources failed may still be a candidate', () => {
    const a = view({ drugs: [drug('GEFITINIB', 'II', 0.65), drug('LAPATINIB', 'I', 0.8)] });
    const b = view({ drugs: [drug('LAPATINIB', 'I', 0.8)], drugSourcesFailed: ['DGIdb'] });
    const d = diffPanels(a, b);
    expect(d.drugCandidateShifts!.left).toEqual([expect.objectContaining({ name: 'GEFITINIB', otherSide: 'drug sources failed' })]);
    expect(d.summary).toContain("1 left (GEFITINIB) (the later analysis's drug sources failed, so it may still be a candidate there)");
  });

  it('a tier change because a factor became unknown reads "no longer known", not as a fall to 0', () => {
    // NERATINIB's phase came from DGIdb alone; the later run's DGIdb failed: tier II -> III.
    const a = view({ drugs: [drug('NERATINIB', 'II', 0.7, { clinicalPhase: 0.2778, pathwayCentrality: 0.1 })] });
    const b = view({ drugs: [drug('NERATINIB', 'III', 0.76, { clinicalPhase: null, pathwayCentrality: 0.1 })] });
    const d = diffPanels(a, b);
    expect(d.drugCandidateShifts!.changed[0]!.factorMovedMost).toEqual({ factor: 'clinicalPhase', before: 0.2778, after: null, delta: -0.278 });
    expect(d.summary).toContain('tier changed for NERATINIB II → III (clinicalPhase no longer known)');
    expect(d.summary).not.toMatch(/clinicalPhase −/);
    // And the other way round; a factor known on both sides keeps its signed move.
    expect(diffPanels(b, a).summary).toContain('NERATINIB III → II (clinicalPhase now known)');
    expect(factorMoveText({ factor: 'literatureSupport', before: 0.1, after: 0.04, delta: -0.06 })).toBe('literatureSupport −0.06');
  });
  // A hypothesis' unchecked part counts 0 (hypotheses.ts): a confidence that fell because STRING or
  // the literature search failed did not lose evidence, and the diff says which part went unknown.
  it('a hypothesis whose confidence fell because a source failed says which part became unknown', () => {
    const strong = { ...hyp(['EGFR', 'ERBB2'], 0.99, 'high'), stringScore: 0.999, coMentions: 640 };
    const a = view({ hypotheses: [strong], sources: [{ id: 'string', status: 'ok' }] });
    const stringDown = view({ hypotheses: [{ ...strong, confidence: 0.6, confidenceLabel: 'moderate', stringScore: null }], sources: [{ id: 'string', status: 'failed' }] });
    const d = diffPanels(a, stringDown);
    expect(d.hypothesisConfidenceChanges[0]).toMatchObject({ confidenceBefore: 0.99, confidenceAfter: 0.6, why: 'interaction no longer known (STRING failed)' });
    expect(d.summary).toContain('Hypothesis confidence moved most for EGFR-ERBB2: 0.99 → 0.6 (high → moderate; interaction no longer known (STRING failed)).');
    expect(diffPanels(stringDown, a).hypothesisConfidenceChanges[0]!.why).toBe('interaction now known');
    // The terminal says it on the hypothesis' own line.
    const ref = { id: 'snap_a', tool: 'svc_generate_insights', createdAt: '2026-11-27T00:00:00Z', geneCount: 2, diseaseContext: 'breast cancer' };
    const text = renderDiff({ ...d, snapshotA: ref, snapshotB: { ...ref, id: 'snap_b' }, warnings: [] } as unknown as DiffOutput);
    expect(text).toContain('- EGFR-ERBB2: 0.99 → 0.6 (high → moderate; interaction no longer known (STRING failed))');
    const litDown = view({ hypotheses: [{ ...strong, confidence: 0.7, coMentions: null }], sources: [{ id: 'string', status: 'ok' }, { id: 'europepmc', status: 'failed' }] });
    expect(diffPanels(a, litDown).hypothesisConfidenceChanges[0]!.why).toBe('literature no longer known (search failed)');
    // Europe PMC answered: the pair was not searched (beyond the pairs searched, or an English-word
    // symbol), which is not a failed search.
    const notSearched = view({ hypotheses: [{ ...strong, confidence: 0.7, coMentions: null }], sources: [{ id: 'string', status: 'ok' }, { id: 'europepmc', status: 'ok' }] });
    expect(diffPanels(a, notSearched).hypothesisConfidenceChanges[0]!.why).toBe('literature no longer known (not searched)');
    // STRING answered both times without an edge: a measured change, nothing to explain.
    const noEdge = view({ hypotheses: [{ ...strong, confidence: 0.6, stringScore: null }], sources: [{ id: 'string', status: 'ok' }] });
    expect(diffPanels(a, noEdge).hypothesisConfidenceChanges[0]).not.toHaveProperty('why');
  });
  it('does not call pathways new or gone when one run could not run its enrichment', () => {
    const ran = view({ pathways: [pathway('R1', 1e-6)] });
    const failed = view({ librariesTested: [], pathways: [], significantPathways: 0 });
    const d = diffPanels(ran, failed);
    expect(d.summary).toContain('Pathways not compared: pathway enrichment could not run for the later analysis (see warnings).');
    expect(d.summary).not.toContain('no longer reported');
    expect(diffPanels(failed, ran).summary).toContain('could not run for the earlier analysis');
  });

  it('an integrity figure computed in one run only is named, not "unchanged"', () => {
    // The later run's PubMed check failed and it had no model: its rates are null (not computed).
    const checked = view({ integrity: { pmidsChecked: true, hallucinationRate: 0.1, groundedRatio: 0.9, nliEnabled: true, entailmentMethod: 'nli' } });
    const unchecked = view({ integrity: { pmidsChecked: false, hallucinationRate: null, groundedRatio: null, nliEnabled: false, entailmentMethod: 'none' }, qualityScore: 0 });
    const d = diffPanels(checked, unchecked);
    expect(d.summary).not.toContain('integrity figures unchanged');
    expect(d.summary).toContain('Quality −0.80; no longer computed: hallucinationRate (was 0.10), groundedRatio (was 0.90).');
    expect(diffPanels(unchecked, checked).summary).toContain('now computed: hallucinationRate (0.10), groundedRatio (0.90).');
    expect(diffPanels(unchecked, unchecked).summary).toContain('no integrity figure was computed in either analysis.');
    expect(diffPanels(checked, checked).summary).toContain('integrity figures unchanged.');
  });
});
