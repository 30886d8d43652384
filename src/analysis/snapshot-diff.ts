// What changed between two panel analyses (svc_diff_snapshots): the earlier one (A) and the later
// one (B), typically the same panel run again after the sources moved on, or after genes were
// added. Pure: the tool loads both snapshots and hands their views in.
import { pathwayLabel } from './pathway-names.js';
import { sourceIncomplete } from '../source-status.js';
import {
  anyFigureComputed,
  biggestIntegrityMove,
  cutCandidates,
  delta,
  drugAbsenceIn,
  hypothesisKey,
  integrityDeltas,
  matchDrugs,
  oneSide,
  oneSidedFigures,
  enrichmentNotRun,
  pathwaysLowPower,
  pathwayKey,
  qText,
  round3,
  signed,
  sourceOutcome,
  withdrawalDifference,
  type DrugAbsence,
  type DrugView,
  type IntegrityDelta,
  type HypothesisView,
  type PanelView,
  type OneSidePathway,
} from './panel-view.js';

/** A pathway one analysis reports and the other does not (for a new one: why A did not). */
export type PathwayChange = OneSidePathway;

export interface QChange {
  id: string;
  name: string;
  library: string;
  qBefore: number;
  qAfter: number;
  /** log10(qAfter / qBefore): negative when the pathway became more significant. */
  log10Change: number;
}

export interface FactorMove {
  factor: string;
  before: number | null;
  after: number | null;
  /** Change of the factor's contribution to the score (after - before; a missing side counts 0). */
  delta: number;
}

export interface DrugShift {
  name: string;
  chemblId: string | null;
  tierBefore: string;
  tierAfter: string;
  rankBefore: number;
  rankAfter: number;
  scoreBefore: number;
  scoreAfter: number;
  scoreDelta: number;
  /** The factor whose contribution moved most; null when no factor moved. */
  factorMovedMost: FactorMove | null;
  /** What else differs about the drug between the runs: its withdrawal ("withdrawn in ..., not known in ..."). */
  why?: string;
}

export interface DrugPresence {
  name: string;
  chemblId: string | null;
  tier: string;
  score: number;
  rank: number;
  /**
   * Why the other analysis does not list it. Lists are cut (25 candidates), so a drug that
   * "entered" may have been a candidate below the earlier cut, and one that "left" may still be one.
   */
  otherSide: DrugAbsence;
}

export interface DrugCandidateShifts {
  entered: DrugPresence[];
  left: DrugPresence[];
  changed: DrugShift[];
}

export interface HypothesisChange {
  genes: string[];
  statement: string;
  confidenceBefore: number | null;
  confidenceAfter: number | null;
  delta: number | null;
  labelBefore: string | null;
  labelAfter: string | null;
  /** A part of the confidence that became unknown or known ("interaction no longer known (STRING failed)"). */
  why?: string;
}

export interface SourceChange {
  id: string;
  before: string;
  after: string;
}

export interface SnapshotDiff {
  inputs: { genesAdded: string[]; genesRemoved: string[]; diseaseChanged: { from: string; to: string } | null };
  newPathways: PathwayChange[];
  removedPathways: PathwayChange[];
  /** Pathways reported by both whose q changed, largest change first. */
  qChanges: QChange[];
  /** null when drug candidates were withheld on either side (drugAnalysisNote says why). */
  drugCandidateShifts: DrugCandidateShifts | null;
  drugAnalysisNote: string | null;
  /** Hypotheses matched by gene pair; a hypothesis that appeared or vanished has a null side. */
  hypothesisConfidenceChanges: HypothesisChange[];
  qualityScoreDelta: number | null;
  groundedRatioDelta: number | null;
  integrityDeltas: Record<string, IntegrityDelta>;
  /** Sources whose outcome (answered, failed, skipped, absent) differs; ok and cached both count as answered. */
  sourceChanges: SourceChange[];
  summary: string;
}

