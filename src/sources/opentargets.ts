// Open Targets Platform (GraphQL): symbol -> Ensembl id, disease text -> disease ids,
// target-disease association scores, tractability, and drug and clinical candidates.
// Release 26.06 replaced `knownDrugs` (numeric phase) with `drugAndClinicalCandidates` (a stage
// enum): asking for the old field is a GraphQL error, which graphql() turns into an UpstreamError.
// A missing field in an answer is a schema error here too, never an empty list.
// @see https://platform-docs.opentargets.org/data-access/graphql-api
import { chunk, uniqueIds } from './batch.js';
import { graphql } from './graphql.js';
import type { UpstreamClient } from './http.js';
import { mergeSaltForms, stagePhase, type CandidateRow, type ClinicalCandidate, type DiseaseRef } from '../analysis/clinical-candidates.js';
import * as Q from './opentargets-queries.js';
import { optNum, optStr, shapeOf, type Obj } from './shape.js';

export * from '../analysis/clinical-candidates.js';

const SOURCE = 'opentargets';
/** Targets per `targets(ensemblIds:)` call: candidate lists run to ~100 rows a target. */
const CONTEXT_BATCH = 10;
const TRACTABILITY_BATCH = 50;
const { field, obj, arr, str, num, error: schemaError } = shapeOf(
  SOURCE,
  'The Open Targets schema may have changed; run `npm run test:live` to check for drift.',
);

export interface TargetHit {
  ensemblId: string;
  symbol: string;
  name: string;
  score: number | null;
}

export interface DiseaseHit {
  id: string;
  name: string;
  score: number | null;
}

export interface DiseaseAssociation {
  diseaseId: string;
  diseaseName: string;
  /** Overall association score, 0-1. */
  score: number;
}

export interface Tractability {
  label: string;
  /** SM small molecule, AB antibody, PR PROTAC, OC other clinical. */
  modality: string;
  value: boolean;
}

export interface TargetClinicalContext {
  ensemblId: string;
  symbol: string | null;
  associationCount: number | null;
  associations: DiseaseAssociation[];
  /** Rows as Open Targets counts them (salt forms separate). */
  candidateRows: number;
  candidates: ClinicalCandidate[];
}

export interface DrugIndications {
  chemblId: string;
  name: string;
  drugType: string | null;
  stage: string | null;
  phase: number | null;
  indications: { diseaseId: string | null; diseaseName: string; stage: string | null; phase: number | null }[];
  targetSymbols: string[];
}

export class OpenTargets {
  constructor(private readonly http: UpstreamClient) {}

  /** Ensembl id of an approved symbol, or null when no hit carries exactly that symbol. */
  async findTarget(symbol: string, signal?: AbortSignal): Promise<TargetHit | null> {
    const data = await this.query(Q.SEARCH_TARGET, { queryString: symbol.trim(), size: 10 }, signal);
    return parseTargetSearch(data, symbol);
  }

  /** Batch form of findTarget through mapIds: every requested symbol maps to a hit or null. */
  async mapTargets(symbols: readonly string[], signal?: AbortSignal): Promise<Map<string, TargetHit | null>> {
    const terms = uniqueIds(symbols);
    if (!terms.length) return new Map();
    return parseMapIds(await this.query(Q.MAP_TARGET_IDS, { terms }, signal), terms);
  }

  /** Disease ids (MONDO_, EFO_, Orphanet_...) for free text, best match first. */
  async searchDiseases(text: string, options: { size?: number } = {}, signal?: AbortSignal): Promise<DiseaseHit[]> {
    const data = await this.query(Q.SEARCH_DISEASE, { queryString: text.trim(), size: options.size ?? 5 }, signal);
    return parseDiseaseSearch(data);
  }

  /** Top associated diseases and the drug and clinical candidates of one target; null if unknown. */
  async clinicalContext(ensemblId: string, options: { associations?: number } = {}, signal?: AbortSignal): Promise<TargetClinicalContext | null> {
    const data = await this.query(Q.TARGET_CLINICAL_CONTEXT, { ensemblId, size: options.associations ?? 25 }, signal);
    return parseTargetClinicalContext(data, ensemblId);
  }

