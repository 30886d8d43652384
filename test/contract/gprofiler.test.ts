import { describe, expect, it } from 'vitest';
import { normaliseTermName, parseGost, reactomeIdOfNative, termKey } from '../../src/sources/gprofiler.js';
import { ownJson } from '../support/shared.js';
import { expectUpstreamError } from '../support/upstream-errors.js';

describe('g:GOSt answer (doc-shaped, TP53 pathway genes + one unknown gene)', () => {
  const r = parseGost(ownJson('gprofiler', 'gost-TP53-pathway-doc-shaped.json'));

  it('reads every term with the FDR-adjusted p-value, sorted smallest first', () => {
    expect(r.terms.map((t) => t.native)).toEqual([
      'KEGG:04115',
      'GO:0072331',
      'WP:WP254',
      'REAC:R-HSA-5633007',
      'GO:0042981',
      'REAC:R-HSA-109581',
    ]);
    expect(r.terms.map((t) => t.pValue)).toEqual([...r.terms.map((t) => t.pValue)].sort((a, b) => a - b));
    expect(r.terms.find((t) => t.native === 'REAC:R-HSA-5633007')).toEqual({
      source: 'REAC',
      native: 'REAC:R-HSA-5633007',
      name: 'Regulation of TP53 Activity',
      pValue: 4.021876420164383e-6,
      significant: true,
      termSize: 161,
      querySize: 5,
      intersectionSize: 4,
      effectiveDomainSize: 10842,
      precision: 0.8,
      recall: 0.024844720496894408,
    });
    expect(new Set(r.terms.map((t) => t.source))).toEqual(new Set(['GO:BP', 'KEGG', 'REAC', 'WP']));
  });

  it('reports unrecognised genes and the data version instead of failing', () => {
    expect(r.failedGenes).toEqual(['NOTAGENE1']);
    expect(r.version).toBe('e113_eg59_p19_f6a03c19');
  });
});

describe('g:GOSt answer when no gene is recognised (doc-shaped)', () => {
  it('is an empty term list with every gene in failedGenes', () => {
    expect(parseGost(ownJson('gprofiler', 'gost-all-genes-failed-doc-shaped.json'))).toEqual({
      terms: [],
      failedGenes: ['NOTAGENE1', 'NOTAGENE2'],
      version: 'e113_eg59_p19_f6a03c19',
    });
  });
});

describe('g:GOSt drift', () => {
  const good = () => ownJson<Record<string, unknown>>('gprofiler', 'gost-TP53-pathway-doc-shaped.json');
  const withFirstTerm = (patch: Record<string, unknown>): Record<string, unknown> => {
    const j = good();
    const result = j.result as Record<string, unknown>[];
    result[0] = { ...result[0], ...patch };
    return j;
  };

  it('throws a schema UpstreamError, never an empty result', () => {
    expectUpstreamError(() => parseGost(null), { source: 'gprofiler', failure: 'schema' });
    expectUpstreamError(() => parseGost({ meta: good().meta }), { source: 'gprofiler', failure: 'schema' });
    expectUpstreamError(() => parseGost({ result: {}, meta: good().meta }), { source: 'gprofiler', failure: 'schema' });
    expectUpstreamError(() => parseGost({ result: [] }), { source: 'gprofiler', failure: 'schema' });
    expectUpstreamError(() => parseGost({ result: [], meta: { genes_metadata: {} } }), { source: 'gprofiler', failure: 'schema' });
    expectUpstreamError(() => parseGost({ result: [], meta: { genes_metadata: { failed: [1] } } }), { source: 'gprofiler', failure: 'schema' });
    expect(expectUpstreamError(() => parseGost(withFirstTerm({ p_value: '1e-7' })), { source: 'gprofiler', failure: 'schema' }).message).toContain('result[0].p_value');
    expect(expectUpstreamError(() => parseGost(withFirstTerm({ significant: 'true' })), { source: 'gprofiler', failure: 'schema' }).message).toContain('significant');
    expectUpstreamError(() => parseGost(withFirstTerm({ native: undefined })), { source: 'gprofiler', failure: 'schema' });
    expectUpstreamError(() => parseGost(withFirstTerm({ term_size: null })), { source: 'gprofiler', failure: 'schema' });
  });

  it('a missing version is null, not an error', () => {
    const j = good();
    delete (j.meta as Record<string, unknown>).version;
    expect(parseGost(j).version).toBeNull();
  });
});

