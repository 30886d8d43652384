// A panel none of whose genes is in any gene-set library was not tested: the analysis says so,
// never "no gene set is enriched" (which reads as a finding).
import { describe, expect, it } from 'vitest';
import { renderInsights } from '../../src/cli/render/insights.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { compactInsights } from '../../src/tools/insights/compact.js';
import { summarizeInsights } from '../../src/tools/insights/summary.js';
import { enrichmentUntestedNote } from '../../src/tools/shared/panel-analysis/enrichment-status.js';
import { insightsResult } from '../fixtures/report/insights-result.js';

describe('enrichment that tested nothing', () => {
  it('is named when no library holds a panel gene, and only then', () => {
    expect(enrichmentUntestedNote([{ library: 'A', n: 0 }, { library: 'B', n: 0 }])).toBe(
      'Pathway enrichment tested nothing: no panel gene is in any of the 2 gene-set libraries; this is not a finding that no pathway is enriched.',
    );
    expect(enrichmentUntestedNote([{ library: 'A', n: 0 }, { library: 'B', n: 1 }])).toBeUndefined();
    expect(enrichmentUntestedNote([])).toBeUndefined();
  });

  it('reads as not tested in the text, where "none at q <= 0.05" would read as a finding', () => {
    const untested = { ...insightsResult, enrichedPathways: [], enrichment: insightsResult.enrichment.map((e) => ({ ...e, n: 0, significant: 0 })) };
    const text = summarizeInsights(compactInsights(untested));
    expect(text).toContain('Pathways: NOT TESTED: no panel gene is in any of the');
    expect(text).not.toContain('none at q <= 0.05');
    const nothing = { ...insightsResult, enrichedPathways: [], enrichment: insightsResult.enrichment.map((e) => ({ ...e, significant: 0 })) };
    expect(summarizeInsights(compactInsights(nothing))).toContain('Pathways: none at q <= 0.05 in');
    // And in the terminal (`biointel analyze`).
    expect(renderInsights(untested)).toContain('Pathway enrichment tested nothing: no panel gene is in any of the');
    expect(renderInsights(nothing)).toContain('None reached q <= 0.05 in the');
    // And in the HTML report.
    const meta = { generatedAt: '2026-11-27T00:00:00Z', version: 'test' };
    expect(renderHtmlReport(untested, meta)).toContain('<p class="alert">Pathway enrichment tested nothing');
    expect(renderHtmlReport(nothing, meta)).toContain('No gene set reached q ≤ 0.05');
  });
});
