// The evidence brief: statements with citations. Each statement has a canonical claim (what the
// integrity pipeline checks against the cited abstracts) and a text written for the audience.
// The audience changes wording, order and emphasis, never the data or the claims checked.
import { actionsOn, approvedIndication, contextPhase, phaseText, type DrugCandidate } from './drug-candidates.js';
import { associationScoreText } from './drug-scoring.js';
import { WHERE_MARKETED, withdrawalText, withdrawnForText } from './drug-tiers.js';
import type { StatementStatus } from '../evidence/status.js';
import type { RoleConflict } from './drug-roles.js';
import type { EnrichmentRow } from './enrichment.js';
import type { Hypothesis } from './hypotheses.js';
import { pathwayLabel } from './pathway-names.js';
import { actionVerb, type Strategy } from './strategies.js';

import { AUDIENCES, type Audience } from './audiences.js';

export { AUDIENCES, type Audience };

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
  /** Enrichment could not run (no gene-set library loaded): said instead of "no gene set is enriched". */
  enrichmentNote?: string;
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
  drug?: Pick<DrugCandidate, 'tier' | 'status' | 'withdrawnReason' | 'matchingIndications' | 'approved' | 'approvalsKnown' | 'maxPhase' | 'broaderApproval'> &
    Partial<Pick<DrugCandidate, 'roleConflicts'>> & {
    /** A curated mechanism (Open Targets or ChEMBL) links it to a panel gene: not interaction evidence only. */
    curated: boolean;
  };
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

/**
 * The executive's drug opportunities, claiming no more than the tier reasons: a tier I drug with a
 * withdrawal on record for the disease (or one above or below it) is not plainly "already
 * indicated"; a tier II drug whose approvals name no disease, or name a broader one, "may already
 * be approved" here and is no repurposing option; nor is one withdrawn for the disease, or one that
 * acts against a panel gene's role (clinicalStanding says the same per drug).
 */
