// The pure parts of svc_generate_insights: hypotheses, strategies, the evidence brief by
// audience, and the quality score, on hand-built inputs with hand-computed expectations.
import { describe, expect, it } from 'vitest';
import type { DrugCandidate } from '../../src/analysis/drug-candidates.js';
import type { EnrichmentRow } from '../../src/analysis/enrichment.js';
import { AUDIENCES, canonicalStatements, renderBrief, type BriefFacts } from '../../src/analysis/evidence-brief.js';
import { checkedHypotheses } from '../../src/analysis/hypotheses-checked.js';
import { buildHypotheses, candidatePairs, confidenceOf, pairKey } from '../../src/analysis/hypotheses.js';
import { qualityScore } from '../../src/analysis/quality.js';
import { geneRoleOf } from '../../src/analysis/gene-role.js';
import { wordLikeSymbol } from '../../src/analysis/gene-synonyms.js';
import { actionVerb, buildStrategies } from '../../src/analysis/strategies.js';

function row(id: string, name: string, genes: string[], q: number, significant = q <= 0.05): EnrichmentRow {
  return { id, name, library: 'Reactome_2022', overlapGenes: genes, k: genes.length, K: 50, n: 4, N: 10000, oddsRatio: 10, p: q / 10, q, significant } as EnrichmentRow;
}

function drug(name: string, genes: string[], tier: 'I' | 'II' | 'III', score: number, actionTypes: string[], pmids: string[] = []): DrugCandidate {
  return {
    name, chemblId: `CHEMBL_${name}`, targetGenes: genes, interactionOnly: [], tier, score, actionTypes, maxPhase: tier === 'III' ? 1 : 4, pmids, withdrawn: false,
    mechanisms: genes.flatMap((gene) => actionTypes.map((actionType) => ({ gene, source: 'opentargets', mechanismOfAction: null, actionType, direct: null }))),
    status: tier === 'III' ? 'investigational' : 'approved', matchingIndications: tier === 'I' ? [{ id: 'MONDO_0007254', name: 'breast cancer', phase: 4, approved: true, source: 'Open Targets indications', via: 'the context disease' }] : [],
  } as unknown as DrugCandidate;
}

const pathways = [row('R-HSA-1', 'Signaling by ERBB2 R-HSA-1', ['EGFR', 'ERBB2'], 1e-6), row('R-HSA-2', 'MAPK cascade', ['BRAF', 'MAP2K1'], 1e-3), row('R-HSA-3', 'Unrelated', ['X'], 0.2)];

