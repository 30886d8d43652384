// The HTML report and the widget say what the MCP text and the terminal say about enrichment that
// tested no set or had too little power (enrichment-notes.ts): a library with no set of the sizes
// tested is "not tested", never counted among the libraries tested, and "no gene set reaches
// q <= 0.05" for a 1-gene panel is hedged, never a plain finding about the gene's pathways.
import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/report/html.js';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import { noPathwaysText } from '../../src/widget/notes.js';
import { insightsResult } from '../fixtures/report/insights-result.js';

const META = { generatedAt: '2026-11-27T00:00:00.000Z', version: 'test' };
const ENRICHR_DOWN = { state: 'partial' as const, failed: [{ library: 'ReactomePathways_2021', error: 'enrichr (HTTP 503): service unavailable' }], fix: 'Run `biointel enrich --refresh-libraries`.' };
const NO_SET = 'mine: no set has 5 to 2,000 genes (the sizes tested)';
const LOW_POWER = 'a 1-gene panel gives over-representation analysis little power';

/** A user GMT whose sets all have fewer than 5 genes: it holds the panel genes but tests no set. */
const mine = { library: 'mine', N: 6, n: 4, tested: 0, significant: 0, notInLibrary: [] };
const reactome = { library: 'ReactomePathways_2021', N: 11387, n: 4, tested: 1940, significant: 0, notInLibrary: [] };

function result(over: Partial<InsightsOutput>): InsightsOutput {
  return { ...structuredClone(insightsResult), enrichedPathways: [], hypotheses: [], therapeuticStrategies: [], ...over };
}
function pathways(r: InsightsOutput): string {
  const doc = renderHtmlReport(r, META);
  const start = doc.indexOf('<section id="pathways"');
  return doc.slice(start, doc.indexOf('</section>', start));
}
/** What the widget receives: the compact answer's rows (library, n, tested, significant). */
const rows = (r: InsightsOutput) => r.enrichment.map((e) => ({ library: e.library, n: e.n, tested: e.tested, significant: e.significant }));

describe('HTML report: enrichment that tested no set', () => {
  it('a user GMT of sets under 5 genes with Enrichr down: not tested, never "no gene set reached"', () => {
    const s = pathways(result({ enrichment: [mine], enrichmentStatus: ENRICHR_DOWN }));
    expect(s).toContain(`Pathway enrichment tested nothing: ${NO_SET}; this is not a finding that no pathway is enriched.`);
    expect(s).not.toContain('No gene set reached');
  });

  it('beside a library that tested sets: not counted among those tested, and named as not tested', () => {
    const s = pathways(result({ enrichment: [mine, reactome] }));
    expect(s).toContain('No gene set reached q ≤ 0.05 in the 1 library tested.');
    expect(s).not.toContain('2 libraries tested');
    expect(s).toContain(`Gene-set library not tested (${NO_SET}): it says nothing about enrichment.`);
  });

  it('with enriched pathways, a library that tested no set is still named', () => {
    const r = structuredClone(insightsResult);
    r.enrichment = [...r.enrichment, mine];
    expect(pathways(r)).toContain(`Gene-set library not tested (${NO_SET}): it says nothing about enrichment.`);
    expect(pathways(insightsResult)).not.toContain('not tested (');
  });
});

describe('HTML report: a 1-gene panel', () => {
  it('"no gene set reached q ≤ 0.05" is hedged: little power', () => {
    const one = result({ genes: ['BRCA1'], enrichment: insightsResult.enrichment.map((e) => ({ ...e, n: 1, significant: 0 })) });
    const s = pathways(one);
    expect(s).toContain(`No gene set reached q ≤ 0.05 in the 3 libraries tested, but ${LOW_POWER}`);
    expect(s).not.toContain('genes that share no curated process');
  });

  it('a panel with power reads as a finding, unhedged', () => {
    const s = pathways(result({ enrichment: insightsResult.enrichment.map((e) => ({ ...e, significant: 0 })) }));
    expect(s).toContain('No gene set reached q ≤ 0.05 in the 3 libraries tested.');
    expect(s).not.toContain('little power');
  });
});

describe('widget: enrichment that tested no set or had little power', () => {
  it('a user GMT of sets under 5 genes with Enrichr down: not tested', () => {
    const r = result({ enrichment: [mine], enrichmentStatus: ENRICHR_DOWN });
    expect(noPathwaysText({ enrichmentStatus: r.enrichmentStatus, genes: r.genes, enrichment: rows(r) })).toEqual({
      text: `Pathway enrichment tested nothing: ${NO_SET}; this is not a finding that no pathway is enriched.`,
      failed: true,
    });
  });

  it('beside a library that tested sets: counts only that one, and names the other', () => {
    const r = result({ enrichment: [mine, reactome] });
    const { text, failed } = noPathwaysText({ enrichmentStatus: r.enrichmentStatus, genes: r.genes, enrichment: rows(r) });
    expect(text).toBe(`No pathway reaches q \u2264 0.05 for this panel in the 1 gene-set library tested. Gene-set library not tested (${NO_SET}): it says nothing about enrichment.`);
    expect(failed).toBe(false);
  });

  it('a 1-gene panel: hedged', () => {
    const one = result({ genes: ['BRCA1'], enrichment: insightsResult.enrichment.map((e) => ({ ...e, n: 1, significant: 0 })) });
    expect(noPathwaysText({ enrichmentStatus: one.enrichmentStatus, genes: one.genes, enrichment: rows(one) }).text).toBe(
      `No pathway reaches q \u2264 0.05 for this panel in the 3 gene-set libraries tested, but ${LOW_POWER}.`,
    );
  });
});
