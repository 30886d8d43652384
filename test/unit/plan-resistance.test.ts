// Which altered lines of a validation plan resist its tool compounds, by CIViC's curated evidence:
// variant names from Cellosaurus' HGVS, profiles a line must hold whole, a compound that must be
// the item's only therapy (or a substitute), and each way the check can end (found, none, failed,
// skipped) kept apart. The genuine KRAS G12C answer checks the filtering on what CIViC serves.
import { describe, expect, it } from 'vitest';
import type { CellModel, ToolCompound } from '../../src/analysis/plan-data.js';
import { civicVariantName, modelVariants, namesCompoundAlone, profileHeld, resistanceQueries, resistanceSection, resistantLines } from '../../src/analysis/plan-resistance.js';
import type { Section } from '../../src/analysis/validation-plan.js';
import { parseCivicResistance, type CivicEvidenceItem, type CivicResistance } from '../../src/sources/civic.js';
import { ownJson } from '../support/shared.js';

const line = (accession: string, name: string, variants: string[], role: 'altered' | 'comparison' = 'altered'): CellModel => ({
  accession,
  name,
  disease: null,
  variants,
  carries: variants.length ? ['EGFR'] : [],
  role,
  url: '',
});
const H1975 = line('CVCL_1511', 'NCI-H1975', ['EGFR p.Leu858Arg (c.2573T>G)', 'EGFR p.Thr790Met (c.2369C>T)']);
const HCC827 = line('CVCL_2063', 'HCC827', ['EGFR p.Glu746_Ala750del (c.2235_2249del15)']);
const A549 = line('CVCL_0023', 'A549', [], 'comparison');
const models = (...items: CellModel[]): Section<CellModel> => ({ status: 'found', source: 'Cellosaurus', items });
const compound = (chemblId: string, name: string): ToolCompound => ({ chemblId, name, gene: 'EGFR', targetChemblId: 'CHEMBL203', actionType: 'INHIBITOR', maxPhase: 4, withdrawn: false, kind: 'drug', potency: null });
const gefitinib = compound('CHEMBL939', 'GEFITINIB');
const erlotinib = compound('CHEMBL553', 'ERLOTINIB');
const item = (id: number, profile: string, therapies: string[], over: Partial<CivicEvidenceItem> = {}): CivicEvidenceItem => ({
  id,
  name: `EID${id}`,
  evidenceType: 'PREDICTIVE',
  evidenceLevel: 'C',
  significance: 'RESISTANCE',
  evidenceDirection: 'SUPPORTS',
  molecularProfile: profile,
  disease: 'Lung Non-small Cell Carcinoma',
  therapies,
  therapyInteraction: null,
  citation: null,
  sourceType: 'PUBMED',
  pmid: String(10_000 + id),
  year: null,
  url: '',
  ...over,
});
const answer = (profile: string, items: CivicEvidenceItem[], total = items.length): CivicResistance => ({ profile, total, read: items.length, items });

describe('variant names', () => {
  it('reads HGVS protein changes as CIViC names them', () => {
    expect(civicVariantName('p.Thr790Met')).toBe('T790M');
    expect(civicVariantName('p.Glu746_Ala750del')).toBe('E746_A750del');
    expect(civicVariantName('p.Gln1756Ter')).toBe('Q1756*');
    expect(civicVariantName('p.Gln1756ProfsTer74')).toBe('Q1756fs');
    // As Cellosaurus writes it (cell-line-CVCL_1844-var-biomcp.json, NPM1): CIViC's "NPM1 W288fs".
    expect(civicVariantName('p.Trp288Cysfs*12')).toBe('W288fs');
    expect(civicVariantName('p.(Gly12Cys)')).toBe('G12C');
    // Not a protein change CIViC could be asked about.
    expect(civicVariantName('c.2369C>T')).toBeNull();
    expect(civicVariantName('p.Xyz12Cys')).toBeNull();
    expect(civicVariantName('p.?')).toBeNull();
  });

  it('takes each distinct protein change of the altered lines, and none from comparison lines or gene-level events', () => {
    expect(modelVariants(H1975)).toEqual([
      { gene: 'EGFR', variant: 'L858R' },
      { gene: 'EGFR', variant: 'T790M' },
    ]);
    expect(modelVariants(line('X', 'amp', ['ERBB2 Gene amplification']))).toEqual([]);
    const comparisonWithVariant = line('CVCL_0459', 'NCI-H460', ['KRAS p.Gln61His (c.183A>T)'], 'comparison');
    expect(resistanceQueries([H1975, HCC827, line('CVCL_B260', 'PC-9', ['EGFR p.Glu746_Ala750del']), comparisonWithVariant]).map((q) => `${q.gene} ${q.variant}`)).toEqual([
      'EGFR L858R',
      'EGFR T790M',
      'EGFR E746_A750del',
    ]);
  });
});

