// Input of the drug-candidate analysis and the merging of per-gene evidence into one record per
// drug. Open Targets, ChEMBL and DGIdb name the same drug differently (parent vs salt ChEMBL id,
// rxcui concept ids, upper-case names), so records are joined on any shared key: a ChEMBL id
// (salt ids and ChEMBL's parent id included) or the parent name with salt words stripped.
// Pure functions; the tool layer assembles the input from the sources.
import type { ChemblIndication, ChemblMechanism, ChemblMolecule } from '../sources/chembl.js';
import type { Directionality, DrugGeneInteraction } from '../sources/dgidb.js';
import { parentName, type ClinicalCandidate } from './clinical-candidates.js';
import type { DiseaseAssociation, DrugDetails } from '../sources/opentargets.js';
import type { CompoundProperties } from '../sources/pubchem.js';
import type { EnrichmentRow } from './enrichment.js';
import type { GeneRole } from './gene-role.js';

/**
 * Association of one gene with the disease context (Open Targets overall score, 0-1). Score 0
 * without a disease id is a measured absence: Open Targets answered and lists no association.
 */
export interface GeneAssociation {
  score: number;
  diseaseId?: string;
  diseaseName?: string;
  /** Why the score is 0 when it is (e.g. "Open Targets does not know the target"). */
  note?: string;
}

/** Everything the sources said about one panel gene. Absent lists mean "not asked", not "none". */
export interface GeneDrugEvidence {
  /** Resolved (HGNC) symbol. */
  gene: string;
  /**
   * Association with the disease context: a score (0 = Open Targets answered, none listed); null
   * when the source failed (unknown); undefined when it was not asked (no disease matched).
   */
  association?: GeneAssociation | number | null;
  /** Open Targets drug and clinical candidates of the gene (salt forms already merged). */
  candidates?: readonly ClinicalCandidate[];
  /** DGIdb interactions of the gene. */
  interactions?: readonly DrugGeneInteraction[];
  /** ChEMBL mechanisms recorded against the gene's single-protein target. */
  mechanisms?: readonly ChemblMechanism[];
  /**
   * The gene's role (COSMIC via Open Targets, as the strategies read it): a drug whose curated
   * action contradicts it gets no directness credit for it and ranks below the others of its tier.
   * Absent: not known, and no conflict is invented.
   */
  role?: GeneRole;
}

/** The disease context as matched in Open Targets: its ids (MONDO_, EFO_, ...) and the user's text. */
export interface DiseaseContext {
  ids: readonly string[];
  name: string;
  /** Names of the matched diseases: an indication record without an id matches by exact name. */
  names?: readonly string[];
  /**
   * Ids below the context diseases and their cross-references (ChEMBL writes EFO ids where Open
   * Targets writes MONDO ids): an indication for any of them is one for the context. Undefined
   * when not looked up, null when the lookup failed.
   */
  related?: readonly string[] | null;
  /**
   * Ids above the context diseases in Open Targets' ontology ("neoplasm" above "breast cancer"): an
   * approval for one of them (a tissue-agnostic or class label) may already cover the context.
   * Undefined when not looked up, null when the lookup failed.
   */
  ancestors?: readonly string[] | null;
  /**
   * Search hits narrower than the text (a subtype named among them) and their descendants and
   * cross-references: below the context, never the context, even when the ontology lookup failed.
   */
  below?: readonly string[];
  /** Those hits' names, for records without an id. */
  belowNames?: readonly string[];
}

/** Drug + disease literature: a co-mention count and a few PMIDs, naming the service that gave them. */
export interface LiteratureSupport {
  coMentions: number;
  pmids: readonly string[];
  /** The search that produced the count, shown in the factor detail. */
  query?: string;
  /** Source id of the count (e.g. 'europepmc', 'eutils'). */
  source: 'europepmc' | 'eutils';
}

