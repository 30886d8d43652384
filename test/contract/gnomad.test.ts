import { describe, expect, it } from 'vitest';
import { constraintQuery, LOEUF_INTOLERANT_BELOW, parseGnomadConstraint } from '../../src/sources/gnomad.js';
import { ownJson } from '../support/shared.js';
import { expectUpstreamError } from '../support/upstream-errors.js';

const aliases = (...symbols: string[]) => new Map(symbols.map((s, i) => [`g${i}`, s]));

describe('gnomAD constraint parser on recorded answers', () => {
  it('reads the live TSC2 answer (narrower selection: no gene_id)', () => {
    const m = parseGnomadConstraint(ownJson('gnomad', 'gene-TSC2-sapphire.json'), new Map([['gene', 'tsc2']]));
    expect(m.get('tsc2')).toEqual({
      symbol: 'TSC2',
      geneId: null,
      constraintAvailable: true,
      pLI: 1,
      loeuf: 0.1955335916011317,
      oeLof: 0.14340755511655665,
      oeLofLower: null,
      oeMis: null,
      misZ: -0.07814465472993333,
      lofZ: null,
      lofIntolerant: true,
    });
  });

  it('turns the live "Gene not found" answer into null, not an error', () => {
    const m = parseGnomadConstraint(ownJson('gnomad', 'gene-not-found-sapphire.json'), new Map([['gene', 'NOTAGENE1']]));
    expect([...m]).toEqual([['NOTAGENE1', null]]);
  });
});

describe('gnomAD constraint parser on doc-shaped answers', () => {
  it('maps aliases back to the symbols asked for, with unknown and non-coding genes', () => {
    const m = parseGnomadConstraint(ownJson('gnomad', 'constraint-batch-doc-shaped.json'), aliases('dmd', 'SCN2A', 'MALAT1', 'NOTAGENE1', 'VWA5A'));
    expect([...m.keys()]).toEqual(['dmd', 'SCN2A', 'MALAT1', 'NOTAGENE1', 'VWA5A']);
    expect(m.get('dmd')).toMatchObject({ symbol: 'DMD', geneId: 'ENSG00000198947', pLI: 1, loeuf: 0.23540360849712702, oeLof: 0.19086199253228892, oeLofLower: 0.15582125086585427, lofIntolerant: true });
    expect(m.get('SCN2A')).toMatchObject({ geneId: 'ENSG00000136531', misZ: 5.8, lofZ: 10.1, oeMis: 0.62, lofIntolerant: true });
    expect(m.get('MALAT1')).toMatchObject({ symbol: 'MALAT1', constraintAvailable: false, pLI: null, loeuf: null, lofIntolerant: null });
    expect(m.get('NOTAGENE1')).toBeNull();
    expect(m.get('VWA5A')).toMatchObject({ loeuf: 1.09, lofIntolerant: false });
  });

  it('uses the gnomAD v4 LOEUF cut-off (< 0.6), not the v2 one (< 0.35)', () => {
    expect(LOEUF_INTOLERANT_BELOW).toBe(0.6);
    const at = (loeuf: number | null) =>
      parseGnomadConstraint({ data: { g0: { gene_id: 'ENSG1', symbol: 'X', gnomad_constraint: { pli: null, oe_lof_upper: loeuf } } } }, aliases('X')).get('X')?.lofIntolerant;
    expect([at(0.34), at(0.45), at(0.5999), at(0.6), at(1.2), at(null)]).toEqual([true, true, true, false, false, null]);
  });

  it('fails the batch on any error other than "Gene not found"', () => {
    const e = expectUpstreamError(() => parseGnomadConstraint(ownJson('gnomad', 'graphql-error-doc-shaped.json'), aliases('TP53', 'NOTAGENE1')), { source: 'gnomad' });
    expect(e).toMatchObject({ source: 'gnomad', failure: 'graphql', upstreamMessage: 'An unknown error occurred', retryable: false });
    const limited = expectUpstreamError(
      () => parseGnomadConstraint({ errors: [{ message: 'Query rate limit exceeded. Please try again in a few minutes.' }] }, aliases('TP53')),
      { source: 'gnomad' },
    );
    expect(limited).toMatchObject({ failure: 'graphql', retryable: true });
  });

  it('throws a schema error on drift, never an empty map', () => {
    const ok = { gene_id: 'ENSG1', symbol: 'TP53', gnomad_constraint: { pli: 1, oe_lof_upper: 0.4 } };
    const drifts: unknown[] = [
      null,
      [],
      { data: null },
      { data: {} }, // alias missing
      { data: { g0: 'TP53' } },
      { data: { g0: { ...ok, symbol: undefined } } },
      { data: { g0: { gene_id: 'ENSG1', symbol: 'TP53' } } }, // gnomad_constraint not selected any more
      { data: { g0: { ...ok, gnomad_constraint: { pLI: 1, loeuf: 0.4 } } } }, // fields renamed
      { data: { g0: ok }, errors: 'boom' },
    ];
    for (const bad of drifts) expectUpstreamError(() => parseGnomadConstraint(bad, aliases('TP53')), { source: 'gnomad', failure: 'schema' });
  });

  it('builds one aliased query over variables, selecting only schema fields', () => {
    const q = constraintQuery(2);
    expect(q).toContain('query GeneConstraint($s0: String!, $s1: String!)');
    expect(q).toContain('g1: gene(gene_symbol: $s1, reference_genome: GRCh38) { ...constraint }');
    expect(q).toContain('gnomad_constraint { pli oe_lof oe_lof_lower oe_lof_upper oe_mis mis_z lof_z }');
  });
});
