// An approval for a disease below the context (a subtype) makes a drug tier I and leaves it out of
// the repurposing candidates (docs/methods.md, Tiers), but it is no approval for the disease asked.
// Reproduced: svc_prioritize_repurposing for "breast disease" (whose descendants include breast
// cancer) read "Already approved for the disease (not candidates): LAPATINIB, TRASTUZUMAB.",
// alreadyApproved[].indication the bare "breast cancer", and the tier reason "below or
// cross-referenced to the context disease", which does not tell a subtype from the same disease
// under another id. Each now names the subtype, as the target brief does.
import { describe, expect, it } from 'vitest';
import { tierOf, type MatchedIndication, type TierFacts } from '../../src/analysis/drug-tiers.js';
import { VIA_SUBTYPE } from '../../src/analysis/indication-subtype.js';
import { VIA_SUBTYPE as BRIEF_VIA_SUBTYPE } from '../../src/analysis/top-drugs.js';
import { selectRepurposing } from '../../src/analysis/repurposing.js';
import type { DrugCandidate } from '../../src/analysis/drug-candidates.js';
import { renderRepurpose } from '../../src/cli/render/repurpose.js';
import { alreadyApprovedFor } from '../../src/tools/repurposing/output.js';
import type { RepurposingOutput } from '../../src/tools/repurposing/schema.js';
import { summarizeRepurposing } from '../../src/tools/repurposing/summary.js';
import { BREAST, byName, details, ot, run } from '../support/drug-evidence.js';

const BREAST_DISEASE = { id: 'EFO_0009483', name: 'breast disease' };
/** The context "breast disease", breast cancer among its descendants (an Open Targets id, not a dbXRef). */
const breastDisease = { ids: [BREAST_DISEASE.id], name: BREAST_DISEASE.name, related: [BREAST.id] };
const row = (o: Partial<MatchedIndication>): MatchedIndication => ({ id: BREAST.id, name: BREAST.name, phase: 4, approved: true, source: 'Open Targets indications', via: VIA_SUBTYPE, level: 'below', ...o });
const facts = (matching: MatchedIndication[]): TierFacts => ({
  approved: true, approvedBy: 'Open Targets', withdrawn: false, withdrawnBy: null, interactionOnly: false, maxPhase: 4, matching,
  indicationsChecked: true, approvalsNamed: true, broaderApproval: null, genes: ['ERBB2'], actionTypes: ['INHIBITOR'], diseaseName: 'breast disease', phaseUnread: [],
});
const candidate = (name: string, matching: MatchedIndication[]) => ({ name, chemblId: `CHEMBL_${name}`, matchingIndications: matching }) as unknown as DrugCandidate;

function answer(alreadyApproved: RepurposingOutput['alreadyApproved']): RepurposingOutput {
  return {
    snapshotId: 'snap', diseaseContext: 'breast disease', diseaseMatches: [], genes: ['ERBB2'], unresolvedGenes: [], tierFilter: 'II', neighbourhood: null,
    candidates: [], candidatesTotal: 0, alreadyApproved, counts: { considered: 2, alreadyApproved: 2, earlyStage: 0, unchecked: 0, outsideTierFilter: 0 },
    integrity: { pmidsChecked: true, pmidsCited: 0, hallucinated: 0, retracted: 0, citeF1: null, groundedRatio: null, nliEnabled: false, entailmentMethod: 'none' },
    qualityScore: 0, qualityParts: {}, sources: [], warnings: [],
  } as unknown as RepurposingOutput;
}

