// Repurposing selection and explanation (src/analysis/repurposing.ts), on candidates the shared drug
// engine builds from recorded and documentation-shaped answers, and on hand-made adversarial cases:
// a drug approved for the disease (or a subtype of it) is excluded, a withdrawn drug is flagged and
// never tier I/II, an action contrary to the gene's role is flagged, a failed source reads "not
// checked", never "none".
import { describe, expect, it } from 'vitest';
import { associationFor, buildDrugCandidates, type DrugCandidate, type GeneDrugEvidence } from '../../src/analysis/drug-candidates.js';
import { geneRoleOf } from '../../src/analysis/gene-role.js';
import {
  approvedIndications,
  boxedWarningCheck,
  checksText,
  furthestIndication,
  indicationsLookedUp,
  isLateStage,
  rationale,
  roleConflicts,
  selectRepurposing,
  tierFilterNote,
  trialsCheck,
  type RationaleContext,
} from '../../src/analysis/repurposing.js';
import { parseIndicationList, parseMoleculeList } from '../../src/sources/chembl.js';
import { parseStudySearch } from '../../src/sources/clinicaltrials.js';
import { parseDrugLabel } from '../../src/sources/openfda.js';
import { parseDrugsDetails, parseTargetsDrugContext } from '../../src/sources/opentargets.js';
import { candidateOut } from '../../src/tools/repurposing/output.js';
import { BREAST, byName, chemblInd, details, dgi, molecule, NSCLC, ot, run } from '../support/drug-evidence.js';
import { ownJson } from '../support/shared.js';

const breast = { ids: [BREAST.id], name: BREAST.name };

// EGFR and PTGS2 from the doc-shaped Bs-filtered drug context, with Open Targets drug details and
// ChEMBL indications of erlotinib and rofecoxib, and rofecoxib's ChEMBL record (withdrawn flag).
function recorded(disease: { ids: string[]; name: string }) {
  const ids = ['ENSG00000146648', 'ENSG00000012048', 'ENSG00000073756'];
  const ctx = parseTargetsDrugContext(ownJson<{ data: unknown }>('opentargets', 'targets-drug-context-EGFR-BRCA1-PTGS2-doc-shaped.json').data, ids, true);
  const genes: GeneDrugEvidence[] = [
    { gene: 'EGFR', association: associationFor(ctx.get(ids[0]!)!.associations!, disease.ids), candidates: ctx.get(ids[0]!)!.candidates },
    { gene: 'PTGS2', association: associationFor(ctx.get(ids[2]!)!.associations!, disease.ids), candidates: ctx.get(ids[2]!)!.candidates },
  ];
  const drugs = parseDrugsDetails(ownJson<{ data: unknown }>('opentargets', 'drugs-details-ERLOTINIB-ROFECOXIB-doc-shaped.json').data, ['CHEMBL553', 'CHEMBL122']);
  const rows = parseIndicationList(ownJson('chembl', 'drug-indications-CHEMBL553-CHEMBL122-doc-shaped.json')).items;
  const chemblIndications = new Map(['CHEMBL553', 'CHEMBL122'].map((id) => [id, rows.filter((r) => r.moleculeChemblId === id)]));
  const molecules = new Map(parseMoleculeList(ownJson('chembl', 'molecules-rofecoxib-withdrawn-CHEMBL122-doc-shaped.json')).items.map((m) => [m.chemblId, m]));
  const input = { drugs, chemblIndications };
  const list = buildDrugCandidates({ genes, disease, drugs, chemblIndications, molecules });
  return { list, checked: (c: DrugCandidate) => indicationsLookedUp(c, input), drugs, chemblIndications };
}