function opportunities(f: BriefFacts) {
  const n = { indicated: 0, indicatedWithdrawal: 0, options: 0, mayBeApproved: 0, withdrawnHere: 0, againstRole: 0 };
  for (const c of f.candidates) {
    const gone = withdrawnForText(c.matchingIndications, f.disease) !== null;
    if (c.tier === 'I') {
      if (gone) n.indicatedWithdrawal++;
      else n.indicated++;
    } else if (c.tier === 'II') {
      if (gone) n.withdrawnHere++;
      else if (c.roleConflicts?.length) n.againstRole++;
      else if (c.approved && (c.approvalsKnown === false || c.broaderApproval)) n.mayBeApproved++;
      else n.options++;
    }
  }
  return n;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function executiveDrugs(f: BriefFacts): string {
  const n = opportunities(f);
  const parts = [
    `${plural(n.indicated, 'approved drug')} already indicated`,
    n.indicatedWithdrawal ? `${n.indicatedWithdrawal} more approved but recorded as withdrawn for ${f.disease} or a related disease (check the label)` : '',
    `${plural(n.options, 'repurposing or late-stage option')}`,
    n.mayBeApproved ? `${plural(n.mayBeApproved, 'approved drug')} whose approvals name no disease or a broader one (may already be approved for ${f.disease})` : '',
    n.withdrawnHere ? `${plural(n.withdrawnHere, 'drug')} recorded as withdrawn for ${f.disease} or a related disease` : '',
    n.againstRole ? `${plural(n.againstRole, 'drug')} acting against a panel gene's role` : '',
  ].filter(Boolean);
  return parts.join(', ');
}

function headline(f: BriefFacts, audience: Audience): string {
  const { significant, top, tierI, tierII } = counts(f);
  const panel = `${f.genes.length}-gene panel in ${f.disease}`;
  // Drug sources failed while others listed candidates: the counts are a floor, and none listed is
  // not known rather than 0 (a failed Open Targets leaves no tier I or II drug to count).
  const incomplete = f.drugsIncomplete;
  switch (audience) {
    case 'executive':
      if (f.drugsNote) return `${panel}: ${f.enrichmentNote ? 'pathway enrichment could not run' : `${significant.length} enriched pathways`}; drug opportunities not assessed.`;
      if (incomplete && tierI + tierII === 0) return `${panel}: approved and late-stage drug opportunities not known (${incomplete}).`;
      return incomplete ? `${panel}: at least ${executiveDrugs(f)} (${incomplete}: the counts are incomplete).` : `${panel}: ${executiveDrugs(f)}.`;
    case 'clinician':
      if (f.drugsNote) return `${panel}: no drug ranking in this answer.`;
      if (incomplete && tierI + tierII === 0) return `${panel}: tier I and tier II drug candidates not known (${incomplete}).`;
      return `${panel}: ${incomplete ? 'at least ' : ''}${tierI} tier I and ${tierII} tier II drug candidates${incomplete ? ` (${incomplete}: the counts are incomplete)` : ''}.`;
    case 'student':
      return `What this ${f.genes.length}-gene list tells us about ${f.disease}`;
    case 'researcher':
      if (f.enrichmentNote) return `${panel}: pathway enrichment could not run.`;
      return top ? `${panel}: ${significant.length} significant gene sets, led by ${pathwayLabel(top.name)} (q = ${top.q.toExponential(1)}).` : `${panel}: no gene set reaches q <= 0.05.`;
  }
}

function summary(f: BriefFacts, audience: Audience): string {
  const { significant, top, tierI, tierII, tierIII } = counts(f);
  const strat = f.strategies[0];
  const hyp = f.hypotheses[0];
  const parts: string[] = [];
  const pathwayText =
    f.enrichmentNote ??
    (top ? `${significant.length} gene sets are significantly enriched (q <= 0.05), the strongest being ${pathwayLabel(top.name)} in ${top.library}.` : 'No gene set is significantly enriched at q <= 0.05.');
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
          (top ? `Many of these genes work in the same biological process, ${pathwayLabel(top.name)}; that is what "enriched" means.` : 'These genes do not cluster in one known biological process.'),
        hyp ? `A testable idea: ${hyp.statement}` : '',
        // Never silent when the drugs are not known: a failed or skipped search is said.
        f.drugsNote ? `Whether drugs act on these genes is not known here. ${f.drugsNote}` : `${studentDrugs(f.candidates, f.disease, f.drugsIncomplete)}.`,
      );
      break;
  }
  return parts.filter(Boolean).join(' ');
}

/**
 * Tier I and II drugs in plain words: approved ones apart from those only in trials for the disease
 * (tier II includes phase 2-3 compounds, which are not "existing drugs"). Approved tier III drugs
 * (linked by weaker evidence, e.g. interaction records only) are said apart, so the sentence never
 * reads "no approved drug" beside them; with a drug source failed, none found is not "none yet".
 */
function studentDrugs(candidates: readonly DrugCandidate[], disease: string, failed: string | undefined): string {
  const usable = candidates.filter((c) => c.tier === 'I' || c.tier === 'II');
  const approved = usable.filter((c) => c.approved).length;
  const trials = usable.length - approved;
  const weaker = candidates.filter((c) => c.tier === 'III' && c.approved && c.status !== 'withdrawn').length;
  const more = failed ? ` (${failed}: there may be more)` : '';
  const approvedText = approved
    ? `${approved} approved drug${approved === 1 ? '' : 's'} act${approved === 1 ? 's' : ''} on these genes${more}`
    : weaker
      ? `No approved drug is known here to act on these genes through a recorded mechanism${more}`
      : failed
        ? `No approved drug acting on these genes was found, but ${failed}, so there may be some`
        : 'No approved drug acts on these genes yet';
  const weakerText = weaker ? `; ${weaker} approved drug${weaker === 1 ? ' is' : 's are'} linked to them by weaker evidence only (tier III)` : '';
  return `${approvedText}${trials ? `, and ${trials} more ${trials === 1 ? 'is' : 'are'} being tested in ${disease}` : ''}${weakerText}`;
}