export function diffPanels(a: PanelView, b: PanelView): SnapshotDiff {
  const before = new Set(a.genes.map((g) => g.toUpperCase()));
  const after = new Set(b.genes.map((g) => g.toUpperCase()));
  const inputs = {
    genesAdded: b.genes.filter((g) => !before.has(g.toUpperCase())),
    genesRemoved: a.genes.filter((g) => !after.has(g.toUpperCase())),
    diseaseChanged: a.diseaseContext.trim().toLowerCase() === b.diseaseContext.trim().toLowerCase() ? null : { from: a.diseaseContext, to: b.diseaseContext },
  };
  const aPathways = new Map(a.pathways.map((p) => [pathwayKey(p), p]));
  const bPathways = new Map(b.pathways.map((p) => [pathwayKey(p), p]));
  const qChanges = b.pathways
    .filter((p) => aPathways.has(pathwayKey(p)) && aPathways.get(pathwayKey(p))!.q !== p.q)
    .map((p) => {
      const qBefore = aPathways.get(pathwayKey(p))!.q;
      return { id: p.id, name: p.name, library: p.library, qBefore, qAfter: p.q, log10Change: round3(Math.log10(Math.max(p.q, 1e-300) / Math.max(qBefore, 1e-300))) };
    })
    .sort((x, y) => Math.abs(y.log10Change) - Math.abs(x.log10Change));
  const deltas = integrityDeltas(a.integrity, b.integrity);
  const result: Omit<SnapshotDiff, 'summary'> = {
    inputs,
    newPathways: b.pathways.filter((p) => !aPathways.has(pathwayKey(p))).map((p) => oneSide(p, a)),
    removedPathways: a.pathways.filter((p) => !bPathways.has(pathwayKey(p))).map((p) => oneSide(p, b)),
    qChanges,
    drugCandidateShifts: a.drugs && b.drugs ? drugShifts(a, a.drugs, b, b.drugs) : null,
    drugAnalysisNote: a.drugs === null || b.drugs === null ? (a.drugNote ?? b.drugNote ?? 'drug candidates were not analysed') : null,
    hypothesisConfidenceChanges: hypothesisChanges(a, b),
    qualityScoreDelta: delta(a.qualityScore, b.qualityScore),
    groundedRatioDelta: deltas.groundedRatio?.delta ?? null,
    integrityDeltas: deltas,
    sourceChanges: sourceChanges(a, b),
  };
  return { ...result, summary: writeDiff(result, enrichmentNotRun(a, b, DIFF_LABELS), pathwaysLowPower(a, b, DIFF_LABELS)) };
}

function presence(d: DrugView, rank: number, otherSide: DrugAbsence): DrugPresence {
  return { name: d.name, chemblId: d.chemblId, tier: d.tier, score: d.score, rank, otherSide };
}

function drugShifts(a: PanelView, aDrugs: readonly DrugView[], b: PanelView, bDrugs: readonly DrugView[]): DrugCandidateShifts {
  const m = matchDrugs(aDrugs, bDrugs);
  const changed: DrugShift[] = [];
  for (const { a: x, b: y } of m.pairs) {
    const why = withdrawalDifference(x.d, y.d, ['the earlier run', 'the later']);
    if (x.d.tier === y.d.tier && x.rank === y.rank && x.d.score === y.d.score && !why) continue;
    changed.push({
      name: y.d.name,
      chemblId: y.d.chemblId ?? x.d.chemblId,
      tierBefore: x.d.tier,
      tierAfter: y.d.tier,
      rankBefore: x.rank,
      rankAfter: y.rank,
      scoreBefore: x.d.score,
      scoreAfter: y.d.score,
      scoreDelta: round3(y.d.score - x.d.score),
      factorMovedMost: factorMovedMost(x.d, y.d),
      ...withWhy(why),
    });
  }
  // Tier changes first, then the largest score moves.
  changed.sort((p, q) => Number(q.tierBefore !== q.tierAfter) - Number(p.tierBefore !== p.tierAfter) || Math.abs(q.scoreDelta) - Math.abs(p.scoreDelta));
  return {
    entered: m.bOnly.map(({ d, rank }) => presence(d, rank, drugAbsenceIn(a))),
    left: m.aOnly.map(({ d, rank }) => presence(d, rank, drugAbsenceIn(b))),
    changed,
  };
}

/**
 * The factor that explains a move best. A factor that became unknown (or known) comes first, even
 * at a contribution of 0 before: the weights of the others were renormalised around it, so their
 * contributions moved without their values moving ("CETUXIMAB II → III (clinicalPhase +0.08)" once
 * explained a drop by a phase that had not changed, when the association had become unknown).
 * Otherwise the largest move in contribution (weight x value).
 */
