// What panel comparison (panel-compare.ts) and snapshot diffs (snapshot-diff.ts) read of a panel
// analysis: the parts of an svc_generate_insights result that can differ between two analyses,
// plus what each result leaves out (its lists are capped), so that "absent from the other side"
// is never claimed where the other side simply did not report that far. Pure types and helpers.

import type { withdrawalReading } from './drug-tiers.js';

export interface PathwayView {
  id: string;
  name: string;
  library: string;
  q: number;
  overlapGenes: readonly string[];
}

export interface FactorView {
  value: number | null;
  contribution: number | null;
}

export interface DrugView {
  name: string;
  chemblId: string | null;
  tier: string;
  score: number;
  factors: Readonly<Record<string, FactorView>>;
  targetGenes: readonly string[];
  /** Withdrawn, not withdrawn, or not known (no record that would say was read); absent in older snapshots. */
  withdrawal?: Withdrawal;
}

/** A reported drug's withdrawal read back (drug-tiers.ts withdrawalReading). */
export type Withdrawal = NonNullable<ReturnType<typeof withdrawalReading>>;

/**
 * How two analyses differ on a drug's withdrawal, or '' when they do not: a withdrawn drug that
 * could not be checked in the other run moved "III → I (clinicalPhase +0.14)", read as evidence
 * gained ("withdrawn in the earlier analysis; not known in the later: ...").
 */
export function withdrawalDifference(x: DrugView, y: DrugView, sides: readonly [string, string]): string {
  const [p, q] = [x.withdrawal, y.withdrawal];
  if (!p || !q || p === q) return '';
  const said = (w: Withdrawal) => (w === 'not known' ? 'withdrawal not known' : w);
  return `${said(p)} in ${sides[0]}, ${said(q)} in ${sides[1]}`;
}

export interface HypothesisView {
  statement: string;
  genes: readonly string[];
  confidence: number;
  confidenceLabel: string;
  /** STRING score (null: no edge, or STRING failed: see the sources); absent in older snapshots. */
  stringScore?: number | null;
  /** Co-mention count (null: the literature search failed); absent in older snapshots. */
  coMentions?: number | null;
  novel?: boolean;
  /** Co-mentions not counted after the evidence check (contradicted, or every article void). */
  literatureNotCounted?: 'contradicted' | 'void';
}

export interface SourceView {
  id: string;
  status: string;
}

export interface PanelView {
  snapshotId: string;
  genes: readonly string[];
  diseaseContext: string;
  /** Reported significant pathways, best first (the analysis reports the top ones only). */
  pathways: readonly PathwayView[];
  /** Significant pathways in all, reported or not (sum over libraries). */
  significantPathways: number;
  /**
   * Libraries that tested the panel (held a panel gene): a pathway of another library was never in
   * the running. A library loaded without any panel gene is not among them.
   */
  librariesTested: readonly string[];
  /** Libraries loaded, tested or not (absent: not known, e.g. a view built by hand). */
  librariesLoaded?: readonly string[];
  /**
   * The most panel genes any tested library held, set only when that is too few for enrichment to
   * have power (the tools' MIN_GENES_FOR_POWER rule, applied where the view is built): with 1 gene no
   * set can reach q <= 0.05, so a pathway missing here is no finding that it is not significant.
   * Absent when the panel had enough genes, or when not known (older snapshots, views built by hand).
   */
  lowPowerGenes?: number;
  /** Drug candidates, best first; null when withheld (tier, includeDrugs false): see drugNote. */
  drugs: readonly DrugView[] | null;
  drugNote: string | null;
  /** False when the analysis may have ranked more candidates than it reported (its list is capped). */
  drugsComplete: boolean;
  /** Drug sources that failed (or partly) in that analysis, by name: a drug it lacks may be one. */
  drugSourcesFailed: readonly string[];
  hypotheses: readonly HypothesisView[];
  /** The integrity block as saved; a value may be null when it was not computed. */
  integrity: Readonly<Record<string, unknown>>;
  qualityScore: number | null;
  sources: readonly SourceView[];
}