describe('what a line holds, and what a compound alone meets', () => {
  const held = new Set(['EGFR L858R', 'EGFR T790M']);
  it('needs every part of an AND profile, one of an OR profile, and never reads NOT as held', () => {
    expect(profileHeld('EGFR T790M', held)).toBe(true);
    expect(profileHeld('EGFR L858R AND EGFR T790M', held)).toBe(true);
    expect(profileHeld('EGFR L858R AND T790M', held)).toBe(true);
    expect(profileHeld('EGFR T790M AND EGFR C797S', held)).toBe(false);
    expect(profileHeld('EGFR C797S OR EGFR T790M', held)).toBe(true);
    expect(profileHeld('EGFR T790M AND NOT EGFR C797S', held)).toBe(false);
    // The search's near-misspelling fallback brings a neighbour back: it is not the line's variant.
    expect(profileHeld('EGFR T790I', held)).toBe(false);
    expect(profileHeld('EGFR Mutation', held)).toBe(false);
  });

  it('counts a single therapy or substitutes, never a combination or an unstated relation', () => {
    expect(namesCompoundAlone(item(1, 'EGFR T790M', ['Gefitinib']), 'GEFITINIB')).toBe(true);
    expect(namesCompoundAlone(item(2, 'EGFR T790M', ['Gefitinib', 'Erlotinib'], { therapyInteraction: 'SUBSTITUTES' }), 'erlotinib')).toBe(true);
    expect(namesCompoundAlone(item(3, 'EGFR T790M', ['Erlotinib', 'Cetuximab'], { therapyInteraction: 'COMBINATION' }), 'erlotinib')).toBe(false);
    expect(namesCompoundAlone(item(4, 'EGFR T790M', ['Erlotinib', 'Cetuximab'], { therapyInteraction: 'SEQUENTIAL' }), 'erlotinib')).toBe(false);
    expect(namesCompoundAlone(item(5, 'EGFR T790M', ['Erlotinib', 'Cetuximab']), 'erlotinib')).toBe(false);
    // A form CIViC names after the parent is the parent; a longer word is another drug.
    expect(namesCompoundAlone(item(6, 'KRAS G12C', ['Regorafenib Anhydrous']), 'REGORAFENIB')).toBe(true);
    expect(namesCompoundAlone(item(7, 'EGFR T790M', ['Gefitinibum']), 'gefitinib')).toBe(false);
    expect(namesCompoundAlone(item(8, 'EGFR T790M', ['Osimertinib']), 'gefitinib')).toBe(false);
  });
});

