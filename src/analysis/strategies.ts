// Therapeutic strategies derived from the data. The direction of a strategy comes from the gene's
// role (gene-role.ts: COSMIC role in cancer and hallmarks via Open Targets), never from what a drug
// happens to do to it:
//
//   direction          strategy                                 drugs that agree
//   inhibit            "Inhibit G" ("Degrade G" when only       inhibitors, antagonists, blockers,
//                      degraders agree)                         degraders, ... (INHIBIT below)
//   restore            "Restore G function" (or exploit its     activators, agonists, stabilisers,
//                      loss: synthetic lethality, partners not  positive modulators (ACTIVATE below)
//                      searched here, and the text says so)
//   context-dependent  "Modulate G": both roles are recorded    all kept, each flagged
//   unknown            "Target G (direction not established)"  all kept; the action is shown, not
//                                                               taken as the direction
//
// A drug whose action contradicts the role (an inhibitor of a tumour suppressor, an activator of
// an oncogene) is dropped from the strategy and listed with the reason. A drug whose action on the
// gene is unknown or mixed (a binding agent, a modulator) is kept and flagged, but counted apart
// from the drugs that agree: "Restore TP53 function" once stood on a binding agent alone, and such
// a drug is never a "usable" inhibitor or restorer in the rationale. Withdrawn drugs never
// drive a strategy: they are listed as left out. A gene left with no usable drug still gets a
// strategy when its role gives a direction (an opportunity, stated as such); with no direction and
// no usable drug it gets none. Significant pathways with no druggable panel gene become "no drug
// yet" pathway strategies; a gene whose only drugs contradict its role is not druggable there.
// When the drug candidates are not known (withheld, skipped, drug sources failed: `drugsUnknown`)
// no gene or pathway is said to have no drug: the text says why it is not known.
import { actionsOn, actsOn, rankCountedFirst, type DrugCandidate } from './drug-candidates.js';
import { actionOf, contradiction, type Action } from './drug-roles.js';
import type { EnrichmentRow } from './enrichment.js';
import type { Direction, GeneRole } from './gene-role.js';
import { pathwayLabel } from './pathway-names.js';

export interface StrategyDrug {
  name: string;
  chemblId: string | null;
  tier: string;
  maxPhase: number | null;
  actionTypes: string[];
  /** Set when the drug is kept but its action is not known to fit the direction. */
  flag?: string;
}

export interface Strategy {
  strategy: string;
  approach: 'drug-targeting' | 'function-restoration' | 'pathway-modulation';
  /** Direction from the gene's role; 'unknown' when no role data gives one. */
  direction: Direction;
  /** What the direction rests on (the data and its source). */
  directionBasis: string;
  rationale: string;
  targetGenes: string[];
  pathways: { id: string; name: string; library: string; q: number }[];
  drugs: StrategyDrug[];
  /** Drugs acting on the gene that were left out, with why (contrary action, withdrawn). */
  excludedDrugs: { name: string; reason: string }[];
  evidencePmids: string[];
}

/** The verb a drug's action types support, for a drug-target statement: Inhibit, Activate or Target. */
export function actionVerb(actionTypes: readonly string[]): 'Inhibit' | 'Activate' | 'Target' {
  const a = actionOf(actionTypes);
  return a === 'inhibit' ? 'Inhibit' : a === 'activate' ? 'Activate' : 'Target';
}

function flagOf(direction: Direction, action: Action): string | undefined {
  if (direction === 'context-dependent') return 'the gene has both roles: whether this action helps depends on the tumour type';
  if (direction === 'unknown') return action === 'none' ? 'no curated action and no role data' : 'its action is shown, but no role data says which direction helps';
  if (action === 'none' || action === 'mixed') return 'action type unknown or mixed: fit with the direction not established';
  return undefined;
}

/** The action agrees with the direction: inhibits an oncogene, activates a tumour suppressor. Without a direction every kept drug counts (each is flagged). */
function fitsDirection(direction: Direction, action: Action): boolean {
  if (direction === 'inhibit') return action === 'inhibit';
  if (direction === 'restore') return action === 'activate';
  return true;
}