export function factorMovedMost(x: DrugView, y: DrugView): FactorMove | null {
  let best: FactorMove | null = null;
  const knownness = (m: FactorMove) => (m.before === null) !== (m.after === null);
  for (const factor of new Set([...Object.keys(x.factors), ...Object.keys(y.factors)])) {
    const before = x.factors[factor]?.contribution ?? null;
    const after = y.factors[factor]?.contribution ?? null;
    const move = { factor, before, after, delta: round3((after ?? 0) - (before ?? 0)) };
    if (move.delta === 0 && !knownness(move)) continue;
    const better = !best || (knownness(move) && !knownness(best)) || (knownness(move) === knownness(best) && Math.abs(move.delta) > Math.abs(best.delta));
    if (better) best = move;
  }
  return best;
}

const withWhy = (why: string) => (why ? { why } : {});

/**
 * What the evidence check made of a pair's literature in one run: not counted (its cited abstract
 * contradicts it, or its articles are void), not judged (no NLI model), or counted.
 */
function literatureReading(view: PanelView, h: HypothesisView): string {
  if (h.literatureNotCounted === 'contradicted') return 'its literature not counted (its cited abstract contradicts it)';
  if (h.literatureNotCounted === 'void') return 'its literature void (retracted or unknown to PubMed)';
  if (!h.coMentions) return '';
  return view.integrity.nliEnabled === false ? 'its literature counted, not judged (no NLI model)' : 'its literature counted';
}

function hypothesisChanges(a: PanelView, b: PanelView): HypothesisChange[] {
  const aByKey = new Map(a.hypotheses.map((h) => [hypothesisKey(h), h]));
  const bByKey = new Map(b.hypotheses.map((h) => [hypothesisKey(h), h]));
  const out: HypothesisChange[] = [];
  for (const key of new Set([...aByKey.keys(), ...bByKey.keys()])) {
    const x = aByKey.get(key);
    const y = bByKey.get(key);
    // Novel in one run and not in the other is a change even at the same confidence.
    if (x && y && x.confidence === y.confidence && x.confidenceLabel === y.confidenceLabel && (x.novel ?? null) === (y.novel ?? null)) continue;
    const h = (y ?? x)!;
    const [litA, litB] = x && y ? [literatureReading(a, x), literatureReading(b, y)] : ['', ''];
    // The evidence check's reading differs (contradicted in one, not judged in the other): a
    // confidence that rose because the later run had no model gained no evidence.
    const checked = litA !== litB && (x?.literatureNotCounted || y?.literatureNotCounted) ? `earlier: ${litA || 'no literature'}; later: ${litB || 'no literature'}` : '';
    const novelty = x && y && (x.novel ?? null) !== (y.novel ?? null) ? `${x.novel ? 'novel' : 'not novel'} → ${y.novel ? 'novel' : 'not novel'}` : '';
    const why = x && y ? [partsMoved(unknownParts(a, x), unknownParts(b, y)), checked, novelty].filter(Boolean).join('; ') : '';
    out.push({
      genes: [...h.genes],
      statement: h.statement,
      confidenceBefore: x?.confidence ?? null,
      confidenceAfter: y?.confidence ?? null,
      delta: delta(x?.confidence, y?.confidence),
      labelBefore: x?.confidenceLabel ?? null,
      labelAfter: y?.confidenceLabel ?? null,
      ...(why ? { why } : {}),
    });
  }
  const size = (c: HypothesisChange) => (c.delta === null ? Infinity : Math.abs(c.delta));
  return out.sort((p, q) => size(q) - size(p));
}

/**
 * Parts of a hypothesis' confidence its analysis could not check (they count 0: hypotheses.ts): the
 * interaction when STRING failed, the literature when its search did or when the pair was not
 * searched (beyond the pairs searched, or a symbol that is an English word: Europe PMC answered the
 * rest). A confidence that fell because of one did not lose evidence.
 */