  /** clinicalContext for many targets, batched through `targets(ensemblIds:)`. */
  async clinicalContexts(
    ensemblIds: readonly string[],
    options: { associations?: number } = {},
    signal?: AbortSignal,
  ): Promise<Map<string, TargetClinicalContext | null>> {
    const ids = [...new Set(ensemblIds)];
    const parts = await Promise.all(
      chunk(ids, CONTEXT_BATCH).map(async (batch) =>
        parseTargetsClinicalContext(await this.query(Q.TARGETS_CLINICAL_CONTEXT, { ensemblIds: batch, size: options.associations ?? 25 }, signal), batch),
      ),
    );
    return new Map(parts.flatMap((m) => [...m]));
  }

  async tractability(ensemblId: string, signal?: AbortSignal): Promise<Tractability[] | null> {
    return parseTractability(await this.query(Q.TARGET_TRACTABILITY, { ensemblId }, signal));
  }

  async tractabilities(ensemblIds: readonly string[], signal?: AbortSignal): Promise<Map<string, Tractability[] | null>> {
    const ids = [...new Set(ensemblIds)];
    const parts = await Promise.all(
      chunk(ids, TRACTABILITY_BATCH).map(async (batch) =>
        parseTargetsTractability(await this.query(Q.TARGETS_TRACTABILITY, { ensemblIds: batch }, signal), batch),
      ),
    );
    return new Map(parts.flatMap((m) => [...m]));
  }

  /**
   * Association score of one target with each given disease id: a number, or null when Open
   * Targets has no association. The whole answer is null when the target is unknown.
   */
  async associationScores(ensemblId: string, diseaseIds: readonly string[], signal?: AbortSignal): Promise<Map<string, number | null> | null> {
    const ids = [...new Set(diseaseIds)];
    // An empty Bs list would not filter at all: there is nothing to ask.
    if (!ids.length) return new Map();
    const data = await this.query(Q.TARGET_DISEASE_SCORES, { ensemblId, diseaseIds: ids, size: Math.max(ids.length, 1) }, signal);
    const context = parseAssociationsOnly(data);
    if (!context) return null;
    const byId = new Map(context.map((a) => [a.diseaseId, a.score]));
    return new Map(ids.map((id) => [id, byId.get(id) ?? null]));
  }

  /** Indications (with stage) and targets of one drug; null when Open Targets does not know it. */
  async drugIndications(chemblId: string, signal?: AbortSignal): Promise<DrugIndications | null> {
    return parseDrugIndications(await this.query(Q.DRUG_INDICATIONS, { chemblId }, signal));
  }

  private query(query: string, variables: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
    return graphql<unknown>(this.http, SOURCE, '/graphql', query, variables, signal);
  }
}

// ---------------------------------------------------------------- pure parsers (take `data`)

export function parseTargetSearch(data: unknown, symbol: string): TargetHit | null {
  const hits = arr(obj(field(obj(data, 'data'), 'search'), 'search').hits, 'search.hits');
  const want = symbol.trim().toUpperCase();
  for (const raw of hits) {
    const hit = targetHit(raw);
    if (hit && hit.symbol.toUpperCase() === want) return hit;
  }
  return null;
}

export function parseMapIds(data: unknown, terms: readonly string[]): Map<string, TargetHit | null> {
  const mappings = arr(obj(field(obj(data, 'data'), 'mapIds'), 'mapIds').mappings, 'mapIds.mappings');
  const found = new Map<string, TargetHit>();
  for (const raw of mappings) {
    const m = obj(raw, 'mapIds.mappings[]');
    const term = str(m.term, 'mapping.term').toUpperCase();
    const hits = m.hits === null || m.hits === undefined ? [] : arr(m.hits, 'mapping.hits');
    const hit = hits.map(targetHit).find((h) => h && h.symbol.toUpperCase() === term);
    if (hit && !found.has(term)) found.set(term, hit);
  }
  return new Map(terms.map((t) => [t, found.get(t.toUpperCase()) ?? null]));
}