/** Drugs kept for a gene whose action there is not known to fit, with what they do: "acts on TP53 with an action not known to restore it: X (BINDING AGENT; tier III, phase 2)". */
function unclearText(gene: string, direction: Direction, drugs: readonly DrugCandidate[], more: boolean): string {
  const n = drugs.length;
  const who = more ? `${n} more` : `${n} drug candidate${n > 1 ? 's' : ''}`;
  const each = drugs.slice(0, 3).map((d) => `${d.name} (${actionsOn(d, gene).join(', ') || 'action not given'}; tier ${d.tier}${d.maxPhase !== null ? `, phase ${d.maxPhase}` : ''})`);
  return `${who} act${n > 1 ? '' : 's'} on ${gene} with an action not known to ${direction === 'restore' ? 'restore' : 'inhibit'} it: ${each.join(', ')}${n > 3 ? `, and ${n - 3} more` : ''}`;
}

// The title names the action and the gene only. "Inhibit BRAF within Melanogenesis" read as a
// mechanism (BRAF inhibition acting through melanogenesis) when the pathway is only the most
// significant enriched set the gene belongs to; that membership is said in the rationale and the
// strategy's pathways, where it reads as what it is.
/** `drugs`: those whose action on the gene fits the direction (fitsDirection), not those of unknown action. */
function strategyText(gene: string, direction: Direction, drugs: readonly DrugCandidate[]): string {
  switch (direction) {
    case 'inhibit': {
      const degraders = drugs.length > 0 && drugs.every((d) => actionsOn(d, gene).length > 0 && actionsOn(d, gene).every((a) => /DEGRADER/i.test(a)));
      return `${degraders ? 'Degrade' : 'Inhibit'} ${gene}`;
    }
    case 'restore':
      return drugs.length ? `Restore ${gene} function` : `Restore ${gene} function or exploit its loss (synthetic lethality)`;
    case 'context-dependent':
      return `Modulate ${gene} (direction depends on context)`;
    case 'unknown':
      return `Target ${gene} (direction not established)`;
  }
}

export interface StrategyInput {
  pathways: readonly EnrichmentRow[];
  candidates: readonly DrugCandidate[];
  /** Role of each panel gene by symbol; a gene without one has direction 'unknown'. */
  roles?: ReadonlyMap<string, GeneRole>;
  /** Panel genes: genes with a role but no drug still get a strategy. */
  genes?: readonly string[];
  max?: number;
  /**
   * Why drug candidates are not known, when they are not (withheld, skipped, the drug sources
   * failed): then no gene or pathway reads "no usable drug", which would be a finding.
   */
  drugsUnknown?: string;
  /** Some drug sources failed while others listed candidates ("DGIdb failed"): "none" is then a floor. */
  drugsIncomplete?: string;
  /**
   * Pathway enrichment did not run, tested nothing or had too little power: no gene is then "in no
   * enriched pathway". A string says why (shown in place of "pathway enrichment did not run").
   */
  pathwaysNotComputed?: boolean | string;
}

/** "No usable drug" (`none`, then `then`) only when drug candidates are known; otherwise why they are not. */
function noDrugText(input: Pick<StrategyInput, 'drugsUnknown' | 'drugsIncomplete'>, subject: 'it' | 'them', none: string, then: string): string {
  if (input.drugsUnknown) return `whether a drug acts on ${subject} is not known here (${input.drugsUnknown})`;
  const floor = input.drugsIncomplete ? ` (${input.drugsIncomplete}, so one may have been missed)` : '';
  return `${none}${floor}${then}`;
}

/**
 * After "no usable drug" for a gene. A lost tumour suppressor is exploited by drugs acting on other
 * genes (PARP inhibitors for BRCA1/2 loss), which candidates acting on panel genes cannot include:
 * "an opportunity for new compounds" read as if no drug existed for BRCA1-deficient cancers.
 */
function afterNoDrug(direction: Direction): string {
  return direction === 'restore'
    ? '; drugs that exploit its loss act on other genes (synthetic-lethal partners), which this analysis does not search'
    : ': an opportunity for new compounds or modalities';
}

