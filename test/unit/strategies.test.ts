// Strategies follow the biology (issue 8): the direction comes from the gene's role (COSMIC role in
// cancer and hallmarks via Open Targets), a tumour suppressor is never proposed for inhibition, a
// drug contradicting the role is left out with the reason, withdrawn drugs never drive a strategy,
// and the clinician wording follows tier and status.
import { describe, expect, it } from 'vitest';
import { buildDrugCandidates, type DrugCandidate } from '../../src/analysis/drug-candidates.js';
import { canonicalStatements, clinicalStanding, renderBrief, type BriefFacts } from '../../src/analysis/evidence-brief.js';
import { cancerContext, geneRoleOf, isCancerContext, rolesOf, type GeneRole, type Hallmarks } from '../../src/analysis/gene-role.js';
import { buildStrategies } from '../../src/analysis/strategies.js';
import { parseTargetsDrugContext } from '../../src/sources/opentargets.js';
import { colorectal, CRC, details, dgi, ot } from '../support/drug-evidence.js';
import type { EnrichmentRow } from '../../src/analysis/enrichment.js';
import { ownJson } from '../support/shared.js';

const role = (description: string, hallmarks: [string, 'promotes' | 'suppresses'][] = []): Hallmarks => ({
  attributes: [{ name: 'role in cancer', description, pmid: '123' }],
  cancerHallmarks: hallmarks.map(([label, impact]) => ({ label, impact, pmid: '456' })),
});

describe('gene role (COSMIC via Open Targets hallmarks)', () => {
  it('reads the role values COSMIC uses', () => {
    expect(rolesOf('oncogene, fusion')).toEqual(['oncogene', 'fusion']);
    expect(rolesOf('TSG')).toEqual(['tumour suppressor']);
    expect(rolesOf('Oncogene, TSG')).toEqual(['oncogene', 'tumour suppressor']);
    expect(rolesOf('fusion')).toEqual(['fusion']);
  });

  it('gives a direction only from data, and says what it rests on', () => {
    expect(geneRoleOf('EGFR', role('oncogene'), true)).toMatchObject({ direction: 'inhibit', basis: 'EGFR is an oncogene (COSMIC via Open Targets hallmarks)', pmids: ['123'] });
    expect(geneRoleOf('PTEN', role('TSG'), true)).toMatchObject({ direction: 'restore', basis: 'PTEN is a tumour suppressor (COSMIC via Open Targets hallmarks)' });
    expect(geneRoleOf('NOTCH1', role('oncogene, TSG'), true).direction).toBe('context-dependent');
    expect(geneRoleOf('X', role('fusion', [['proliferative signalling', 'promotes']]), true).direction).toBe('inhibit');
    expect(geneRoleOf('Y', role('fusion', [['escaping growth suppressors', 'suppresses']]), true).direction).toBe('restore');
    expect(geneRoleOf('Z', role('fusion'), true).direction).toBe('unknown');
    expect(geneRoleOf('PTGS2', null, true)).toMatchObject({ direction: 'unknown', basis: 'no COSMIC role in cancer or hallmark for PTGS2 (Open Targets)' });
    expect(geneRoleOf('PTGS2', undefined, true).basis).toMatch(/could not be looked up/);
    // A role in cancer says nothing about a disease that is not a cancer.
    expect(geneRoleOf('EGFR', role('oncogene'), false).direction).toBe('unknown');
    expect(geneRoleOf('EGFR', role('oncogene'), null).basis).toMatch(/whether the context is a cancer could not be checked \(Open Targets\): taken from its name/);
    // Open Targets could not say, and the name does not say cancer ("zzzfoo syndrome" read "Inhibit EGFR").
    expect(geneRoleOf('EGFR', role('oncogene'), 'unchecked')).toMatchObject({ direction: 'unknown', roles: ['oncogene'] });
    expect(cancerContext(null, 'zzzfoo syndrome')).toBe('unchecked');
    expect(cancerContext(null, 'EGFR-mutant NSCLC')).toBeNull();
    expect(cancerContext(null, 'metastatic breast carcinoma')).toBeNull();
    expect(cancerContext(null, 'glaucoma')).toBe('unchecked');
    expect(cancerContext(false, 'breast cancer')).toBe(false);
    expect(cancerContext(true, 'anything')).toBe(true);
  });

  it('knows a cancer context from its ontology ancestors', () => {
    expect(isCancerContext([{ id: 'MONDO_0005575', ancestors: ['MONDO_0004992'] }])).toBe(true);
    expect(isCancerContext([{ id: 'MONDO_0005148', ancestors: ['EFO_0000589'] }])).toBe(false);
    expect(isCancerContext([])).toBeNull();
  });
});