function targetHit(raw: unknown): TargetHit | null {
  const h = obj(raw, 'search hit');
  if (h.entity !== undefined && h.entity !== 'target') return null;
  const object = h.object && typeof h.object === 'object' ? (h.object as Obj) : {};
  // Target hits are named by their symbol; the typed object is authoritative when selected.
  const symbol = optStr(object.approvedSymbol) ?? optStr(h.name);
  if (!symbol) return null;
  return { ensemblId: str(h.id, 'hit.id'), symbol, name: optStr(h.name) ?? symbol, score: optNum(h.score) };
}

export function parseDiseaseSearch(data: unknown): DiseaseHit[] {
  const hits = arr(obj(field(obj(data, 'data'), 'search'), 'search').hits, 'search.hits');
  return hits
    .map((raw) => obj(raw, 'search hit'))
    .filter((h) => h.entity === undefined || h.entity === 'disease')
    .map((h) => ({ id: str(h.id, 'hit.id'), name: str(h.name, 'hit.name'), score: optNum(h.score) }));
}

export function parseTargetClinicalContext(data: unknown, requestedId?: string): TargetClinicalContext | null {
  const target = field(obj(data, 'data'), 'target');
  return target === null ? null : clinicalOf(obj(target, 'target'), requestedId);
}

/** Unknown ids are absent from `targets` (or null in it): they map to null. */
export function parseTargetsClinicalContext(data: unknown, requested: readonly string[]): Map<string, TargetClinicalContext | null> {
  const found = new Map<string, TargetClinicalContext>();
  for (const raw of arr(field(obj(data, 'data'), 'targets'), 'targets')) {
    if (raw === null) continue;
    const context = clinicalOf(obj(raw, 'targets[]'));
    found.set(context.ensemblId, context);
  }
  return new Map(requested.map((id) => [id, found.get(id) ?? null]));
}

function clinicalOf(t: Obj, fallbackId?: string): TargetClinicalContext {
  const ensemblId = optStr(t.id) ?? fallbackId;
  if (!ensemblId) throw schemaError('target.id is missing');
  const associations = associationsOf(t);
  const candidates = field(t, 'drugAndClinicalCandidates', 'Open Targets renamed knownDrugs to drugAndClinicalCandidates in 26.06');
  // A nullable GraphQL object answered with null means "none"; only an absent key is drift.
  const c = candidates === null ? { rows: [] } : obj(candidates, 'drugAndClinicalCandidates');
  const rows = arr(c.rows, 'drugAndClinicalCandidates.rows');
  return {
    ensemblId,
    symbol: optStr(t.approvedSymbol),
    associationCount: associations.count,
    associations: associations.rows,
    candidateRows: optNum(c.count) ?? rows.length,
    candidates: mergeSaltForms(rows.map(candidateRow).filter((r): r is CandidateRow => r !== null)),
  };
}

function associationsOf(t: Obj): { count: number | null; rows: DiseaseAssociation[] } {
  const a = obj(field(t, 'associatedDiseases'), 'associatedDiseases');
  const rows = arr(a.rows, 'associatedDiseases.rows').map((raw) => {
    const r = obj(raw, 'associatedDiseases.rows[]');
    const d = obj(r.disease, 'association.disease');
    return { diseaseId: str(d.id, 'disease.id'), diseaseName: str(d.name, 'disease.name'), score: num(r.score, 'association.score') };
  });
  return { count: optNum(a.count), rows };
}

function parseAssociationsOnly(data: unknown): DiseaseAssociation[] | null {
  const target = field(obj(data, 'data'), 'target');
  return target === null ? null : associationsOf(obj(target, 'target')).rows;
}