export function buildStrategies(input: StrategyInput): Strategy[] {
  const { pathways, candidates, roles, max = 6 } = input;
  const significant = pathways.filter((p) => p.significant).sort((a, b) => a.q - b.q);
  const pathwaysOf = (gene: string) =>
    significant
      .filter((p) => p.overlapGenes.includes(gene))
      .slice(0, 3)
      .map((p) => ({ id: p.id, name: pathwayLabel(p.name), library: p.library, q: p.q }));

  // A drug counts for a gene only through a curated mechanism: DGIdb's claims alone (biomarkers of
  // response or resistance, case reports) are counted apart and never drive a strategy.
  const byGene = new Map<string, DrugCandidate[]>();
  const linkedOnly = new Map<string, number>();
  for (const g of input.genes ?? []) byGene.set(g, []);
  for (const c of candidates) {
    for (const g of c.targetGenes) if (actsOn(c, g)) byGene.set(g, [...(byGene.get(g) ?? []), c]);
    for (const { gene } of c.interactionOnly) linkedOnly.set(gene, (linkedOnly.get(gene) ?? 0) + 1);
  }

  const geneStrategies = [...byGene].flatMap(([gene, all]) => {
    const role = roles?.get(gene);
    const direction: Direction = role?.direction ?? 'unknown';
    const basis = role?.basis ?? `no role data for ${gene}`;
    const excludedDrugs: { name: string; reason: string }[] = [];
    const usable: DrugCandidate[] = [];
    // Ranked as the candidate list is (rankCountedFirst), tier first: an investigational compound whose unknown factors
    // left a higher score must not read as the best drug over an approved one.
    for (const d of rankCountedFirst(all)) {
      if (d.withdrawn) {
        excludedDrugs.push({ name: d.name, reason: `withdrawn (${d.withdrawnReason ?? 'source'}): never a basis for a strategy` });
        continue;
      }
      // The drug's action on this gene: an inhibitor of one target may be an agonist of another.
      const why = contradiction(direction, actionOf(actionsOn(d, gene)), gene);
      if (why) excludedDrugs.push({ name: d.name, reason: why });
      else usable.push(d);
    }
    // No direction from the data and no usable drug: nothing to propose.
    if (!usable.length && (direction === 'unknown' || direction === 'context-dependent')) return [];
    // A role-only strategy needs a role; a gene only present as a panel member without drugs or role is skipped.
    if (!usable.length && !role) return [];
    const ps = pathwaysOf(gene);
    // Usable drugs whose action fits the direction, apart from those whose action on the gene is unknown or mixed.
    const fitting = usable.filter((d) => fitsDirection(direction, actionOf(actionsOn(d, gene))));
    const unclear = usable.filter((d) => !fitting.includes(d));
    const best = fitting[0];
    const tiers = ['I', 'II', 'III'].map((t) => fitting.filter((d) => d.tier === t).length);
    const unclearPart = unclear.length ? `; ${unclearText(gene, direction, unclear, !!best)}` : '';
    const none = direction === 'restore' ? 'no drug among the candidates restores its function' : unclear.length ? 'no drug among the candidates is known to inhibit it' : 'no usable drug among the candidates';
    // A drug of unknown action may yet be the one: no "opportunity for new compounds" beside it.
    const drugsText = best
      ? `${fitting.length} usable drug candidate${fitting.length > 1 ? 's' : ''} (tier I: ${tiers[0]}, II: ${tiers[1]}, III: ${tiers[2]}; best: ${best.name}, tier ${best.tier}${best.maxPhase !== null ? `, phase ${best.maxPhase}` : ''})${unclearPart}`
      : noDrugText(input, 'it', none, `${unclearPart}${direction === 'inhibit' && unclear.length ? '' : afterNoDrug(direction)}`);
    const left = excludedDrugs.length ? `; left out: ${excludedDrugs.map((x) => `${x.name} (${x.reason})`).join('; ')}` : '';
    const dgidbOnly = linkedOnly.get(gene) ?? 0;
    const notCounted = dgidbOnly ? `; not counted: ${dgidbOnly} drug${dgidbOnly > 1 ? 's' : ''} DGIdb alone links to ${gene} (interaction claims such as biomarkers of response or resistance, no curated mechanism)` : '';
    const pathwayText = ps.length
      ? `; ${gene} is in ${ps.length} significantly enriched pathway${ps.length > 1 ? 's' : ''} (top: ${ps[0]!.name}, q = ${ps[0]!.q.toExponential(1)})`
      : input.pathwaysNotComputed
        ? `; whether it is in an enriched pathway is not known (${typeof input.pathwaysNotComputed === 'string' ? input.pathwaysNotComputed : 'pathway enrichment did not run'})`
        : '; it is in no significantly enriched pathway of this panel';
    const strategy: Strategy = {
      strategy: strategyText(gene, direction, fitting),
      approach: direction === 'restore' ? 'function-restoration' : 'drug-targeting',
      direction,
      directionBasis: basis,
      rationale: `Direction: ${basis}. ${drugsText}${left}${notCounted}${pathwayText}.`,
      targetGenes: [gene],
      pathways: ps,
      drugs: [...fitting, ...unclear].slice(0, 5).map((d) => {
        const acts = actionsOn(d, gene);
        const flag = flagOf(direction, actionOf(acts));
        return { name: d.name, chemblId: d.chemblId, tier: d.tier, maxPhase: d.maxPhase, actionTypes: acts, ...(flag ? { flag } : {}) };
      }),
      excludedDrugs,
      evidencePmids: [...new Set([...(role?.pmids.slice(0, 2) ?? []), ...usable.flatMap((d) => d.pmids)])].slice(0, 5),
    };
    // Rank: the best fitting drug's score (a role-only strategy, or one with drugs of unknown action only, counts as 0.2), boosted by pathway support.
    return [{ strategy, rank: (best?.score ?? 0.2) * (1 + 0.25 * ps.length) }];
  });

  // A gene is druggable for its pathways only through a drug its role does not contradict: with an
  // activator of KRAS or an inhibitor of PTEN alone, the pathway stayed off the open opportunities
  // while the gene's own strategy said "no usable drug".
  const druggable = new Set<string>();
  const against = new Set<string>();
  for (const c of candidates) {
    if (c.withdrawn) continue;
    for (const g of c.targetGenes) {
      if (!actsOn(c, g)) continue;
      if (contradiction(roles?.get(g)?.direction ?? 'unknown', actionOf(actionsOn(c, g)), g)) against.add(g);
      else druggable.add(g);
    }
  }
  const contrary = (p: EnrichmentRow) => p.overlapGenes.filter((g) => against.has(g) && !druggable.has(g));
  const pathwayStrategies = significant
    .filter((p) => !p.overlapGenes.some((g) => druggable.has(g)))
    .slice(0, 3)
    .map((p) => ({
      strategy: {
        strategy: `Modulate ${pathwayLabel(p.name)}`,
        approach: 'pathway-modulation' as const,
        direction: 'unknown' as const,
        directionBasis: 'a pathway, not a gene: no direction is implied',
        rationale: `${p.k} panel gene${p.k === 1 ? ' falls' : 's fall'} in ${pathwayLabel(p.name)} (${p.library}, q = ${p.q.toExponential(1)}); ${noDrugText(input, 'them', 'no usable drug candidate acts on them yet', ': an opportunity for tool compounds or new modalities')}${contrary(p).length && !input.drugsUnknown ? `; not counted: drugs acting against the role of ${contrary(p).join(', ')}` : ''}.`,
        targetGenes: p.overlapGenes.slice(0, 10),
        pathways: [{ id: p.id, name: pathwayLabel(p.name), library: p.library, q: p.q }],
        drugs: [],
        excludedDrugs: [],
        evidencePmids: [],
      },
      rank: 0.3 * Math.min(1, -Math.log10(Math.max(p.q, 1e-300)) / 10),
    }));

  return [...geneStrategies, ...pathwayStrategies]
    .sort((a, b) => b.rank - a.rank)
    .slice(0, max)
    .map((s) => s.strategy);
}