function candidates(): DrugCandidate[] {
  return buildDrugCandidates({
    genes: [
      { gene: 'EGFR', association: 0.8, candidates: [ot('CHEMBL553', 'ERLOTINIB', { stage: 'APPROVAL' }), ot('CHEMBL90', 'EGFRAGONIB', { stage: 'PHASE_1', action: 'AGONIST' })] },
      { gene: 'PTEN', association: 0.6, candidates: [ot('CHEMBL91', 'VO-OHPIC', { stage: 'PHASE_1', action: 'INHIBITOR' })] },
      { gene: 'PTGS2', association: 0.2, candidates: [ot('CHEMBL122', 'ROFECOXIB', { stage: 'WITHDRAWAL', drugStage: 'WITHDRAWAL' })] },
      { gene: 'TP53', association: 0.9, candidates: [ot('CHEMBL92', 'REACTIVATOR', { stage: 'PHASE_2', action: 'STABILISER' })] },
    ],
    disease: colorectal,
  });
}

function roles(): Map<string, GeneRole> {
  return new Map([
    ['EGFR', geneRoleOf('EGFR', role('oncogene'), true)],
    ['PTEN', geneRoleOf('PTEN', role('TSG'), true)],
    ['PTGS2', geneRoleOf('PTGS2', null, true)],
    ['TP53', geneRoleOf('TP53', role('TSG'), true)],
  ]);
}

describe('strategies follow the gene role, not the drug action', () => {
  const list = buildStrategies({ pathways: [], candidates: candidates(), roles: roles(), genes: ['EGFR', 'PTEN', 'PTGS2', 'TP53'] });
  const of = (gene: string) => list.find((s) => s.targetGenes.includes(gene));

  it('never proposes inhibiting a tumour suppressor; a contrary drug is left out with the reason', () => {
    expect(list.some((s) => /Inhibit PTEN/.test(s.strategy))).toBe(false);
    const pten = of('PTEN')!;
    expect(pten).toMatchObject({ strategy: 'Restore PTEN function or exploit its loss (synthetic lethality)', direction: 'restore', approach: 'function-restoration', drugs: [] });
    expect(pten.excludedDrugs).toEqual([{ name: 'VO-OHPIC', reason: 'inhibits PTEN, a tumour suppressor: contrary to restoring its function' }]);
    expect(pten.evidencePmids).toEqual(['123']); // the PMID COSMIC gives for the role
    // Its loss is exploited by drugs on other genes (PARP inhibitors for BRCA1): no drug acting on
    // PTEN is not "an opportunity for new compounds", and the text says partners were not searched.
    expect(pten.rationale).toContain('no drug among the candidates restores its function; drugs that exploit its loss act on other genes (synthetic-lethal partners), which this analysis does not search');
    expect(pten.rationale).not.toContain('opportunity');
  });

  it('restores a tumour suppressor with a drug that does so', () => {
    expect(of('TP53')).toMatchObject({ strategy: 'Restore TP53 function', drugs: [{ name: 'REACTIVATOR', actionTypes: ['STABILISER'] }] });
  });

  it('inhibits an oncogene with its inhibitors; an activator of it is left out', () => {
    const egfr = of('EGFR')!;
    expect(egfr).toMatchObject({ strategy: 'Inhibit EGFR', direction: 'inhibit', directionBasis: 'EGFR is an oncogene (COSMIC via Open Targets hallmarks)' });
    expect(egfr.drugs.map((d) => d.name)).toEqual(['ERLOTINIB']);
    expect(egfr.excludedDrugs).toEqual([{ name: 'EGFRAGONIB', reason: 'activates EGFR, which the data call an oncogene: contrary to the direction' }]);
  });

  it('never lets a withdrawn drug drive a strategy (rofecoxib does not make "Inhibit PTGS2")', () => {
    expect(list.some((s) => /PTGS2/.test(s.strategy))).toBe(false);
    expect(list.flatMap((s) => s.drugs.map((d) => d.name))).not.toContain('ROFECOXIB');
  });

  it('without role data the direction is "not established", and the drug action is flagged, not taken', () => {
    const noRoles = buildStrategies({ pathways: [], candidates: candidates() });
    const egfr = noRoles.find((s) => s.targetGenes.includes('EGFR'))!;
    expect(egfr).toMatchObject({ strategy: 'Target EGFR (direction not established)', direction: 'unknown' });
    expect(egfr.drugs[0]?.flag).toBe('its action is shown, but no role data says which direction helps');
    expect(noRoles.some((s) => s.strategy.startsWith('Inhibit'))).toBe(false);
  });
});