describe('hypotheses', () => {
  it('pairs STRING edges inside the panel and genes sharing significant pathways', () => {
    const pairs = candidatePairs(['EGFR', 'ERBB2', 'BRAF', 'MAP2K1'], [{ a: 'BRAF', b: 'MAP2K1', score: 0.95 }, { a: 'EGFR', b: 'TP53', score: 0.99 }, { a: 'EGFR', b: 'BRAF', score: 0.2 }], pathways);
    expect(pairs.map((p) => pairKey(p.a, p.b))).toEqual(['BRAF|MAP2K1', 'EGFR|ERBB2']);
    expect(pairs[0]).toMatchObject({ stringScore: 0.95 });
    expect(pairs[0]!.sharedPathways.map((r) => r.id)).toEqual(['R-HSA-2']);
  });

  it('computes confidence as documented; a part that could not be checked counts 0, up to 1', () => {
    expect(confidenceOf(1, 3, 99)).toEqual({ value: 1, upTo: 1 });
    expect(confidenceOf(null, 1, 0).value).toBeCloseTo(0.3 * (1 / 3), 3);
    // Literature search failed: 0 of its 0.3, up to all of it.
    expect(confidenceOf(0.5, 0, null)).toEqual({ value: 0.2, upTo: 0.5 });
    // STRING failed: the interaction is unknown; STRING answered without an edge: a measured 0.
    expect(confidenceOf(null, 3, 99, false)).toEqual({ value: 0.6, upTo: 1 });
    expect(confidenceOf(null, 3, 99, true)).toEqual({ value: 0.6, upTo: 0.6 });
  });

  // Once the known parts were renormalised: with STRING down, a pair whose pathways and literature
  // were strong read 1.00 "high", as if STRING had confirmed it.
  it('a failed source never raises a confidence or its label, and the rationale says what it could reach', () => {
    const three = ['P1', 'P2', 'P3'].map((id) => row(id, `Pathway ${id}`, ['EGFR', 'ERBB2'], 1e-6));
    const pairs = candidatePairs(['EGFR', 'ERBB2'], [], three);
    const lit = new Map([[pairKey('EGFR', 'ERBB2'), { coMentions: 640, pmids: ['1'], query: 'q' }]]);
    const [checked] = buildHypotheses(pairs, lit, 'breast cancer', true);
    const [down] = buildHypotheses(pairs, lit, 'breast cancer', false);
    expect(checked).toMatchObject({ confidence: 0.6, confidenceLabel: 'moderate' });
    expect(down).toMatchObject({ confidence: 0.6, confidenceLabel: 'moderate' });
    expect(down!.rationale).toContain('interaction not checked (STRING failed)');
    expect(down!.rationale).toContain('confidence 0.60 counts only what was checked (up to 1.00)');
    expect(checked!.rationale).not.toContain('counts only');
    expect(Object.keys(down!)).not.toContain('upTo');
  });

  // A 260-gene panel: STRING is asked about the first 200 genes, and pairs of genes beyond them read
  // as checked with no interaction ("confidence 0.30 low", no word of STRING).
  it('after the check: cited abstracts on both sides keep the confidence and say so; only against drops the literature part', () => {
    const pairs = candidatePairs(['EGFR', 'ERBB2'], [{ a: 'EGFR', b: 'ERBB2', score: 0.9 }], []);
    const lit = new Map([[pairKey('EGFR', 'ERBB2'), { coMentions: 99, pmids: ['1', '2'], query: 'q' }]]);
    const [h] = buildHypotheses(pairs, lit, 'breast cancer');
    const both = checkedHypotheses([h!], new Map([[pairKey('EGFR', 'ERBB2'), { entailing: ['1'], contradicting: ['2'] }]]), new Set())[0]!;
    expect(both).toMatchObject({ confidence: h!.confidence, supportingPmids: ['1'] });
    expect(both.rationale).toContain('PMID 2, cited for it in the evidence brief, contradicts it and PMID 1 entails it (NLI)');
    const against = checkedHypotheses([h!], new Map([[pairKey('EGFR', 'ERBB2'), { entailing: [], contradicting: ['1', '2'] }]]), new Set())[0]!;
    expect(against.confidence).toBeCloseTo(h!.confidence - 0.3, 3);
    expect(against.supportingPmids).toEqual([]);
    // Nothing found against it: unchanged.
    expect(checkedHypotheses([h!], new Map(), new Set())[0]).toEqual(h);
  });

  // An unknown disease ("zzzfoo syndrome"): no article names the pair with it, nor any gene: every
  // pair read "novel".
  it('calls no pair novel when no article names any panel gene with the disease either', () => {
    const pairs = candidatePairs(['EGFR', 'ERBB2'], [{ a: 'EGFR', b: 'ERBB2', score: 0.9 }], []);
    const lit = new Map([[pairKey('EGFR', 'ERBB2'), { coMentions: 0, pmids: [], query: 'q' }]]);
    expect(buildHypotheses(pairs, lit, 'zzzfoo syndrome')[0]!.novel).toBe(true);
    const [h] = buildHypotheses(pairs, lit, 'zzzfoo syndrome', true, 'no article names any searched panel gene with zzzfoo syndrome either');
    expect(h!.novel).toBe(false);
    expect(h!.rationale).toContain('not called novel: no article names any searched panel gene with zzzfoo syndrome either');
  });

  it('a pair with a gene STRING was not asked about reads "interaction not checked", never "no interaction"', () => {
    const three = ['P1', 'P2', 'P3'].map((id) => row(id, `Pathway ${id}`, ['ALDOA', 'GAPDH'], 1e-6));
    const pairs = candidatePairs(['ALDOA', 'GAPDH'], [], three);
    const lit = new Map([[pairKey('ALDOA', 'GAPDH'), { coMentions: 0, pmids: [], query: 'q' }]]);
    const [beyond] = buildHypotheses(pairs, lit, 'breast cancer', new Set(['EGFR', 'ERBB2']));
    expect(beyond!.rationale).toContain('interaction not checked (STRING was asked about the first 2 panel genes only)');
    expect(beyond!.rationale).toMatch(/counts only what was checked \(up to 0\.\d+\)/);
    const [asked] = buildHypotheses(pairs, lit, 'breast cancer', new Set(['ALDOA', 'GAPDH']));
    expect(asked!.rationale).not.toContain('not checked');
  });

  // With the literature search down every pair sharing 3+ pathways tied, and BRAF-EGFR (5 shared)
  // led EGFR-ERBB2 (20 shared) as the top hypothesis.
  it('breaks a tie on confidence by the number of shared pathways', () => {
    const shared = (n: number, genes: string[]) => Array.from({ length: n }, (_, k) => row(`P${genes.join('')}${k}`, `Pathway ${k}`, genes, 1e-6));
    const pairs = candidatePairs(['BRAF', 'EGFR', 'ERBB2'], [], [...shared(5, ['BRAF', 'EGFR']), ...shared(20, ['EGFR', 'ERBB2'])]);
    const [top] = buildHypotheses(pairs, new Map(), 'breast cancer', true);
    expect(top!.genes).toEqual(['EGFR', 'ERBB2']);
    expect(Object.keys(top!)).not.toContain('sharedCount');
  });

  // Pairs beyond the eight searched had no entry and read "literature not checked (search failed)".
  it('tells a literature search that failed from one not run, and says why it was not', () => {
    const three = ['P1', 'P2', 'P3'].map((id) => row(id, `Pathway ${id}`, ['EGFR', 'ERBB2'], 1e-6));
    const pairs = candidatePairs(['EGFR', 'ERBB2'], [], three);
    const rationale = (lit: Map<string, { coMentions: number | null; pmids: string[]; query: string; notSearched?: string }>) => buildHypotheses(pairs, lit, 'breast cancer')[0]!.rationale;
    const key = pairKey('EGFR', 'ERBB2');
    expect(rationale(new Map([[key, { coMentions: null, pmids: [], query: 'q' }]]))).toContain('literature not checked (search failed)');
    expect(rationale(new Map([[key, { coMentions: null, pmids: [], query: '', notSearched: 'only the first 8 pairs are searched' }]]))).toContain('literature not searched (only the first 8 pairs are searched)');
    expect(rationale(new Map())).toContain('literature not searched;');
    for (const r of [rationale(new Map()), rationale(new Map([[key, { coMentions: null, pmids: [], query: '', notSearched: 'x' }]]))]) {
      expect(r).not.toContain('search failed');
      expect(r).toContain('counts only what was checked (up to 0.60)');
    }
    // A symbol that is an English word is never searched.
    expect(wordLikeSymbol('MET')).toBe('MET is also the English word "met", which a title or abstract search cannot tell from the gene');
    expect(wordLikeSymbol('Kit')).not.toBeNull();
    expect(wordLikeSymbol('WAS')).not.toBeNull();
    expect(wordLikeSymbol('EGFR')).toBeNull();
    // Common words only: APP ("app") rarely collides in a disease-bound search, and is the gene of
    // Alzheimer disease; a rare word (ALB, "alb") never does.
    expect(wordLikeSymbol('APP')).toBeNull();
    expect(wordLikeSymbol('ALB')).toBeNull();
  });

  it('labels a pair no article links as novel, and keeps supporting PMIDs', () => {
    const pairs = candidatePairs(['EGFR', 'ERBB2', 'BRAF', 'MAP2K1'], [{ a: 'BRAF', b: 'MAP2K1', score: 0.95 }], pathways);
    const lit = new Map([
      [pairKey('BRAF', 'MAP2K1'), { coMentions: 0, pmids: [], query: 'q' }],
      [pairKey('EGFR', 'ERBB2'), { coMentions: 120, pmids: ['1', '2'], query: 'q' }],
    ]);
    const hs = buildHypotheses(pairs, lit, 'breast cancer');
    const novel = hs.find((h) => h.genes.includes('BRAF'))!;
    expect(novel).toMatchObject({ novel: true, basis: ['interaction', 'shared-pathway'] });
    expect(novel.statement).toBe('BRAF and MAP2K1 are functionally associated (STRING) and may act together in breast cancer through MAPK cascade.');
    const known = hs.find((h) => h.genes.includes('EGFR'))!;
    expect(known).toMatchObject({ novel: false, supportingPmids: ['1', '2'], coMentions: 120 });
    expect(hs.map((h) => h.id)).toEqual(['H1', 'H2']);
    expect(hs[0]!.confidence).toBeGreaterThanOrEqual(hs[1]!.confidence);
  });
});

