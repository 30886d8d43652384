// The evidence brief: statements with citations. Each statement has a canonical claim (what the
// integrity pipeline checks against the cited abstracts) and a text written for the audience.
// The audience changes wording, order and emphasis, never the data or the claims checked.
import { clinicalStanding, executiveDrugs, statusText, studentDrugs, type DrugStanding } from './brief-drug-words.js';
import { actionsOn, type DrugCandidate } from './drug-candidates.js';
import { associationScoreText } from './drug-scoring.js';
import type { StatementStatus } from '../evidence/status.js';
import type { EnrichmentRow } from './enrichment.js';
import type { Hypothesis } from './hypotheses.js';
import { pathwayLabel } from './pathway-names.js';
import { actionVerb, type Strategy } from './strategies.js';

import { AUDIENCES, type Audience } from './audiences.js';

export { AUDIENCES, type Audience };
export { clinicalStanding };

export interface GeneLiterature {
  gene: string;
  /** Articles naming the gene with the disease; null when the search failed or PubMed ignored part of it. */
  count: number | null;
  pmids: string[];
  association: number | null;
}

export interface DrugLiterature {
  drug: string;
  gene: string;
  pmids: string[];
}

export interface BriefFacts {
  disease: string;
  genes: readonly string[];
  geneLiterature: readonly GeneLiterature[];
  drugLiterature: readonly DrugLiterature[];
  candidates: readonly DrugCandidate[];
  hypotheses: readonly Hypothesis[];
  pathways: readonly EnrichmentRow[];
  strategies: readonly Strategy[];
  /**
   * Drug candidates not known: withheld, skipped, or none listed while drug sources failed. The
   * brief says so instead of counting drugs (a failed source is not "0 drug candidates").
   */
  drugsNote?: string;
  /** Candidates listed, but some drug sources failed (e.g. "DGIdb failed"): the counts are a floor. */
  drugsIncomplete?: string;
  /**
   * The names each gene was searched by in the literature, symbol first (gene-synonyms.ts). Gene
   * and pair claims name them, so a citation that writes HER2 is judged against a claim that says
   * "ERBB2 (HER2)": a judge that does not know the synonym would otherwise find it unrelated.
   */
  geneNames?: ReadonlyMap<string, readonly string[]>;
  /**
   * Enrichment could not run (no gene-set library loaded) or tested no set (no panel gene in any
   * library, or no set of the sizes tested): said instead of "no gene set is enriched".
   */
  enrichmentNote?: string;
  /** The note is that enrichment tested no set (the headline then says so, not "could not run"). */
  enrichmentTestedNothing?: boolean;
  /**
   * Enrichment ran with too few panel genes to have power (enrichment-notes.ts), as a clause: "a
   * 1-gene panel gives over-representation analysis little power". "No gene set reaches q <= 0.05"
   * is then hedged with it, never stated alone.
   */
  enrichmentLowPower?: string;
}

export type StatementKind = 'gene-disease' | 'drug-target' | 'interaction';

export interface CanonicalStatement {
  id: string;
  kind: StatementKind;
  claim: string;
  pmids: string[];
  /** Data shown next to the statement for audiences that want it. */
  detail: string;
  subject: string;
  /** For an interaction statement: the pair (its verdict goes back to the hypothesis). */
  pair?: readonly [string, string];
  /** For an interaction statement: STRING links the pair (the claim says "interacts with"). */
  stringLinked?: boolean;
  /**
   * The evidence check's verdict on the claim, once known (analyse.ts merges it before rendering):
   * a contradicted or contested claim is worded as such in every audience, never as plain fact.
   * Absent or "unjudged" (no model): the wording stays plain.
   */
  status?: StatementStatus;
  /** For a drug-target statement: the candidate's tier and status, which set the clinical wording. */
  drug?: DrugStanding;
}

const MAX_CITATIONS = 3;