describe('a gene is drugged only through a stated action, never through a DGIdb biomarker claim', () => {
  // DGIdb links cetuximab and lapatinib to BRAF by untyped biomarker and case-report claims (its
  // BRAF answer, fixtures/dgidb/interactions-by-genes-BRAF-EREG.json): "Inhibit BRAF" once counted
  // them, and lapatinib's approval in breast cancer as BRAF's tier I drug.
  const biomarker = (name: string) => dgi(name, { approved: true, sources: [['CIViC', 'Expert curated'], ['JAX-CKB', 'Expert curated']] });
  const list = buildDrugCandidates({
    genes: [
      { gene: 'EGFR', association: 0.8, candidates: [ot('CHEMBL1201577', 'CETUXIMAB', { stage: 'APPROVAL', drugType: 'Antibody' })] },
      { gene: 'ERBB2', association: 0.8, candidates: [ot('CHEMBL554', 'LAPATINIB', { stage: 'APPROVAL', indications: [CRC] })] },
      { gene: 'BRAF', association: 0.8, interactions: [biomarker('CETUXIMAB'), biomarker('LAPATINIB'), biomarker('RIFAMPIN')] },
    ],
    disease: colorectal,
  });
  const r = new Map(['EGFR', 'ERBB2', 'BRAF'].map((g) => [g, geneRoleOf(g, role('oncogene'), true)]));
  const s = buildStrategies({ pathways: [], candidates: list, roles: r, genes: ['EGFR', 'ERBB2', 'BRAF'] });

  it('lists no drug for BRAF, and says how many links it did not count', () => {
    const braf = s.find((x) => x.targetGenes[0] === 'BRAF')!;
    expect(braf.drugs).toEqual([]);
    expect(braf.rationale).toContain('no usable drug among the candidates');
    expect(braf.rationale).toContain('not counted: 3 drugs DGIdb alone links to BRAF (interaction claims such as biomarkers of response or resistance, no curated mechanism)');
    expect(s.find((x) => x.targetGenes[0] === 'EGFR')!.drugs.map((d) => d.name)).toEqual(['CETUXIMAB']);
    expect(s.find((x) => x.targetGenes[0] === 'ERBB2')!.drugs.map((d) => d.name)).toEqual(['LAPATINIB']);
  });

  it('names the best drug by tier, then score, as the candidate list ranks them', () => {
    // AV-412 (no phase known: the factor is left out, so its score is higher) against approved lapatinib.
    const ranked = buildDrugCandidates({
      genes: [{ gene: 'ERBB2', association: 0.8, candidates: [ot('CHEMBL554', 'LAPATINIB', { stage: 'APPROVAL' }), ot('CHEMBL99', 'AV-412', { stage: null })] }],
      disease: colorectal,
      literature: new Map([['CHEMBL554', { coMentions: 0, pmids: [], source: 'europepmc' as const }]]),
    });
    expect(ranked.map((d) => `${d.name}:${d.tier}`)).toEqual(['AV-412:III', 'LAPATINIB:II']); // by score alone
    const erbb2 = buildStrategies({ pathways: [], candidates: ranked, roles: r, genes: ['ERBB2'] })[0]!;
    expect(erbb2.drugs.map((d) => d.name)).toEqual(['LAPATINIB', 'AV-412']);
    expect(erbb2.rationale).toContain('best: LAPATINIB, tier II, phase 4');
  });

  it('leaves a pathway of biomarker-only genes to a "no drug yet" strategy', () => {
    const withPathway = buildStrategies({
      pathways: [{ id: 'P1', name: 'MAPK cascade', library: 'L', overlapGenes: ['BRAF'], k: 1, K: 10, n: 3, N: 100, oddsRatio: 5, p: 1e-4, q: 1e-3, significant: true } as EnrichmentRow],
      candidates: list,
      roles: r,
      genes: ['EGFR', 'ERBB2', 'BRAF'],
    });
    expect(withPathway.find((x) => x.approach === 'pathway-modulation')).toMatchObject({ strategy: 'Modulate MAPK cascade', drugs: [] });
  });
});

