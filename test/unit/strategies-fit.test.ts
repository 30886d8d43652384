// A strategy's title and rationale count the drugs whose action fits its direction apart from drugs
// whose action on the gene is unknown. "Restore TP53 function" once stood on a single binding agent
// ("1 usable drug candidate"), only its flag saying the action was unknown; and a significant
// pathway whose only drugs act against their gene's role counted as druggable, so it was never an
// open opportunity while the gene's own strategy said "no usable drug".
import { describe, expect, it } from 'vitest';
import { buildDrugCandidates } from '../../src/analysis/drug-candidates.js';
import type { EnrichmentRow } from '../../src/analysis/enrichment.js';
import { geneRoleOf, type Hallmarks } from '../../src/analysis/gene-role.js';
import { buildStrategies } from '../../src/analysis/strategies.js';
import { colorectal, ot } from '../support/drug-evidence.js';

const role = (description: string): Hallmarks => ({ attributes: [{ name: 'role in cancer', description, pmid: '123' }], cancerHallmarks: [] });
const pathway = (name: string, genes: string[]): EnrichmentRow =>
  ({ id: name, name, library: 'L', overlapGenes: genes, k: genes.length, K: 10, n: 3, N: 100, oddsRatio: 5, p: 1e-5, q: 1e-4, significant: true }) as EnrichmentRow;

describe('the strategy title and rationale follow the drugs whose action fits', () => {
  const tp53 = new Map([['TP53', geneRoleOf('TP53', role('TSG'), true)]]);
  const egfr = new Map([['EGFR', geneRoleOf('EGFR', role('oncogene'), true)]]);
  const binder = buildDrugCandidates({ genes: [{ gene: 'TP53', association: 0.9, candidates: [ot('CHEMBL92', 'TP53BINDER', { stage: 'PHASE_2', action: 'BINDING AGENT' })] }], disease: colorectal });

  it('says "Restore" only with a drug that restores or activates; a binder of unknown action is counted apart', () => {
    const s = buildStrategies({ pathways: [], candidates: binder, roles: tp53, genes: ['TP53'] })[0]!;
    expect(s.strategy).toBe('Restore TP53 function or exploit its loss (synthetic lethality)');
    expect(s.rationale).not.toMatch(/usable drug/);
    expect(s.rationale).toContain('no drug among the candidates restores its function; 1 drug candidate acts on TP53 with an action not known to restore it: TP53BINDER (BINDING AGENT; tier III, phase 2); drugs that exploit its loss act on other genes');
    expect(s.drugs).toEqual([expect.objectContaining({ name: 'TP53BINDER', flag: 'action type unknown or mixed: fit with the direction not established' })]);
  });

  it('with a stabiliser beside the binder: "Restore", the stabiliser counted as usable, the binder apart', () => {
    const both = buildDrugCandidates({
      genes: [{ gene: 'TP53', association: 0.9, candidates: [ot('CHEMBL92', 'TP53BINDER', { stage: 'PHASE_2', action: 'BINDING AGENT' }), ot('CHEMBL93', 'REACTIVATOR', { stage: 'PHASE_1', action: 'STABILISER' })] }],
      disease: colorectal,
    });
    const s = buildStrategies({ pathways: [], candidates: both, roles: tp53, genes: ['TP53'] })[0]!;
    expect(s.strategy).toBe('Restore TP53 function');
    expect(s.rationale).toContain('1 usable drug candidate (tier I: 0, II: 0, III: 1; best: REACTIVATOR, tier III, phase 1); 1 more acts on TP53 with an action not known to restore it: TP53BINDER (BINDING AGENT; tier III, phase 2)');
    expect(s.drugs.map((d) => d.name)).toEqual(['REACTIVATOR', 'TP53BINDER']);
  });

  it('an oncogene with only unknown-action drugs keeps "Inhibit" from its role, but no drug is called a usable inhibitor', () => {
    const list = buildDrugCandidates({ genes: [{ gene: 'EGFR', association: 0.9, candidates: [ot('CHEMBL94', 'EGFRMODULIN', { stage: 'PHASE_2', action: 'MODULATOR' })] }], disease: colorectal });
    const s = buildStrategies({ pathways: [], candidates: list, roles: egfr, genes: ['EGFR'] })[0]!;
    expect(s.strategy).toBe('Inhibit EGFR');
    expect(s.rationale).not.toMatch(/usable drug candidate \(/);
    expect(s.rationale).toContain('no drug among the candidates is known to inhibit it; 1 drug candidate acts on EGFR with an action not known to inhibit it: EGFRMODULIN (MODULATOR; tier III, phase 2)');
    expect(s.rationale).not.toMatch(/opportunity/);
  });
});

describe('a pathway whose drugs all act against their genes\' roles is an open opportunity', () => {
  const list = buildDrugCandidates({
    genes: [
      { gene: 'KRAS', association: 0.8, candidates: [ot('CHEMBL96', 'KRASAGONIB', { stage: 'PHASE_1', action: 'ACTIVATOR' })] },
      { gene: 'PTEN', association: 0.6, candidates: [ot('CHEMBL91', 'VO-OHPIC', { stage: 'PHASE_1', action: 'INHIBITOR' })] },
    ],
    disease: colorectal,
  });
  const roles = new Map([
    ['KRAS', geneRoleOf('KRAS', role('oncogene'), true)],
    ['PTEN', geneRoleOf('PTEN', role('TSG'), true)],
  ]);

  it('lists the pathway as "no usable drug", and says which drugs were not counted', () => {
    const s = buildStrategies({ pathways: [pathway('PI3K signalling', ['KRAS', 'PTEN'])], candidates: list, roles, genes: ['KRAS', 'PTEN'] });
    const open = s.find((x) => x.approach === 'pathway-modulation');
    expect(open).toMatchObject({ strategy: 'Modulate PI3K signalling', drugs: [] });
    expect(open!.rationale).toContain('no usable drug candidate acts on them yet');
    expect(open!.rationale).toContain('not counted: drugs acting against the role of KRAS, PTEN');
    expect(s.find((x) => x.targetGenes[0] === 'KRAS' && x.approach === 'drug-targeting')!.rationale).toContain('no usable drug among the candidates');
  });
});
