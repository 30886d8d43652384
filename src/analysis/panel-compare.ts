// Two panel analyses side by side (svc_compare_targets): genes, pathways and drug candidates they
// share or not, how their evidence differs, and a short comparison written from those numbers.
// Pure: the tool runs both analyses and hands their views in.
import { pathwayLabel } from './pathway-names.js';
import {
  biggestIntegrityMove,
  anyFigureComputed,
  cutCandidates,
  delta,
  drugAbsenceIn,
  integrityDeltas,
  matchDrugs,
  oneSide,
  oneSidedFigures,
  pathwaysNotCompared,
  pathwayKey,
  qText,
  signed,
  type DrugAbsence,
  type DrugView,
  type IntegrityDelta,
  withdrawalDifference,
  type PanelView,
  type OneSidePathway,
  type Ranked,
} from './panel-view.js';

export type { DrugAbsence, OneSidePathway };

export interface SharedPathway {
  id: string;
  name: string;
  library: string;
  qA: number;
  qB: number;
}

export interface SharedDrug {
  name: string;
  chemblId: string | null;
  tierA: string;
  tierB: string;
  scoreA: number;
  scoreB: number;
  rankA: number;
  rankB: number;
  /**
   * Panel genes each side's candidate is linked to. Tiers are per panel (a drug acting on a panel
   * gene, or only linked to one by DGIdb), so a shared drug's tier may differ for that reason.
   */
  genesA: string[];
  genesB: string[];
}


export interface OneSideDrug {
  name: string;
  chemblId: string | null;
  tier: string;
  score: number;
  rank: number;
  targetGenes: string[];
  otherSide: DrugAbsence;
}

export interface DrugOverlap {
  shared: SharedDrug[];
  aOnly: OneSideDrug[];
  bOnly: OneSideDrug[];
}

export interface PanelComparison {
  genes: { shared: string[]; aOnly: string[]; bOnly: string[] };
  diseaseContexts: { a: string; b: string; same: boolean };
  /** Significant in both, strongest (largest of the two q) first. */
  sharedPathways: SharedPathway[];
  uniquePathways: { a: OneSidePathway[]; b: OneSidePathway[] };
  /** Why pathways are not compared (enrichment could not run on a side); null when they are. */
  pathwayNote: string | null;
  /** null when drug candidates were withheld on either side, or not known on one (drugAnalysisNote says why). */
  drugOverlap: DrugOverlap | null;
  drugAnalysisNote: string | null;
  qualityScore: { a: number | null; b: number | null; delta: number | null };
  /** groundedRatio of B minus that of A; null when either was not computed. */
  groundedRatioDelta: number | null;
  integrityDeltas: Record<string, IntegrityDelta>;
  summary: string;
}

export function comparePanels(a: PanelView, b: PanelView): PanelComparison {
  const bGenes = new Set(b.genes.map((g) => g.toUpperCase()));
  const aGenes = new Set(a.genes.map((g) => g.toUpperCase()));
  const genes = {
    shared: a.genes.filter((g) => bGenes.has(g.toUpperCase())),
    aOnly: a.genes.filter((g) => !bGenes.has(g.toUpperCase())),
    bOnly: b.genes.filter((g) => !aGenes.has(g.toUpperCase())),
  };
  const bPathways = new Map(b.pathways.map((p) => [pathwayKey(p), p]));
  const aKeys = new Set(a.pathways.map(pathwayKey));
  const sharedPathways = a.pathways
    .filter((p) => bPathways.has(pathwayKey(p)))
    .map((p) => ({ id: p.id, name: p.name, library: p.library, qA: p.q, qB: bPathways.get(pathwayKey(p))!.q }))
    .sort((x, y) => Math.max(x.qA, x.qB) - Math.max(y.qA, y.qB));
  const uniquePathways = {
    a: a.pathways.filter((p) => !bPathways.has(pathwayKey(p))).map((p) => oneSide(p, b)),
    b: b.pathways.filter((p) => !aKeys.has(pathwayKey(p))).map((p) => oneSide(p, a)),
  };

  const pathwayNote = pathwaysNotCompared(a, b, ['panel A', 'panel B', 'either panel']);
  const drugAnalysisNote = a.drugs === null || b.drugs === null ? (a.drugNote ?? b.drugNote ?? 'drug candidates were not analysed') : drugsNotKnown(a, b);
  const drugOverlap = a.drugs && b.drugs && !drugAnalysisNote ? overlapOf(a, b, a.drugs, b.drugs) : null;
  const deltas = integrityDeltas(a.integrity, b.integrity);
  const result: Omit<PanelComparison, 'summary'> = {
    genes,
    diseaseContexts: { a: a.diseaseContext, b: b.diseaseContext, same: a.diseaseContext.trim().toLowerCase() === b.diseaseContext.trim().toLowerCase() },
    sharedPathways,
    uniquePathways,
    pathwayNote,
    drugOverlap,
    drugAnalysisNote,
    qualityScore: { a: a.qualityScore, b: b.qualityScore, delta: delta(a.qualityScore, b.qualityScore) },
    groundedRatioDelta: deltas.groundedRatio?.delta ?? null,
    integrityDeltas: deltas,
  };
  return { ...result, summary: writeComparison(a, b, result) };
}