describe('no drug candidates known is not "no drug"', () => {
  // Found with the drug sources failing (and on the free tier, where candidates are withheld): every
  // significant pathway read "no usable drug candidate acts on them yet: an opportunity".
  const mapk = { id: 'P1', name: 'MAPK cascade', library: 'L', overlapGenes: ['BRAF'], k: 1, K: 10, n: 3, N: 100, oddsRatio: 5, p: 1e-4, q: 1e-3, significant: true } as EnrichmentRow;
  const roles = new Map([['BRAF', geneRoleOf('BRAF', role('oncogene'), true)]]);

  it('says why drugs are not known, for pathways and for genes with a role', () => {
    const s = buildStrategies({ pathways: [mapk], candidates: [], roles, genes: ['BRAF'], drugsUnknown: 'Open Targets, DGIdb and ChEMBL failed' });
    const pathway = s.find((x) => x.approach === 'pathway-modulation')!;
    expect(pathway.rationale).toBe('1 panel gene falls in MAPK cascade (L, q = 1.0e-3); whether a drug acts on them is not known here (Open Targets, DGIdb and ChEMBL failed).');
    const braf = s.find((x) => x.targetGenes[0] === 'BRAF' && x.approach === 'drug-targeting')!;
    expect(braf.rationale).toContain('whether a drug acts on it is not known here (Open Targets, DGIdb and ChEMBL failed)');
    for (const x of s) expect(x.rationale).not.toMatch(/no usable drug|opportunity/);
  });

  it('with some drug sources failed, "none" is a floor and says so', () => {
    const s = buildStrategies({ pathways: [mapk], candidates: [], roles, genes: ['BRAF'], drugsIncomplete: 'DGIdb failed' });
    expect(s.find((x) => x.approach === 'pathway-modulation')!.rationale).toContain('no usable drug candidate acts on them yet (DGIdb failed, so one may have been missed): an opportunity');
    expect(buildStrategies({ pathways: [mapk], candidates: [], genes: [] })[0]!.rationale).toContain('no usable drug candidate acts on them yet: an opportunity for tool compounds or new modalities');
  });
});

describe('a drug\'s action is read per gene', () => {
  // One drug, curated as an inhibitor of EGFR and an agonist of ERBB2 (both oncogenes): read over
  // all its targets its action was "mixed", so it stayed a usable ERBB2 drug with a mild flag.
  const list = buildDrugCandidates({
    genes: [
      { gene: 'EGFR', association: 0.8, candidates: [ot('CHEMBL77', 'JANUSTINIB', { stage: 'PHASE_2', action: 'INHIBITOR' })] },
      { gene: 'ERBB2', association: 0.8, candidates: [ot('CHEMBL77', 'JANUSTINIB', { stage: 'PHASE_2', action: 'AGONIST' })] },
    ],
    disease: colorectal,
  });
  const r = new Map(['EGFR', 'ERBB2'].map((g) => [g, geneRoleOf(g, role('oncogene'), true)]));
  const s = buildStrategies({ pathways: [], candidates: list, roles: r, genes: ['EGFR', 'ERBB2'] });

  it('keeps the inhibitor of one oncogene and leaves it out where it activates the other', () => {
    const egfr = s.find((x) => x.targetGenes[0] === 'EGFR')!;
    expect(egfr.drugs).toEqual([expect.objectContaining({ name: 'JANUSTINIB', actionTypes: ['INHIBITOR'] })]);
    expect(egfr.drugs[0]!.flag).toBeUndefined();
    const erbb2 = s.find((x) => x.targetGenes[0] === 'ERBB2')!;
    expect(erbb2.drugs).toEqual([]);
    expect(erbb2.excludedDrugs).toEqual([{ name: 'JANUSTINIB', reason: 'activates ERBB2, which the data call an oncogene: contrary to the direction' }]);
  });

  it('writes a drug-target claim with the action on that gene', () => {
    const facts: BriefFacts = { disease: 'colorectal cancer', genes: ['EGFR', 'ERBB2'], geneLiterature: [], drugLiterature: [{ drug: 'JANUSTINIB', gene: 'ERBB2', pmids: ['9'] }], candidates: list, hypotheses: [], pathways: [], strategies: [] };
    expect(canonicalStatements(facts).map((x) => x.claim)).toEqual(['Janustinib activates ERBB2.']);
  });
});