export function parseTractability(data: unknown): Tractability[] | null {
  const target = field(obj(data, 'data'), 'target');
  return target === null ? null : tractabilityOf(obj(target, 'target'));
}

export function parseTargetsTractability(data: unknown, requested: readonly string[]): Map<string, Tractability[] | null> {
  const found = new Map<string, Tractability[]>();
  for (const raw of arr(field(obj(data, 'data'), 'targets'), 'targets')) {
    if (raw === null) continue;
    const t = obj(raw, 'targets[]');
    found.set(str(t.id, 'target.id'), tractabilityOf(t));
  }
  return new Map(requested.map((id) => [id, found.get(id) ?? null]));
}

function tractabilityOf(t: Obj): Tractability[] {
  return arr(field(t, 'tractability'), 'tractability').map((raw) => {
    const r = obj(raw, 'tractability[]');
    if (typeof r.value !== 'boolean') throw schemaError('tractability.value is not a boolean');
    return { label: str(r.label, 'tractability.label'), modality: str(r.modality, 'tractability.modality'), value: r.value };
  });
}

export function parseDrugIndications(data: unknown): DrugIndications | null {
  const drug = field(obj(data, 'data'), 'drug');
  if (drug === null) return null;
  const d = obj(drug, 'drug');
  const rows = arr(obj(field(d, 'indications'), 'indications').rows, 'indications.rows');
  const moa = d.mechanismsOfAction ? arr(obj(d.mechanismsOfAction, 'mechanismsOfAction').rows, 'mechanismsOfAction.rows') : [];
  const symbols = moa.flatMap((m) => {
    const targets = obj(m, 'mechanism').targets;
    return targets === null || targets === undefined ? [] : arr(targets, 'mechanism.targets').map((t) => optStr(obj(t, 'mechanism target').approvedSymbol));
  });
  const stage = optStr(d.maximumClinicalStage);
  return {
    chemblId: str(d.id, 'drug.id'),
    name: str(d.name, 'drug.name'),
    drugType: optStr(d.drugType),
    stage,
    phase: stagePhase(stage),
    indications: rows.map((raw) => {
      const r = obj(raw, 'indications.rows[]');
      const disease = obj(r.disease, 'indication.disease');
      const s = optStr(r.maxClinicalStage);
      return { diseaseId: optStr(disease.id), diseaseName: str(disease.name, 'indication.disease.name'), stage: s, phase: stagePhase(s) };
    }),
    targetSymbols: [...new Set(symbols.filter((s): s is string => s !== null))],
  };
}

// ---------------------------------------------------------------- candidates and salt forms

function candidateRow(raw: unknown): CandidateRow | null {
  const r = obj(raw, 'drugAndClinicalCandidates.rows[]');
  if (r.drug === null) return null; // a row without a drug cannot be a candidate
  const drug = obj(r.drug, 'candidate.drug');
  // Fields a narrower selection did not ask for read as null / empty.
  const moa = drug.mechanismsOfAction ? arr(obj(drug.mechanismsOfAction, 'mechanismsOfAction').rows, 'mechanismsOfAction.rows') : [];
  const diseases = r.diseases === undefined || r.diseases === null ? [] : arr(r.diseases, 'candidate.diseases');
  return {
    drugId: str(drug.id, 'drug.id'),
    name: str(drug.name, 'drug.name'),
    drugType: optStr(drug.drugType),
    stage: optStr(r.maxClinicalStage),
    drugStage: optStr(drug.maximumClinicalStage),
    mechanisms: moa.map((m) => {
      const row = obj(m, 'mechanism');
      return { mechanismOfAction: str(row.mechanismOfAction, 'mechanismOfAction'), actionType: optStr(row.actionType) };
    }),
    indications: diseases.flatMap((x) => {
      const d = obj(x, 'candidate.diseases[]').disease;
      if (!d) return [];
      const disease = obj(d, 'candidate disease');
      return [{ id: str(disease.id, 'disease.id'), name: str(disease.name, 'disease.name') }];
    }),
  };
}