/** Why a pathway reported on one side is not among the other side's reported pathways. */
export type PathwayAbsence = 'not significant' | 'library not tested' | 'beyond the reported list';

/** A pathway one analysis reports and the other does not, with the reason. */
export interface OneSidePathway {
  id: string;
  name: string;
  library: string;
  q: number;
  overlapGenes: string[];
  otherSide: PathwayAbsence;
}

export function pathwayKey(p: { library: string; id: string }): string {
  return `${p.library}\u0000${p.id}`;
}

export interface Ranked<T> {
  d: T;
  /** 1-based position in its list. */
  rank: number;
}

export interface DrugMatch<T> {
  pairs: { a: Ranked<T>; b: Ranked<T> }[];
  aOnly: Ranked<T>[];
  bOnly: Ranked<T>[];
}

const nameKey = (d: { name: string }) => d.name.trim().toUpperCase();

/**
 * Pairs the drugs of two lists: by ChEMBL id when both carry one, else by name (case-insensitive).
 * A drug known only by name on one side (e.g. a DGIdb-only candidate) still pairs with the same
 * drug identified by ChEMBL on the other; two different ChEMBL ids never pair, whatever the names.
 */
export function matchDrugs<T extends { chemblId: string | null; name: string }>(a: readonly T[], b: readonly T[]): DrugMatch<T> {
  const ra = a.map((d, i) => ({ d, rank: i + 1 }));
  const rb = b.map((d, i) => ({ d, rank: i + 1 }));
  const taken = new Set<Ranked<T>>();
  const pairs: DrugMatch<T>['pairs'] = [];
  const pair = (x: Ranked<T>, same: (y: Ranked<T>) => boolean) => {
    const y = rb.find((c) => !taken.has(c) && same(c));
    if (!y) return false;
    taken.add(y);
    pairs.push({ a: x, b: y });
    return true;
  };
  const paired = new Set<Ranked<T>>();
  for (const x of ra) if (x.d.chemblId && pair(x, (y) => y.d.chemblId?.toUpperCase() === x.d.chemblId!.toUpperCase())) paired.add(x);
  for (const x of ra) {
    if (paired.has(x)) continue;
    if (pair(x, (y) => nameKey(y.d) === nameKey(x.d) && !(x.d.chemblId && y.d.chemblId))) paired.add(x);
  }
  pairs.sort((p, q) => p.a.rank - q.a.rank);
  return { pairs, aOnly: ra.filter((x) => !paired.has(x)), bOnly: rb.filter((y) => !taken.has(y)) };
}

/** Hypotheses are numbered per analysis (H1, H2...); the gene pair is what identifies one. */
export function hypothesisKey(h: { genes: readonly string[] }): string {
  return [...h.genes].map((g) => g.toUpperCase()).sort().join('+');
}

export type DrugAbsence = 'not a candidate' | 'beyond the reported list' | 'drug sources failed';

/**
 * The drugs of a one-sided list the other analysis may have had after all (its list was cut, or
 * `why`: its drug sources failed), in words: "it" and "a candidate", "they" and "candidates", or
 * "k of them"; null when none.
 */
export function cutCandidates(drugs: readonly { otherSide: DrugAbsence }[], why: DrugAbsence = 'beyond the reported list'): { who: string; what: string } | null {
  const k = drugs.filter((d) => d.otherSide === why).length;
  if (!k) return null;
  const who = k === drugs.length ? (k === 1 ? 'it' : 'they') : `${k} of them`;
  return { who, what: who === 'it' ? 'a candidate' : 'candidates' };
}

/**
 * Why `other` does not list a drug: its drug sources failed (it may be one there: never "not a
 * candidate"), the list was cut before it, or it is no candidate there.
 */
export function drugAbsenceIn(other: Pick<PanelView, 'drugsComplete' | 'drugSourcesFailed'>): DrugAbsence {
  if (other.drugSourcesFailed.length) return 'drug sources failed';
  return other.drugsComplete ? 'not a candidate' : 'beyond the reported list';
}

