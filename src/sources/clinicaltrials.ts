// ClinicalTrials.gov API v2: trials for a gene and a disease (recruiting or active), and single
// studies. Searches always send `fields=` (full records run to ~100 KB each). A rejected query
// comes back as HTTP 400 with a plain-text body; it is rethrown with that text and a hint.
// @see https://clinicaltrials.gov/data-api/api
import { UpstreamError, isNotFoundStatus } from '../errors.js';
import type { UpstreamClient } from './http.js';
import { numeric, optStr, shapeOf, type Obj } from './shape.js';

const SOURCE = 'clinicaltrials';
const { field, obj, arr, str } = shapeOf(SOURCE, 'The ClinicalTrials.gov answer format may have changed; run `npm run test:live` to check for drift.');

/** Statuses of trials that are, or are about to be, running. */
export const ACTIVE_STATUSES = ['RECRUITING', 'NOT_YET_RECRUITING', 'ACTIVE_NOT_RECRUITING', 'ENROLLING_BY_INVITATION'] as const;

/** Pieces requested for every study (nested under protocolSection.*Module in the answer). */
export const TRIAL_FIELDS = [
  'NCTId', 'BriefTitle', 'OverallStatus', 'Phase', 'StudyType', 'Condition', 'InterventionName',
  'InterventionType', 'LeadSponsorName', 'StartDate', 'CompletionDate', 'EnrollmentCount',
].join(',');

/** Phase enum -> number on the ChEMBL/Open Targets scale; "NA" (not applicable) has none. */
const PHASE_NUMBER: Record<string, number> = { EARLY_PHASE1: 0.5, PHASE1: 1, PHASE2: 2, PHASE3: 3, PHASE4: 4 };

export interface Trial {
  nctId: string;
  title: string;
  status: string | null;
  studyType: string | null;
  /** As registered: PHASE1, PHASE2, EARLY_PHASE1, NA...; empty for observational studies. */
  phases: string[];
  /** Highest numeric phase (PHASE1+PHASE2 -> 2); null when none applies. */
  phase: number | null;
  conditions: string[];
  interventions: { name: string; type: string | null; otherNames: string[] }[];
  /** "YYYY-MM" or "YYYY-MM-DD" as registered. */
  startDate: string | null;
  completionDate: string | null;
  sponsor: string | null;
  enrollment: number | null;
  url: string;
}

export interface TrialSearch {
  /** Only on the first page (countTotal=true); later pages omit it. */
  total: number | null;
  nextPageToken: string | null;
  trials: Trial[];
}

export interface TrialQuery {
  condition?: string;
  /** Free terms (gene symbols, Essie expressions). */
  term?: string;
  intervention?: string;
  statuses?: readonly string[];
  pageSize?: number;
  pageToken?: string;
}

export class ClinicalTrials {
  constructor(private readonly http: UpstreamClient) {}

  async search(q: TrialQuery, signal?: AbortSignal): Promise<TrialSearch> {
    try {
      const json = await this.http.json({
        source: SOURCE,
        path: '/studies',
        query: {
          'query.cond': q.condition,
          'query.term': q.term,
          'query.intr': q.intervention,
          'filter.overallStatus': q.statuses?.length ? q.statuses.join(',') : undefined,
          fields: TRIAL_FIELDS,
          pageSize: Math.min(Math.max(q.pageSize ?? 20, 1), 1000),
          pageToken: q.pageToken,
          countTotal: q.pageToken ? undefined : true,
        },
        ...(signal ? { signal } : {}),
      });
      return parseStudySearch(json);
    } catch (err) {
      throw rejected(err);
    }
  }

  /** Recruiting and active trials mentioning a gene for a disease. */
  async activeTrials(gene: string, disease: string, options: { pageSize?: number } = {}, signal?: AbortSignal): Promise<TrialSearch> {
    return this.search(
      { condition: disease.trim(), term: essieTerm(gene), statuses: ACTIVE_STATUSES, pageSize: options.pageSize ?? 20 },
      signal,
    );
  }

  /** One study by NCT id, or null when ClinicalTrials.gov does not know it. */
  async study(nctId: string, signal?: AbortSignal): Promise<Trial | null> {
    try {
      const json = await this.http.json({
        source: SOURCE,
        path: `/studies/${encodeURIComponent(nctId.trim().toUpperCase())}`,
        query: { fields: TRIAL_FIELDS },
        ...(signal ? { signal } : {}),
      });
      return parseStudy(json);
    } catch (err) {
      if (isNotFoundStatus(err)) return null;
      throw rejected(err);
    }
  }
}

