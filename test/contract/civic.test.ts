import { describe, expect, it } from 'vitest';
import { parseCivicEvidenceItems, parseCivicGeneEvidence, profileNamesGene } from '../../src/sources/civic.js';
import { ownJson } from '../support/shared.js';
import { expectUpstreamError } from '../support/upstream-errors.js';

/** Parsers take GraphQL `data` (graphql.ts unwraps it and checks `errors`). */
const data = (file: string): unknown => ownJson<{ data: unknown }>('civic', file).data;
/** The genuine snapshots wrap the answer: `{ query, response: { data }, retrieved_at, source_url }`. */
const snapshotEvidence = (file: string): unknown =>
  ownJson<{ response: { data: { evidenceItems: unknown } } }>('civic', file).response.data.evidenceItems;

describe('CIViC evidence parser on genuine answers (reprovar snapshots)', () => {
  it('keeps complex profiles naming the gene and reads direction, PMID and disease name (IDH1)', () => {
    const r = parseCivicEvidenceItems(snapshotEvidence('reprovar-evidence-IDH1-R132H.json'), 'IDH1');
    expect(r.total).toBe(4);
    expect(r.items.map((e) => e.id)).toEqual([11508, 5987, 979, 12903]);
    expect(r.items[0]).toEqual({
      id: 11508,
      name: 'EID11508',
      evidenceType: 'PREDICTIVE',
      evidenceLevel: 'A',
      significance: 'SENSITIVITYRESPONSE',
      evidenceDirection: 'SUPPORTS',
      molecularProfile: 'IDH1 R132C OR IDH1 R132H OR IDH1 R132L OR IDH1 R132G OR IDH1 R132S',
      disease: 'Low Grade Glioma', // this selection has disease.name only
      therapies: ['Vorasidenib'],
      citation: null,
      sourceType: 'PUBMED',
      pmid: '37272516',
      year: null,
      url: 'https://civicdb.org/evidence/11508',
    });
    expect(r.items[1]).toMatchObject({ evidenceDirection: 'DOES_NOT_SUPPORT', molecularProfile: 'IDH1 R132H', disease: 'Pancreatic Ductal Adenocarcinoma' });
  });

  it('drops every item when the profiles name another gene, and discounts them from the total', () => {
    const r = parseCivicEvidenceItems(snapshotEvidence('reprovar-evidence-IDH1-R132H.json'), 'IDH2');
    expect(r).toEqual({ total: 0, items: [] });
    // A prefix of the symbol is not the gene either.
    expect(parseCivicEvidenceItems(snapshotEvidence('reprovar-evidence-KRAS-G12C.json'), 'KRA').items).toEqual([]);
  });

  it('gives no PMID for an ASCO abstract and keeps null ratings and empty therapy lists (KRAS)', () => {
    const r = parseCivicEvidenceItems(snapshotEvidence('reprovar-evidence-KRAS-G12C.json'), 'kras');
    expect(r.total).toBe(18);
    expect(r.items).toHaveLength(18);
    const asco = r.items.find((e) => e.id === 7572);
    expect(asco).toMatchObject({ sourceType: 'ASCO', pmid: null, disease: 'Solid Tumor', therapies: ['Adagrasib'] });
    expect(r.items.find((e) => e.id === 1217)).toMatchObject({ evidenceType: 'PROGNOSTIC', significance: 'POOR_OUTCOME', therapies: [] });
    expect(r.items.find((e) => e.id === 12063)?.therapies).toEqual(['Adagrasib', 'Cetuximab']);
    expect(r.items.filter((e) => e.sourceType === 'PUBMED').every((e) => /^\d+$/.test(e.pmid ?? ''))).toBe(true);
  });
});

