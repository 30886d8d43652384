// Why a repurposing candidate could work here, in one sentence built from the data: what the drug
// does to which gene (or that only DGIdb claims link them), why that gene matters for the panel
// and the disease, its other targets, and where the drug stands. Pure; repurposing.ts re-exports it.
import { actionsOn, actsOn, claimText, type DrugCandidate } from './drug-candidates.js';
import { associationScoreText } from './drug-scoring.js';
import { isWithdrawalRow } from './drug-indications.js';
import { phaseText, withdrawalText, withdrawnForContext, withdrawnForText } from './drug-tiers.js';
import type { NeighbourGene, PathwayRef } from './repurposing-neighbourhood.js';
import type { IndicationRef } from './repurposing.js';
import { actionOf } from './drug-roles.js';

export interface RationaleContext {
  disease: string;
  panel: ReadonlySet<string>;
  neighbours: ReadonlyMap<string, NeighbourGene>;
  /** Significant pathways containing a gene (panel overlap, or a neighbour's membership), best q first. */
  pathwaysOf: (gene: string) => readonly PathwayRef[];
  /** Open Targets association of each gene with the disease (0 none listed, null unknown). */
  associations: ReadonlyMap<string, number | null>;
}

export interface IndicationFacts {
  approved: readonly IndicationRef[];
  furthest: (IndicationRef & { phase: number }) | null;
}

const VERB = { inhibit: 'Inhibits', activate: 'Activates', mixed: 'Modulates', none: 'Acts on' } as const;

export function sci(q: number): string {
  return q === 0 ? '0' : q.toExponential(1);
}

/** The target the sentence leads with: a panel gene first, then the best associated, then the most pathways. */
function leadGene(c: Pick<DrugCandidate, 'targetGenes'>, ctx: RationaleContext): string {
  const rank = (g: string) => [ctx.panel.has(g) ? 1 : 0, ctx.associations.get(g) ?? -1, ctx.pathwaysOf(g).length] as const;
  return [...c.targetGenes].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return y[0] - x[0] || y[1] - x[1] || y[2] - x[2] || c.targetGenes.indexOf(a) - c.targetGenes.indexOf(b);
  })[0]!;
}

/** One sentence, built from data: what the drug does to which gene, why that gene matters here, and where the drug stands. */
export function rationale(
  c: Pick<DrugCandidate, 'targetGenes' | 'interactionOnly' | 'mechanisms' | 'approved' | 'withdrawn' | 'withdrawnReason' | 'maxPhase' | 'broaderApproval'> &
    Partial<Pick<DrugCandidate, 'matchingIndications'>>,
  ctx: RationaleContext,
  ind: IndicationFacts,
): string {
  const gene = leadGene(c, ctx);
  // A drug DGIdb alone links to the gene does not act on it as far as any source says: a biomarker
  // claim or a case report must not read "Acts on".
  const verb = actsOn(c, gene) ? `${VERB[actionOf(actionsOn(c, gene))]} ${gene}` : `Linked to ${gene} only by DGIdb claims (${claimOf(c, gene)}; no curated mechanism)`;
  const top = ctx.pathwaysOf(gene)[0];
  const assoc = ctx.associations.get(gene);
  const why = [
    ctx.panel.has(gene) ? `a panel gene${top ? ` in ${top.name} (q = ${sci(top.q)})` : ''}` : reachOf(gene, ctx.panel, ctx.neighbours),
    assoc === undefined || assoc === null ? '' : assoc > 0 ? `Open Targets association with ${ctx.disease} ${associationScoreText(assoc)}` : `no Open Targets association with ${ctx.disease}`,
  ].filter(Boolean);
  return `${verb}, ${why.join('; ')}${alsoText(c, gene, assoc, ctx)}; ${standing(c, ind)}${withdrawnHereText(c, ctx.disease)}${broaderText(c, ctx.disease)}.`;
}

function claimOf(c: Pick<DrugCandidate, 'interactionOnly'>, gene: string): string {
  const claim = c.interactionOnly.find((x) => x.gene === gene);
  return claim ? claimText(claim) : 'no source named';
}

/**
 * The other targets by name, and the best association among them when it beats the lead's: the
 * score takes the best target's association, so "no association" about the lead alone would
 * misread a drug whose other target is associated.
 */