/** Status in a few words: approved, withdrawn, phase N, phase unknown. */
function statusText(c: Pick<DrugCandidate, 'status' | 'maxPhase'>): string {
  if (c.status === 'withdrawn') return 'withdrawn';
  if (c.status === 'approved') return 'approved';
  return c.maxPhase === null ? 'phase unknown' : phaseText(c.maxPhase);
}

/**
 * What a clinician may do with a drug, by tier and status: only a tier I drug is an established
 * option; a withdrawn drug is never one.
 */
export function clinicalStanding(c: CanonicalStatement['drug'], disease: string): string {
  if (!c) return `its standing in ${disease} is not assessed here`;
  if (c.status === 'withdrawn') return `withdrawn (${withdrawalText(c.withdrawnReason)}): not recommended here; ${WHERE_MARKETED}`;
  // Withdrawn for this very disease (or one above it) is said whatever the tier: beside a subtype's
  // approval, "an established option" read as if nothing had been withdrawn.
  const gone = withdrawnForText(c.matchingIndications, disease);
  // Acting against a panel gene's role (an activated oncogene, an inhibited tumour suppressor): the
  // insights text and table mark it, and the brief once called such a drug "a repurposing hypothesis".
  const against = c.roleConflicts?.length ? `acts against ${c.roleConflicts.map(conflictWords).join(' and ')}` : '';
  if (c.tier === 'I') {
    const name = approvedIndication(c.matchingIndications)?.name ?? disease;
    if (gone) return `approved for ${name}, but ${gone} (its indication records say so): check its current label before treating it as an option${against ? `; it ${against}` : ''}`;
    return `approved for ${name}: an established option to weigh against current guidelines${against ? `, though it ${against}` : ''}`;
  }
  // Withdrawn for this very disease comes first: "approved for another indication" read as untried here.
  if (gone) return `${gone} (its indication records say so): not an option here; ${WHERE_MARKETED}`;
  if (against) return `${against}: not a repurposing hypothesis for ${c.roleConflicts!.length === 1 ? 'it' : 'them'}, whatever its standing elsewhere`;
  // May already be approved here outranks a phase a record gives for the disease (the tier rule):
  // "investigational in breast cancer (phase 2)" read so for a drug whose approvals are not named.
  if (c.tier === 'II' && c.broaderApproval) return `approved for ${c.broaderApproval.name}, a broader disease than ${disease}: its label may already cover ${disease}; check it before treating this as a repurposing hypothesis`;
  if (c.tier === 'II' && c.approved && c.approvalsKnown === false) return `approved, but where is not known here: it may already be approved for ${disease}; check its current label before treating it as a repurposing hypothesis`;
  const phase = contextPhase(c.matchingIndications);
  if (c.tier === 'II' && phase !== null && phase >= 2) return `investigational in ${disease} (${phaseText(phase)}): consider within a clinical trial`;
  if (c.tier === 'II') return `approved for another indication, not for ${disease}: a repurposing hypothesis, not an established option`;
  // No phase known is not "early-stage": the tier reason says whether a source failed.
  if (c.maxPhase === null && !c.approved && c.curated) return 'its clinical stage is not known here: not an option to act on before it is checked';
  return `early-stage or interaction evidence only: not a treatment option`;
}

/** "EGFR's role (an oncogene activated)", from a conflict's reason (drug-roles.ts contradiction). */
function conflictWords(x: RoleConflict): string {
  return `${x.gene}'s role (${x.reason.startsWith('activates') ? 'an oncogene activated' : 'a tumour suppressor inhibited'})`;
}

function capitalize(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1).toLowerCase() : s;
}
