// "No gene set reaches q <= 0.05" is a finding only when sets were tested and the panel could have
// reached it: a library with no set of the sizes tested (tested 0) tested nothing, and a panel with
// fewer than 3 genes in the libraries has almost no power (with 1 gene, p = K/N for every set holding
// it). Every text says which, and no gene is said to be "in no significantly enriched pathway".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderEnrich } from '../../src/cli/render/enrich.js';
import { renderInsights } from '../../src/cli/render/insights.js';
import type { EnrichReport, LibraryReport } from '../../src/cli/enrich.js';
import { DEFAULT_SET_SIZES, prepareLibrary } from '../../src/analysis/enrichment-library.js';
import { enrich } from '../../src/analysis/enrichment.js';
import { renderBrief, type BriefFacts } from '../../src/analysis/evidence-brief.js';
import { focusGenes } from '../../src/analysis/focus-genes.js';
import type { GeneRole } from '../../src/analysis/gene-role.js';
import { parseGmt } from '../../src/analysis/gmt.js';
import { buildStrategies } from '../../src/analysis/strategies.js';
import { compactInsights } from '../../src/tools/insights/compact.js';
import { summarizeInsights } from '../../src/tools/insights/summary.js';
import {
  enrichmentLowPowerClause,
  enrichmentLowPowerNote,
  enrichmentUntestedNote,
  librariesUntestedNote,
  MIN_GENES_FOR_POWER,
  untestedReason,
} from '../../src/tools/shared/panel-analysis/enrichment-notes.js';
import { noHypothesesText, noStrategiesText } from '../../src/tools/shared/summary.js';
import { insightsResult } from '../fixtures/report/insights-result.js';
import { describeShared, sharedPath } from '../support/shared.js';

describe('a library that tested no set', () => {
  it('is not tested when it has no set of the sizes tested, whatever its panel genes', () => {
    expect(untestedReason({ library: 'mine', n: 4, tested: 0 })).toBe('no set has 5 to 2,000 genes (the sizes tested)');
    expect(untestedReason({ library: 'mine', n: 0, tested: 3 })).toBe('no panel gene is in it');
    expect(untestedReason({ library: 'mine', n: 2, tested: 3, withOverlap: 0 })).toBe('no set of 5 to 2,000 genes (the sizes tested) holds a panel gene');
    expect(untestedReason({ library: 'mine', n: 2, tested: 3, withOverlap: 1 })).toBeUndefined();
    expect(enrichmentUntestedNote([{ library: 'mine', n: 4, tested: 0 }])).toBe(
      'Pathway enrichment tested nothing: mine: no set has 5 to 2,000 genes (the sizes tested); this is not a finding that no pathway is enriched.',
    );
    // Some libraries tested sets: the others are named apart, and the whole is no "tested nothing".
    const mixed = [{ library: 'mine', n: 4, tested: 0 }, { library: 'Reactome', n: 4, tested: 1500 }];
    expect(enrichmentUntestedNote(mixed)).toBeUndefined();
    expect(librariesUntestedNote(mixed)).toBe('Gene-set library not tested (mine: no set has 5 to 2,000 genes (the sizes tested)): it says nothing about enrichment.');
  });

  it('reads as not tested in the MCP text, the terminal, the hypotheses and the strategies', () => {
    const mine = { library: 'mine', N: 6, n: 4, tested: 0, significant: 0, notInLibrary: [] };
    const r = { ...insightsResult, enrichedPathways: [], enrichment: [mine], therapeuticStrategies: [], hypotheses: [] };
    const text = summarizeInsights(compactInsights(r));
    expect(text).toContain('Pathways: NOT TESTED: mine: no set has 5 to 2,000 genes (the sizes tested) (not a finding that none is enriched).');
    expect(text).not.toContain('none at q <= 0.05');
    expect(text).toContain('whether a pair shares a significant pathway is not known (pathway enrichment tested no gene set)');
    const term = renderInsights(r);
    expect(term).toContain('Pathway enrichment tested nothing: mine: no set has 5 to 2,000 genes');
    expect(term).not.toContain('None reached q <= 0.05');
    expect(noStrategiesText(r).text).toBe('No strategy: no drug candidate to build one on; whether a pathway could serve is not known (pathway enrichment tested no gene set).');
    // Beside libraries that tested sets, it is not counted among them.
    const mixed = { ...r, enrichment: [mine, { ...mine, library: 'Reactome', tested: 1500 }] };
    expect(summarizeInsights(compactInsights(mixed))).toContain('Pathways: none at q <= 0.05 in 1 library tested.');
    expect(summarizeInsights(compactInsights(mixed))).toContain('Libraries that tested no set: mine: no set has 5 to 2,000 genes (the sizes tested).');
    expect(renderInsights(mixed)).toContain('None reached q <= 0.05 in the 1 library tested (Reactome).');
    expect(renderInsights(mixed)).toContain('Tested no set: mine: no set has 5 to 2,000 genes (the sizes tested).');
  });

  it('`biointel enrich`: a GMT of one 3-gene set is not tested, never "No set with q <= 0.05"', () => {
    const lib: LibraryReport = { library: 'mine', origin: 'file', path: '/tmp/mine.gmt', sha256: 'a'.repeat(64), preparedFrom: 'gmt', N: 3, n: 3, sets: 1, tested: 0, significant: 0, withOverlap: 0, notInLibrary: [], rows: [] };
    const report: EnrichReport = { genes: ['BRCA1', 'BRCA2', 'ATM'], qThreshold: 0.05, showing: 'significant', top: 25, libraries: [lib], failures: [], warnings: [], sources: [] };
    const out = renderEnrich(report);
    expect(out).toContain('Not tested (no set has 5 to 2,000 genes (the sizes tested)): this library says nothing about enrichment of this panel.');
    expect(out).not.toContain('No set with q <= 0.05');
    // A tested library with nothing significant still reads as a finding.
    const tested = renderEnrich({ ...report, libraries: [{ ...lib, N: 100, n: 3, sets: 10, tested: 10, withOverlap: 2 }] });
    expect(tested).toContain('No set with q <= 0.05 (use --all to list the sets with overlap).');
    expect(tested).not.toContain('Not tested');
    expect(tested).not.toContain('Little power');
  });
});