/** A gene symbol as an Essie term: quoted when it holds characters Essie treats as syntax (HLA-A). */
/**
 * A condition named several ways (as typed, as Open Targets matched it), any of which counts: one
 * name as given (ClinicalTrials.gov expands condition synonyms itself), several as an Essie OR of
 * groups, the syntax `query.cond` takes ("(brest cancer) OR (breast cancer)").
 */
export function anyCondition(names: readonly string[]): string {
  const clean = [...new Set(names.map((n) => n.replace(/[()"]/g, ' ').replace(/\s+/g, ' ').trim()).filter(Boolean))];
  return clean.length === 1 ? clean[0]! : clean.map((n) => `(${n})`).join(' OR ');
}

export function essieTerm(text: string): string {
  const clean = text.replace(/"/g, '').trim();
  return /^[A-Za-z0-9]+$/.test(clean) ? clean : `"${clean}"`;
}

function rejected(err: unknown): unknown {
  if (err instanceof UpstreamError && err.failure === 'http' && err.status === 400) {
    return new UpstreamError({
      source: SOURCE,
      failure: 'http',
      status: 400,
      message: 'query rejected',
      ...(err.upstreamMessage ? { upstreamMessage: err.upstreamMessage } : {}),
      hint: 'ClinicalTrials.gov could not parse the search; simplify the gene or disease text.',
      cause: err,
    });
  }
  return err;
}

// ---------------------------------------------------------------- pure parsers

export function parseStudySearch(json: unknown): TrialSearch {
  const body = obj(json, 'ClinicalTrials.gov answer');
  return {
    total: numeric(body.totalCount),
    nextPageToken: optStr(body.nextPageToken),
    trials: arr(field(body, 'studies'), 'studies').map(parseStudy),
  };
}

/** One study object (a `studies[]` element, or the body of GET /studies/{nctId}). */
export function parseStudy(raw: unknown): Trial {
  const p = obj(obj(raw, 'study').protocolSection, 'study.protocolSection');
  const id = obj(p.identificationModule, 'identificationModule');
  const nctId = str(id.nctId, 'identificationModule.nctId');
  const status = mod(p, 'statusModule');
  const design = mod(p, 'designModule');
  const phases = strings(design.phases, 'designModule.phases');
  const numbers = phases.map((ph) => PHASE_NUMBER[ph]).filter((n): n is number => n !== undefined);
  return {
    nctId,
    title: optStr(id.briefTitle) ?? optStr(id.officialTitle) ?? nctId,
    status: optStr(status.overallStatus),
    studyType: optStr(design.studyType),
    phases,
    phase: numbers.length ? Math.max(...numbers) : null,
    conditions: strings(mod(p, 'conditionsModule').conditions, 'conditionsModule.conditions'),
    interventions: list(mod(p, 'armsInterventionsModule').interventions, 'interventions').flatMap((raw) => {
      const i = obj(raw, 'interventions[]');
      const name = optStr(i.name);
      return name ? [{ name, type: optStr(i.type), otherNames: strings(i.otherNames, 'intervention.otherNames') }] : [];
    }),
    startDate: dateOf(status.startDateStruct),
    completionDate: dateOf(status.completionDateStruct),
    sponsor: optStr(obj(mod(p, 'sponsorCollaboratorsModule').leadSponsor ?? {}, 'leadSponsor').name),
    enrollment: numeric(obj(design.enrollmentInfo ?? {}, 'enrollmentInfo').count),
    url: `https://clinicaltrials.gov/study/${nctId}`,
  };
}

/** With `fields=`, a module holds only the requested pieces and is absent when all are empty. */
function mod(p: Obj, key: string): Obj {
  return p[key] === undefined || p[key] === null ? {} : obj(p[key], key);
}

function list(v: unknown, what: string): unknown[] {
  return v === undefined || v === null ? [] : arr(v, what);
}

function strings(v: unknown, what: string): string[] {
  return list(v, what).filter((s): s is string => typeof s === 'string' && s !== '');
}

function dateOf(v: unknown): string | null {
  return v && typeof v === 'object' ? optStr((v as Obj).date) : null;
}
