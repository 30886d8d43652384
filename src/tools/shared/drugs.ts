// Drug candidate gathering shared by the panel tools, round 2 (every call needs only the resolved
// panel and the matched diseases, and all run together): per gene, Open Targets candidates, the
// association with the context diseases (asked for directly, Bs-filtered) and COSMIC hallmarks,
// in one batched targets(ensemblIds:) request per 25 genes; the context's ontology (descendants,
// cross-references, ancestors) in one diseases(efoIds:) request; DGIdb interactions; ChEMBL
// targets of the panel's UniProt accessions (to place the mechanisms fetched in round 3).
// Round 3 (drug-details.ts) then asks about the best draft candidates.
import type { DiseaseContext, GeneDrugEvidence } from '../../analysis/drug-candidates.js';
import type { GeneAssociation } from '../../analysis/drug-merge.js';
import { associationScoreText } from '../../analysis/drug-scoring.js';
import { cancerContext, geneRoleOf, isCancerContext, type GeneRole } from '../../analysis/gene-role.js';
import type { ChemblTarget } from '../../sources/chembl.js';
import type { DiseaseAssociation, DiseaseHit } from '../../sources/opentargets.js';
import type { ToolCall } from '../define.js';
import type { MatchedDiseases } from './disease.js';
import type { Gather } from './gather.js';
import type { PanelResolution } from './panel.js';
import { drugSourcesFailedText, noDrugsText } from './summary.js';

export interface DrugEvidence {
  evidence: GeneDrugEvidence[];
  /** Association per gene for the brief (0 = none listed; null = unknown). */
  associations: Map<string, number | null>;
  roles: Map<string, GeneRole>;
  disease: DiseaseContext;
  /** ChEMBL target id -> panel genes it contains (single proteins, complexes, families). */
  chemblTargets: Map<string, string[]> | undefined;
}

export async function drugEvidence(g: Gather, panel: PanelResolution, diseases: MatchedDiseases | readonly DiseaseHit[], diseaseText: string): Promise<DrugEvidence> {
  const s = g.call.ctx.sources;
  const signal = g.call.signal;
  const bySymbol = new Map(panel.results.filter((r) => r.symbol).map((r) => [r.symbol!, r]));
  const ensembl = panel.symbols.map((x) => bySymbol.get(x)?.ensemblGeneId).filter((x): x is string => Boolean(x));
  const accessions = panel.symbols.map((x) => bySymbol.get(x)?.uniprotId).filter((x): x is string => Boolean(x));
  // Associations are asked for every matched disease; the tiers' context is the best hit and the
  // same disease written otherwise, a narrower hit is below it (disease.ts splitDiseaseHits). The
  // association score is the context's (contextAssociation), never a subtype's.
  const diseaseIds = diseases.map((d) => d.id);
  const narrowerIds = ('narrower' in diseases ? (diseases.narrower ?? []) : []).map((d) => d.id).filter((id) => diseaseIds.includes(id));
  const contextIds = diseaseIds.filter((id) => !narrowerIds.includes(id));
  // Search hits broader than the text: asked in the same ontology request for their
  // cross-references, which ChEMBL's rows use (EFO:0000305 for breast cancer).
  const broaderIds = ('broader' in diseases ? (diseases.broader ?? []) : []).map((d) => d.id).filter((id) => !diseaseIds.includes(id));
  const [contexts, ontology, interactions, targets] = await Promise.all([
    ensembl.length
      ? g.report.call('opentargets', () => s.opentargets.drugContexts(ensembl, diseaseIds, signal), {
          records: (m) => [...m.values()].reduce((n, c) => n + (c?.candidates.length ?? 0), 0),
          degrades: 'Open Targets drug candidates, associations and cancer roles are missing',
        })
      : Promise.resolve(new Map()),
    diseaseIds.length
      ? g.report.call('opentargets', () => s.opentargets.diseaseOntology([...diseaseIds, ...broaderIds], signal), {
          degrades: 'indications for diseases below the context are not recognised, and whether the context is a cancer is unknown',
        })
      : Promise.resolve([]),
    g.report.call('dgidb', () => s.dgidb.interactions(panel.symbols, signal), {
      records: (m) => [...m.values()].reduce((n, x) => n + (x?.interactions.length ?? 0), 0),
      degrades: 'DGIdb drug-gene interactions are missing',
    }),
    accessions.length
      ? g.report.call('chembl', () => s.chembl.targetsByAccessions(accessions, signal), { degrades: 'ChEMBL mechanisms cannot be placed on panel genes' })
      : Promise.resolve(new Map<string, ChemblTarget[]>()),
  ]);

  const own = ontology?.filter((d) => contextIds.includes(d.id));
  const sub = ontology?.filter((d) => narrowerIds.includes(d.id)) ?? [];
  const above = ontology?.filter((d) => broaderIds.includes(d.id)) ?? [];
  const isCancer = cancerContext(own === undefined ? null : isCancerContext(own), diseaseText);
  const disease: DiseaseContext = {
    ids: contextIds,
    name: diseaseText,
    // Best first: a subtype is named as one of the best hit (drug-indications.ts contextMatcher).
    names: diseases.filter((d) => contextIds.includes(d.id)).map((d) => d.name),
    // null: the lookup failed; then only the context ids themselves and exact names match.
    related: own === undefined ? null : own.flatMap((d) => [...d.descendants, ...d.dbXRefs]),
    // A narrower search hit is below the context whether or not the ontology says so (or answered),
    // with its descendants and its cross-references (its own, not the context's).
    below: [...narrowerIds, ...sub.flatMap((d) => [...d.descendants, ...d.dbXRefs])],
    belowNames: diseases.filter((d) => narrowerIds.includes(d.id)).map((d) => d.name),
    // A broader search hit is above the context whether or not the ontology lists it there, with
    // its cross-references (contextMatcher drops any that are the context's own).
    ancestors: own === undefined ? null : [...own.flatMap((d) => [...d.ancestors, ...d.ancestorXRefs]), ...broaderIds, ...above.flatMap((d) => d.dbXRefs)],
  };
  const associations = new Map<string, number | null>();
  const roles = new Map<string, GeneRole>();
  const evidence = panel.symbols.map((symbol): GeneDrugEvidence => {
    const id = bySymbol.get(symbol)?.ensemblGeneId;
    if (!id) {
      roles.set(symbol, geneRoleOf(symbol, undefined));
      associations.set(symbol, null);
      return { gene: symbol, role: roles.get(symbol)!, ...(interactions ? { interactions: interactions.get(symbol)?.interactions ?? [] } : {}) };
    }
    // undefined: the batch failed; null: Open Targets answered and does not know the target.
    const ctx = contexts?.get(id);
    roles.set(symbol, geneRoleOf(symbol, ctx === undefined ? undefined : (ctx?.hallmarks ?? null), isCancer));
    let association: GeneDrugEvidence['association'];
    if (contexts === undefined) association = null;
    else if (!diseaseIds.length) association = undefined;
    else if (ctx === null || ctx === undefined) association = { score: 0, note: `Open Targets does not know ${symbol} (${id})` };
    else association = contextAssociation(ctx.associations ?? [], contextIds);
    associations.set(symbol, association === undefined || association === null ? null : typeof association === 'number' ? association : association.score);
    return {
      gene: symbol,
      // The role the strategies read, given to the drug engine too: an action against it earns no score.
      role: roles.get(symbol)!,
      ...(association !== undefined ? { association } : {}),
      // null: Open Targets answered and does not know the target, so it has no candidates.
      ...(ctx ? { candidates: ctx.candidates } : ctx === null ? { candidates: [] } : {}),
      ...(interactions ? { interactions: interactions.get(symbol)?.interactions ?? [] } : {}),
    };
  });

  let chemblTargets: Map<string, string[]> | undefined;
  if (targets) {
    chemblTargets = new Map();
    for (const symbol of panel.symbols) {
      const acc = bySymbol.get(symbol)?.uniprotId?.toUpperCase();
      for (const t of (acc && targets.get(acc)) || []) chemblTargets.set(t.targetChemblId, [...new Set([...(chemblTargets.get(t.targetChemblId) ?? []), symbol])]);
    }
  }
  return { evidence, associations, roles, disease, chemblTargets };
}

