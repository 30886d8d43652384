// A focus-gene value that is missing or partial must not read as a finding: CIViC's count in the
// disease over part of its items (clinicalOf, civicInDisease), and one gene's failed per-gene call
// (failedForGene), in the terminal table and the HTML report.
import { describe, expect, it } from 'vitest';
import { renderInsights } from '../../src/cli/render/insights.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { CIVIC_MAX_FIRST, parseCivicGeneEvidence } from '../../src/sources/civic.js';
import { civicInDisease, failedForGene, genesFailed, lostForGene } from '../../src/tools/shared/panel-analysis/focus-gaps.js';
import { clinicalOf } from '../../src/tools/shared/panel-analysis/profiles.js';
import { insightsResult } from '../fixtures/report/insights-result.js';
import { ownJson } from '../support/shared.js';

const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
type Data = { data: { evidenceItems: { totalCount: number; nodes: Record<string, unknown>[] } } };

/** The doc-shaped ALK answer (2 of ALK's items, one in NSCLC, and ALKBH5's), with CIViC's totalCount set to `total`. */
function alkWithTotal(total: number) {
  const doc = ownJson<Data>('civic', 'gene-evidence-ALK-doc-shaped.json');
  doc.data.evidenceItems.totalCount = total;
  return parseCivicGeneEvidence(doc.data, 'ALK');
}

describe('clinicalOf: the disease counted among the items read', () => {
  const read = alkWithTotal(3).evidence.length;

  it('is exact when every item CIViC listed was read (0 is a finding)', () => {
    expect(clinicalOf(alkWithTotal(3), 'non-small cell lung cancer').inDiseaseContext).toBe(1);
    expect(clinicalOf(alkWithTotal(3), 'melanoma').inDiseaseContext).toBe(0);
  });

  it('is null, not 0, when none of those read is in the disease and more were not read', () => {
    const c = clinicalOf(alkWithTotal(400), 'melanoma');
    expect(c.evidenceItems).toBe(400 - (3 - read));
    expect(c.inDiseaseContext).toBeNull();
    expect(civicInDisease(c)).toEqual({ read: 'first', first: CIVIC_MAX_FIRST, count: 0 });
  });

  it('keeps a count > 0 of those read, a floor that evidenceItems shows to be one', () => {
    const c = clinicalOf(alkWithTotal(400), 'non-small cell lung cancer');
    expect(c.inDiseaseContext).toBe(1);
    expect(civicInDisease(c)).toEqual({ read: 'first', first: CIVIC_MAX_FIRST, count: 1 });
  });

  it('is null when items were left unread yet evidenceItems does not show it (other genes\' profiles on the page)', () => {
    // CIViC counts 10, one of them ALKBH5's on the page: 9 of ALK's at most, 2 read, the rest not.
    const c = clinicalOf(alkWithTotal(10), 'non-small cell lung cancer');
    expect(c.evidenceItems).toBeLessThanOrEqual(CIVIC_MAX_FIRST);
    expect(c.inDiseaseContext).toBeNull();
    expect(civicInDisease(c)).toEqual({ read: 'unknown' });
  });
});

describe('failedForGene: one gene\'s own call, told from the source having nothing', () => {
  const partial = (id: string) => ({ id, status: 'partial', ms: 1, records: 2, calls: 3, failedCalls: 1, error: '1 of 3 calls failed: HTTP 500' });
  const outcome = {
    sources: [partial('civic'), { id: 'alphafold', status: 'ok', ms: 1, records: 1 }],
    warnings: [`civic failed (${lostForGene('civic', 'ERBB2')}): civic: HTTP 500`],
  };

  it('names the gene whose call failed, and no other (ERBB is not ERBB2)', () => {
    expect(failedForGene(outcome, 'civic', 'ERBB2')).toBe(true);
    expect(failedForGene(outcome, 'civic', 'ERBB')).toBe(false);
    expect(failedForGene(outcome, 'civic', 'EGFR')).toBe(false);
    expect(failedForGene(outcome, 'alphafold', 'ERBB2')).toBe(false);
    expect(genesFailed(outcome, 'civic', ['EGFR', 'ERBB2', 'BRAF'])).toEqual(['ERBB2']);
  });

  it('counts a source that failed whole as failed for every gene, listed as the source', () => {
    const down = { sources: [{ id: 'civic', status: 'failed' }], warnings: [] };
    expect(failedForGene(down, 'civic', 'EGFR')).toBe(true);
    expect(genesFailed(down, 'civic', ['EGFR'])).toEqual([]);
  });
});

describe('renderers: a gene whose own call failed, and a count read in part', () => {
  const [egfr, akt1] = insightsResult.focusGenes;
  const civicPartial = { id: 'civic', status: 'partial' as const, ms: 1, records: 26, calls: 2, failedCalls: 1, error: '1 of 2 calls failed: HTTP 500' };
  const r = {
    ...insightsResult,
    sources: [...insightsResult.sources.filter((s) => s.id !== 'civic'), civicPartial],
    warnings: [...insightsResult.warnings, `civic failed (${lostForGene('civic', 'AKT1')}): civic: HTTP 500`],
    focusGenes: [{ ...egfr!, clinicalEvidence: { ...egfr!.clinicalEvidence!, evidenceItems: 400, inDiseaseContext: null } }, akt1!],
  };

  it('terminal: "?" for AKT1\'s CIViC, named in the legend; EGFR counted over the first items read', () => {
    const out = plain(renderInsights(r));
    const table = out.slice(out.indexOf('## Focus genes'), out.indexOf('## Drug candidates'));
    expect(table).toMatch(/AKT1\s+-\s+-\s+-\s+-\s+\?\s+-/);
    expect(table).toMatch(new RegExp(`EGFR .*\\s400 \\(0 of first ${CIVIC_MAX_FIRST} here\\)\\s`));
    expect(table).toContain('? = not known: civic failed for AKT1 (see Warnings)');
  });

  it('HTML: "not known (CIViC failed for this gene)" for AKT1, and the part read for EGFR', () => {
    const doc = renderHtmlReport(r, { generatedAt: '2025-06-01T10:00:00.000Z', version: '9.9.9-test' });
    const s = doc.slice(doc.indexOf('<section id="genes"'));
    const akt1Row = s.slice(s.indexOf('<strong>AKT1</strong>'));
    expect(akt1Row.slice(0, akt1Row.indexOf('</tr>'))).toContain('not known (CIViC failed for this gene)');
    expect(s).toContain(`none in this disease among the first ${CIVIC_MAX_FIRST} read`);
  });
});
