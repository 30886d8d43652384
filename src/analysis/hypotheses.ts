// Hypotheses derived from data, never from free text: pairs of panel genes that STRING associates
// (functionally, not necessarily by binding) and/or that share significantly enriched pathways,
// weighed by how often the literature names them together with the disease. A pair no article
// links is labelled novel.
import type { EnrichmentRow } from './enrichment.js';
import { searchedAs } from './gene-synonyms.js';
import { pathwayLabel } from './pathway-names.js';

export interface Edge {
  a: string;
  b: string;
  /** STRING combined score, 0-1. */
  score: number;
}

export interface PairLiterature {
  /** Articles mentioning both genes and the disease; null when the search failed or was not run. */
  coMentions: number | null;
  /** Why the pair was not searched (beyond the cap, an English-word symbol); absent when it was. */
  notSearched?: string;
  pmids: string[];
  query: string;
  /** The names each gene was searched by (symbol first; analysis/gene-synonyms.ts). */
  searched?: readonly [readonly string[], readonly string[]];
  /** The names the disease was searched by (the text first; tools/shared/disease.ts). */
  diseaseSearched?: readonly string[];
}

export interface Hypothesis {
  id: string;
  statement: string;
  genes: [string, string];
  basis: ('interaction' | 'shared-pathway' | 'literature')[];
  /** 0-1, what was checked (confidenceOf(); the rationale gives what it could reach when a source failed). */
  confidence: number;
  confidenceLabel: 'high' | 'moderate' | 'low';
  /** No article links the pair with the disease: a new idea to test, not a known fact. */
  novel: boolean;
  stringScore: number | null;
  sharedPathways: { id: string; name: string; library: string; q: number }[];
  coMentions: number | null;
  supportingPmids: string[];
  rationale: string;
  /** Set after the evidence check (hypotheses-checked.ts) when co-mentions no longer count as support. */
  literatureNotCounted?: 'contradicted' | 'void';
}

export interface CandidatePair {
  a: string;
  b: string;
  stringScore: number | null;
  sharedPathways: EnrichmentRow[];
}

const MIN_STRING_SCORE = 0.4;

/**
 * Pairs worth a hypothesis: STRING edges inside the panel (score >= 0.4) and pairs of genes that
 * co-occur in significant pathways, ranked by evidence; at most `max` (literature is queried per pair).
 */
