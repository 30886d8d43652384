// What the records say about the disease asked, read before any other indication: a drug withdrawn
// for that very disease (bevacizumab, breast cancer: FDA approval revoked in 2011) is said to be, and
// its withdrawal outranks an approval row another record keeps (ChEMBL's max_phase_for_ind stays at
// the furthest phase reached); an approved drug whose records cannot say where it is approved may
// already be approved here, whatever phase a record gives for the disease (docs/methods.md, Tiers);
// and a drug no withdrawal record was read for is "not known", never silently "not withdrawn".
import { describe, expect, it } from 'vitest';
import { type GeneDrugEvidence } from '../../src/analysis/drug-candidates.js';
import { clinicalStanding } from '../../src/analysis/evidence-brief.js';
import { boxedWarningCheck, rationale, selectRepurposing, trialsCheck } from '../../src/analysis/repurposing.js';
import { parseDrugsDetails } from '../../src/sources/opentargets.js';
import { candidateOut } from '../../src/tools/repurposing/output.js';
import { candidateOut as insightsCandidateOut } from '../../src/tools/shared/panel-analysis/output.js';
import { renderInsights } from '../../src/cli/render/insights.js';
import { drugsSection } from '../../src/report/drugs.js';
import { candidateView } from '../../src/tools/shared/panel-analysis/compact-items.js';
import { summarizeInsights } from '../../src/tools/insights/summary.js';
import { compactInsights } from '../../src/tools/insights/compact.js';
import { insightsResult } from '../fixtures/report/insights-result.js';
import { BREAST, byName, chemblInd, details, molecule, NSCLC, ot, run } from '../support/drug-evidence.js';

const breast = { ids: [BREAST.id], name: BREAST.name, related: ['EFO:0000305'] }; // Open Targets writes a cross-reference EFO:..., a descendant MONDO_...
const genes: GeneDrugEvidence[] = [{ gene: 'EGFR', association: 0.4, candidates: [ot('CHEMBL553', 'ERLOTINIB', { stage: 'APPROVAL' })] }];
const withdrawnHere = details('CHEMBL553', 'ERLOTINIB', [[NSCLC, 'APPROVAL'], [BREAST, 'WITHDRAWAL']]);
const ctx = { disease: 'breast cancer', panel: new Set(['EGFR']), neighbours: new Map(), pathwaysOf: () => [], associations: new Map() };

describe('withdrawn for the disease asked', () => {
  it('says so in the tier reason and the rationale, never "no indication recorded" for it', () => {
    const c = byName(run(genes, { drugs: new Map([['CHEMBL553', withdrawnHere]]) }, breast), 'ERLOTINIB');
    expect(c).toMatchObject({ tier: 'II', approved: true, indicatedForDisease: false });
    expect(c.tierReason).toBe(
      'Approved (Open Targets), but withdrawn for breast cancer (Open Targets indications record breast cancer at stage WITHDRAWAL): not a new indication here, and the records do not say whether it is still marketed elsewhere for it; acting on EGFR (inhibitor).',
    );
    expect(c.tierReason).not.toMatch(/no indication recorded|repurposing candidate/);
    const ind = { approved: [{ name: NSCLC.name, id: NSCLC.id, source: 'Open Targets indications' as const }], furthest: null };
    expect(rationale(c, ctx, ind)).toMatch(/; approved for non-small cell lung carcinoma \(Open Targets indications\), but withdrawn for breast cancer \(Open Targets indications\)\.$/);
  });

  it('outranks an approval ChEMBL drug_indication keeps for it: not tier I, both sources said', () => {
    const chemblIndications = new Map([['CHEMBL553', [chemblInd('CHEMBL553', 'EFO:0000305', 'breast carcinoma', 4)]]]);
    const list = run(genes, { drugs: new Map([['CHEMBL553', withdrawnHere]]), chemblIndications, molecules: new Map([['CHEMBL553', molecule('CHEMBL553', { maxPhase: 4 })]]) }, breast);
    const c = byName(list, 'ERLOTINIB');
    expect(c).toMatchObject({ tier: 'II', indicatedForDisease: false });
    expect(c.tierReason).toMatch(
      /^Approved \(Open Targets\), but withdrawn for breast cancer \(Open Targets indications record breast cancer at stage WITHDRAWAL; ChEMBL drug_indication records an approval for breast carcinoma, the furthest phase it reached, which that withdrawal outranks\)/,
    );
    expect(c.matchingIndications.find((m) => m.source === 'ChEMBL drug_indication')).toMatchObject({ approved: false, phase: null, name: expect.stringMatching(/^breast carcinoma \(ChEMBL drug_indication records its approval; Open Targets records the withdrawal\)$/) });
    expect(clinicalStanding({ ...c, curated: true }, 'breast cancer')).not.toContain(': an established option');
    // Not "already approved" for the repurposing tool: listed, with the withdrawal said.
    expect(selectRepurposing(list, { indicationsChecked: () => true, tierFilter: 'all' }).alreadyApproved).toEqual([]);
    expect(rationale(c, ctx, { approved: [], furthest: null })).toMatch(/but withdrawn for breast cancer \(Open Targets indications; ChEMBL drug_indication still records an approval, outranked\)\.$/);
  });

  it('leaves an Open Targets approval for another disease of the context (a subtype) standing', () => {
    const subtype = { id: 'MONDO_0006244', name: 'HER2-positive breast carcinoma' };
    const both = details('CHEMBL553', 'ERLOTINIB', [[subtype, 'APPROVAL'], [BREAST, 'WITHDRAWAL']]);
    const c = byName(run(genes, { drugs: new Map([['CHEMBL553', both]]) }, { ...breast, related: [subtype.id] }), 'ERLOTINIB');
    expect(c).toMatchObject({ tier: 'I', indicatedForDisease: true });
  });
});