/**
 * Whether the analysis tested any gene-set library: an analysis whose enrichment could not run
 * (every library failed to load), or tested nothing (no panel gene in any library loaded), has
 * none, and its empty pathway list is no finding to compare.
 */
export function enrichmentRan(v: PanelView): boolean {
  return v.librariesTested.length > 0 || v.pathways.length > 0;
}

/** Libraries loaded but none tested: the enrichment ran on nothing (its genes are in no library). */
function testedNothing(v: PanelView): boolean {
  return !enrichmentRan(v) && (v.librariesLoaded?.length ?? 0) > 0;
}

/** "Pathways not compared: ..." when enrichment could not run on a side (labels: A, B, both), else null. */
/**
 * How a note begins when a side's pathways could not be compared at all (enrichment did not run or
 * tested nothing), as opposed to a low-power side, whose pathways are compared with a hedge.
 */
export const PATHWAYS_NOT_COMPARED = 'Pathways not compared:';

export function enrichmentNotRun(a: PanelView, b: PanelView, labels: readonly [string, string, string]): string | null {
  const ranA = enrichmentRan(a);
  const ranB = enrichmentRan(b);
  if (ranA && ranB) return null;
  const who = !ranA && !ranB ? labels[2] : ranA ? labels[1] : labels[0];
  const sides = [ranA ? null : a, ranB ? null : b].filter((v): v is PanelView => v !== null);
  // Said as it happened: "could not run" (no library loaded) is not "tested nothing" (loaded, no gene in them).
  const why = sides.every(testedNothing)
    ? `pathway enrichment tested nothing for ${who}: no panel gene is in any gene-set library`
    : sides.some(testedNothing)
      ? `pathway enrichment could not run or tested nothing for ${who}`
      : `pathway enrichment could not run for ${who}`;
  return `${PATHWAYS_NOT_COMPARED} ${why} (see warnings).`;
}

/**
 * The sentence(s) saying that a side with too little enrichment power (lowPowerGenes) makes "not
 * significant" there no finding, for the sides where the other reports a pathway it lacks as such;
 * null when there is none. The otherSide values stay as they are ("not significant": the set was
 * tested there and did not reach q <= 0.05); this says what that is worth.
 */
export function pathwaysLowPower(a: PanelView, b: PanelView, labels: readonly [string, string, string]): string | null {
  const said = ([v, other, who, whoOther]: readonly [PanelView, PanelView, string, string]) => {
    if (v.lowPowerGenes === undefined) return null;
    const keys = new Set(v.pathways.map(pathwayKey));
    if (!other.pathways.some((p) => !keys.has(pathwayKey(p)) && absenceIn(v, p) === 'not significant')) return null;
    const n = v.lowPowerGenes;
    return (
      `${capitalise(who)} has at most ${n === 1 ? '1 gene' : `${n} genes`} in any gene-set library tested: too few for enrichment to judge, ` +
      `so its "not significant" for a pathway that ${whoOther} reports is no finding.`
    );
  };
  const out = [said([a, b, labels[0], labels[1]]), said([b, a, labels[1], labels[0]])].filter((x): x is string => x !== null);
  return out.length ? out.join(' ') : null;
}

/**
 * The note a comparison or diff writes in place of its one-sided pathway counts, or null: enrichment
 * could not run or tested nothing on a side, or a side had too little power (pathwaysLowPower),
 * where "25 pathways only in A; none only in B" read as a finding about B. Labels: A, B, both.
 */
