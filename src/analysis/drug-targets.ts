// Which panel genes a drug acts on, and which only DGIdb claims link it to. A gene is a target when
// a record states the drug's action on it (statesAction). DGIdb also aggregates biomarker claims
// and case reports, untyped: it links cetuximab (an anti-EGFR antibody) to BRAF because BRAF V600E
// predicts resistance to it, and lapatinib and rifampin to BRAF through case reports. Such genes
// are kept apart, with what is claimed, and never read as targets. Pure.
import type { DrugCandidate } from './drug-candidates.js';
import type { DrugEvidence, EvidenceRecord } from './drug-merge.js';

type DgidbRecord = Extract<EvidenceRecord, { kind: 'dgidb' }>;

/**
 * Whether a record says the drug acts on its gene: an Open Targets candidate row or a ChEMBL
 * mechanism (both curated mechanisms), or a DGIdb pair that re-imports ChEMBL's mechanism or
 * states an interaction type (inhibitor, antibody, ...). A bare DGIdb pair does not.
 */
export function statesAction(rec: EvidenceRecord): boolean {
  if (rec.kind !== 'dgidb') return true;
  return rec.interaction.interactionTypes.length > 0 || rec.interaction.sources.some((s) => s.trim().toLowerCase() === 'chembl');
}

/** What DGIdb's bare pairs say of one gene the drug does not act on: who claims it, and the response. */
export interface InteractionOnlyClaim {
  gene: string;
  /** DGIdb's sources of the pair (CIViC, OncoKB, JAX-CKB, ...). */
  sources: string[];
  /** DGIdb's "Response Type" attributes (sensitive, resistant, no benefit, ...): often the point of the claim. */
  responseTypes: string[];
}

/** What a claim says, for people: "response: resistant, sensitive; CIViC, OncoKB". */
export function claimText(claim: Pick<InteractionOnlyClaim, 'responseTypes' | 'sources'>): string {
  const response = claim.responseTypes.length ? `response: ${claim.responseTypes.join(', ')}` : '';
  return [response, claim.sources.join(', ')].filter(Boolean).join('; ') || 'no source named';
}

function claimOn(drug: DrugEvidence, gene: string): InteractionOnlyClaim {
  const pairs = drug.records.filter((r): r is DgidbRecord => r.kind === 'dgidb' && r.gene === gene).map((r) => r.interaction);
  const responses = pairs.flatMap((i) => i.attributes.filter((a) => a.name.toLowerCase() === 'response type').map((a) => a.value.trim().toLowerCase()));
  return { gene, sources: [...new Set(pairs.flatMap((i) => i.sources))].sort(), responseTypes: [...new Set(responses)].sort() };
}

/**
 * The drug's evidence narrowed to the panel genes it acts on (statesAction), and a claim for each
 * gene only bare DGIdb pairs link it to. A drug no record states an action for keeps its genes: it
 * is interaction-only, and every gene of it has such a claim.
 */
export function onTargets(drug: DrugEvidence): { drug: DrugEvidence; interactionOnly: InteractionOnlyClaim[] } {
  const acted = new Set(drug.records.filter(statesAction).map((r) => r.gene));
  const claimed = acted.size === 0 ? drug.genes : drug.genes.filter((g) => !acted.has(g));
  const interactionOnly = claimed.map((g) => claimOn(drug, g));
  if (acted.size === 0) return { drug, interactionOnly };
  return { drug: { ...drug, genes: drug.genes.filter((g) => acted.has(g)), records: drug.records.filter((r) => acted.has(r.gene)) }, interactionOnly };
}

/**
 * Curated action types of the drug on one gene (Open Targets rows and ChEMBL mechanisms). A
 * strategy or a claim about one gene reads these, never the drug's actions on all its targets.
 */
export function actionsOn(c: Pick<DrugCandidate, 'mechanisms'>, gene: string): string[] {
  return [...new Set(c.mechanisms.filter((m) => m.gene === gene && m.actionType).map((m) => m.actionType!.toUpperCase()))];
}

/** Whether a record states the drug's action on the gene (a bare DGIdb pair does not). */
export function actsOn(c: Pick<DrugCandidate, 'targetGenes' | 'interactionOnly'>, gene: string): boolean {
  return c.targetGenes.includes(gene) && !c.interactionOnly.some((x) => x.gene === gene);
}

/** The first gene the drug is stated to act on, for a "drug acts on gene" claim; undefined when none is. */
export function firstTarget(c: Pick<DrugCandidate, 'targetGenes' | 'interactionOnly'>): string | undefined {
  return c.targetGenes.find((g) => actsOn(c, g));
}
