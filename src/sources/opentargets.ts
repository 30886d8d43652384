// Open Targets Platform (GraphQL): symbol -> Ensembl id, disease text -> disease ids,
// target-disease association scores, tractability, and drug and clinical candidates.
// Release 26.06 replaced `knownDrugs` (numeric phase) with `drugAndClinicalCandidates` (a stage
// enum): asking for the old field is a GraphQL error, which graphql() turns into an UpstreamError.
// A missing field in an answer is a schema error here too, never an empty list.
// @see https://platform-docs.opentargets.org/data-access/graphql-api
import { chunk, uniqueIds } from './batch.js';
import { graphql } from './graphql.js';
import type { UpstreamClient } from './http.js';
import type { ClinicalCandidate } from '../analysis/clinical-candidates.js';
import {
  associationsOf,
  candidatesOf,
  parseDiseaseOntology,
  parseDrugsDetails,
  parseTargetsDrugContext,
  type DiseaseAssociation,
  type DiseaseOntology,
  type DrugDetails,
  type TargetDrugContext,
} from './opentargets-drugs.js';
import * as Q from './opentargets-queries.js';
import { optNum, optStr, shapeOf, type Obj } from './shape.js';

export * from '../analysis/clinical-candidates.js';
export * from './opentargets-drugs.js';

const SOURCE = 'opentargets';
/** Targets per `targets(ensemblIds:)` drug-context call: candidate lists run to ~100 rows a target. */
const CONTEXT_BATCH = 25;
const TRACTABILITY_BATCH = 50;
/** Drugs per `drugs(chemblIds:)` call: an approved drug can list ~300 indications. */
const DRUG_BATCH = 25;
const { field, obj, arr, str, error: schemaError } = shapeOf(
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

/** One target as the target brief reads it: clinical context and tractability (one request). */
export interface TargetBriefData {
  clinical: TargetClinicalContext;
  tractability: Tractability[];
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

  /**
   * Top associated diseases, drug and clinical candidates, and tractability of one target, in one
   * request (the target brief); null if unknown.
   */
  async targetBrief(ensemblId: string, options: { associations?: number } = {}, signal?: AbortSignal): Promise<TargetBriefData | null> {
    const data = await this.query(Q.TARGET_BRIEF, { ensemblId, size: options.associations ?? 25 }, signal);
    return parseTargetBrief(data, ensemblId);
  }

  /**
   * The drug context of many targets, `CONTEXT_BATCH` per request: candidates, COSMIC hallmarks and
   * the association with `diseaseIds` only (Bs-filtered, so a missing row is a measured "none").
   * With no disease id, associations are not asked for (an empty Bs would not filter).
   */
  async drugContexts(ensemblIds: readonly string[], diseaseIds: readonly string[], signal?: AbortSignal): Promise<Map<string, TargetDrugContext | null>> {
    const ids = uniqueIds(ensemblIds);
    const diseases = uniqueIds(diseaseIds);
    const withDiseases = diseases.length > 0;
    const parts = await Promise.all(
      chunk(ids, CONTEXT_BATCH).map(async (batch) => {
        const data = withDiseases
          ? await this.query(Q.TARGETS_DRUG_CONTEXT, { ensemblIds: batch, diseaseIds: diseases, size: diseases.length }, signal)
          : await this.query(Q.TARGETS_DRUG_CONTEXT_NO_DISEASE, { ensemblIds: batch }, signal);
        return parseTargetsDrugContext(data, batch, withDiseases);
      }),
    );
    return new Map(parts.flatMap((m) => [...m]));
  }

  /** Drug details (per-disease indications, warnings, mechanisms), `DRUG_BATCH` drugs per request; unknown ids map to null. */
  async drugs(chemblIds: readonly string[], signal?: AbortSignal): Promise<Map<string, DrugDetails | null>> {
    const ids = uniqueIds(chemblIds.map((id) => id.toUpperCase()));
    const parts = await Promise.all(chunk(ids, DRUG_BATCH).map(async (batch) => parseDrugsDetails(await this.query(Q.DRUGS_DETAILS, { chemblIds: batch }, signal), batch)));
    return new Map(parts.flatMap((m) => [...m]));
  }

  /** Ancestors and descendants of the given diseases, in one request. */
  async diseaseOntology(diseaseIds: readonly string[], signal?: AbortSignal): Promise<DiseaseOntology[]> {
    const ids = uniqueIds(diseaseIds);
    if (!ids.length) return [];
    return parseDiseaseOntology(await this.query(Q.DISEASE_ONTOLOGY, { efoIds: ids }, signal));
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
   * Association score of one target with each given disease id, asked for exactly those diseases
   * (Bs-filtered): 0 when Open Targets answered and lists none (a measured absence). The whole
   * answer is null when the target is unknown.
   */
  async associationScores(ensemblId: string, diseaseIds: readonly string[], signal?: AbortSignal): Promise<Map<string, number> | null> {
    const ids = [...new Set(diseaseIds)];
    // An empty Bs list would not filter at all: there is nothing to ask.
    if (!ids.length) return new Map();
    const data = await this.query(Q.TARGET_DISEASE_SCORES, { ensemblId, diseaseIds: ids, size: Math.max(ids.length, 1) }, signal);
    const context = parseAssociationsOnly(data);
    if (!context) return null;
    const byId = new Map(context.map((a) => [a.diseaseId, a.score]));
    return new Map(ids.map((id) => [id, byId.get(id) ?? 0]));
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

/**
 * The two halves of TargetBrief's selection, each read alone: the genuine recordings answer them
 * apart (the contract tests read those recordings through these, and parseTargetBrief composes the
 * same readers).
 */
export function parseTargetClinicalContext(data: unknown, requestedId?: string): TargetClinicalContext | null {
  const target = field(obj(data, 'data'), 'target');
  return target === null ? null : clinicalOf(obj(target, 'target'), requestedId);
}

export function parseTargetBrief(data: unknown, requestedId?: string): TargetBriefData | null {
  const target = field(obj(data, 'data'), 'target');
  if (target === null) return null;
  const t = obj(target, 'target');
  return { clinical: clinicalOf(t, requestedId), tractability: tractabilityOf(t) };
}

function clinicalOf(t: Obj, fallbackId?: string): TargetClinicalContext {
  const ensemblId = optStr(t.id) ?? fallbackId;
  if (!ensemblId) throw schemaError('target.id is missing');
  const associations = associationsOf(t);
  const { rows, candidates } = candidatesOf(t);
  return {
    ensemblId,
    symbol: optStr(t.approvedSymbol),
    associationCount: associations.count,
    associations: associations.rows,
    candidateRows: rows,
    candidates,
  };
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