function alsoText(c: Pick<DrugCandidate, 'targetGenes' | 'interactionOnly'>, lead: string, leadAssoc: number | null | undefined, ctx: RationaleContext): string {
  const others = c.targetGenes.filter((g) => g !== lead && actsOn(c, g));
  const linked = c.interactionOnly.map((x) => x.gene).filter((g) => g !== lead);
  const names = (genes: readonly string[]) => (genes.length > 2 ? `${genes.slice(0, 2).join(', ')} and ${genes.length - 2} more` : genes.join(' and '));
  const alsoLinked = linked.length ? `; DGIdb claims alone also link it to ${names(linked)}` : '';
  if (!others.length) return alsoLinked;
  const named = names(others);
  let best: { gene: string; score: number } | null = null;
  for (const g of others) {
    const a = ctx.associations.get(g);
    if (typeof a === 'number' && a > (best?.score ?? 0)) best = { gene: g, score: a };
  }
  const beats = best && best.score > (leadAssoc ?? 0) ? ` (Open Targets association${others.length > 1 ? ` of ${best.gene}` : ''} with ${ctx.disease} ${associationScoreText(best.score)})` : '';
  return `; also acts on ${named}${beats}${alsoLinked}`;
}

function standing(c: Pick<DrugCandidate, 'approved' | 'withdrawn' | 'withdrawnReason' | 'maxPhase'>, ind: IndicationFacts): string {
  if (c.withdrawn) return `withdrawn (${withdrawalText(c.withdrawnReason)}): listed for reference, not as an option`;
  const names = ind.approved.map((i) => i.name);
  if (c.approved && names.length) return `approved for ${bySource(ind.approved.slice(0, 2))}${names.length > 2 ? ` (+${names.length - 2} more)` : ''}`;
  if (c.approved) return 'approved (no approved indication named by Open Targets or ChEMBL)';
  if (ind.furthest) return `reached ${phaseText(ind.furthest.phase)} for ${ind.furthest.name} (${ind.furthest.source})`;
  return c.maxPhase === null ? 'clinical phase unknown' : `highest ${phaseText(c.maxPhase)}`;
}

/**
 * Names with the source of each: "A and B (Open Targets indications)", or "A (Open Targets
 * indications) and B (ChEMBL drug_indication)"; every name once took the first one's source.
 */
function bySource(refs: readonly IndicationRef[]): string {
  const groups: { source: string; names: string[] }[] = [];
  for (const r of refs) {
    const last = groups[groups.length - 1];
    if (last && last.source === r.source) last.names.push(r.name);
    else groups.push({ source: r.source, names: [r.name] });
  }
  return groups.map((g) => `${g.names.join(' and ')} (${g.source})`).join(' and ');
}

/**
 * Withdrawn for this very disease, after where the drug stands: the rationale once named only its
 * other approvals, and read as an untried idea for a disease it had been withdrawn from.
 */
function withdrawnHereText(c: Partial<Pick<DrugCandidate, 'matchingIndications'>>, disease: string): string {
  const rows = withdrawnForContext(c.matchingIndications ?? []);
  const gone = withdrawnForText(rows, disease);
  if (!gone) return '';
  const said = rows.map((m) => (isWithdrawalRow(m) ? m.source : `${m.source} still records an approval, outranked`));
  return `, but ${gone} (${[...new Set(said)].join('; ')})`;
}

/** An approval for a disease above this one (a tissue-agnostic label) may already cover it: no plain repurposing. */
function broaderText(c: Pick<DrugCandidate, 'broaderApproval'>, disease: string): string {
  const b = c.broaderApproval;
  return b ? `; ${b.name} is broader than ${disease}, so its label may already cover ${disease}: check it` : '';
}

/** How a target gene was reached: a panel gene, or a neighbour through pathways and STRING. */
export function reachOf(gene: string, panel: ReadonlySet<string>, neighbours: ReadonlyMap<string, NeighbourGene>): string {
  if (panel.has(gene)) return 'panel gene';
  const n = neighbours.get(gene);
  if (!n) return 'not in the panel';
  const parts = [
    n.partnerOf[0] ? `STRING partner of ${n.partnerOf.map((p) => p.gene).slice(0, 2).join(', ')} (${n.partnerOf[0].score.toFixed(3)})` : '',
    n.pathways[0] ? `member of ${n.pathways[0].name} (q = ${sci(n.pathways[0].q)})` : '',
  ].filter(Boolean);
  return `not in the panel: ${parts.join(' and ') || 'neighbourhood gene'}`;
}
