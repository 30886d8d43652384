// Assembly of the comparison answer: merged source rows, the compact answer and the HTML report.
import { describe, expect, it } from 'vitest';
import { comparePanels } from '../../src/analysis/panel-compare.js';
import { renderCompare } from '../../src/cli/render/compare.js';
import { renderCompareReport } from '../../src/report/compare.js';
import { compactComparison, mergeSources, SHOWN } from '../../src/tools/compare-targets/assemble.js';
import type { CompareOutput } from '../../src/tools/compare-targets/schema.js';
import { compareOutput } from '../../src/tools/compare-targets/schema.js';
import { drug, pathway, view } from '../support/panel-views.js';

describe('mergeSources', () => {
  it('keeps a failure on one side visible, and calls a source failed only when it failed for both', () => {
    const rows = mergeSources(
      [
        { id: 'dgidb', status: 'failed', ms: 10, records: 0, error: 'HTTP 500' },
        { id: 'string', status: 'failed', ms: 5, records: 0, error: 'timeout' },
        { id: 'hgnc', status: 'ok', ms: 40, records: 3 },
      ],
      [
        { id: 'dgidb', status: 'ok', ms: 20, records: 4 },
        { id: 'string', status: 'failed', ms: 7, records: 0, error: 'timeout' },
        { id: 'hgnc', status: 'cached', ms: 1, records: 2 },
        { id: 'chembl', status: 'skipped', ms: 0, records: 0, note: 'free tier' },
      ],
    );
    expect(rows).toEqual([
      { id: 'dgidb', status: 'ok', ms: 20, records: 4, error: 'panel A: HTTP 500' },
      { id: 'string', status: 'failed', ms: 7, records: 0, error: 'panel A: timeout; panel B: timeout' },
      { id: 'hgnc', status: 'ok', ms: 40, records: 5 },
      { id: 'chembl', status: 'skipped', ms: 0, records: 0, note: 'free tier' },
    ]);
  });
});

function full(): CompareOutput {
  const many = Array.from({ length: 30 }, (_, i) => pathway(`R${i}`, 1e-3 * (i + 1)));
  const a = view({ pathways: many, drugs: Array.from({ length: 12 }, (_, i) => drug(`D${i}`, 'II', 0.5)) });
  const b = view({ pathways: [pathway('<script>alert(1)</script>', 1e-4)], drugs: [] });
  const c = comparePanels(a, b);
  const side = { snapshotId: 'snap_x', genes: ['EGFR'], unresolvedGenes: [], diseaseContext: 'breast cancer', qualityScore: 0.8 };
  return {
    snapshotId: 'snap_c',
    panelA: side,
    panelB: { ...side, snapshotId: 'snap_y' },
    summary: c.summary,
    genes: c.genes,
    sharedPathways: c.sharedPathways,
    uniquePathways: c.uniquePathways,
    drugOverlap: c.drugOverlap,
    qualityScore: c.qualityScore,
    groundedRatioDelta: c.groundedRatioDelta,
    integrityDeltas: c.integrityDeltas,
    counts: {},
    sources: [],
    warnings: [],
  };
}

describe('compactComparison', () => {
  it('cuts each list to its first items, counts them, and says where the rest is', () => {
    const f = full();
    const answer = compactComparison(f);
    expect(compareOutput.safeParse(answer).success).toBe(true);
    expect(answer.uniquePathways.a).toHaveLength(SHOWN.pathways);
    expect(answer.counts['uniquePathways.a']).toEqual({ shown: SHOWN.pathways, total: 30 });
    expect(answer.drugOverlap?.aOnly).toHaveLength(SHOWN.drugs);
    expect(answer.counts['drugOverlap.aOnly']).toEqual({ shown: SHOWN.drugs, total: 12 });
    expect(answer.more).toContain('uniquePathways.a, drugOverlap.aOnly');
    expect(answer.more).toContain('svc_get_snapshot snap_c');
    expect(f.uniquePathways.a).toHaveLength(30); // the saved comparison keeps everything
  });

  it('adds no pointer when nothing was cut', () => {
    const f = full();
    const small = compactComparison({ ...f, uniquePathways: { a: f.uniquePathways.a.slice(0, 2), b: [] }, drugOverlap: null, drugAnalysisNote: 'withheld' });
    expect(small.more).toBeUndefined();
  });
});

describe('renderCompareReport', () => {
  it('escapes upstream text and loads nothing', () => {
    const page = renderCompareReport(full(), { generatedAt: '2026-01-01T00:00:00Z', version: 'test' });
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;');
    expect(page).toContain('content="default-src &#39;none&#39;'); // the CSP, entity-escaped in its attribute
    expect((page.match(/<tr><td class="name">/g) ?? []).length).toBe(31);
  });
});

describe('a comparison with an analysis whose enrichment could not run', () => {
  it('prints why pathways are not compared, never "None." (terminal and HTML)', () => {
    const a = view({ pathways: [pathway('R1', 1e-6)] });
    const c = comparePanels(a, view({ librariesTested: [], pathways: [], significantPathways: 0 }));
    const out = { ...full(), sharedPathways: c.sharedPathways, uniquePathways: c.uniquePathways, pathwayNote: c.pathwayNote!, summary: c.summary };
    const text = renderCompare(out);
    expect(text).toContain('## Pathways significant in both\nPathways not compared: pathway enrichment could not run for panel B (see warnings).');
    expect(text).not.toContain('None.');
    expect(text).toContain('## Only in panel A');
    const page = renderCompareReport(out, { generatedAt: '2026-01-01T00:00:00Z', version: 'test' });
    expect(page).toContain('<p class="alert">Pathways not compared: pathway enrichment could not run for panel B (see warnings).</p>');
    expect(page).not.toContain('No gene set is significant');
    expect(compareOutput.safeParse(out).success).toBe(true);
  });
});

describe('renderCompare (terminal)', () => {
  it('lists an integrity figure computed on one side only instead of "do not differ"', () => {
    const f = full();
    const text = renderCompare({ ...f, integrityDeltas: { groundedRatio: { a: 0.9, b: null, delta: null }, citeF1: { a: 0.5, b: 0.5, delta: 0 } } });
    expect(text).toContain('groundedRatio: 0.9 → not computed');
    expect(text).not.toContain('Integrity figures do not differ');
    expect(renderCompare({ ...f, integrityDeltas: { citeF1: { a: 0.5, b: 0.5, delta: 0 } } })).toContain('Integrity figures do not differ.');
    // Nothing computed on either side (PubMed down for both) is not agreement either.
    const none = renderCompare({ ...f, integrityDeltas: { citeF1: { a: null, b: null, delta: null }, pmidsChecked: { a: false, b: false, delta: null } } });
    expect(none).toContain('No integrity figure was computed on either side.');
  });
});