export function candidatePairs(panel: readonly string[], edges: readonly Edge[], pathways: readonly EnrichmentRow[], max = 10): CandidatePair[] {
  const inPanel = new Set(panel);
  const significant = pathways.filter((p) => p.significant);
  const pairs = new Map<string, CandidatePair>();
  const keyOf = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`);
  const pairOf = (x: string, y: string): CandidatePair => {
    const key = keyOf(x, y);
    let p = pairs.get(key);
    if (!p) {
      const [a, b] = x < y ? [x, y] : [y, x];
      p = { a, b, stringScore: null, sharedPathways: [] };
      pairs.set(key, p);
    }
    return p;
  };
  for (const e of edges) {
    if (e.a === e.b || !inPanel.has(e.a) || !inPanel.has(e.b) || e.score < MIN_STRING_SCORE) continue;
    const p = pairOf(e.a, e.b);
    p.stringScore = Math.max(p.stringScore ?? 0, e.score);
  }
  // Shared pathways only from the most significant sets: overlap lists of huge sets would pair everything.
  for (const row of significant.slice(0, 20)) {
    const genes = row.overlapGenes.filter((g) => inPanel.has(g)).slice(0, 15);
    for (let i = 0; i < genes.length; i++) {
      for (let j = i + 1; j < genes.length; j++) pairOf(genes[i]!, genes[j]!).sharedPathways.push(row);
    }
  }
  const strength = (p: CandidatePair) => (p.stringScore ?? 0) + Math.min(1, p.sharedPathways.length / 3);
  return [...pairs.values()].sort((x, y) => strength(y) - strength(x) || (x.a + x.b < y.a + y.b ? -1 : 1)).slice(0, max);
}

/** A hypothesis' confidence: what was checked, and what it could reach once the rest is known. */
export interface Confidence {
  /** The parts whose sources answered; a part that could not be checked counts 0. */
  value: number;
  /** The same with every unchecked part at its best (1): equal to `value` when everything was checked. */
  upTo: number;
}

/**
 * confidence = interaction 0.4 (STRING score) + shared pathways 0.3 (min(1, n/3)) + literature 0.3
 * (min(1, log10(1 + co-mentions) / 2), so 99 articles = 1). A part whose source failed (the
 * literature search, or STRING) is not known: it counts 0 in `value` and 1 in `upTo`. It once was
 * left out and the weights renormalised, which read a failure as agreement with the other parts:
 * with STRING down a pair went from moderate to high.
 */
export function confidenceOf(stringScore: number | null, sharedPathways: number, coMentions: number | null, stringChecked = true): Confidence {
  const parts: [weight: number, value: number | null][] = [
    [0.3, Math.min(1, sharedPathways / 3)],
    [0.4, stringChecked ? (stringScore ?? 0) : null],
    [LITERATURE_WEIGHT, coMentions === null ? null : literatureValue(coMentions)],
  ];
  const sum = (unknownAs: number) => Math.round(parts.reduce((s, [w, v]) => s + w * (v ?? unknownAs), 0) * 1000) / 1000;
  return { value: sum(0), upTo: sum(1) };
}

const LITERATURE_WEIGHT = 0.3;
const literatureValue = (coMentions: number) => Math.min(1, Math.log10(1 + coMentions) / 2);
/** What co-mentions add to a confidence. */
export const literaturePart = (coMentions: number | null) => (coMentions ? LITERATURE_WEIGHT * literatureValue(coMentions) : 0);
export const confidenceLabelOf = (confidence: number): Hypothesis['confidenceLabel'] => (confidence >= 0.66 ? 'high' : confidence >= 0.4 ? 'moderate' : 'low');

/**
 * `stringChecked` false: STRING failed, so a pair without an edge says nothing about interaction; a
 * set: the genes STRING was asked about (a large panel is asked about its first genes only), and a
 * pair with a gene outside it is not checked either (it read "checked, no interaction").
 */
export function buildHypotheses(
  pairs: readonly CandidatePair[],
  literature: ReadonlyMap<string, PairLiterature>,
  disease: string,
  stringChecked: boolean | ReadonlySet<string> = true,
  /**
   * Why no pair can be called novel here: no article names any searched panel gene with the disease
   * either ("zzzfoo syndrome"), so a pair's 0 co-mentions says nothing about the pair.
   */
  noveltyUnassessable?: string,
): Hypothesis[] {
  return pairs
    .map((pair, i): Hypothesis & { upTo: number; sharedCount: number } => {
      const asked = typeof stringChecked === 'boolean' ? stringChecked : stringChecked.has(pair.a) && stringChecked.has(pair.b);
      const notChecked = stringChecked === false ? 'interaction not checked (STRING failed)' : `interaction not checked (STRING was asked about the first ${typeof stringChecked === 'boolean' ? 0 : stringChecked.size} panel genes only)`;
      const lit = literature.get(pairKey(pair.a, pair.b));
      const coMentions = lit ? lit.coMentions : null;
      const shared = pair.sharedPathways.slice(0, 3).map((r) => ({ id: r.id, name: pathwayLabel(r.name), library: r.library, q: r.q }));
      const basis: Hypothesis['basis'] = [];
      if (pair.stringScore !== null) basis.push('interaction');
      if (shared.length) basis.push('shared-pathway');
      if (coMentions) basis.push('literature');
      const { value: confidence, upTo } = confidenceOf(pair.stringScore, pair.sharedPathways.length, coMentions, asked);
      const via = shared[0] ? ` through ${shared[0].name}` : '';
      // STRING scores functional association (physical binding or not), so the statement says no more.
      const verb = pair.stringScore !== null ? 'are functionally associated (STRING) and may act together' : 'may act together';
      const reasons = [
        pair.stringScore !== null ? `STRING combined score ${pair.stringScore.toFixed(2)}` : asked ? '' : notChecked,
        shared.length ? `${pair.sharedPathways.length} shared significant pathway${pair.sharedPathways.length > 1 ? 's' : ''} (top: ${shared[0]!.name}, q = ${shared[0]!.q.toExponential(1)})` : '',
        coMentions === null ? (lit?.notSearched ? `literature not searched (${lit.notSearched})` : lit ? 'literature not checked (search failed)' : 'literature not searched') : coMentions === 0 ? `no article mentions both with ${lit?.diseaseSearched ? searchedAs(lit.diseaseSearched) : disease}${searchedText(lit)}` : `${coMentions} article${coMentions > 1 ? 's' : ''} mention both with ${disease}`,
        coMentions === 0 && noveltyUnassessable ? `not called novel: ${noveltyUnassessable}` : '',
        upTo > confidence ? `confidence ${confidence.toFixed(2)} counts only what was checked (up to ${upTo.toFixed(2)})` : '',
      ].filter(Boolean);
      return {
        upTo,
        sharedCount: pair.sharedPathways.length,
        id: `H${i + 1}`,
        statement: `${pair.a} and ${pair.b} ${verb} in ${disease}${via}.`,
        genes: [pair.a, pair.b],
        basis,
        confidence,
        confidenceLabel: confidenceLabelOf(confidence),
        novel: coMentions === 0 && !noveltyUnassessable,
        stringScore: pair.stringScore,
        sharedPathways: shared,
        coMentions,
        supportingPmids: lit?.pmids.slice(0, 5) ?? [],
        rationale: `${reasons.join('; ')}.`,
      };
    })
    // Equal on what was checked, the pair with more left unchecked ranks first (unknown is not
    // absent), then the one sharing more pathways (the part caps at three).
    .sort((x, y) => y.confidence - x.confidence || y.upTo - x.upTo || y.sharedCount - x.sharedCount)
    .map(({ upTo: _upTo, sharedCount: _shared, ...h }, i) => ({ ...h, id: `H${i + 1}` }));
}

/** How the genes were searched, when a synonym was: "novel" is only as good as the names searched. */
function searchedText(lit: PairLiterature | undefined): string {
  if (!lit?.searched || lit.searched.every((names) => names.length === 1)) return ' (title or abstract, by symbol)';
  return ` (title or abstract, as ${lit.searched.map(searchedAs).join(' and ')})`;
}

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