/**
 * A side whose drug sources failed and that lists no candidate does not have none: "0 shared, 0
 * only in A, 0 only in B" read as a finding. Null when both sides' candidates are known (a partial
 * failure with candidates is said per drug: `otherSide`).
 */
function drugsNotKnown(a: PanelView, b: PanelView): string | null {
  const unknown = (v: PanelView) => v.drugs !== null && v.drugs.length === 0 && v.drugSourcesFailed.length > 0;
  const [ua, ub] = [unknown(a), unknown(b)];
  if (!ua && !ub) return null;
  const failed = [...new Set([...(ua ? a.drugSourcesFailed : []), ...(ub ? b.drugSourcesFailed : [])])];
  if (ua && ub) return `the drug sources failed for both panels (${list(failed, 5)}), so neither one's candidates are known`;
  const [side, other] = ua ? ['A', 'B'] : ['B', 'A'];
  return `panel ${side}'s drug sources failed (${list(failed, 5)}), so its candidates are not known; panel ${other}'s are in its own analysis`;
}

function overlapOf(a: PanelView, b: PanelView, aDrugs: readonly DrugView[], bDrugs: readonly DrugView[]): DrugOverlap {
  const m = matchDrugs(aDrugs, bDrugs);
  const shared: SharedDrug[] = m.pairs.map(({ a: x, b: y }) => ({ name: x.d.name, chemblId: x.d.chemblId ?? y.d.chemblId, tierA: x.d.tier, tierB: y.d.tier, scoreA: x.d.score, scoreB: y.d.score, rankA: x.rank, rankB: y.rank, genesA: [...x.d.targetGenes], genesB: [...y.d.targetGenes] }));
  const only = (mine: readonly Ranked<DrugView>[], other: PanelView): OneSideDrug[] =>
    mine.map(({ d, rank }) => ({
      name: d.name,
      chemblId: d.chemblId,
      tier: d.tier,
      score: d.score,
      rank,
      targetGenes: [...d.targetGenes],
      otherSide: drugAbsenceIn(other),
    }));
  return { shared, aOnly: only(m.aOnly, b), bOnly: only(m.bOnly, a) };
}

const list = (items: readonly string[], max = 4) => (items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', '));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A few sentences, each naming the largest difference of one kind, built only from the numbers. */
function writeComparison(a: PanelView, b: PanelView, c: Omit<PanelComparison, 'summary'>): string {
  const out: string[] = [];
  const disease = c.diseaseContexts.same ? ` in ${a.diseaseContext}` : '';
  const where = (v: PanelView) => (c.diseaseContexts.same ? '' : `, ${v.diseaseContext}`);
  const genesShared = `${plural(c.genes.shared.length, 'gene')}${c.genes.shared.length ? ` (${list(c.genes.shared)})` : ''}`;
  const panels = `Panel A (${plural(a.genes.length, 'gene')}${where(a)}) and panel B (${plural(b.genes.length, 'gene')}${where(b)})${disease}`;
  // An analysis whose enrichment could not run has no pathway list to compare: "share 0
  // significant pathways" read as a finding. The side that ran still says what it found.
  if (c.pathwayNote) {
    out.push(`${panels} share ${genesShared}. ${c.pathwayNote}`);
    for (const [side, v] of [['A', a], ['B', b]] as const) {
      const first = v.pathways[0];
      if (first) out.push(`${side} reports ${plural(v.significantPathways, 'significant pathway')}, led by ${pathwayLabel(first.name)} (q ${qText(first.q)}).`);
    }
  } else out.push(...pathwaySentences(c, `${panels} share ${genesShared}`));
  out.push(drugSentence(c, a, b));
  out.push(evidenceSentence(c));
  return out.filter(Boolean).join(' ');
}

