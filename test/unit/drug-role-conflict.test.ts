// A drug whose curated action contradicts its target's role (an activator of an oncogene, an
// inhibitor of a tumour suppressor; the rule of the strategies, drug-roles.ts): it earns no
// directness, ranks below the drugs of its tier without a conflict, and says so wherever it is
// listed (tier reason, insights text, `biointel analyze`). A reviewer found AFATINIB, given a ChEMBL
// ACTIVATOR mechanism on EGFR (an oncogene), ranked first with its score raised 0.70 -> 0.77.
import { describe, expect, it } from 'vitest';
import { rankCountedFirst, rankForTier, type GeneDrugEvidence } from '../../src/analysis/drug-candidates.js';
import { clinicalStanding } from '../../src/analysis/evidence-brief.js';
import { geneRoleOf } from '../../src/analysis/gene-role.js';
import { renderInsights } from '../../src/cli/render/insights.js';
import { drugsSection } from '../../src/report/drugs.js';
import { compactInsights } from '../../src/tools/insights/compact.js';
import { summarizeInsights } from '../../src/tools/insights/summary.js';
import { candidateOut } from '../../src/tools/shared/panel-analysis/output.js';
import { insightsResult } from '../fixtures/report/insights-result.js';
import { BREAST, byName, details, mech, molecule, NSCLC, ot, run } from '../support/drug-evidence.js';

const breast = { ids: [BREAST.id], name: BREAST.name };
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
const roleOf = (gene: string, description: string) => geneRoleOf(gene, { attributes: [{ name: 'role in cancer', description, pmid: null }], cancerHallmarks: [] }, true);

// AFATINIB: Open Targets rows on EGFR and ERBB2 without an action type, plus (with `activator`) a
// ChEMBL ACTIVATOR mechanism on EGFR; ERLOTINIB inhibits EGFR. Both approved for NSCLC only.
function world(o: { activator: boolean; roles: boolean }): GeneDrugEvidence[] {
  const afatinib = ot('CHEMBL1173655', 'AFATINIB', { stage: 'APPROVAL', action: null });
  return [
    {
      gene: 'EGFR',
      association: 0.4,
      candidates: [afatinib, ot('CHEMBL553', 'ERLOTINIB', { stage: 'APPROVAL' })],
      ...(o.activator ? { mechanisms: [mech('CHEMBL1173655', { action: 'ACTIVATOR' })] } : {}),
      ...(o.roles ? { role: roleOf('EGFR', 'oncogene') } : {}),
    },
    { gene: 'ERBB2', association: 0.7, candidates: [afatinib], ...(o.roles ? { role: roleOf('ERBB2', 'oncogene') } : {}) },
  ];
}
const extra = {
  drugs: new Map([
    ['CHEMBL1173655', details('CHEMBL1173655', 'AFATINIB', [[NSCLC, 'APPROVAL']])],
    ['CHEMBL553', details('CHEMBL553', 'ERLOTINIB', [[NSCLC, 'APPROVAL']])],
  ]),
  molecules: new Map([
    ['CHEMBL1173655', molecule('CHEMBL1173655', { maxPhase: 4, qed: 0.9 })],
    ['CHEMBL553', molecule('CHEMBL553', { maxPhase: 4, qed: 0.3 })],
  ]),
};