function unknownParts(view: PanelView, h: HypothesisView): Map<string, string> {
  const parts = new Map<string, string>();
  const failed = (id: string) => sourceIncomplete(view.sources, id);
  if (h.stringScore === null && failed('string')) parts.set('interaction', 'STRING failed');
  if (h.coMentions === null) parts.set('literature', failed('europepmc') ? 'search failed' : 'not searched');
  return parts;
}

function partsMoved(before: Map<string, string>, after: Map<string, string>): string {
  return [
    ...[...after].filter(([part]) => !before.has(part)).map(([part, why]) => `${part} no longer known (${why})`),
    ...[...before].filter(([part]) => !after.has(part)).map(([part]) => `${part} now known`),
  ].join('; ');
}

function sourceChanges(a: PanelView, b: PanelView): SourceChange[] {
  const aById = new Map(a.sources.map((s) => [s.id, s.status]));
  const bById = new Map(b.sources.map((s) => [s.id, s.status]));
  const out: SourceChange[] = [];
  for (const id of new Set([...aById.keys(), ...bById.keys()])) {
    const before = sourceOutcome(aById.get(id));
    const after = sourceOutcome(bById.get(id));
    if (before !== after) out.push({ id, before, after });
  }
  return out;
}

const names = (items: readonly string[], max = 3) => (items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', '));

const DIFF_LABELS = ['the earlier analysis', 'the later analysis', 'either analysis'] as const;

/**
 * `pathwayNote`: enrichment could not run on a side (its counts are no finding, and are left out);
 * `lowPower`: a side had too few genes for enrichment to judge, so its "not significant" is no
 * finding (the counts stay, hedged).
 */
function writeDiff(d: Omit<SnapshotDiff, 'summary'>, pathwayNote: string | null, lowPower: string | null): string {
  const out: string[] = [];
  const i = d.inputs;
  const inputParts = [
    i.genesAdded.length ? `genes added: ${names(i.genesAdded)}` : '',
    i.genesRemoved.length ? `genes removed: ${names(i.genesRemoved)}` : '',
    i.diseaseChanged ? `disease changed from "${i.diseaseChanged.from}" to "${i.diseaseChanged.to}"` : '',
  ].filter(Boolean);
  out.push(inputParts.length ? `Inputs differ (${inputParts.join('; ')}).` : 'Same panel and disease.');
  const path = (p: PathwayChange) => `${pathwayLabel(p.name)} (q ${qText(p.q)})`;
  // Enrichment that could not run in one analysis makes every pathway of the other "new" or
  // "no longer reported": no finding.
  if (pathwayNote) out.push(pathwayNote);
  else if (d.newPathways.length || d.removedPathways.length) {
    out.push(
      `${d.newPathways.length} pathway${d.newPathways.length === 1 ? '' : 's'} new${pathwaysCaveat(d.newPathways, 'earlier', 'have been')}${d.newPathways[0] ? `, led by ${path(d.newPathways[0])}` : ''}; ` +
        `${d.removedPathways.length} no longer reported${pathwaysCaveat(d.removedPathways, 'later', 'still be')}${d.removedPathways[0] ? `, led by ${path(d.removedPathways[0])}` : ''}.`,
    );
    if (lowPower) out.push(lowPower);
  } else out.push('The same pathways are reported.');
  const q = d.qChanges[0];
  if (q && Math.abs(q.log10Change) >= 0.5) out.push(`Largest q change: ${pathwayLabel(q.name)} ${qText(q.qBefore)} → ${qText(q.qAfter)}.`);
  if (!d.drugCandidateShifts) out.push(`Drug candidates not compared: ${d.drugAnalysisNote ?? 'not analysed'}.`);
  else {
    const s = d.drugCandidateShifts;
    const retiered = s.changed.filter((c) => c.tierBefore !== c.tierAfter);
    const withdrawalRead = s.changed.filter((c) => c.why);
    const parts = [
      s.entered.length ? `${s.entered.length} entered (${names(s.entered.map((x) => `${x.name} tier ${x.tier}`))})${belowCut(s.entered, 'earlier', 'have been')}` : '',
      s.left.length ? `${s.left.length} left (${names(s.left.map((x) => x.name))})${belowCut(s.left, 'later', 'still be')}` : '',
      retiered.length ? `tier changed for ${names(retiered.map((c) => `${c.name} ${c.tierBefore} → ${c.tierAfter}${c.factorMovedMost ? ` (${factorMoveText(c.factorMovedMost)})` : ''}`))}` : '',
      // Said apart from the tier moves: a withdrawal not known in one run does not move a tier, and
      // beside one it read as its cause.
      withdrawalRead.length ? `withdrawal read differently for ${names(withdrawalRead.map((c) => `${c.name} (${c.why})`))}` : '',
    ].filter(Boolean);
    out.push(parts.length ? `Drug candidates: ${parts.join('; ')}.` : 'Drug candidates keep their tiers.');
  }
  const h = d.hypothesisConfidenceChanges.find((c) => c.delta !== null);
  if (h) out.push(`Hypothesis confidence moved most for ${h.genes.join('-')}: ${h.confidenceBefore} → ${h.confidenceAfter} (${h.labelBefore} → ${h.labelAfter}${h.why ? `; ${h.why}` : ''}).`);
  out.push(integritySentence(d));
  if (d.sourceChanges.length) out.push(`Sources that answered differently: ${names(d.sourceChanges.map((s) => `${s.id} ${s.before} → ${s.after}`), 4)}.`);
  return out.join(' ');
}