describe('strategies', () => {
  it('reads the action verb from mechanism action types', () => {
    expect(actionVerb(['INHIBITOR', 'ANTAGONIST'])).toBe('Inhibit');
    expect(actionVerb(['AGONIST'])).toBe('Activate');
    expect(actionVerb(['INHIBITOR', 'AGONIST'])).toBe('Target');
    expect(actionVerb([])).toBe('Target');
  });

  it('targets druggable genes inside enriched pathways, and flags pathways without drugs', () => {
    const roles = new Map([['ERBB2', geneRoleOf('ERBB2', { attributes: [{ name: 'role in cancer', description: 'oncogene', pmid: null }], cancerHallmarks: [] })]]);
    const s = buildStrategies({ pathways, candidates: [drug('LAPATINIB', ['ERBB2'], 'I', 0.9, ['INHIBITOR'], ['11']), drug('X', ['ERBB2'], 'III', 0.3, ['INHIBITOR'])], roles });
    // The title is the action on the gene; the pathway is membership, said apart ("Inhibit ERBB2
    // within Signaling by ERBB2" read as a mechanism, e.g. "Inhibit BRAF within Melanogenesis").
    expect(s[0]).toMatchObject({ strategy: 'Inhibit ERBB2', approach: 'drug-targeting', direction: 'inhibit', targetGenes: ['ERBB2'], evidencePmids: ['11'] });
    expect(s[0]!.pathways[0]?.name).toBe('Signaling by ERBB2');
    expect(s[0]!.rationale).toContain('ERBB2 is in 1 significantly enriched pathway (top: Signaling by ERBB2');
    expect(s[0]!.rationale).toContain('2 usable drug candidates (tier I: 1, II: 0, III: 1; best: LAPATINIB');
    const open = s.find((x) => x.approach === 'pathway-modulation')!;
    expect(open).toMatchObject({ strategy: 'Modulate MAPK cascade', drugs: [] });
    expect(s.some((x) => x.strategy.includes('Unrelated'))).toBe(false); // not significant
  });
});