describe('an approval for a subtype of the context', () => {
  it('is the target brief\'s "a subtype of the context disease"', () => {
    expect(VIA_SUBTYPE).toBe(BRIEF_VIA_SUBTYPE);
  });

  it('tier I, the reason naming the subtype as such', () => {
    const r = tierOf(facts([row({})]));
    expect(r).toEqual({ tier: 'I', reason: 'Approved for breast cancer (a subtype of breast disease; Open Targets indications), acting on ERBB2 (inhibitor).' });
  });

  it('an approval for the context itself is named before one for a subtype', () => {
    const r = tierOf(facts([row({}), row({ id: 'EFO:0009483', name: 'breast disease', via: 'a cross-reference of the context disease', level: 'context', source: 'ChEMBL drug_indication' })]));
    expect(r.reason).toBe('Approved for breast disease (ChEMBL drug_indication; a cross-reference of the context disease), acting on ERBB2 (inhibitor).');
  });

  it('alreadyApproved[].indication names the subtype and the disease; the context itself stays bare', () => {
    expect(alreadyApprovedFor('breast disease')(candidate('LAPATINIB', [row({})]))).toEqual({ name: 'LAPATINIB', chemblId: 'CHEMBL_LAPATINIB', indication: 'breast cancer (a subtype of breast disease)', source: 'Open Targets indications' });
    const both = candidate('TRASTUZUMAB', [row({}), row({ id: BREAST_DISEASE.id, name: 'breast disease', via: 'the context disease', level: 'context' })]);
    expect(alreadyApprovedFor('breast disease')(both).indication).toBe('breast disease');
  });

  it('the text lists it apart from the drugs approved for the disease, with the subtype', () => {
    const r = answer([
      { name: 'LAPATINIB', chemblId: 'CHEMBL554', indication: 'breast cancer (a subtype of breast disease)', source: 'Open Targets indications' },
      { name: 'TAMOXIFEN', chemblId: 'CHEMBL83', indication: 'breast disease', source: 'Open Targets indications' },
    ]);
    const text = summarizeRepurposing(r as never);
    expect(text).toContain('Already approved for the disease (not candidates): TAMOXIFEN.');
    expect(text).toContain('Approved for a subtype of breast disease, not for it as such (not candidates): LAPATINIB (breast cancer).');
    expect(text).not.toMatch(/Already approved for the disease[^\n]*LAPATINIB/);
    const cli = renderRepurpose(r);
    expect(cli).toContain('Already approved for breast disease (not candidates): TAMOXIFEN (breast disease; Open Targets indications)');
    expect(cli).toContain('Approved for a subtype of breast disease, not for it as such (not candidates): LAPATINIB (breast cancer; Open Targets indications)');
  });
});

// End to end through the drug engine: needs drug-indications.ts matchIndications to write VIA_SUBTYPE
// as the `via` of a row for a descendant of the context (it wrote "below or cross-referenced to the
// context disease" for a descendant and a cross-reference alike).
describe('breast cancer approvals under the context "breast disease"', () => {
  const genes = [{ gene: 'ERBB2', association: 0.5, candidates: [ot('CHEMBL554', 'LAPATINIB', { stage: 'APPROVAL' })] }];
  const list = () => run(genes, { drugs: new Map([['CHEMBL554', details('CHEMBL554', 'LAPATINIB', [[BREAST, 'APPROVAL']])]]) }, breastDisease);

  it('tier I, already approved, said to be for a subtype in the reason, the JSON and the text', () => {
    const c = byName(list(), 'LAPATINIB');
    expect(c).toMatchObject({ tier: 'I', indicatedForDisease: true });
    expect(c.tierReason).toBe('Approved for breast cancer (a subtype of breast disease; Open Targets indications), acting on ERBB2 (inhibitor).');
    const s = selectRepurposing(list(), { indicationsChecked: () => true, tierFilter: 'all' });
    const out = s.alreadyApproved.map(alreadyApprovedFor('breast disease'));
    expect(out).toEqual([{ name: 'LAPATINIB', chemblId: 'CHEMBL554', indication: 'breast cancer (a subtype of breast disease)', source: 'Open Targets indications' }]);
    expect(summarizeRepurposing(answer(out) as never)).not.toContain('Already approved for the disease');
  });

  it('a cross-reference of the context (ChEMBL\'s EFO:... spelling of it) is no subtype', () => {
    const xref = { ...breastDisease, related: [BREAST.id, 'EFO:0000305'] };
    const drugs = new Map([['CHEMBL554', details('CHEMBL554', 'LAPATINIB', [[{ id: 'EFO_0000305', name: 'breast disease (EFO)' }, 'APPROVAL']])]]);
    const c = byName(run(genes, { drugs }, xref), 'LAPATINIB');
    expect(c.tier).toBe('I');
    expect(c.tierReason).not.toContain('subtype');
  });
});