describe('term-matching helpers', () => {
  it('reactomeIdOfNative takes the stable id out of a REAC native only', () => {
    expect(reactomeIdOfNative('REAC:R-HSA-123')).toBe('R-HSA-123');
    expect(reactomeIdOfNative('REAC:R-HSA-109581')).toBe('R-HSA-109581');
    expect(reactomeIdOfNative('R-HSA-109581')).toBe('R-HSA-109581');
    expect(reactomeIdOfNative('REAC:0000000')).toBeNull(); // g:Profiler's Reactome root term
    expect(reactomeIdOfNative('GO:0042981')).toBeNull();
    expect(reactomeIdOfNative('KEGG:04115')).toBeNull();
    expect(reactomeIdOfNative('WP:WP254')).toBeNull();
  });

  it('termKey finds the stable id in Enrichr term names', () => {
    expect(termKey('Apoptosis R-HSA-109581')).toBe('R-HSA-109581');
    expect(termKey('regulation of apoptotic process (GO:0042981)')).toBe('GO:0042981');
    expect(termKey('Apoptosis WP254')).toBe('WP254');
    expect(termKey('Apoptosis_Homo sapiens_WP254')).toBe('WP254');
    expect(termKey('p53 signaling pathway')).toBeNull();
    expect(termKey('TP53 Regulates Transcription Of Cell Death Genes R-HSA-5633008')).toBe('R-HSA-5633008');
  });

  it('termKey maps g:Profiler natives onto the same ids', () => {
    expect(termKey('REAC:R-HSA-109581')).toBe('R-HSA-109581');
    expect(termKey('GO:0042981')).toBe('GO:0042981');
    expect(termKey('WP:WP254')).toBe('WP254');
    expect(termKey('KEGG:04115')).toBeNull();
    expect(termKey('REAC:0000000')).toBeNull();
    expect(termKey('WP:000000')).toBeNull();
    // Ids inside longer tokens are not ids.
    expect(termKey('HWP2541 complex')).toBeNull();
    expect(termKey('GO:00429810')).toBeNull();
    // Both sides of a join agree.
    for (const [native, enrichr] of [
      ['REAC:R-HSA-109581', 'Apoptosis R-HSA-109581'],
      ['GO:0042981', 'regulation of apoptotic process (GO:0042981)'],
      ['WP:WP254', 'Apoptosis WP254'],
    ] as const) {
      expect(termKey(native)).toBe(termKey(enrichr));
    }
  });

  it('normaliseTermName makes names from both libraries comparable', () => {
    expect(normaliseTermName('Apoptosis R-HSA-109581')).toBe('apoptosis');
    expect(normaliseTermName('Apoptosis WP254')).toBe('apoptosis');
    expect(normaliseTermName('Apoptosis_Homo sapiens_WP254')).toBe('apoptosis');
    expect(normaliseTermName('Apoptosis')).toBe('apoptosis');
    expect(normaliseTermName('regulation of apoptotic process (GO:0042981)')).toBe('regulation of apoptotic process');
    expect(normaliseTermName('p53 signaling pathway')).toBe('p53 signaling pathway');
    expect(normaliseTermName('  p53  Signaling-Pathway ')).toBe('p53 signaling pathway');
    expect(normaliseTermName('Signaling by Rho GTPases, Miro GTPases and RHOBTB3')).toBe('signaling by rho gtpases miro gtpases and rhobtb3');
    expect(normaliseTermName('TGF-β Receptor Signaling')).toBe('tgf β receptor signaling');
    // Different terms stay different.
    expect(normaliseTermName('Regulation of TP53 Activity')).not.toBe(normaliseTermName('Regulation of TP53 Expression'));
  });
});