describe('evidence brief', () => {
  const facts: BriefFacts = {
    disease: 'breast cancer',
    genes: ['EGFR', 'ERBB2'],
    geneLiterature: [
      { gene: 'EGFR', count: 10, pmids: ['1', '2', '3', '4'], association: 0.5 },
      { gene: 'ERBB2', count: 99, pmids: ['5'], association: null },
      { gene: 'BRAF', count: 0, pmids: [], association: null },
    ],
    drugLiterature: [{ drug: 'LAPATINIB', gene: 'ERBB2', pmids: ['6'] }],
    candidates: [drug('LAPATINIB', ['ERBB2'], 'I', 0.9, ['INHIBITOR'])],
    hypotheses: [],
    pathways,
    strategies: [],
  };

  it('makes only claims it can cite, at most 3 citations each', () => {
    const st = canonicalStatements(facts);
    expect(st.map((s) => s.claim)).toEqual(['ERBB2 is associated with breast cancer.', 'EGFR is associated with breast cancer.', 'Lapatinib inhibits ERBB2.']);
    expect(st[1]!.pmids).toEqual(['1', '2', '3']);
    expect(st.map((s) => s.id)).toEqual(['S1', 'S2', 'S3']);
  });

  it('beside a gene-disease claim, an association Open Targets does not list is "none listed", a tiny one is not "0.00"', () => {
    const details = (association: number | null) => canonicalStatements({ ...facts, geneLiterature: [{ gene: 'EGFR', count: 10, pmids: ['1'], association }] })[0]!.detail;
    expect(details(0)).toBe('no Open Targets association listed; 10 articles');
    expect(details(0.003)).toBe('Open Targets association 0.003; 10 articles');
    expect(details(0.5)).toBe('Open Targets association 0.50; 10 articles');
    expect(details(null)).toBe('10 articles');
  });

  it('changes wording and order by audience, never the claims or citations', () => {
    const st = canonicalStatements(facts);
    const briefs = AUDIENCES.map((a) => renderBrief(facts, st, a));
    for (const b of briefs) {
      expect(b.statements.map((s) => s.claim).sort()).toEqual(st.map((s) => s.claim).sort());
      expect(b.statements.flatMap((s) => s.citations).sort()).toEqual(st.flatMap((s) => s.pmids).sort());
    }
    const [researcher, clinician, executive, student] = briefs;
    expect(clinician!.statements[0]!.kind).toBe('drug-target');
    expect(researcher!.statements[0]!.kind).toBe('gene-disease');
    expect(new Set(briefs.map((b) => b.headline)).size).toBe(4);
    expect(student!.statements.find((s) => s.kind === 'gene-disease')!.text).toContain('a human gene');
    expect(researcher!.statements.find((s) => s.claim.startsWith('EGFR'))!.text).toContain('Open Targets association 0.50');
    expect(executive!.headline).toContain('1 approved drug already indicated');
  });

  it('does not name drugs when the drug analysis is withheld', () => {
    const withheld = { ...facts, candidates: [], drugLiterature: [], drugsNote: 'withheld for the free tier' };
    const b = renderBrief(withheld, canonicalStatements(withheld), 'executive');
    expect(b.headline).toContain('drug opportunities not assessed');
    expect(b.statements.every((s) => s.kind !== 'drug-target')).toBe(true);
  });
});

describe('quality score', () => {
  it('is the documented weighted mix', () => {
    const verified = { nliEnabled: true, judgedStatements: 4, pmidsChecked: true, checkedPmids: 8 };
    const q = qualityScore({ ...verified, groundedRatio: 0.5, citeF1: 0.4, hallucinationRate: 0.25, sources: [{ status: 'ok' }, { status: 'cached' }, { status: 'failed' }, { status: 'skipped' }] });
    expect(q.parts).toEqual({ groundedRatio: 0.5, citeF1: 0.4, notHallucinated: 0.75, sourceCoverage: 2 / 3 });
    expect(q.qualityScore).toBeCloseTo(0.35 * 0.5 + 0.25 * 0.4 + 0.2 * 0.75 + 0.2 * (2 / 3), 3);
    // Once 0.2 ("not hallucinated" credited though nothing was checked); now nothing verified is 0.
    expect(qualityScore({ nliEnabled: false, judgedStatements: 0, pmidsChecked: false, checkedPmids: 0, groundedRatio: 0, citeF1: 0, hallucinationRate: 0, sources: [] }).qualityScore).toBe(0);
  });
});