describe('the resistance section', () => {
  const t790m = answer('EGFR T790M', [
    item(2001, 'EGFR T790M', ['Gefitinib', 'Erlotinib'], { therapyInteraction: 'SUBSTITUTES', evidenceLevel: 'B' }),
    item(2002, 'EGFR T790M', ['Gefitinib']),
    item(2003, 'EGFR T790M AND EGFR C797S', ['Gefitinib']),
  ]);
  const none = (profile: string) => answer(profile, []);

  it('names the line, variant, compound, evidence (best level first) and PMIDs; only for the line that holds the variant', () => {
    const s = resistanceSection(models(H1975, HCC827, A549), [gefitinib, erlotinib], new Map([['EGFR L858R', none('EGFR L858R')], ['EGFR T790M', t790m], ['EGFR E746_A750del', none('EGFR E746_A750del')]]));
    expect(s.status).toBe('found');
    expect(s.items).toEqual([
      { model: 'CVCL_1511', modelName: 'NCI-H1975', variant: 'EGFR T790M', compound: 'CHEMBL939', compoundName: 'gefitinib', evidence: ['EID2001', 'EID2002'], level: 'B', diseases: ['Lung Non-small Cell Carcinoma'], pmids: ['12001', '12002'] },
      { model: 'CVCL_1511', modelName: 'NCI-H1975', variant: 'EGFR T790M', compound: 'CHEMBL553', compoundName: 'erlotinib', evidence: ['EID2001'], level: 'B', diseases: ['Lung Non-small Cell Carcinoma'], pmids: ['12001'] },
    ]);
    expect(s.note).toBeUndefined();
    expect([...resistantLines(s.items, ['CHEMBL553']).keys()]).toEqual(['CVCL_1511']);
    expect(resistantLines(s.items, ['CHEMBL999']).size).toBe(0);
  });

  it('keeps found nothing, failed, partly failed, cut and not asked apart', () => {
    const lines = models(H1975, A549);
    const noneFound = resistanceSection(lines, [gefitinib], new Map([['EGFR L858R', none('EGFR L858R')], ['EGFR T790M', none('EGFR T790M')]]));
    expect(noneFound).toEqual({ status: 'none', source: 'CIViC', items: [], note: 'CIViC lists no resistance of EGFR L858R, EGFR T790M to gefitinib alone' });

    const failed = resistanceSection(lines, [gefitinib], new Map([['EGFR L858R', undefined], ['EGFR T790M', undefined]]));
    expect(failed.status).toBe('failed');
    expect(failed.note).toContain('whether the altered lines resist the compounds is not known');

    const partly = resistanceSection(lines, [gefitinib], new Map([['EGFR L858R', undefined], ['EGFR T790M', { ...t790m, total: 40, read: 25 }]]), ['EGFR G719S']);
    expect(partly.status).toBe('found');
    expect(partly.note).toBe('CIViC could not be read for EGFR L858R; not asked (over the cap): EGFR G719S; EGFR T790M: the first 25 of 40 resistance items read');
    // Found nothing in a partial answer still says what was not read.
    const partlyNone = resistanceSection(lines, [gefitinib], new Map([['EGFR L858R', undefined], ['EGFR T790M', none('EGFR T790M')]]));
    expect(partlyNone.status).toBe('none');
    expect(partlyNone.note).toContain('CIViC could not be read for EGFR L858R');
  });

  it('skips, with the reason, when there is nothing to check', () => {
    const map = new Map([['EGFR T790M', t790m]]);
    expect(resistanceSection(models(A549), [gefitinib], map)).toMatchObject({ status: 'skipped', note: 'no cell line carrying the alteration to check' });
    expect(resistanceSection({ status: 'failed', source: 'Cellosaurus', items: [] }, [gefitinib], map)).toMatchObject({ status: 'skipped', note: 'no models to check: Cellosaurus failed' });
    expect(resistanceSection(models(H1975), [gefitinib], new Map())).toMatchObject({ status: 'skipped', note: 'the altered lines list no protein change CIViC could be asked about' });
    expect(resistanceSection(models(H1975), [{ ...gefitinib, name: null }], map)).toMatchObject({ status: 'skipped', note: 'no named tool compound to check the variants against' });
  });
});

describe('on the genuine KRAS G12C answer (reprovar, CIViC as served 2026-08-12)', () => {
  const served = ownJson<{ response: { data: unknown } }>('civic', 'reprovar-evidence-KRAS-G12C.json').response.data;
  const parsed = parseCivicResistance(served, 'KRAS', 'KRAS G12C');

  it('keeps only supporting predictive resistance, whatever else the answer holds', () => {
    expect(parsed.read).toBe(18);
    expect(parsed.items.map((e) => e.name).sort()).toEqual(['EID1216', 'EID2253', 'EID2257', 'EID2261', 'EID2262', 'EID2263', 'EID3967', 'EID3973']);
    expect(parsed.items.every((e) => e.significance === 'RESISTANCE' && e.evidenceType === 'PREDICTIVE')).toBe(true);
    // This selection does not ask for therapyInteractionType: it stays unknown, not "one therapy".
    expect(parsed.items.find((e) => e.name === 'EID1216')).not.toHaveProperty('therapyInteraction');
  });

  it('finds gefitinib resistance from the single-drug item, not the two-drug item whose relation is not given', () => {
    const kras = line('CVCL_1374', 'NCI-H358', ['KRAS p.Gly12Cys (c.34G>T)']);
    const s = resistanceSection(models(kras), [gefitinib, compound('CHEMBL1229517', 'REGORAFENIB')], new Map([['KRAS G12C', parsed]]));
    expect(s.items.map((f) => [f.compoundName, f.evidence, f.pmids])).toEqual([
      ['gefitinib', ['EID2257'], ['17409929']],
      ['regorafenib', ['EID3973'], ['26161928']],
    ]);
  });
});