/**
 * Quality and the integrity figure that moved most; a figure computed in one analysis only is named
 * ("groundedRatio no longer computed (was 0.90)"): its delta is null, and "integrity figures
 * unchanged" hid that the later run checked less (PubMed down, no model).
 */
function integritySentence(d: Omit<SnapshotDiff, 'summary'>): string {
  const move = biggestIntegrityMove(d.integrityDeltas);
  const quality = d.qualityScoreDelta === null ? 'Quality not comparable (not computed on one side)' : `Quality ${signed(d.qualityScoreDelta)}`;
  const oneSided = oneSidedFigures(d.integrityDeltas);
  const lost = oneSided.filter((f) => f.b === null).map((f) => `${f.name} (was ${f.a!.toFixed(2)})`);
  const gained = oneSided.filter((f) => f.a === null).map((f) => `${f.name} (${f.b!.toFixed(2)})`);
  const parts = [
    move ? `largest integrity move: ${move.name} ${signed(move.delta)}` : '',
    lost.length ? `no longer computed: ${names(lost, 4)}` : '',
    gained.length ? `now computed: ${names(gained, 4)}` : '',
  ].filter(Boolean);
  if (parts.length) return `${quality}; ${parts.join('; ')}.`;
  const checked = anyFigureComputed(d.integrityDeltas, 'a') || anyFigureComputed(d.integrityDeltas, 'b');
  return checked ? `${quality}; integrity figures unchanged.` : `${quality}; no integrity figure was computed in either analysis.`;
}

/**
 * A factor that became unknown did not fall to 0: its source did not answer (or was not asked) for
 * that analysis. "clinicalPhase −0.28" would read as a drug that lost clinical ground.
 */
export function factorMoveText(m: FactorMove): string {
  if (m.after === null) return `${m.factor} no longer known`;
  if (m.before === null) return `${m.factor} now known`;
  return `${m.factor} ${signed(m.delta)}`;
}

/**
 * Said when the other analysis may have had them: its drug sources failed, or its list was cut.
 * "Entered" and "left" are then about the lists, not the candidates.
 */
function belowCut(drugs: readonly DrugPresence[], which: string, verb: string): string {
  const failed = cutCandidates(drugs, 'drug sources failed');
  if (failed) return ` (the ${which} analysis's drug sources failed, so ${failed.who} may ${verb} ${failed.what} there)`;
  const c = cutCandidates(drugs);
  return c ? ` (the ${which} list was cut, so ${c.who} may ${verb} ${c.what} below it)` : '';
}

/** How many of the one-sided pathways the other analysis may have had: below its cut, or in a library it did not test. */
function pathwaysCaveat(rows: readonly PathwayChange[], which: string, verb: string): string {
  const cut = rows.filter((p) => p.otherSide === 'beyond the reported list').length;
  const untested = rows.filter((p) => p.otherSide === 'library not tested').length;
  const parts = [
    cut ? `${cut} may ${verb} significant below the ${which} list's cut` : '',
    untested ? `${untested} from a library the ${which} analysis did not test` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join('; ')})` : '';
}