/** Input of buildDrugCandidates. Maps keyed by drug are looked up by ChEMBL id, then by name. */
export interface DrugCandidateInput {
  genes: readonly GeneDrugEvidence[];
  disease: DiseaseContext;
  /** ChEMBL molecules by id (upper case), for ADMET, phase, withdrawal and salt -> parent. */
  molecules?: ReadonlyMap<string, ChemblMolecule | null>;
  /** PubChem properties by ChEMBL id or drug name: the ADMET fallback. */
  pubchem?: ReadonlyMap<string, CompoundProperties | null>;
  /**
   * Open Targets drug details (indications with a stage per disease, warnings), by upper-case
   * ChEMBL id; a key with null = Open Targets does not know the drug; no key = not looked up.
   */
  drugs?: ReadonlyMap<string, DrugDetails | null>;
  /** ChEMBL drug_indication rows by upper-case ChEMBL id ([] = none recorded; no key = not looked up). */
  chemblIndications?: ReadonlyMap<string, readonly ChemblIndication[]>;
  /** Literature support by ChEMBL id or drug name; absent -> the factor is null. */
  literature?: ReadonlyMap<string, LiteratureSupport | null>;
  /**
   * Drugs whose literature search was run and failed, with the service that failed. A drug in
   * neither map was not searched (the search runs for the first candidates only).
   */
  literatureFailed?: ReadonlyMap<string, string>;
  /** Drugs whose PubChem lookup was run and failed (by name), apart from names PubChem does not know (null in `pubchem`). */
  pubchemFailed?: ReadonlyMap<string, string>;
  /** Enriched pathways; only rows with `significant` count for centrality. */
  pathways?: readonly EnrichmentRow[];
  /** STRING degree of each panel gene within the panel network. */
  networkDegree?: ReadonlyMap<string, number>;
}

export type EvidenceRecord =
  | { kind: 'opentargets'; gene: string; candidate: ClinicalCandidate }
  | { kind: 'chembl'; gene: string; mechanism: ChemblMechanism }
  | { kind: 'dgidb'; gene: string; interaction: DrugGeneInteraction };

/** All records about one drug, over every panel gene and source. */
export interface DrugEvidence {
  /** Preferred ChEMBL id (the parent form when ChEMBL says which), or null (DGIdb-only, no id). */
  chemblId: string | null;
  /** Every ChEMBL id seen for the drug (salt forms included), preferred first. */
  chemblIds: string[];
  name: string;
  /** Panel genes any record links the drug to, in panel order (drug-targets.ts onTargets keeps those it acts on). */
  genes: string[];
  records: EvidenceRecord[];
}

/** A curated mechanism of the drug on a panel gene. */
export interface MechanismEvidence {
  gene: string;
  source: 'opentargets' | 'chembl';
  mechanismOfAction: string | null;
  actionType: string | null;
  /** ChEMBL direct_interaction; null when the source does not say. */
  direct: boolean | null;
}

/** Upper-cased trimmed id, the form Chembl.molecules() keys its answer by. */
export function normId(id: string): string {
  return id.trim().toUpperCase();
}

/**
 * Best association over the context's disease ids. The rows must be a complete answer for those
 * ids (a `Bs`-filtered query): then none listed is a measured 0, not an unknown.
 */
export function associationFor(associations: readonly DiseaseAssociation[], diseaseIds: Iterable<string>): GeneAssociation {
  const wanted = new Set(diseaseIds);
  let best: DiseaseAssociation | null = null;
  for (const a of associations) if (wanted.has(a.diseaseId) && (!best || a.score > best.score)) best = a;
  return best ? { score: best.score, diseaseId: best.diseaseId, diseaseName: best.diseaseName } : { score: 0 };
}

/** Whether a per-drug map was asked about this drug (a key for any of its ids), whatever it answered. */
export function lookedUp(map: ReadonlyMap<string, unknown> | undefined, drug: Pick<DrugEvidence, 'chemblIds'>): boolean {
  return !!map && drug.chemblIds.some((id) => map.has(id) || map.has(id.toUpperCase()));
}

/** Looks a per-drug map up by each ChEMBL id, then by name (exact, upper case, parent form). */
export function lookupDrug<T>(map: ReadonlyMap<string, T | null> | undefined, drug: Pick<DrugEvidence, 'chemblIds' | 'name'>): T | null {
  if (!map || map.size === 0) return null;
  for (const id of drug.chemblIds) {
    const hit = map.get(id) ?? map.get(id.toLowerCase());
    if (hit) return hit;
  }
  for (const n of new Set([drug.name, drug.name.toUpperCase(), drug.name.toLowerCase(), parentName(drug.name)])) {
    const hit = map.get(n);
    if (hit) return hit;
  }
  // Callers may key names in any case: one normalising pass, only on a miss.
  const want = parentName(drug.name);
  for (const [key, value] of map) if (value && parentName(key) === want) return value;
  return null;
}