/** Shared and one-sided pathways, when both analyses ran their enrichment. */
function pathwaySentences(c: Omit<PanelComparison, 'summary'>, opening: string): string[] {
  const out = [`${opening} and ${plural(c.sharedPathways.length, 'significant pathway')}.`];
  const top = c.sharedPathways[0];
  if (top) out.push(`Strongest in both: ${pathwayLabel(top.name)} (q ${qText(top.qA)} in A, ${qText(top.qB)} in B).`);
  const shift = [...c.sharedPathways].sort((x, y) => Math.abs(Math.log10(y.qB / y.qA)) - Math.abs(Math.log10(x.qB / x.qA)))[0];
  if (shift && Math.abs(Math.log10(shift.qB / shift.qA)) >= 1) {
    const stronger = shift.qB < shift.qA ? 'B' : 'A';
    out.push(`${pathwayLabel(shift.name)} is ${Math.abs(Math.log10(shift.qB / shift.qA)).toFixed(1)} orders of magnitude more significant in ${stronger}.`);
  }
  const onlyText = (side: 'A' | 'B', p: OneSidePathway | undefined, n: number) =>
    p ? `${plural(n, 'pathway')} only in ${side}, led by ${pathwayLabel(p.name)} (q ${qText(p.q)})${p.otherSide === 'not significant' ? '' : `; ${p.otherSide} on the other side`}` : `none only in ${side}`;
  if (c.uniquePathways.a.length || c.uniquePathways.b.length) {
    out.push(`${capitalise(onlyText('A', c.uniquePathways.a[0], c.uniquePathways.a.length))}; ${onlyText('B', c.uniquePathways.b[0], c.uniquePathways.b.length)}.`);
  }
  return out;
}

function drugSentence(c: Omit<PanelComparison, 'summary'>, a: PanelView, b: PanelView): string {
  if (!c.drugOverlap) return `Drug candidates not compared: ${c.drugAnalysisNote ?? 'not analysed'}.`;
  const { shared, aOnly, bOnly } = c.drugOverlap;
  const lead = (d: OneSideDrug | undefined) => (d ? ` (top: ${d.name}, tier ${d.tier})` : '');
  // "Only in A" may be a candidate in B after all: B's drug sources failed, or its list (25
  // candidates) was cut before it.
  const cut = (mine: readonly OneSideDrug[], other: 'A' | 'B', view: PanelView) => {
    const failed = cutCandidates(mine, 'drug sources failed');
    if (failed) return ` (${other}'s drug sources failed (${list(view.drugSourcesFailed)}): ${failed.who} may be ${failed.what} there)`;
    const c = cutCandidates(mine);
    return c ? ` (${other}'s list was cut: ${c.who} may be ${c.what} there below it)` : '';
  };
  const parts = [`Drug candidates: ${shared.length} shared, ${aOnly.length} only in A${lead(aOnly[0])}${cut(aOnly, 'B', b)}, ${bOnly.length} only in B${lead(bOnly[0])}${cut(bOnly, 'A', a)}.`];
  const retiered = shared.filter((d) => d.tierA !== d.tierB);
  // Tiers are per panel: name the genes each side links the drug to, so that a tier set by other
  // genes does not read as the two analyses disagreeing about the drug.
  const via = (genes: readonly string[]) => (genes.length ? ` via ${list(genes, 3)}` : '');
  if (retiered.length) parts.push(`Tier differs for ${list(retiered.map((d) => `${d.name} (${d.tierA} in A${via(d.genesA)}; ${d.tierB} in B${via(d.genesB)})`), 3)}.`);
  // A withdrawal seen by one side only, said apart for every shared drug (matched as the overlap
  // matches them): beside a tier move it read as its cause.
  const read = matchDrugs(a.drugs ?? [], b.drugs ?? []).pairs.flatMap(({ a: x, b: y }) => {
    const w = withdrawalDifference(x.d, y.d, ['A', 'B']);
    return w ? [`${y.d.name} (${w})`] : [];
  });
  if (read.length) parts.push(`Withdrawal read differently for ${list(read, 3)}.`);
  return parts.join(' ');
}

function evidenceSentence(c: Omit<PanelComparison, 'summary'>): string {
  const q = c.qualityScore;
  const checked = { a: anyFigureComputed(c.integrityDeltas, 'a'), b: anyFigureComputed(c.integrityDeltas, 'b') };
  // A quality of 0 with no figure computed is "nothing was verified", not a poor analysis.
  const scored = (x: number, side: 'a' | 'b') => `${x.toFixed(2)} (${side.toUpperCase()}${x === 0 && !checked[side] ? ', nothing verified' : ''})`;
  const quality = q.a !== null && q.b !== null ? `Quality ${scored(q.a, 'a')} vs ${scored(q.b, 'b')}` : 'Quality not comparable (not computed on one side)';
  const move = biggestIntegrityMove(c.integrityDeltas);
  const parts = [move ? `the largest integrity difference is ${move.name} (B − A ${signed(move.delta)})` : ''];
  // A figure computed on one side only is a difference too: "do not differ" hid it.
  const oneSided = oneSidedFigures(c.integrityDeltas);
  for (const side of ['A', 'B'] as const) {
    const mine = oneSided.filter((f) => (side === 'A' ? f.a : f.b) !== null);
    if (mine.length) parts.push(`computed in ${side} only: ${list(mine.map((f) => `${f.name} ${(side === 'A' ? f.a : f.b)!.toFixed(2)}`))}`);
  }
  const said = parts.filter(Boolean);
  if (said.length) return `${quality}; ${said.join('; ')}.`;
  return !checked.a && !checked.b ? `${quality}; no integrity figure was computed on either side.` : `${quality}; the integrity figures do not differ.`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