describe('which drugs are repurposing candidates (recorded and doc-shaped answers)', () => {
  it('excludes a drug approved for the disease and lists it apart (erlotinib, NSCLC)', () => {
    const { list, checked } = recorded({ ids: [NSCLC.id], name: NSCLC.name });
    const s = selectRepurposing(list, { indicationsChecked: checked, tierFilter: 'all' });
    expect(s.alreadyApproved.map((c) => c.name)).toEqual(['ERLOTINIB']);
    expect(s.candidates.map((c) => c.name)).not.toContain('ERLOTINIB');
    expect(s.candidates.every((c) => c.tier !== 'I')).toBe(true);
  });

  it('keeps erlotinib where it is only approved elsewhere (tier II in colorectal cancer), rofecoxib withdrawn and flagged, tier III', () => {
    const { list, checked } = recorded({ ids: ['MONDO_0005575'], name: 'colorectal cancer' });
    const s = selectRepurposing(list, { indicationsChecked: checked, tierFilter: 'all' });
    expect(s.candidates.map((c) => [c.name, c.tier])).toEqual([
      ['ERLOTINIB', 'II'],
      ['ROFECOXIB', 'III'],
    ]);
    expect(byName(s.candidates, 'ROFECOXIB')).toMatchObject({ withdrawn: true, withdrawnReason: 'ChEMBL withdrawn flag', approved: false });
    // Rofecoxib reached phase 3 in colorectal cancer: still never tier II, and tierFilter II leaves it out.
    const ii = selectRepurposing(list, { indicationsChecked: checked, tierFilter: 'II' });
    expect(ii.candidates.map((c) => c.name)).toEqual(['ERLOTINIB']);
    expect(ii.counts.outsideTierFilter).toBe(1);
  });

  it('does not list approved or late-stage drugs whose indications were never read: they may be approved here', () => {
    const { list, checked } = recorded({ ids: [NSCLC.id], name: NSCLC.name });
    const s = selectRepurposing(list, { indicationsChecked: checked, tierFilter: 'all' });
    // Afatinib (approved) and rociletinib (phase 2/3) are in the candidate rows, but no details were fetched for them.
    for (const name of ['AFATINIB', 'ROCILETINIB', 'CELECOXIB']) expect(s.candidates.map((c) => c.name)).not.toContain(name);
    expect(s.counts).toMatchObject({ considered: list.length, alreadyApproved: 1, unchecked: 4 });
    expect(s.counts.alreadyApproved + s.counts.earlyStage + s.counts.unchecked + s.counts.outsideTierFilter + s.candidates.length).toBe(list.length);
  });

  // An approved drug whose records name no approved indication may be approved for this very disease.
  it('does not count an approved drug as checked when its records name no approved indication', () => {
    const { list, drugs, chemblIndications } = recorded({ ids: ['MONDO_0005575'], name: 'colorectal cancer' });
    const erlotinib = byName(list, 'ERLOTINIB')!;
    expect(indicationsLookedUp(erlotinib, { drugs, chemblIndications })).toBe(true);
    // The same answers, with every approved indication taken out of them.
    const bare = new Map([...drugs].map(([id, d]) => [id, d ? { ...d, indications: d.indications.filter((i) => i.stage !== 'APPROVAL' && i.stage !== 'PHASE_4') } : d]));
    const noPhase4 = new Map([...chemblIndications].map(([id, rows]) => [id, rows.filter((r) => (r.maxPhase ?? 0) < 4)]));
    expect(indicationsLookedUp(erlotinib, { drugs: bare, chemblIndications: noPhase4 })).toBe(false);
    // One source naming one is enough; and a drug not approved anywhere needs none.
    expect(indicationsLookedUp(erlotinib, { drugs: bare, chemblIndications })).toBe(true);
    expect(indicationsLookedUp({ ...erlotinib, approved: false }, { drugs: bare, chemblIndications: noPhase4 })).toBe(true);
    const s = selectRepurposing(list, { indicationsChecked: (c) => indicationsLookedUp(c, { drugs: bare, chemblIndications: noPhase4 }), tierFilter: 'all' });
    expect(s.candidates.map((c) => c.name)).not.toContain('ERLOTINIB');
  });

  it('lists the current approved indications from both sources once, never a withdrawn or unapproved one', () => {
    const { drugs, chemblIndications } = recorded({ ids: [NSCLC.id], name: NSCLC.name });
    const erlotinib = approvedIndications(drugs.get('CHEMBL553') ?? null, chemblIndications.get('CHEMBL553') ?? null);
    expect(erlotinib.map((i) => [i.name, i.source])).toEqual([
      ['non-small cell lung carcinoma', 'Open Targets indications'],
      ['pancreatic carcinoma', 'Open Targets indications'],
    ]);
    // Rofecoxib: Open Targets has osteoarthritis at WITHDRAWAL; ChEMBL still records phase 4 for it.
    const rofecoxib = approvedIndications(drugs.get('CHEMBL122') ?? null, chemblIndications.get('CHEMBL122') ?? null);
    expect(rofecoxib.map((i) => [i.name, i.source])).toEqual([['osteoarthritis', 'ChEMBL drug_indication']]);
    expect(furthestIndication(drugs.get('CHEMBL122') ?? null, null)).toMatchObject({ name: 'colorectal cancer', phase: 3 });
  });
});