describe('approved, but no record names where: may already be approved here, whatever phase it reached here', () => {
  // ChEMBL max_phase 4 with no approved indication named; Open Targets phase 2 for breast cancer.
  const phase2 = [{ gene: 'EGFR', association: 0.4, candidates: [ot('CHEMBL7', 'QUIETINIB', { stage: 'PHASE_2' })] }];
  const input = { drugs: new Map([['CHEMBL7', details('CHEMBL7', 'QUIETINIB', [[BREAST, 'PHASE_2']])]]), chemblIndications: new Map([['CHEMBL7', []]]), molecules: new Map([['CHEMBL7', molecule('CHEMBL7', { maxPhase: 4 })]]) };

  it('reads "may already be approved", with the phase reached here beside it, not "investigational"', () => {
    const c = byName(run(phase2, input, breast), 'QUIETINIB');
    expect(c).toMatchObject({ tier: 'II', approved: true, approvalsKnown: false });
    expect(c.tierReason).toBe(
      'Approved (ChEMBL max_phase 4), but no source names where, so it may already be approved for breast cancer; it reached phase 2 for breast cancer (Open Targets indications); acting on EGFR (inhibitor).',
    );
  });

  it('an approval for a disease above the context with phase 2 here: the label may already cover it', () => {
    const NEOPLASM = { id: 'EFO_0000616', name: 'neoplasm' };
    const above = { ...breast, ancestors: [NEOPLASM.id] };
    const drugs = new Map([['CHEMBL7', details('CHEMBL7', 'QUIETINIB', [[NEOPLASM, 'APPROVAL'], [BREAST, 'PHASE_2']])]]);
    const c = byName(run(phase2, { ...input, drugs }, above), 'QUIETINIB');
    expect(c).toMatchObject({ tier: 'II', approvalsKnown: false });
    expect(c.tierReason).toMatch(/^Approved for neoplasm \(Open Targets indications\), a broader disease that includes breast cancer: .* may already cover breast cancer, so check it before calling this repurposing; it reached phase 2 for breast cancer \(Open Targets indications\); acting on EGFR/);
  });
});