/**
 * Beside "G is associated with D" (a claim from the literature): 0 means Open Targets lists no
 * association for it, and "Open Targets association 0.00" read as a measured score backing the claim.
 */
function associationDetail(score: number | null): string {
  if (score === null) return '';
  return score > 0 ? `Open Targets association ${associationScoreText(score)}` : 'no Open Targets association listed';
}

/** Audience-independent claims with their citations; only claims that have PMIDs are made. */
export function canonicalStatements(f: BriefFacts): CanonicalStatement[] {
  const out: CanonicalStatement[] = [];
  const named = (gene: string) => {
    const [, ...synonyms] = f.geneNames?.get(gene) ?? [];
    return synonyms.length ? `${gene} (${synonyms.join(', ')})` : gene;
  };
  const genes = [...f.geneLiterature].filter((g) => g.pmids.length > 0).sort((a, b) => (b.count ?? 0) - (a.count ?? 0)).slice(0, 5);
  for (const g of genes) {
    out.push({
      id: '',
      kind: 'gene-disease',
      claim: `${named(g.gene)} is associated with ${f.disease}.`,
      pmids: g.pmids.slice(0, MAX_CITATIONS),
      detail: [associationDetail(g.association), g.count !== null ? `${g.count.toLocaleString('en-US')} articles` : ''].filter(Boolean).join('; '),
      subject: g.gene,
    });
  }
  for (const d of f.drugLiterature.filter((x) => x.pmids.length > 0).slice(0, 3)) {
    const c = f.candidates.find((x) => x.name === d.drug);
    const verb = { Inhibit: 'inhibits', Activate: 'activates', Target: 'targets' }[actionVerb(c ? actionsOn(c, d.gene) : [])];
    out.push({
      id: '',
      kind: 'drug-target',
      claim: `${capitalize(d.drug)} ${verb} ${d.gene}.`,
      pmids: d.pmids.slice(0, MAX_CITATIONS),
      detail: c ? `tier ${c.tier}, ${statusText(c)}, score ${c.score.toFixed(2)}` : '',
      subject: d.drug,
      ...(c ? { drug: { tier: c.tier, status: c.status, withdrawnReason: c.withdrawnReason, matchingIndications: c.matchingIndications, approved: c.approved, approvalsKnown: c.approvalsKnown, maxPhase: c.maxPhase, broaderApproval: c.broaderApproval, roleConflicts: c.roleConflicts, curated: c.mechanisms.length > 0 } } : {}),
    });
  }
  for (const h of f.hypotheses.filter((x) => x.supportingPmids.length > 0).slice(0, 3)) {
    const [a, b] = h.genes;
    out.push({
      id: '',
      kind: 'interaction',
      claim: h.stringScore !== null ? `${named(a!)} interacts with ${named(b!)}.` : `${named(a!)} and ${named(b!)} are linked in ${f.disease}.`,
      pmids: h.supportingPmids.slice(0, MAX_CITATIONS),
      detail: h.rationale.replace(/\.$/, ''),
      subject: `${a}-${b}`,
      pair: [a!, b!],
      stringLinked: h.stringScore !== null,
    });
  }
  return out.map((s, i) => ({ ...s, id: `S${i + 1}` }));
}

export interface RenderedStatement {
  id: string;
  kind: StatementKind;
  text: string;
  claim: string;
  citations: string[];
}

export interface RenderedBrief {
  audience: Audience;
  headline: string;
  summary: string;
  statements: RenderedStatement[];
}

const ORDER: Record<Audience, StatementKind[]> = {
  researcher: ['gene-disease', 'interaction', 'drug-target'],
  clinician: ['drug-target', 'gene-disease', 'interaction'],
  executive: ['drug-target', 'gene-disease', 'interaction'],
  student: ['gene-disease', 'interaction', 'drug-target'],
};