export function pathwaysNotCompared(a: PanelView, b: PanelView, labels: readonly [string, string, string]): string | null {
  const notes = [enrichmentNotRun(a, b, labels), pathwaysLowPower(a, b, labels)].filter((x): x is string => x !== null);
  return notes.length ? notes.join(' ') : null;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function absenceIn(other: PanelView, p: PathwayView): PathwayAbsence {
  if (!other.librariesTested.includes(p.library)) return 'library not tested';
  return other.significantPathways > other.pathways.length ? 'beyond the reported list' : 'not significant';
}

/** `p`, reported by one analysis, as seen from `other`, which does not report it. */
export function oneSide(p: PathwayView, other: PanelView): OneSidePathway {
  return { id: p.id, name: p.name, library: p.library, q: p.q, overlapGenes: [...p.overlapGenes], otherSide: absenceIn(other, p) };
}

export function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** b - a, rounded; null when either side is not a number (not computed, or absent). */
export function delta(a: unknown, b: unknown): number | null {
  return typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b) ? round3(b - a) : null;
}

export interface IntegrityDelta {
  a: number | boolean | string | null;
  b: number | boolean | string | null;
  /** b - a for numbers; null for flags and text, or when a side was not computed. */
  delta: number | null;
}

function scalar(v: unknown): number | boolean | string | null {
  return typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string' ? v : null;
}

/**
 * Every field of the two integrity blocks, side by side. Fields are taken from both blocks, so a
 * metric one version of biointel adds and another lacks shows as null on that side, not missing.
 */
export function integrityDeltas(a: PanelView['integrity'], b: PanelView['integrity']): Record<string, IntegrityDelta> {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return Object.fromEntries(keys.map((k) => [k, { a: scalar(a[k]), b: scalar(b[k]), delta: delta(a[k], b[k]) }]));
}

/**
 * Integrity counts, left out where rates are weighed: the rest are rates on a 0-1 scale, and a
 * count that moved by 3 would always outweigh a grounded ratio that fell from 0.8 to 0.2.
 */
const COUNTS: readonly string[] = ['hallucinated', 'retracted', 'pmidsCited'];

/** A number on one side and null (not computed) on the other. */
export function computedOnOneSide(d: IntegrityDelta): boolean {
  return (typeof d.a === 'number' && d.b === null) || (d.a === null && typeof d.b === 'number');
}

/** The integrity rate (a number on both sides) whose value moved most, if any moved. */
export function biggestIntegrityMove(deltas: Record<string, IntegrityDelta>): { name: string; delta: number } | null {
  let best: { name: string; delta: number } | null = null;
  for (const [name, d] of Object.entries(deltas)) {
    if (d.delta === null || d.delta === 0 || COUNTS.includes(name)) continue;
    if (!best || Math.abs(d.delta) > Math.abs(best.delta)) best = { name, delta: d.delta };
  }
  return best;
}

/**
 * Integrity rates a number on one side and null on the other: computed for one analysis only
 * (PubMed unreachable, no model, nothing readable on the other). biggestIntegrityMove cannot see
 * them (their delta is null), and leaving them out read "groundedRatio 0.90 against not computed"
 * as "the integrity figures do not differ". Counts are left out as there.
 */
export function oneSidedFigures(deltas: Record<string, IntegrityDelta>): { name: string; a: number | null; b: number | null }[] {
  return Object.entries(deltas)
    .filter(([name, d]) => !COUNTS.includes(name) && computedOnOneSide(d))
    .map(([name, d]) => ({ name, a: typeof d.a === 'number' ? d.a : null, b: typeof d.b === 'number' ? d.b : null }));
}

/** True when some integrity rate of that side is a number: something in that analysis was checked. */
export function anyFigureComputed(deltas: Record<string, IntegrityDelta>, side: 'a' | 'b'): boolean {
  return Object.entries(deltas).some(([name, d]) => !COUNTS.includes(name) && typeof d[side] === 'number');
}

/** "answered" (ok or cached: the source gave its answer), "failed", "skipped", or "absent". */
export function sourceOutcome(status: string | undefined): string {
  if (status === undefined) return 'absent';
  return status === 'ok' || status === 'cached' ? 'answered' : status;
}

/** q values for people: 3 significant digits, scientific below 0.001. */
export function qText(q: number): string {
  return q < 1e-3 ? q.toExponential(1) : q.toPrecision(2);
}

export function signed(x: number, digits = 2): string {
  return `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
}