describe('withdrawal not read is not "not withdrawn"', () => {
  const approved = [{ gene: 'EGFR', association: 0.4, candidates: [ot('CHEMBL553', 'ERLOTINIB', { stage: 'APPROVAL' })] }];
  const noWarnings = { ...details('CHEMBL553', 'ERLOTINIB', [[NSCLC, 'APPROVAL']]), warnings: null };

  it('parses a missing or null drugWarnings field as not known, an empty list as none recorded', () => {
    const drug = (extra: object) => ({ id: 'CHEMBL553', name: 'ERLOTINIB', drugType: 'Small molecule', maximumClinicalStage: 'APPROVAL', indications: { rows: [] }, ...extra });
    const parsed = parseDrugsDetails({ drugs: [drug({}), { ...drug({ drugWarnings: null }), id: 'CHEMBL1' }, { ...drug({ drugWarnings: [] }), id: 'CHEMBL2' }] }, ['CHEMBL553', 'CHEMBL1', 'CHEMBL2']);
    expect([...parsed.values()].map((d) => d?.warnings)).toEqual([null, null, []]);
  });

  it('says so when neither the ChEMBL molecule nor Open Targets warnings were read, and the repurposing safety too', () => {
    const c = byName(run(approved, { drugs: new Map([['CHEMBL553', noWarnings]]) }, breast), 'ERLOTINIB');
    expect(c).toMatchObject({ withdrawn: false, withdrawalChecked: false });
    expect(c.tierReason).toMatch(/; whether it was withdrawn is not known \(neither its ChEMBL molecule record nor Open Targets' drug warnings were read\)\.$/);
    const facts = { rationale: ctx, indications: { details: null, chembl: [] }, checks: { trials: trialsCheck(undefined, 'not asked'), boxedWarning: boxedWarningCheck(undefined, 'not asked') }, targetClaim: null };
    expect(candidateOut(c, 1, facts).safety).toMatchObject({ withdrawn: false, withdrawnReason: expect.stringMatching(/^not checked: whether it was withdrawn is not known/) });
    // Either record read: checked, and nothing is said.
    for (const extra of [{ drugs: new Map([['CHEMBL553', { ...noWarnings, warnings: [] }]]) }, { drugs: new Map([['CHEMBL553', noWarnings]]), molecules: new Map([['CHEMBL553', molecule('CHEMBL553', { maxPhase: 4 })]]) }]) {
      const read = byName(run(approved, extra, breast), 'ERLOTINIB');
      expect(read.withdrawalChecked).toBe(true);
      expect(read.tierReason).not.toContain('withdrawn is not known');
      expect(candidateOut(read, 1, facts).safety.withdrawnReason).toBeNull();
      expect(insightsCandidateOut(read, undefined).withdrawnReason).toBeNull();
    }
  });

  it('says so in the insights result, its table and the HTML report, as "withdrawn" is', () => {
    const c = byName(run(approved, { drugs: new Map([['CHEMBL553', noWarnings]]) }, breast), 'ERLOTINIB');
    const out = insightsCandidateOut(c, undefined);
    expect(out).toMatchObject({ withdrawn: false, status: 'approved', withdrawnReason: expect.stringMatching(/^not checked: whether it was withdrawn is not known/) });
    const result = { ...insightsResult, drugCandidates: [out, ...insightsResult.drugCandidates] };
    const table = renderInsights(result).replace(/\x1b\[[0-9;]*m/g, '');
    expect(table).toMatch(/ERLOTINIB \[withdrawal not known\]\s+II\s/);
    expect(drugsSection(result).value).toMatch(/<strong>ERLOTINIB<\/strong>.*? · approved · withdrawal not known<\/div>/);
    // The compact answer (what a model reads) and its text: withdrawn null, "withdrawal not known".
    const compact = candidateView(out);
    expect(compact.withdrawn).toBeNull();
    const text = summarizeInsights({ ...(compactInsights(result as never) as object), drugCandidates: [compact] } as never);
    expect(text).toContain('ERLOTINIB (tier II, ');
    expect(text).toMatch(/ERLOTINIB \(tier II, [0-9.]+, withdrawal not known\)/);
  });
});

describe('a withdrawal above the context, or beside a subtype approval, is said whatever the source', () => {
  // HER2-positive breast carcinoma below breast cancer (MONDO_0007254) and breast carcinoma (EFO_0000305).
  const HER2 = { id: 'MONDO_0006244', name: 'HER2-positive breast carcinoma' };
  const her2 = { ids: [HER2.id], name: HER2.name, ancestors: [BREAST.id, 'EFO_0000305'] };
  const aboveWithdrawn = details('CHEMBL553', 'ERLOTINIB', [[NSCLC, 'APPROVAL'], [BREAST, 'WITHDRAWAL']]);

  it('a withdrawal for a disease above the context is said, never "no indication recorded"', () => {
    const c = byName(run(genes, { drugs: new Map([['CHEMBL553', aboveWithdrawn]]) }, her2), 'ERLOTINIB');
    expect(c).toMatchObject({ tier: 'II', indicatedForDisease: false, broaderApproval: null });
    expect(c.tierReason).toMatch(
      /^Approved \(Open Targets\), but withdrawn for breast cancer, a broader disease that includes HER2-positive breast carcinoma \(Open Targets indications record breast cancer at stage WITHDRAWAL\): not a new indication here/,
    );
    expect(c.tierReason).not.toContain('no indication recorded');
    expect(clinicalStanding({ ...c, curated: true }, HER2.name)).toMatch(/^withdrawn for breast cancer, a broader disease that includes HER2-positive breast carcinoma/);
    expect(rationale(c, { ...ctx, disease: HER2.name }, { approved: [{ name: NSCLC.name, id: NSCLC.id, source: 'Open Targets indications' }], furthest: null })).toMatch(
      /, but withdrawn for breast cancer, a broader disease that includes HER2-positive breast carcinoma \(Open Targets indications\)\.$/,
    );
  });

  it('outranks a ChEMBL approval for that broader disease: no "label may already cover" from it', () => {
    const chemblIndications = new Map([['CHEMBL553', [chemblInd('CHEMBL553', 'EFO:0000305', 'breast carcinoma', 4)]]]);
    const c = byName(run(genes, { drugs: new Map([['CHEMBL553', aboveWithdrawn]]), chemblIndications }, her2), 'ERLOTINIB');
    expect(c).toMatchObject({ tier: 'II', broaderApproval: null, approvalsKnown: true });
    expect(c.tierReason).toMatch(
      /^Approved \(Open Targets\), but withdrawn for breast cancer, a broader disease that includes HER2-positive breast carcinoma \(Open Targets indications record breast cancer at stage WITHDRAWAL; ChEMBL drug_indication records an approval for breast carcinoma, the furthest phase it reached, which that withdrawal outranks\)/,
    );
    expect(c.tierReason).not.toContain('may already cover');
    // An Open Targets approval for another disease above (a tissue-agnostic label) still stands beside it.
    const NEOPLASM = { id: 'EFO_0000616', name: 'neoplasm' };
    const agnostic = details('CHEMBL553', 'ERLOTINIB', [[NEOPLASM, 'APPROVAL'], [BREAST, 'WITHDRAWAL']]);
    const d = byName(run(genes, { drugs: new Map([['CHEMBL553', agnostic]]) }, { ...her2, ancestors: [...her2.ancestors, NEOPLASM.id] }), 'ERLOTINIB');
    expect(d.broaderApproval).toMatchObject({ name: 'neoplasm' });
  });

  it('a subtype approval beside a withdrawal for the context: the same tier and the withdrawal said, from Open Targets or ChEMBL', () => {
    const TNBC = { id: 'MONDO_0005494', name: 'triple-negative breast cancer' };
    const context = { ...breast, related: ['EFO:0000305', TNBC.id] };
    const fromOt = byName(run(genes, { drugs: new Map([['CHEMBL553', details('CHEMBL553', 'ERLOTINIB', [[TNBC, 'APPROVAL'], [BREAST, 'WITHDRAWAL']])]]) }, context), 'ERLOTINIB');
    const fromChembl = byName(
      run(genes, { drugs: new Map([['CHEMBL553', details('CHEMBL553', 'ERLOTINIB', [[NSCLC, 'APPROVAL'], [BREAST, 'WITHDRAWAL']])]]), chemblIndications: new Map([['CHEMBL553', [chemblInd('CHEMBL553', TNBC.id, TNBC.name, 4)]]]) }, context),
      'ERLOTINIB',
    );
    for (const c of [fromOt, fromChembl]) {
      expect(c).toMatchObject({ tier: 'I', indicatedForDisease: true });
      expect(c.tierReason).toMatch(/^Approved for triple-negative breast cancer \(.*\), but withdrawn for breast cancer \(Open Targets indications record breast cancer at stage WITHDRAWAL\): check its current label for breast cancer; acting on EGFR/);
      const standing = clinicalStanding({ ...c, curated: true }, 'breast cancer');
      expect(standing).toMatch(/^approved for triple-negative breast cancer, but withdrawn for breast cancer/);
      expect(standing).not.toContain('an established option');
    }
    // The ChEMBL subtype row stands: its own id in Open Targets' ontology, not the withdrawn disease's.
    expect(fromChembl.matchingIndications.find((m) => m.source === 'ChEMBL drug_indication')).toMatchObject({ approved: true });
  });
});

describe('the repurposing output lists no approval a withdrawal outranked', () => {
  it('drops ChEMBL\'s breast carcinoma approval beside Open Targets\' breast cancer withdrawal, and names each source', () => {
    const d = details('CHEMBL553', 'ERLOTINIB', [[NSCLC, 'APPROVAL'], [BREAST, 'WITHDRAWAL']]);
    const chembl = [chemblInd('CHEMBL553', 'EFO:0000305', 'breast carcinoma', 4), chemblInd('CHEMBL553', 'EFO:0002618', 'pancreatic carcinoma', 4)];
    const c = byName(run(genes, { drugs: new Map([['CHEMBL553', d]]), chemblIndications: new Map([['CHEMBL553', chembl]]) }, breast), 'ERLOTINIB');
    const facts = { rationale: ctx, indications: { details: d, chembl }, checks: { trials: trialsCheck(undefined, 'not asked'), boxedWarning: boxedWarningCheck(undefined, 'not asked') }, targetClaim: null };
    const out = candidateOut(c, 1, facts);
    expect(out.approvedIndications.map((i) => i.name)).toEqual(['non-small cell lung carcinoma', 'pancreatic carcinoma']);
    expect(out.rationale).toMatch(
      /; approved for non-small cell lung carcinoma \(Open Targets indications\) and pancreatic carcinoma \(ChEMBL drug_indication\), but withdrawn for breast cancer \(Open Targets indications; ChEMBL drug_indication still records an approval, outranked\)\.$/,
    );
  });
});