describe('a panel with fewer than 3 genes in the libraries', () => {
  it('is hedged: too few genes for over-representation analysis to have power', () => {
    expect(MIN_GENES_FOR_POWER).toBe(3);
    expect(enrichmentLowPowerClause([{ library: 'A', n: 1, tested: 100 }], 1)).toBe('a 1-gene panel gives over-representation analysis little power');
    expect(enrichmentLowPowerClause([{ library: 'A', n: 2, tested: 100 }], 5)).toBe('only 2 of the 5 panel genes are in a gene-set library tested, which gives over-representation analysis little power');
    expect(enrichmentLowPowerClause([{ library: 'A', n: 2, tested: 100 }, { library: 'B', n: 3, tested: 100 }], 3)).toBeUndefined();
    // A library that tested nothing does not count, and nothing tested at all is not "low power".
    expect(enrichmentLowPowerClause([{ library: 'A', n: 1, tested: 100 }, { library: 'B', n: 3, tested: 0 }], 3)).toBe('only 1 of the 3 panel genes is in a gene-set library tested, which gives over-representation analysis little power');
    expect(enrichmentLowPowerClause([{ library: 'A', n: 1, tested: 0 }], 1)).toBeUndefined();
    expect(enrichmentLowPowerNote([{ library: 'A', n: 1, tested: 100 }], 1)).toMatch(/^Pathway enrichment has little power with 1 panel gene in the libraries tested: /);
  });

  it('focus genes and strategies do not say the gene is in no significantly enriched pathway', () => {
    expect(focusGenes(['BRCA1'], [], 1, 'low-power')[0]!.why).toBe('panel order (too few panel genes for pathway enrichment to judge)');
    expect(focusGenes(['BRCA1'], [], 1, 'untested')[0]!.why).toBe('panel order (pathway enrichment tested no gene set)');
    const roles = new Map<string, GeneRole>([['BRCA1', { gene: 'BRCA1', direction: 'restore', roles: ['tumour suppressor'], basis: 'BRCA1 is a tumour suppressor', pmids: [] }]]);
    const [s] = buildStrategies({ pathways: [], candidates: [], genes: ['BRCA1'], roles, pathwaysNotComputed: 'a 1-gene panel gives over-representation analysis little power' });
    expect(s!.rationale).toContain('whether it is in an enriched pathway is not known (a 1-gene panel gives over-representation analysis little power)');
    expect(s!.rationale).not.toContain('in no significantly enriched pathway');
  });

  it('every audience hedges "no gene set reaches q <= 0.05"', () => {
    const facts: BriefFacts = {
      disease: 'breast cancer',
      genes: ['BRCA1'],
      geneLiterature: [],
      drugLiterature: [],
      candidates: [],
      hypotheses: [],
      pathways: [],
      strategies: [],
      enrichmentLowPower: 'a 1-gene panel gives over-representation analysis little power',
    };
    expect(renderBrief(facts, [], 'researcher').headline).toBe('1-gene panel in breast cancer: no gene set reaches q <= 0.05, but a 1-gene panel gives over-representation analysis little power.');
    expect(renderBrief(facts, [], 'researcher').summary).toContain("No gene set is significantly enriched at q <= 0.05, but a 1-gene panel gives over-representation analysis little power: this says little about the genes' pathways.");
    expect(renderBrief(facts, [], 'student').summary).toContain('This list has too few genes to show whether they share a known biological process.');
    expect(renderBrief({ ...facts, drugsNote: 'withheld' }, [], 'executive').headline).toBe('1-gene panel in breast cancer: too few genes for pathway enrichment; drug opportunities not assessed.');
    const untested = { ...facts, enrichmentLowPower: undefined, enrichmentNote: 'Pathway enrichment tested nothing: ...', enrichmentTestedNothing: true };
    expect(renderBrief(untested, [], 'researcher').headline).toBe('1-gene panel in breast cancer: pathway enrichment tested no gene set.');
    // Without the hedge, the finding is stated plainly.
    expect(renderBrief({ ...facts, genes: ['A', 'B', 'C'], enrichmentLowPower: undefined }, [], 'researcher').headline).toBe('3-gene panel in breast cancer: no gene set reaches q <= 0.05.');
  });

  it('reads as hedged in the MCP text, the terminal and the empty sections', () => {
    const one = { ...insightsResult, genes: ['BRCA1'], enrichedPathways: [], enrichment: insightsResult.enrichment.map((e) => ({ ...e, n: 1, significant: 0 })), hypotheses: [], therapeuticStrategies: [] };
    expect(summarizeInsights(compactInsights(one))).toContain('Pathways: none at q <= 0.05 in 3 libraries tested, but a 1-gene panel gives over-representation analysis little power.');
    expect(renderInsights(one)).toContain('None reached q <= 0.05 in the 3 libraries tested (ReactomePathways_2021, GO_Biological_Process_2021, MSigDB_Hallmark_v7.0), but a 1-gene panel gives over-representation analysis little power.');
    expect(noHypothesesText(one).text).toBe('A 1-gene panel has no gene pair: no hypothesis derived.');
    expect(noStrategiesText(one).text).toContain('whether a pathway could serve is not known (a 1-gene panel gives over-representation analysis little power)');
    const lib: LibraryReport = { library: 'Hallmark', origin: 'file', path: '/tmp/h.gmt', sha256: 'a'.repeat(64), preparedFrom: 'gmt', N: 4384, n: 1, sets: 50, tested: 50, significant: 0, withOverlap: 3, notInLibrary: [], rows: [] };
    expect(renderEnrich({ genes: ['BRCA1'], qThreshold: 0.05, showing: 'significant', top: 25, libraries: [lib], failures: [], warnings: [], sources: [] })).toContain(
      "Little power: a 1-gene panel gives over-representation analysis little power; no set with q <= 0.05 says little about the genes' pathways.",
    );
  });
});

