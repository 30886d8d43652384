// Therapeutic strategies derived from the data: a panel gene that drugs act on (with their action:
// inhibit, activate, modulate) inside the significantly enriched pathways it belongs to. Pathways
// with no druggable panel gene become "no drug yet" strategies: opportunities, stated as such.
import type { DrugCandidate } from './drug-candidates.js';
import type { EnrichmentRow } from './enrichment.js';
import { pathwayLabel } from './pathway-names.js';

export interface Strategy {
  strategy: string;
  approach: 'drug-targeting' | 'pathway-modulation';
  rationale: string;
  targetGenes: string[];
  pathways: { id: string; name: string; library: string; q: number }[];
  drugs: { name: string; chemblId: string | null; tier: string; maxPhase: number | null; actionTypes: string[] }[];
  evidencePmids: string[];
}

const INHIBIT = /INHIBITOR|ANTAGONIST|BLOCKER|NEGATIVE|INVERSE AGONIST|DEGRADER|ANTISENSE|RNAI|DISRUPTING|CROSS-LINKING/i;
const ACTIVATE = /AGONIST|ACTIVATOR|POSITIVE|OPENER|STABILISER|STABILIZER|INDUCER/i;

/** The verb a set of mechanism action types supports: inhibit or activate when they all agree, else target. */
export function actionVerb(actionTypes: readonly string[]): 'Inhibit' | 'Activate' | 'Target' {
  const inhibit = actionTypes.filter((a) => INHIBIT.test(a)).length;
  const activate = actionTypes.filter((a) => ACTIVATE.test(a) && !INHIBIT.test(a)).length;
  if (inhibit > 0 && activate === 0) return 'Inhibit';
  if (activate > 0 && inhibit === 0) return 'Activate';
  return 'Target';
}

export function buildStrategies(pathways: readonly EnrichmentRow[], candidates: readonly DrugCandidate[], max = 6): Strategy[] {
  const significant = pathways.filter((p) => p.significant).sort((a, b) => a.q - b.q);
  const pathwaysOf = (gene: string) =>
    significant
      .filter((p) => p.overlapGenes.includes(gene))
      .slice(0, 3)
      .map((p) => ({ id: p.id, name: pathwayLabel(p.name), library: p.library, q: p.q }));

  const byGene = new Map<string, DrugCandidate[]>();
  for (const c of candidates) for (const g of c.targetGenes) byGene.set(g, [...(byGene.get(g) ?? []), c]);

  const drugStrategies = [...byGene].map(([gene, drugs]) => {
    const ranked = [...drugs].sort((a, b) => b.score - a.score);
    const best = ranked[0]!;
    const verb = actionVerb(ranked.flatMap((d) => d.actionTypes));
    const ps = pathwaysOf(gene);
    const tiers = ['I', 'II', 'III'].map((t) => ranked.filter((d) => d.tier === t).length);
    const rationale =
      `${ranked.length} drug candidate${ranked.length > 1 ? 's act' : ' acts'} on ${gene} ` +
      `(tier I: ${tiers[0]}, II: ${tiers[1]}, III: ${tiers[2]}; best: ${best.name}, tier ${best.tier}` +
      `${best.maxPhase !== null ? `, phase ${best.maxPhase}` : ''})` +
      (ps.length ? `; ${gene} is in ${ps.length} significantly enriched pathway${ps.length > 1 ? 's' : ''} (top: ${ps[0]!.name}, q = ${ps[0]!.q.toExponential(1)}).` : '; it is in no significantly enriched pathway of this panel.');
    const strategy: Strategy = {
      strategy: `${verb} ${gene}${ps[0] ? ` within ${ps[0].name}` : ''}`,
      approach: 'drug-targeting',
      rationale,
      targetGenes: [gene],
      pathways: ps,
      drugs: ranked.slice(0, 5).map((d) => ({ name: d.name, chemblId: d.chemblId, tier: d.tier, maxPhase: d.maxPhase, actionTypes: d.actionTypes })),
      evidencePmids: [...new Set(ranked.flatMap((d) => d.pmids))].slice(0, 5),
    };
    // Rank: the best drug's score, boosted by pathway support.
    return { strategy, rank: best.score * (1 + 0.25 * ps.length) };
  });

  const druggable = new Set(byGene.keys());
  const pathwayStrategies = significant
    .filter((p) => !p.overlapGenes.some((g) => druggable.has(g)))
    .slice(0, 3)
    .map((p) => ({
      strategy: {
        strategy: `Modulate ${pathwayLabel(p.name)}`,
        approach: 'pathway-modulation' as const,
        rationale:
          `${p.k} panel genes fall in ${pathwayLabel(p.name)} (${p.library}, q = ${p.q.toExponential(1)}), ` +
          'but no drug candidate acts on them yet: an opportunity for tool compounds or new modalities.',
        targetGenes: p.overlapGenes.slice(0, 10),
        pathways: [{ id: p.id, name: pathwayLabel(p.name), library: p.library, q: p.q }],
        drugs: [],
        evidencePmids: [],
      },
      rank: 0.3 * Math.min(1, -Math.log10(Math.max(p.q, 1e-300)) / 10),
    }));

  return [...drugStrategies, ...pathwayStrategies]
    .sort((a, b) => b.rank - a.rank)
    .slice(0, max)
    .map((s) => s.strategy);
}