function idsOf(rec: EvidenceRecord): string[] {
  switch (rec.kind) {
    case 'opentargets':
      return [rec.candidate.drugId, ...rec.candidate.saltForms.map((s) => s.drugId)];
    case 'chembl':
      return [rec.mechanism.parentMoleculeChemblId, rec.mechanism.moleculeChemblId].filter((x): x is string => !!x);
    case 'dgidb':
      return rec.interaction.chemblId ? [rec.interaction.chemblId] : [];
  }
}

function namesOf(rec: EvidenceRecord): string[] {
  switch (rec.kind) {
    case 'opentargets':
      return [rec.candidate.name, ...rec.candidate.saltForms.map((s) => s.name)];
    case 'chembl':
      return []; // ChEMBL mechanisms carry no drug name; the molecule record may add one
    case 'dgidb':
      return [rec.interaction.drugName];
  }
}

/** Join keys of a record, widened through the ChEMBL molecule records (salt -> parent, name). */
function keysOf(rec: EvidenceRecord, molecules: ReadonlyMap<string, ChemblMolecule | null> | undefined): { ids: string[]; keys: string[] } {
  const ids = idsOf(rec).map(normId);
  const names = namesOf(rec);
  for (const id of [...ids]) {
    const m = molecules?.get(id);
    if (m?.parentChemblId) ids.push(normId(m.parentChemblId));
    if (m?.prefName) names.push(m.prefName);
  }
  const uniqueIds = [...new Set(ids)];
  return { ids: uniqueIds, keys: [...uniqueIds.map((i) => `id:${i}`), ...names.map((n) => `name:${parentName(n)}`)] };
}

function recordsOf(genes: readonly GeneDrugEvidence[]): EvidenceRecord[] {
  const out: EvidenceRecord[] = [];
  for (const g of genes) {
    for (const candidate of g.candidates ?? []) out.push({ kind: 'opentargets', gene: g.gene, candidate });
    for (const mechanism of g.mechanisms ?? []) out.push({ kind: 'chembl', gene: g.gene, mechanism });
    for (const interaction of g.interactions ?? []) out.push({ kind: 'dgidb', gene: g.gene, interaction });
  }
  return out;
}

/** One DrugEvidence per drug: records sharing any ChEMBL id or parent name are the same drug. */
export function groupDrugEvidence(input: Pick<DrugCandidateInput, 'genes' | 'molecules'>): DrugEvidence[] {
  const records = recordsOf(input.genes);
  const parent = records.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      const p = parent[i] as number;
      parent[i] = parent[p] as number; // path halving keeps the trees flat
      i = p;
    }
    return i;
  };
  const owner = new Map<string, number>();
  const idsByRecord = records.map((rec, i) => {
    const { ids, keys } = keysOf(rec, input.molecules);
    for (const key of keys) {
      const j = owner.get(key);
      if (j === undefined) owner.set(key, i);
      else parent[find(i)] = find(j);
    }
    return ids;
  });

  const groups = new Map<number, number[]>();
  records.forEach((_, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), i]);
  });

  const geneOrder = new Map(input.genes.map((g, i) => [g.gene, i]));
  const out: DrugEvidence[] = [];
  for (const members of groups.values()) {
    const recs = members.map((i) => records[i] as EvidenceRecord);
    const chemblIds = preferredIds(recs, members.map((i) => idsByRecord[i] ?? []), input.molecules);
    out.push({
      chemblId: chemblIds[0] ?? null,
      chemblIds,
      name: preferredName(recs, chemblIds, input.molecules),
      genes: [...new Set(recs.map((r) => r.gene))].sort((a, b) => (geneOrder.get(a) ?? 0) - (geneOrder.get(b) ?? 0)),
      records: recs,
    });
  }
  return out;
}

