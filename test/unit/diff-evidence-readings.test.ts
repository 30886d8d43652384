// Comparisons and diffs after tonight's evidence rules (a review, 2026-11-27): a drug withdrawn in
// one run and "withdrawal not known" in the other read "III → I (clinicalPhase +0.14)", evidence
// gained; a hypothesis contradicted in one run and not judged in the other read "0.3 → 0.6"; a
// pair novel in one run and contradicted in the other, at the same confidence, was no change.
import { describe, expect, it } from 'vitest';
import { comparePanels } from '../../src/analysis/panel-compare.js';
import { diffPanels } from '../../src/analysis/snapshot-diff.js';
import { panelView } from '../../src/tools/shared/panel-view.js';
import { drug, view } from '../support/panel-views.js';
import { renderDiff } from '../../src/cli/render/diff.js';
import type { DiffOutput } from '../../src/tools/diff-snapshots/schema.js';

const hyp = (over: Record<string, unknown>) => ({ statement: 'EGFR and ERBB2 may act together.', genes: ['EGFR', 'ERBB2'], confidence: 0.3, confidenceLabel: 'low', stringScore: 0.9, coMentions: 640, ...over });

describe('withdrawal seen by one run only', () => {
  const a = view({ drugs: [{ ...drug('LAPATINIB', 'III', 0.4, { clinicalPhase: 0.14 }), withdrawal: 'withdrawn' }] });
  const b = view({ snapshotId: 'snap_b', drugs: [{ ...drug('LAPATINIB', 'I', 0.8, { clinicalPhase: 0.28 }), withdrawal: 'not known' }] });

  it('the diff says it beside the tier move', () => {
    const d = diffPanels(a, b);
    expect(d.drugCandidateShifts?.changed[0]?.why).toBe('withdrawn in the earlier run, withdrawal not known in the later');
    // Said apart from the tier move (a withdrawal not known moves no tier: beside it, it read as the cause).
    expect(d.summary).toContain('LAPATINIB III → I (clinicalPhase +0.14)');
    expect(d.summary).toContain('withdrawal read differently for LAPATINIB (withdrawn in the earlier run, withdrawal not known in the later)');
  });

  it('the terminal table names it in the note column, never "II → II, 0, -"', () => {
    const c = view({ snapshotId: 'snap_b', drugs: [{ ...drug('LAPATINIB', 'III', 0.4, { clinicalPhase: 0.14 }), withdrawal: 'not known' }] });
    const d = diffPanels(a, c);
    const ref = { id: 'snap_a', createdAt: '2026-11-27', tool: 'svc_generate_insights', geneCount: 2, diseaseContext: 'breast cancer' };
    const text = renderDiff({ ...d, snapshotA: ref, snapshotB: { ...ref, id: 'snap_b' }, warnings: [] } as unknown as DiffOutput).replace(/\x1b\[[0-9;]*m/g, '');
    expect(text).toMatch(/LAPATINIB\s+III → III.*withdrawn in the earlier run, withdrawal not known in the later/);
  });

  it('the comparison says it beside the tiers', () => {
    const summary = comparePanels(a, b).summary;
    expect(summary).toContain('Tier differs for LAPATINIB (III in A via EGFR; I in B via EGFR).');
    expect(summary).toContain('Withdrawal read differently for LAPATINIB (withdrawn in A, withdrawal not known in B).');
    // At the same tier too.
    const sameTier = view({ snapshotId: 'snap_b', drugs: [{ ...drug('LAPATINIB', 'III', 0.4), withdrawal: 'not known' }] });
    expect(comparePanels(a, sameTier).summary).toContain('Withdrawal read differently for LAPATINIB');
  });

  it('no word of it when both runs read the same, or an older snapshot does not say', () => {
    const same = view({ snapshotId: 'snap_b', drugs: [{ ...drug('LAPATINIB', 'I', 0.8), withdrawal: 'withdrawn' }] });
    expect(diffPanels(a, same).drugCandidateShifts?.changed[0]?.why).toBeUndefined();
    const old = view({ snapshotId: 'snap_b', drugs: [drug('LAPATINIB', 'I', 0.8)] });
    expect(diffPanels(a, old).drugCandidateShifts?.changed[0]?.why).toBeUndefined();
  });
});

describe('what the evidence check made of a pair', () => {
  it('contradicted in one run, not judged in the other: said, never a plain rise', () => {
    const a = view({ hypotheses: [hyp({ confidence: 0.3, literatureNotCounted: 'contradicted' })] });
    const b = view({ snapshotId: 'snap_b', integrity: { nliEnabled: false }, hypotheses: [hyp({ confidence: 0.6, confidenceLabel: 'moderate' })] });
    const change = diffPanels(a, b).hypothesisConfidenceChanges[0]!;
    expect(change.why).toBe('earlier: its literature not counted (its cited abstract contradicts it); later: its literature counted, not judged (no NLI model)');
  });

  it('novel in one run and not in the other is a change at the same confidence', () => {
    const a = view({ hypotheses: [hyp({ coMentions: 0, novel: true, literatureNotCounted: 'void' })] });
    const b = view({ snapshotId: 'snap_b', hypotheses: [hyp({ coMentions: 1, novel: false, literatureNotCounted: 'contradicted' })] });
    const [change] = diffPanels(a, b).hypothesisConfidenceChanges;
    expect(change?.why).toContain('novel → not novel');
    expect(change?.why).toContain('earlier: its literature void (retracted or unknown to PubMed); later: its literature not counted (its cited abstract contradicts it)');
  });
});

describe('reading a saved analysis', () => {
  it('reads withdrawn, not withdrawn and not known from the result', () => {
    const d = (over: Record<string, unknown>) => ({ name: 'X', chemblId: null, tier: 'II', score: 0.5, factors: {}, targetGenes: [], ...over });
    const r = { genes: ['EGFR'], diseaseContext: 'breast cancer', enrichedPathways: [], drugCandidates: [d({ withdrawn: true }), d({ withdrawn: false, withdrawnReason: 'not checked: whether it was withdrawn is not known' }), d({ withdrawn: false, withdrawnReason: null, withdrawalChecked: true }), d({ withdrawn: false, withdrawnReason: null }), d({})] };
    // An older snapshot's bare false (saved before withdrawalChecked) said nothing about a record read: no reading.
    expect(panelView(r, 'snap_x', 'snapshotIdA').drugs?.map((x) => x.withdrawal)).toEqual(['withdrawn', 'not known', 'not withdrawn', undefined, undefined]);
  });
});