// The threshold, on real libraries: with 1 gene no set can reach q <= 0.05; 2 genes find a small
// set they share, and a larger one often not; 3 genes find a set of up to 200 they share.
describeShared('the power of over-representation analysis on a few genes (MSigDB Hallmark)', () => {
  const parsed = parseGmt(readFileSync(sharedPath('genesets', 'msigdb_hallmark_v7.0_symbols.gmt'), 'utf8'));
  const lib = prepareLibrary(parsed, { name: 'hallmark' }, DEFAULT_SET_SIZES);
  const reaches = (genes: string[]) => enrich(genes, lib).rows.some((r) => r.significant);

  it('one gene: no gene of the library reaches q <= 0.05 in any set', () => {
    const genes = [...new Set(parsed.sets.flatMap((s) => s.genes))];
    expect(genes.length).toBeGreaterThan(4000);
    expect(genes.filter((g) => reaches([g]))).toEqual([]);
  });

  it('two genes of one set reach it far less often than three', () => {
    const sets = parsed.sets.map((s) => [...new Set(s.genes)]);
    const two = sets.filter((g) => reaches(g.slice(0, 2))).length;
    const three = sets.filter((g) => reaches(g.slice(0, 3))).length;
    expect(three).toBe(sets.length);
    expect(two).toBeLessThan(sets.length * 0.8);
  });
});