describe('CIViC gene query parser on documentation-shaped answers', () => {
  it('reads evidence and assertions, dropping a profile of another gene the name search also found', () => {
    const r = parseCivicGeneEvidence(data('gene-evidence-ALK-doc-shaped.json'), 'ALK');
    expect(r.gene).toBe('ALK');
    expect(r.evidence.map((e) => e.molecularProfile)).toEqual(['EML4::ALK Fusion', 'ALK F1174L']);
    expect(r.totalEvidence).toBe(2); // 3 reported, ALKBH5 dropped
    expect(r.evidence[0]).toMatchObject({
      therapies: ['Crizotinib'], // CIViC repeats a therapy; listed once
      citation: 'Shaw et al., 2013',
      pmid: '23724913',
      year: 2013,
      disease: 'Lung Non-small Cell Carcinoma',
    });
    expect(r.evidence[1]).toMatchObject({ disease: null, sourceType: 'ASCO', pmid: null, citation: 'Example et al., 2019', year: 2019 });
    expect(r.totalAssertions).toBe(2);
    expect(r.assertions[0]).toEqual({
      id: 7,
      name: 'AID7',
      assertionType: 'PREDICTIVE',
      assertionDirection: 'SUPPORTS',
      ampLevel: 'TIER_I_LEVEL_A',
      significance: 'SENSITIVITYRESPONSE',
      molecularProfile: 'EML4::ALK Fusion',
      disease: 'Lung Non-small Cell Carcinoma',
      therapies: ['Alectinib'],
      summary: 'EML4::ALK fusions confer sensitivity to ALK inhibitors in non-small cell lung cancer.',
      url: 'https://civicdb.org/assertions/7',
    });
    expect(r.assertions[1]).toMatchObject({ ampLevel: null, summary: null, significance: 'RESISTANCE' });
  });

  it('reads a genuine empty page as zeros', () => {
    expect(parseCivicGeneEvidence(data('gene-evidence-none-doc-shaped.json'), 'NOTAGENE')).toEqual({
      gene: 'NOTAGENE',
      totalEvidence: 0,
      evidence: [],
      totalAssertions: 0,
      assertions: [],
    });
  });

  it('treats a total without nodes as schema drift, never as "no evidence"', () => {
    const drifted = { evidenceItems: { totalCount: 17, nodes: [] }, assertions: { totalCount: 0, nodes: [] } };
    expect(expectUpstreamError(() => parseCivicGeneEvidence(drifted, 'BRAF'), { source: 'civic', failure: 'schema' }).message).toMatch(/evidenceItems.totalCount is 17/);
    const driftedAssertions = { evidenceItems: { totalCount: 0, nodes: [] }, assertions: { totalCount: 2, nodes: [] } };
    expect(expectUpstreamError(() => parseCivicGeneEvidence(driftedAssertions, 'BRAF'), { source: 'civic', failure: 'schema' }).message).toMatch(/assertions.totalCount is 2/);
  });

  it('rejects malformed answers as schema errors', () => {
    const base = ownJson<{ data: { evidenceItems: { nodes: Record<string, unknown>[] } } }>('civic', 'gene-evidence-ALK-doc-shaped.json');
    expectUpstreamError(() => parseCivicGeneEvidence({ evidenceItems: { totalCount: 0, nodes: [] } }, 'ALK'), { source: 'civic', failure: 'schema' }); // no assertions
    expectUpstreamError(() => parseCivicGeneEvidence({ evidenceItems: { totalCount: 1, nodes: null }, assertions: { totalCount: 0, nodes: [] } }, 'ALK'), { source: 'civic', failure: 'schema' });
    expectUpstreamError(() => parseCivicGeneEvidence({ evidenceItems: { nodes: [] }, assertions: { totalCount: 0, nodes: [] } }, 'ALK'), { source: 'civic', failure: 'schema' });
    const renamed = structuredClone(base.data);
    delete renamed.evidenceItems.nodes[0]!.molecularProfile;
    expect(expectUpstreamError(() => parseCivicGeneEvidence(renamed, 'ALK'), { source: 'civic', failure: 'schema' }).message).toMatch(/molecularProfile/);
    const noLevel = structuredClone(base.data);
    delete noLevel.evidenceItems.nodes[0]!.evidenceLevel;
    expectUpstreamError(() => parseCivicGeneEvidence(noLevel, 'ALK'), { source: 'civic', failure: 'schema' });
  });
});

describe('profileNamesGene', () => {
  it('matches the symbol as a whole word, case-insensitively', () => {
    expect(profileNamesGene('BRAF V600E', 'BRAF')).toBe(true);
    expect(profileNamesGene('EML4::ALK Fusion', 'ALK')).toBe(true);
    expect(profileNamesGene('EML4::ALK Fusion', 'EML4')).toBe(true);
    expect(profileNamesGene('IDH1 R132C OR IDH1 R132H', 'idh1')).toBe(true);
    expect(profileNamesGene('ALKBH5 Overexpression', 'ALK')).toBe(false);
    expect(profileNamesGene('ABL1 T315I', 'ABL')).toBe(false);
    expect(profileNamesGene('HLA-A*02:01', 'HLA-A')).toBe(true);
    expect(profileNamesGene('BRAF V600E', 'B.AF')).toBe(false); // regex characters are literal
  });
});