describe('an action against the target role', () => {
  const withRoles = run(world({ activator: true, roles: true }), extra, breast);
  const afatinib = byName(withRoles, 'AFATINIB');

  it('does not raise the score: the activated oncogene earns no directness, and the factor says why', () => {
    const without = byName(run(world({ activator: false, roles: true }), extra, breast), 'AFATINIB');
    expect(afatinib.factors.mechanismDirectness.value).toBe(without.factors.mechanismDirectness.value);
    expect(afatinib.score).toBe(without.score);
    expect(afatinib.factors.mechanismDirectness.detail).toMatch(/; not counted: its action contradicts the role of EGFR: activates EGFR, which the data call an oncogene: contrary to the direction \(EGFR is an oncogene \(COSMIC/);
    // Acting against its only target's role: 0, not the 1.0 a curated direction gets.
    const only = run([{ gene: 'EGFR', association: 0.4, candidates: [ot('CHEMBL9', 'AGONIX', { stage: 'APPROVAL', action: 'AGONIST' })], role: roleOf('EGFR', 'oncogene') }], {}, breast);
    expect(byName(only, 'AGONIX').factors.mechanismDirectness).toMatchObject({ value: 0, detail: expect.stringMatching(/^0: its action contradicts the role of EGFR: activates EGFR/) });
  });

  it('is named in the candidate and at the end of its tier reason', () => {
    expect(afatinib.roleConflicts).toEqual([{ gene: 'EGFR', reason: expect.stringMatching(/^activates EGFR, which the data call an oncogene/) }]);
    expect(afatinib.tierReason).toMatch(/a repurposing candidate acting on EGFR, ERBB2 \(activator\); against its target's role: activates EGFR, which the data call an oncogene: contrary to the direction \(EGFR is an oncogene \(COSMIC via Open Targets hallmarks\)\)\.$/);
    expect(byName(withRoles, 'ERLOTINIB')).toMatchObject({ roleConflicts: [] });
  });

  it('invents no conflict without role data (the activator then counts as a curated direction)', () => {
    const noRoles = byName(run(world({ activator: true, roles: false }), extra, breast), 'AFATINIB');
    expect(noRoles.roleConflicts).toEqual([]);
    expect(noRoles.factors.mechanismDirectness.value).toBe(1);
  });

  it('ranks the drug below the drugs of its tier without a conflict, whatever its score', () => {
    // Its drug-likeness (QED 0.9) keeps AFATINIB's score above ERLOTINIB's (0.3): the order is the conflict's.
    expect(afatinib.score).toBeGreaterThan(byName(withRoles, 'ERLOTINIB').score);
    expect(afatinib.tier).toBe(byName(withRoles, 'ERLOTINIB').tier);
    expect(rankForTier(withRoles, 'all').map((c) => c.name)).toEqual(['ERLOTINIB', 'AFATINIB']);
    expect(rankCountedFirst(withRoles).map((c) => c.name)).toEqual(['ERLOTINIB', 'AFATINIB']);
    // Literature counted for the conflicting drug only does not lift it over one without a conflict.
    const counted = withRoles.map((c) => (c.name === 'AFATINIB' ? { ...c, factors: { ...c.factors, literatureSupport: { ...c.factors.literatureSupport, value: 0.5 } } } : c));
    expect(rankCountedFirst(counted).map((c) => c.name)).toEqual(['ERLOTINIB', 'AFATINIB']);
  });

  it('is marked, with withdrawn drugs, in the insights text top five and the `biointel analyze` table', () => {
    const withdrawn = byName(run(world({ activator: false, roles: true }), { ...extra, molecules: new Map([['CHEMBL553', molecule('CHEMBL553', { maxPhase: 4, withdrawn: true })]]) }, breast), 'ERLOTINIB');
    const result = { ...insightsResult, drugCandidates: [candidateOut(afatinib, undefined), candidateOut(withdrawn, undefined), ...insightsResult.drugCandidates] };
    const text = summarizeInsights(compactInsights(result));
    expect(text).toContain(`AFATINIB (tier II, ${afatinib.score.toFixed(2)}, acts against the role of EGFR)`);
    expect(text).toContain(`ERLOTINIB (tier III, ${withdrawn.score.toFixed(2)}, withdrawn)`);
    const table = plain(renderInsights(result));
    expect(table).toMatch(/AFATINIB \[role conflict\]\s+II\s/);
    expect(table).toMatch(/ERLOTINIB \[withdrawn\]\s+III\s/);
    expect(table).toContain('! AFATINIB: acts against its target\'s role: activates EGFR, which the data call an oncogene');
    expect(table).toContain('! ERLOTINIB: withdrawn (ChEMBL withdrawn flag)');
    // A drug with neither is not marked.
    expect(table).not.toMatch(/LAPATINIB \[/);
    // The HTML report's row says it beside the status, as it says "withdrawn".
    const report = drugsSection(result).value;
    expect(report).toMatch(/<strong>AFATINIB<\/strong>.*? · approved · acts against the role of EGFR<\/div>/);
    expect(report).toMatch(/<strong>ERLOTINIB<\/strong>.*? · withdrawn<\/div>/);
  });

  it('is said in the evidence brief\'s clinician wording, never "a repurposing hypothesis"', () => {
    const only = byName(run([{ gene: 'EGFR', association: 0.4, candidates: [ot('CHEMBL9', 'AGONIX', { stage: 'APPROVAL', action: 'AGONIST' })], role: roleOf('EGFR', 'oncogene') }], { drugs: new Map([['CHEMBL9', details('CHEMBL9', 'AGONIX', [[NSCLC, 'APPROVAL']])]]) }, breast), 'AGONIX');
    const standing = clinicalStanding({ ...only, curated: true }, 'breast cancer');
    expect(standing).toBe("acts against EGFR's role (an oncogene activated): not a repurposing hypothesis for it, whatever its standing elsewhere");
    // Without role data the wording is the tier's.
    expect(clinicalStanding({ ...only, roleConflicts: [], curated: true }, 'breast cancer')).toMatch(/: a repurposing hypothesis, not an established option$/);
  });

  it('ranks lower for a conflict on the target its association rests on, or on every target it acts on; not for one on a side target', () => {
    // MULTINIB inhibits EGFR (an oncogene: fits) and TP53 (a tumour suppressor: conflicts); MODULIB modulates EGFR.
    const multinib = ot('CHEMBL5', 'MULTINIB', { stage: 'APPROVAL' });
    const modulib = ot('CHEMBL6', 'MODULIB', { stage: 'APPROVAL', action: 'MODULATOR' });
    const panel = (egfr: number, tp53: number): GeneDrugEvidence[] => [
      { gene: 'EGFR', association: egfr, candidates: [multinib, modulib], role: roleOf('EGFR', 'oncogene') },
      { gene: 'TP53', association: tp53, candidates: [multinib], role: roleOf('TP53', 'TSG') },
    ];
    const lead = run(panel(0.9, 0.2), {}, breast);
    expect(byName(lead, 'MULTINIB').roleConflicts.map((x) => x.gene)).toEqual(['TP53']);
    expect(byName(lead, 'MULTINIB').score).toBeGreaterThan(byName(lead, 'MODULIB').score);
    expect(rankForTier(lead, 'all').map((c) => c.name)).toEqual(['MULTINIB', 'MODULIB']);
    expect(rankCountedFirst(lead).map((c) => c.name)).toEqual(['MULTINIB', 'MODULIB']);
    // The conflict still said where it is listed.
    expect(byName(lead, 'MULTINIB').tierReason).toContain("against its target's role: inhibits TP53, a tumour suppressor");
    // Its association resting on TP53: the conflict ranks it lower, whatever its score.
    const onLead = run(panel(0.2, 0.9), {}, breast);
    expect(rankForTier(onLead, 'all').map((c) => c.name)).toEqual(['MODULIB', 'MULTINIB']);
    // No association known: which target it rests on is not known, so it ranks lower.
    expect(rankForTier(run(panel(0, 0), {}, breast), 'all').map((c) => c.name)).toEqual(['MODULIB', 'MULTINIB']);
  });
});