describe('strategies on the doc-shaped drug context (hallmarks parsed from the answer)', () => {
  it('EGFR oncogene -> inhibit; PTGS2 (no COSMIC record) with only a withdrawn drug left out and an approved one kept undirected', () => {
    const ids = ['ENSG00000146648', 'ENSG00000012048', 'ENSG00000073756'];
    const ctx = parseTargetsDrugContext(ownJson<{ data: unknown }>('opentargets', 'targets-drug-context-EGFR-BRCA1-PTGS2-doc-shaped.json').data, ids, true);
    const genes = [['EGFR', ids[0]!], ['BRCA1', ids[1]!], ['PTGS2', ids[2]!]] as const;
    const list = buildDrugCandidates({ genes: genes.map(([gene, id]) => ({ gene, candidates: ctx.get(id)!.candidates })), disease: colorectal });
    const r = new Map(genes.map(([gene, id]) => [gene, geneRoleOf(gene, ctx.get(id)!.hallmarks, true)]));
    const s = buildStrategies({ pathways: [], candidates: list, roles: r, genes: genes.map(([g]) => g) });
    expect(s.find((x) => x.targetGenes[0] === 'EGFR')?.strategy).toBe('Inhibit EGFR');
    const ptgs2 = s.find((x) => x.targetGenes[0] === 'PTGS2')!;
    expect(ptgs2).toMatchObject({ strategy: 'Target PTGS2 (direction not established)', drugs: [{ name: 'CELECOXIB' }] });
    expect(ptgs2.excludedDrugs[0]).toMatchObject({ name: 'ROFECOXIB', reason: expect.stringMatching(/^withdrawn/) });
    expect(s.find((x) => x.targetGenes[0] === 'BRCA1')?.strategy).toBe('Restore BRCA1 function or exploit its loss (synthetic lethality)');
  });
});