describe('adversarial cases', () => {
  const subtype = { id: 'MONDO_0006244', name: 'HER2-positive breast carcinoma' };
  const lookedUpAll = () => true;

  it('a drug approved for a subtype of the disease is already approved, not a candidate', () => {
    const genes = [{ gene: 'ERBB2', association: 0.7, candidates: [ot('CHEMBL1201585', 'TRASTUZUMAB', { stage: 'APPROVAL' })] }];
    const list = run(genes, { drugs: new Map([['CHEMBL1201585', details('CHEMBL1201585', 'TRASTUZUMAB', [[subtype, 'APPROVAL']])]]) }, { ...breast, related: [subtype.id] });
    const s = selectRepurposing(list, { indicationsChecked: lookedUpAll, tierFilter: 'all' });
    expect(s.alreadyApproved.map((c) => c.name)).toEqual(['TRASTUZUMAB']);
    expect(s.candidates).toEqual([]);
  });

  it('a withdrawn drug once approved for this very disease is a flagged tier III candidate, never tier I or II, never "already approved"', () => {
    const genes = [{ gene: 'EGFR', association: 0.5, candidates: [ot('CHEMBL9', 'OLDDRUG', { stage: 'APPROVAL' })] }];
    const list = run(
      genes,
      { drugs: new Map([['CHEMBL9', details('CHEMBL9', 'OLDDRUG', [[BREAST, 'APPROVAL']], { withdrawn: { country: 'USA', year: 2001 } })]]), molecules: new Map([['CHEMBL9', molecule('CHEMBL9', { maxPhase: 4 })]]) },
      breast,
    );
    const all = selectRepurposing(list, { indicationsChecked: lookedUpAll, tierFilter: 'all' });
    expect(all.alreadyApproved).toEqual([]);
    expect(all.candidates.map((c) => [c.name, c.tier, c.withdrawn])).toEqual([['OLDDRUG', 'III', true]]);
    expect(all.candidates[0]!.withdrawnReason).toMatch(/withdrawn in USA \(2001\)/);
    for (const filter of ['I', 'II'] as const) expect(selectRepurposing(list, { indicationsChecked: lookedUpAll, tierFilter: filter }).candidates).toEqual([]);
  });

  it('flags an action contrary to the gene role: inhibiting a tumour suppressor, activating an oncogene; not an inhibitor of an oncogene', () => {
    const roles = new Map([
      ['BRCA1', geneRoleOf('BRCA1', { attributes: [{ name: 'role in cancer', description: 'TSG', pmid: null }], cancerHallmarks: [] }, true)],
      ['EGFR', geneRoleOf('EGFR', { attributes: [{ name: 'role in cancer', description: 'oncogene', pmid: null }], cancerHallmarks: [] }, true)],
    ]);
    const genes = [
      { gene: 'BRCA1', association: 0.8, candidates: [ot('CHEMBL1', 'BADIDEA', { stage: 'APPROVAL', action: 'INHIBITOR' })] },
      { gene: 'EGFR', association: 0.5, candidates: [ot('CHEMBL2', 'AGONIX', { stage: 'APPROVAL', action: 'AGONIST' }), ot('CHEMBL3', 'GOODFIT', { stage: 'APPROVAL', action: 'INHIBITOR' }), ot('CHEMBL4', 'UNTYPED', { stage: 'APPROVAL', action: null })] },
    ];
    const list = run(genes, {}, breast);
    expect(roleConflicts(byName(list, 'BADIDEA'), roles)).toEqual([{ gene: 'BRCA1', reason: expect.stringMatching(/^inhibits BRCA1, a tumour suppressor: contrary to restoring its function \(BRCA1 is a tumour suppressor \(COSMIC/) }]);
    expect(roleConflicts(byName(list, 'AGONIX'), roles)).toEqual([{ gene: 'EGFR', reason: expect.stringMatching(/^activates EGFR, which the data call an oncogene/) }]);
    expect(roleConflicts(byName(list, 'GOODFIT'), roles)).toEqual([]);
    // No curated action on the gene: nothing to contradict, nothing claimed.
    expect(roleConflicts(byName(list, 'UNTYPED'), roles)).toEqual([]);
    // No role data: no conflict is invented.
    expect(roleConflicts(byName(list, 'BADIDEA'), new Map([['BRCA1', geneRoleOf('BRCA1', undefined)]]))).toEqual([]);
  });

  it('calls phase 2/3 late-stage, phase 2 not; withdrawn always, approved always', () => {
    expect(isLateStage({ approved: false, withdrawn: false, maxPhase: 2.5 })).toBe(true);
    expect(isLateStage({ approved: false, withdrawn: false, maxPhase: 2 })).toBe(false);
    expect(isLateStage({ approved: false, withdrawn: false, maxPhase: null })).toBe(false);
    expect(isLateStage({ approved: false, withdrawn: true, maxPhase: null })).toBe(true);
    expect(isLateStage({ approved: true, withdrawn: false, maxPhase: null })).toBe(true);
  });

  it('tier filter I is always empty here, and says why', () => {
    const genes = [{ gene: 'EGFR', association: 0.5, candidates: [ot('CHEMBL553', 'ERLOTINIB', { stage: 'APPROVAL' })] }];
    const list = run(genes, { drugs: new Map([['CHEMBL553', details('CHEMBL553', 'ERLOTINIB', [[NSCLC, 'APPROVAL']])]]) }, breast);
    const s = selectRepurposing(list, { indicationsChecked: lookedUpAll, tierFilter: 'I' });
    expect(s.candidates).toEqual([]);
    expect(s.counts.outsideTierFilter).toBe(1);
    expect(tierFilterNote('I', s, 'breast cancer')).toMatch(/^Tier I means approved for breast cancer; .* Use tierFilter "II" or "all"\.$/);
    expect(tierFilterNote('all', selectRepurposing(list, { indicationsChecked: lookedUpAll, tierFilter: 'all' }), 'breast cancer')).toBeUndefined();
  });
});

describe('trials and boxed warnings: a failed source is "not checked", never "none"', () => {
  const search = parseStudySearch(ownJson('clinicaltrials', 'search-EGFR-nsclc-active-doc-shaped.json'));
  const none = parseStudySearch(ownJson('clinicaltrials', 'search-no-matches-doc-shaped.json'));

  it('trials: counted, none found, or not checked (running null)', () => {
    const found = trialsCheck(search, 'unused');
    expect(found).toMatchObject({ status: 'checked', running: search.total });
    expect(found.nctIds).toEqual(search.trials.map((t) => t.nctId));
    expect(trialsCheck(none, 'unused')).toMatchObject({ status: 'checked', running: 0, nctIds: [] });
    const failed = trialsCheck(undefined, 'ClinicalTrials.gov failed (HTTP 503)');
    expect(failed).toEqual({ status: 'not-checked', running: null, nctIds: [], maxPhase: null, note: 'not checked: ClinicalTrials.gov failed (HTTP 503)' });
    expect(checksText(failed, boxedWarningCheck(undefined, 'x')).trials).toBe('trials not checked (ClinicalTrials.gov failed (HTTP 503))');
    expect(checksText(trialsCheck(none, ''), boxedWarningCheck(null, '')).trials).toBe('no recruiting or active trial in this disease (ClinicalTrials.gov)');
  });

  it('boxed warning: present (recorded label shape), absent, no label, not checked', () => {
    const boxed = parseDrugLabel(ownJson('openfda', 'label-boxed-warning-doc-shaped.json'));
    const plain = parseDrugLabel(ownJson('openfda', 'label-gefitinib-biomcp.json'));
    expect(boxedWarningCheck(boxed, 'unused')).toMatchObject({ status: 'present', url: boxed!.url });
    expect(boxedWarningCheck(boxed, 'unused').text!.length).toBeLessThanOrEqual(300);
    expect(boxedWarningCheck(plain, 'unused')).toEqual({ status: 'absent', url: plain!.url });
    expect(boxedWarningCheck(null, 'unused')).toEqual({ status: 'no-label' });
    const failed = boxedWarningCheck(undefined, 'openFDA failed (timeout)');
    expect(failed).toEqual({ status: 'not-checked', note: 'not checked: openFDA failed (timeout)' });
    const texts = (['present', 'absent', 'no-label', 'not-checked'] as const).map((status) => checksText(trialsCheck(none, ''), { status, ...(status === 'not-checked' ? { note: 'not checked: openFDA failed' } : {}) }).boxedWarning);
    expect(texts).toEqual([
      'BOXED WARNING on the US label (openFDA)',
      'no boxed warning on the US label (openFDA)',
      'no US label found (openFDA): boxed warning unknown',
      'boxed warning not checked (openFDA failed)',
    ]);
  });

  // openFDA matches a name inside longer generic names: the label found can be a combination's.
  it('says when the label is a combination product\'s, whose warning may be the other ingredient\'s', () => {
    const boxed = parseDrugLabel(ownJson('openfda', 'label-boxed-warning-doc-shaped.json'))!;
    const combo = { ...boxed, genericNames: ['PERTUZUMAB, TRASTUZUMAB, AND HYALURONIDASE-ZZXF'] };
    const check = boxedWarningCheck(combo, 'unused');
    expect(check).toMatchObject({ status: 'present', note: 'from the label of a combination product (PERTUZUMAB, TRASTUZUMAB, AND HYALURONIDASE-ZZXF): its warning may concern another ingredient' });
    expect(checksText(trialsCheck(none, ''), check).boxedWarning).toBe(
      'BOXED WARNING on the US label (openFDA) (from the label of a combination product (PERTUZUMAB, TRASTUZUMAB, AND HYALURONIDASE-ZZXF): its warning may concern another ingredient)',
    );
    expect(boxedWarningCheck({ ...combo, boxedWarning: null, genericNames: ['NIVOLUMAB AND RELATLIMAB-RMBW'] }, 'unused')).toMatchObject({ status: 'absent', note: expect.stringContaining('NIVOLUMAB AND RELATLIMAB-RMBW') });
    // A salt is one ingredient.
    expect(boxedWarningCheck({ ...boxed, genericNames: ['IMATINIB MESYLATE'] }, 'unused').note).toBeUndefined();
  });
});

describe('why it could work here: one sentence from the data', () => {
  const ctx: RationaleContext = {
    disease: 'breast cancer',
    panel: new Set(['EGFR']),
    neighbours: new Map([['ERBB2', { gene: 'ERBB2', partnerOf: [{ gene: 'EGFR', score: 0.998 }], pathways: [{ id: 'R-HSA-1227986', name: 'Signaling by ERBB2', library: 'Reactome_2022', q: 3.1e-6 }] }]]),
    pathwaysOf: (g) => (g === 'EGFR' || g === 'ERBB2' ? [{ id: 'R-HSA-1227986', name: 'Signaling by ERBB2', library: 'Reactome_2022', q: 3.1e-6 }] : []),
    associations: new Map([
      ['EGFR', 0],
      ['ERBB2', 0.697],
    ]),
  };
  const genes = (extra: Partial<GeneDrugEvidence> = {}) => [
    { gene: 'EGFR', association: 0, candidates: [ot('CHEMBL553', 'ERLOTINIB', { stage: 'APPROVAL' }), ot('CHEMBL1173655', 'AFATINIB', { stage: 'APPROVAL' })] },
    { gene: 'ERBB2', association: 0.697, candidates: [ot('CHEMBL1173655', 'AFATINIB', { stage: 'APPROVAL' }), ot('CHEMBL2105719', 'DACOMITINIB', { stage: 'PHASE_3' })], ...extra },
  ];

  it('a panel gene: action, pathway with q, measured association, approved indications with their source', () => {
    const c = byName(run(genes(), {}, breast), 'ERLOTINIB');
    const ind = { approved: [{ name: 'non-small cell lung carcinoma', id: NSCLC.id, source: 'Open Targets indications' as const }], furthest: null };
    expect(rationale(c, ctx, ind)).toBe(
      'Inhibits EGFR, a panel gene in Signaling by ERBB2 (q = 3.1e-6); no Open Targets association with breast cancer; approved for non-small cell lung carcinoma (Open Targets indications).',
    );
  });

  it('a gene beyond the panel: how it was reached; a late-stage drug: how far it got and where', () => {
    const c = byName(run(genes(), {}, breast), 'DACOMITINIB');
    const ind = { approved: [], furthest: { name: 'non-small cell lung carcinoma', id: NSCLC.id, source: 'ChEMBL drug_indication' as const, phase: 3 } };
    expect(rationale(c, ctx, ind)).toBe(
      'Inhibits ERBB2, not in the panel: STRING partner of EGFR (0.998) and member of Signaling by ERBB2 (q = 3.1e-6); Open Targets association with breast cancer 0.70; reached phase 3 for non-small cell lung carcinoma (ChEMBL drug_indication).',
    );
  });

  it('leads with the panel gene of a drug on several targets, and a withdrawn drug says so instead of an indication', () => {
    const c = byName(run(genes(), { molecules: new Map([['CHEMBL1173655', molecule('CHEMBL1173655', { withdrawn: true })]]) }, breast), 'AFATINIB');
    expect(rationale(c, ctx, { approved: [], furthest: null })).toBe(
      // The other target is named with its association: the score takes it, and "no association" about
      // EGFR alone once read as the drug's.
      'Inhibits EGFR, a panel gene in Signaling by ERBB2 (q = 3.1e-6); no Open Targets association with breast cancer; also acts on ERBB2 (Open Targets association with breast cancer 0.70); withdrawn (ChEMBL withdrawn flag: withdrawn in at least one country): listed for reference, not as an option.',
    );
  });

  it('names up to two other targets, and which one holds the association that beats the lead\'s', () => {
    const multi = { targetGenes: ['EGFR', 'ERBB4', 'ERBB2', 'ERBB3', 'KDR'], interactionOnly: [], mechanisms: [], approved: true, withdrawn: false, withdrawnReason: null, maxPhase: 4, broaderApproval: null };
    const assoc = new Map([['EGFR', 0.2], ['ERBB4', 0.1], ['ERBB2', 0.697]]);
    expect(rationale(multi, { ...ctx, associations: assoc }, { approved: [], furthest: null })).toContain(
      '; Open Targets association with breast cancer 0.20; also acts on ERBB4, ERBB2 and 2 more (Open Targets association of ERBB2 with breast cancer 0.70); approved',
    );
    // A tiny listed association is not printed "0.00", which read as none.
    expect(rationale(multi, { ...ctx, associations: new Map([['EGFR', 0.003]]) }, { approved: [], furthest: null })).toContain('; Open Targets association with breast cancer 0.003;');
    // The lead's own association is the best: nothing more to say about the others.
    expect(rationale(multi, { ...ctx, associations: new Map([['EGFR', 0.9], ['ERBB2', 0.697]]) }, { approved: [], furthest: null })).toContain('; also acts on ERBB4, ERBB2 and 2 more; approved');
  });

  // Once "Acts on EGFR" for a drug DGIdb links to EGFR by a case report alone.
  it('never says "acts on" for a gene DGIdb alone links the drug to: it names the claim', () => {
    const c = byName(run([{ gene: 'EGFR', association: 0, interactions: [dgi('RIFAMPIN', { approved: true, sources: [['JAX-CKB', 'Expert curated']], responses: ['sensitive'] })] }], {}, breast), 'RIFAMPIN');
    expect(rationale(c, ctx, { approved: [], furthest: null })).toMatch(
      /^Linked to EGFR only by DGIdb claims \(response: sensitive; JAX-CKB; no curated mechanism\), a panel gene in Signaling by ERBB2/,
    );
    // A drug that acts on EGFR and is linked to ERBB2 by DGIdb claims alone: each said as it is.
    const both = byName(
      run([{ gene: 'EGFR', association: 0, candidates: [ot('CHEMBL553', 'ERLOTINIB', { stage: 'APPROVAL' })] }, { gene: 'ERBB2', association: 0.697, interactions: [dgi('ERLOTINIB', { chemblId: 'CHEMBL553', sources: [['CIViC', 'Expert curated']] })] }], {}, breast),
      'ERLOTINIB',
    );
    const text = rationale(both, ctx, { approved: [], furthest: null });
    expect(text).toMatch(/^Inhibits EGFR, .*; DGIdb claims alone also link it to ERBB2; /);
    expect(text).not.toMatch(/acts on ERBB2/);
    // The reported targets mark a gene only DGIdb claims link as such.
    const facts = { rationale: ctx, roles: new Map(), indications: { details: null, chembl: [] }, checks: { trials: trialsCheck(undefined, 'not asked'), boxedWarning: boxedWarningCheck(undefined, 'not asked') }, targetClaim: null };
    expect(candidateOut(c, 1, facts).targets).toEqual([{ gene: 'EGFR', inPanel: true, actionTypes: [], dgidbClaimOnly: true }]);
    expect(candidateOut(both, 1, facts).targets).toEqual([{ gene: 'EGFR', inPanel: true, actionTypes: ['INHIBITOR'] }]);
  });

  it('uses only per-gene curated actions for the verb (an untyped mechanism "acts on")', () => {
    const c = byName(run([{ gene: 'EGFR', association: null, candidates: [ot('CHEMBL5', 'X', { stage: 'APPROVAL', action: null })] }], {}, breast), 'X');
    expect(rationale(c, { ...ctx, associations: new Map() }, { approved: [], furthest: null })).toMatch(/^Acts on EGFR, a panel gene in Signaling by ERBB2 \(q = 3\.1e-6\); approved \(no approved indication named/);
  });

  it('ChEMBL-only approvals count as indications, Open Targets first, duplicates by name dropped', () => {
    const ind = approvedIndications(details('CHEMBL553', 'ERLOTINIB', [[NSCLC, 'APPROVAL']]), [chemblInd('CHEMBL553', 'EFO:0003060', 'Non-small cell lung carcinoma', 4), chemblInd('CHEMBL553', 'EFO:0002618', 'pancreatic carcinoma', 4), chemblInd('CHEMBL553', 'EFO:0005842', 'colorectal cancer', 2)]);
    expect(ind.map((i) => [i.name, i.source])).toEqual([
      ['non-small cell lung carcinoma', 'Open Targets indications'],
      ['pancreatic carcinoma', 'ChEMBL drug_indication'],
    ]);
  });
});