// Preferred id: ChEMBL's parent of the Open Targets id, then the Open Targets id (already the
// parent form when Open Targets lists it), then ChEMBL's mechanism parent, then DGIdb's id.
function preferredIds(recs: EvidenceRecord[], ids: string[][], molecules: DrugCandidateInput['molecules']): string[] {
  const order = (r: EvidenceRecord): number => (r.kind === 'opentargets' ? 0 : r.kind === 'chembl' ? 1 : 2);
  const ranked = recs.map((r, i) => ({ r, ids: ids[i] ?? [] })).sort((a, b) => order(a.r) - order(b.r));
  const all = [...new Set(ranked.flatMap((x) => x.ids))];
  const first = all[0];
  const parentId = first ? molecules?.get(first)?.parentChemblId : null;
  return parentId ? [...new Set([normId(parentId), ...all])] : all;
}

function preferredName(recs: EvidenceRecord[], chemblIds: string[], molecules: DrugCandidateInput['molecules']): string {
  const ot = recs.find((r): r is Extract<EvidenceRecord, { kind: 'opentargets' }> => r.kind === 'opentargets');
  if (ot) return ot.candidate.name;
  for (const id of chemblIds) {
    const n = molecules?.get(id)?.prefName;
    if (n) return n;
  }
  const dg = recs.find((r): r is Extract<EvidenceRecord, { kind: 'dgidb' }> => r.kind === 'dgidb');
  return dg?.interaction.drugName ?? chemblIds[0] ?? 'unknown drug';
}

/** Curated mechanisms of the drug on panel genes (Open Targets rows, ChEMBL), deduplicated. */
export function mechanismsOf(drug: DrugEvidence): MechanismEvidence[] {
  const all: MechanismEvidence[] = [];
  for (const rec of drug.records) {
    if (rec.kind === 'opentargets') {
      for (const m of rec.candidate.mechanisms) all.push({ gene: rec.gene, source: 'opentargets', mechanismOfAction: m.mechanismOfAction, actionType: m.actionType, direct: null });
    } else if (rec.kind === 'chembl') {
      const m = rec.mechanism;
      all.push({ gene: rec.gene, source: 'chembl', mechanismOfAction: m.mechanismOfAction, actionType: m.actionType, direct: m.directInteraction });
    }
  }
  const seen = new Set<string>();
  return all.filter((m) => {
    const key = `${m.gene}|${m.source}|${m.mechanismOfAction ?? ''}|${m.actionType ?? ''}|${m.direct}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** DGIdb interaction types, one per type and directionality. */
export function uniqueTypes(types: { type: string; directionality: Directionality | null }[]): { type: string; directionality: Directionality | null }[] {
  const seen = new Map<string, { type: string; directionality: Directionality | null }>();
  for (const t of types) seen.set(`${t.type.toLowerCase()}|${t.directionality ?? ''}`, t);
  return [...seen.values()];
}

/**
 * The records that could give this drug a phase or an approval but were not read for it, in words:
 * per-drug records (Open Targets drug, ChEMBL molecule) missing or not asked for it, and the
 * per-gene answers (Open Targets candidates, DGIdb) that failed for a gene it is linked to.
 */
export function phaseUnread(drug: Pick<DrugEvidence, 'chemblIds' | 'genes'>, input: DrugCandidateInput): string[] {
  const out: string[] = [];
  const perDrug = (map: ReadonlyMap<string, unknown> | undefined, what: string) => {
    if (!map) out.push(`its ${what} could not be read`);
    else if (!drug.chemblIds.length) out.push(`no ChEMBL id to look up its ${what}`);
    else if (!lookedUp(map, drug)) out.push(`its ${what} was not looked up (only the best-ranked candidates are)`);
  };
  perDrug(input.drugs, 'Open Targets drug record');
  perDrug(input.molecules, 'ChEMBL molecule record');
  const linked = new Set(drug.genes.map((g) => g.toUpperCase()));
  const genes = input.genes.filter((g) => linked.has(g.gene.toUpperCase()));
  const failed = (pick: (g: GeneDrugEvidence) => unknown) => genes.filter((g) => pick(g) === undefined).map((g) => g.gene);
  const otFailed = failed((g) => g.candidates);
  const dgFailed = failed((g) => g.interactions);
  if (otFailed.length) out.push(`Open Targets candidates of ${otFailed.join(', ')} could not be read`);
  if (dgFailed.length) out.push(`DGIdb could not be read for ${dgFailed.join(', ')}`);
  return out;
}