describe('audience wording follows tier and status', () => {
  const list = buildDrugCandidates({
    genes: [
      {
        gene: 'EGFR',
        association: 0.8,
        candidates: [ot('CHEMBL1201577', 'CETUXIMAB', { stage: 'APPROVAL' }), ot('CHEMBL553', 'ERLOTINIB', { stage: 'APPROVAL' }), ot('CHEMBL95', 'EARLYMAB', { stage: 'PHASE_1' })],
      },
      { gene: 'PTGS2', association: 0.2, candidates: [ot('CHEMBL122', 'ROFECOXIB', { stage: 'WITHDRAWAL', drugStage: 'WITHDRAWAL' })] },
    ],
    disease: colorectal,
    drugs: new Map([
      ['CHEMBL1201577', details('CHEMBL1201577', 'CETUXIMAB', [[CRC, 'APPROVAL']])],
      ['CHEMBL553', details('CHEMBL553', 'ERLOTINIB', [[CRC, 'PHASE_2'], [{ id: 'MONDO_0005233', name: 'non-small cell lung carcinoma' }, 'APPROVAL']])],
    ]),
  });
  const facts: BriefFacts = {
    disease: 'colorectal cancer',
    genes: ['EGFR', 'PTGS2'],
    geneLiterature: [],
    drugLiterature: ['CETUXIMAB', 'ERLOTINIB', 'ROFECOXIB', 'EARLYMAB'].map((d) => ({ drug: d, gene: d === 'ROFECOXIB' ? 'PTGS2' : 'EGFR', pmids: ['1'] })),
    candidates: list,
    hypotheses: [],
    pathways: [],
    strategies: [],
  };

  it('does not call every drug "a therapeutic option to review"', () => {
    const clinician = renderBrief(facts, canonicalStatements(facts), 'clinician').statements.map((s) => s.text);
    expect(clinician.join(' ')).not.toMatch(/option to review/);
    const text = (drug: string) => clinician.find((t) => t.toUpperCase().startsWith(drug))!;
    expect(text('CETUXIMAB')).toContain('approved for colorectal cancer: an established option to weigh against current guidelines');
    expect(text('ERLOTINIB')).toContain('investigational in colorectal cancer (phase 2): consider within a clinical trial');
    // A withdrawal may be one country's: never "withdrawn from the market" or "not a treatment option" anywhere.
    expect(text('ROFECOXIB')).toContain('withdrawn (Open Targets stage WITHDRAWAL): not recommended here; the records do not say whether it is still marketed elsewhere');
    const executive = renderBrief(facts, canonicalStatements(facts), 'executive').statements.find((s) => s.text.startsWith('Rofecoxib'))?.text;
    expect(executive).toContain('(withdrawn, at least in one country)');
    expect(clinician.join(' ') + executive).not.toMatch(/from the market|withdrawn[^.]*not a treatment option/);
  });

  it('student: approved drugs apart from those in trials; a failed drug source makes the counts a floor', () => {
    const latestage = buildDrugCandidates({
      genes: [{ gene: 'EGFR', association: 0.8, candidates: [ot('CHEMBL77', 'LATESTAGIB', { stage: 'PHASE_3', indications: [CRC] })] }],
      disease: colorectal,
      drugs: new Map([['CHEMBL77', details('CHEMBL77', 'LATESTAGIB', [[CRC, 'PHASE_3']])]]),
    });
    const student = (f: BriefFacts) => renderBrief(f, canonicalStatements(f), 'student').summary;
    // CETUXIMAB (tier I) and ERLOTINIB (tier II, approved elsewhere) are approved; LATESTAGIB is in phase 3 here.
    expect(student({ ...facts, candidates: [...list, ...latestage] })).toContain('2 approved drugs act on these genes, and 1 more is being tested in colorectal cancer.');
    expect(student({ ...facts, candidates: latestage })).toContain('No approved drug acts on these genes yet, and 1 more is being tested in colorectal cancer.');
    expect(student({ ...facts, drugsIncomplete: 'DGIdb failed' })).toContain('2 approved drugs act on these genes (DGIdb failed: there may be more).');
    expect(renderBrief({ ...facts, drugsIncomplete: 'DGIdb failed' }, canonicalStatements(facts), 'clinician').summary).toContain('Drug candidates: 1 tier I, 1 tier II, 2 tier III (DGIdb failed: there may be more).');
    expect(student(facts)).not.toMatch(/existing drugs/);
  });

  it('words an approved-elsewhere drug as a repurposing hypothesis and tier III as no option', () => {
    const [cetuximab, erlotinib] = ['CETUXIMAB', 'ERLOTINIB'].map((n) => ({ ...list.find((c) => c.name === n)!, curated: true }));
    const elsewhere = { ...erlotinib!, matchingIndications: [] };
    expect(clinicalStanding(elsewhere, 'colorectal cancer')).toBe('approved for another indication, not for colorectal cancer: a repurposing hypothesis, not an established option');
    const early = { ...list.find((c) => c.name === 'EARLYMAB')!, curated: true };
    expect(clinicalStanding(early, 'colorectal cancer')).toBe('early-stage or interaction evidence only: not a treatment option');
    // No phase known (a source failed, or none records one) is not "early-stage"; interaction evidence only stays as it was.
    expect(clinicalStanding({ ...early, maxPhase: null, status: 'unknown' }, 'colorectal cancer')).toBe('its clinical stage is not known here: not an option to act on before it is checked');
    expect(clinicalStanding({ ...early, maxPhase: null, status: 'unknown', curated: false }, 'colorectal cancer')).toBe('early-stage or interaction evidence only: not a treatment option');
    expect(cetuximab!.tier).toBe('I');
    // Approved, but no record says where: it may be approved here, so it is no "repurposing hypothesis" yet.
    expect(clinicalStanding({ ...elsewhere, approvalsKnown: false }, 'colorectal cancer')).toBe(
      'approved, but where is not known here: it may already be approved for colorectal cancer; check its current label before treating it as a repurposing hypothesis',
    );
    // ...whatever phase a record gives for the disease: it read "investigational in colorectal cancer (phase 2)".
    const phase2 = [{ id: 'EFO_0005842', name: 'colorectal cancer', phase: 2, approved: false, source: 'Open Targets indications' as const, via: 'the context disease', level: 'context' as const }];
    expect(clinicalStanding({ ...elsewhere, approvalsKnown: false, matchingIndications: phase2 }, 'colorectal cancer')).toMatch(/^approved, but where is not known here: it may already be approved/);
    // Withdrawn for this very disease: it read "approved for another indication, not for colorectal cancer".
    const withdrawn = [{ id: 'EFO_0005842', name: 'colorectal cancer (withdrawn for this indication)', phase: null, approved: false, source: 'Open Targets indications' as const, via: 'the context disease', level: 'context' as const, withdrawnFor: 'colorectal cancer' }];
    expect(clinicalStanding({ ...elsewhere, matchingIndications: withdrawn }, 'colorectal cancer')).toMatch(/^withdrawn for colorectal cancer \(its indication records say so\): not an option here/);
  });
});