/**
 * The gene's association with the context (the best hit and the same disease written otherwise),
 * the best of their scores. Rows for narrower hits are asked too (literature and the tiers read
 * those hits) but are a subtype's score: taking the best over all of them once printed NSCLC's
 * 0.85 as "association with lung cancer". A gene listed only for a subtype scores 0 for the
 * context, and the note names the subtype and its score.
 */
export function contextAssociation(rows: readonly DiseaseAssociation[], contextIds: readonly string[]): GeneAssociation {
  const sorted = [...rows].sort((a, b) => b.score - a.score);
  const own = sorted.find((a) => contextIds.includes(a.diseaseId));
  if (own) return { score: own.score, diseaseId: own.diseaseId, diseaseName: own.diseaseName };
  const sub = sorted[0];
  return sub ? { score: 0, note: `listed only for ${sub.diseaseName}, a narrower disease (${associationScoreText(sub.score)}), not counted for the disease itself` } : { score: 0 };
}

/**
 * Whether the drug candidates of an answer are known, for the brief and the strategies: `unknown`
 * says why they are not (skipped, withheld, or none listed while drug sources failed); `incomplete`
 * names the drug sources that failed while others listed candidates. A failed source is never
 * "0 drug candidates" or "no drug acts on it".
 */
export function drugCoverage(includeDrugs: boolean, call: ToolCall, listed: number, sources: readonly { id: string; status: string }[]): { unknown?: string; incomplete?: string; briefNote?: string } {
  if (!includeDrugs) return { unknown: 'drug analysis was skipped' };
  if (call.tier === 'free') return { unknown: 'drug candidates are not included for the free tier' };
  const failed = drugSourcesFailedText(sources);
  if (!failed) return {};
  if (!listed) return { unknown: failed, briefNote: `Drug candidates: ${noDrugsText(sources)}.` };
  return { incomplete: failed };
}

/** Why drug candidates are absent, or undefined when they are analysed (DESIGN.md 2.3). */
export function drugAnalysisNote(includeDrugs: boolean, call: ToolCall): string | undefined {
  if (!includeDrugs) return 'Drug analysis skipped: includeDrugs is false (pathway-only analysis; no drug sources were called).';
  if (call.tier === 'free') {
    return 'Ranked drug candidates are not included for the free tier. Use an API key of tier "researcher" (X-API-Key header), or run biointel locally, to get tiered candidates with scores and ADMET.';
  }
  return undefined;
}