export function renderBrief(f: BriefFacts, statements: readonly CanonicalStatement[], audience: Audience): RenderedBrief {
  const order = ORDER[audience];
  const sorted = [...statements].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const limit = audience === 'executive' ? 5 : sorted.length;
  return {
    audience,
    headline: headline(f, audience),
    summary: summary(f, audience),
    statements: sorted.slice(0, limit).map((s) => ({ id: s.id, kind: s.kind, text: wording(s, f, audience), claim: s.claim, citations: s.pmids })),
  };
}

/**
 * What the evidence check said against a claim, in words, or '' when nothing did: its cited
 * abstracts contradict it (and none supports it), or they disagree (contested).
 */
export function verdictCaution(s: Pick<CanonicalStatement, 'status' | 'pmids'>): string {
  if (s.status === 'contradicted') return s.pmids.length > 1 ? 'a cited abstract contradicts this and none supports it' : 'its cited abstract contradicts this';
  if (s.status === 'contested') return 'contested: its cited abstracts both support and contradict this';
  return '';
}

function wording(s: CanonicalStatement, f: BriefFacts, audience: Audience): string {
  const cite = s.pmids.length ? ` [PMID ${s.pmids.join(', ')}]` : '';
  const claim = s.claim.replace(/\.$/, '');
  const caution = verdictCaution(s);
  if (caution) {
    // The claim as checked, with the verdict beside it: the audiences' paraphrases ("has been linked
    // in published studies", "the drug acts on the protein") would state it as fact.
    const detail = audience === 'researcher' || (audience === 'clinician' && s.kind === 'drug-target') ? s.detail : '';
    const standing = audience === 'clinician' && s.kind === 'drug-target' ? `: ${clinicalStanding(s.drug, f.disease)}` : '';
    const withdrawn = s.kind === 'drug-target' && s.drug?.status === 'withdrawn' && (audience === 'executive' || audience === 'student') ? ' (withdrawn, at least in one country)' : '';
    return `${claim}${detail ? ` (${detail})` : ''}${withdrawn} (${caution})${standing}.${cite}`;
  }
  switch (audience) {
    case 'researcher':
      return `${claim}${s.detail ? ` (${s.detail})` : ''}.${cite}`;
    case 'clinician':
      return s.kind === 'drug-target' ? `${claim}${s.detail ? ` (${s.detail})` : ''}: ${clinicalStanding(s.drug, f.disease)}.${cite}` : `${claim}.${cite}`;
    case 'executive':
      return s.kind === 'drug-target' && s.drug?.status === 'withdrawn' ? `${claim} (withdrawn, at least in one country).${cite}` : `${claim}.${cite}`;
    case 'student':
      if (s.kind === 'gene-disease') return `${s.subject}, a human gene, has been linked to ${f.disease} in published studies.${cite}`;
      if (s.kind === 'drug-target') return `${claim}: the drug acts on the protein made from this gene${s.drug?.status === 'withdrawn' ? ' (it has been withdrawn, at least in one country)' : ''}.${cite}`;
      // Only STRING says the proteins work together; a pair known from the literature alone is not.
      return s.stringLinked ? `${claim}: their proteins are thought to work together.${cite}` : `${claim}: published studies name them together.${cite}`;
  }
}

function counts(f: BriefFacts) {
  const significant = f.pathways.filter((p) => p.significant);
  const tier = (t: string) => f.candidates.filter((c) => c.tier === t).length;
  return { significant, top: significant[0], tierI: tier('I'), tierII: tier('II'), tierIII: tier('III') };
}

function headline(f: BriefFacts, audience: Audience): string {
  const { significant, top, tierI, tierII } = counts(f);
  const panel = `${f.genes.length}-gene panel in ${f.disease}`;
  // Drug sources failed while others listed candidates: the counts are a floor, and none listed is
  // not known rather than 0 (a failed Open Targets leaves no tier I or II drug to count).
  const incomplete = f.drugsIncomplete;
  const notRun = `pathway enrichment ${f.enrichmentTestedNothing ? 'tested no gene set' : 'could not run'}`;
  switch (audience) {
    case 'executive':
      if (f.drugsNote) {
        const pathways = f.enrichmentNote ? notRun : !top && f.enrichmentLowPower ? 'too few genes for pathway enrichment' : `${significant.length} enriched pathways`;
        return `${panel}: ${pathways}; drug opportunities not assessed.`;
      }
      if (incomplete && tierI + tierII === 0) return `${panel}: approved and late-stage drug opportunities not known (${incomplete}).`;
      return incomplete ? `${panel}: at least ${executiveDrugs(f.candidates, f.disease)} (${incomplete}: the counts are incomplete).` : `${panel}: ${executiveDrugs(f.candidates, f.disease)}.`;
    case 'clinician':
      if (f.drugsNote) return `${panel}: no drug ranking in this answer.`;
      if (incomplete && tierI + tierII === 0) return `${panel}: tier I and tier II drug candidates not known (${incomplete}).`;
      return `${panel}: ${incomplete ? 'at least ' : ''}${tierI} tier I and ${tierII} tier II drug candidates${incomplete ? ` (${incomplete}: the counts are incomplete)` : ''}.`;
    case 'student':
      return `What this ${f.genes.length}-gene list tells us about ${f.disease}`;
    case 'researcher':
      if (f.enrichmentNote) return `${panel}: ${notRun}.`;
      if (top) return `${panel}: ${significant.length} significant gene sets, led by ${pathwayLabel(top.name)} (q = ${top.q.toExponential(1)}).`;
      return `${panel}: no gene set reaches q <= 0.05${f.enrichmentLowPower ? `, but ${f.enrichmentLowPower}` : ''}.`;
  }
}

function summary(f: BriefFacts, audience: Audience): string {
  const { significant, top, tierI, tierII, tierIII } = counts(f);
  const strat = f.strategies[0];
  const hyp = f.hypotheses[0];
  const parts: string[] = [];
  const pathwayText =
    f.enrichmentNote ??
    (top
      ? `${significant.length} gene sets are significantly enriched (q <= 0.05), the strongest being ${pathwayLabel(top.name)} in ${top.library}.`
      : f.enrichmentLowPower
        ? `No gene set is significantly enriched at q <= 0.05, but ${f.enrichmentLowPower}: this says little about the genes' pathways.`
        : 'No gene set is significantly enriched at q <= 0.05.');
  const incomplete = f.drugsIncomplete ? ` (${f.drugsIncomplete}: there may be more)` : '';
  const drugText = f.drugsNote ?? `Drug candidates: ${tierI} tier I, ${tierII} tier II, ${tierIII} tier III${incomplete}.`;
  const stratText = strat ? `Leading strategy: ${strat.strategy}.` : '';
  const hypText = hyp ? `Top hypothesis (${hyp.confidenceLabel} confidence${hyp.novel ? ', novel' : ''}): ${hyp.statement}` : '';
  switch (audience) {
    case 'researcher':
      parts.push(pathwayText, hypText, stratText, drugText);
      break;
    case 'clinician':
      parts.push(drugText, stratText, pathwayText);
      break;
    case 'executive':
      parts.push(drugText, stratText, f.enrichmentNote ?? '');
      break;
    case 'student':
      parts.push(
        f.enrichmentNote ??
          (top
            ? `Many of these genes work in the same biological process, ${pathwayLabel(top.name)}; that is what "enriched" means.`
            : f.enrichmentLowPower
              ? 'This list has too few genes to show whether they share a known biological process.'
              : 'These genes do not cluster in one known biological process.'),
        hyp ? `A testable idea: ${hyp.statement}` : '',
        // Never silent when the drugs are not known: a failed or skipped search is said.
        f.drugsNote ? `Whether drugs act on these genes is not known here. ${f.drugsNote}` : `${studentDrugs(f.candidates, f.disease, f.drugsIncomplete)}.`,
      );
      break;
  }
  return parts.filter(Boolean).join(' ');
}

function capitalize(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1).toLowerCase() : s;
}
