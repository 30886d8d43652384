// ClinPGx (successor of PharmGKB, same v1 data API): clinical annotations, i.e. curated
// gene/variant-drug associations with a level of evidence (1A strongest ... 4 weakest), used to
// report pharmacogenomic evidence for a gene or a drug.
// Quirks: no match is HTTP 404 ("No results matching criteria."), reported here as an empty list;
// gene symbols and drug names are exact, case-sensitive matches; there is no paging (a filter
// returns every row); `view=min` keeps rows small (all CYP2D6 annotations: 223 KB instead of
// 1.3 MB). ClinPGx now labels these rows objCls "SummaryAnnotation", so objCls is not relied on.
// Data is CC BY-SA 4.0: outputs must credit ClinPGx/PharmGKB.
// @see https://api.clinpgx.org/swagger/ and https://www.clinpgx.org/page/clinAnnLevels
import { InvalidInputError, isNotFoundStatus } from '../errors.js';
import type { UpstreamClient } from './http.js';
import { optStr, shapeOf, type Obj } from './shape.js';

const SOURCE = 'pharmgkb';
const { field, obj, arr, str, error: schemaError } = shapeOf(
  SOURCE,
  'The ClinPGx data API may have changed (it is declared "not final"); run `npm run test:live` to check for drift.',
);

/** Levels of evidence, strongest first. */
export const EVIDENCE_LEVELS = ['1A', '1B', '2A', '2B', '3', '4'] as const;

export interface ClinicalAnnotation {
  /** Numeric ClinPGx id, as text ("1451288220"). */
  id: string;
  /** PA accession ("PA166226241"). */
  accessionId: string | null;
  /** "CYP2D6*1, CYP2D6*4, ...; codeine; Pain (level 1A Efficacy)". */
  name: string;
  /** 1A, 1B, 2A, 2B, 3 or 4. */
  levelOfEvidence: string | null;
  genes: string[];
  chemicals: string[];
  /** Related diseases/phenotypes, when the answer lists them (not in `view=min`). */
  phenotypes: string[];
  /** Phenotype categories: Efficacy, Toxicity, Dosage, Metabolism/PK, ... */
  categories: string[];
  url: string;
}

export interface ClinicalAnnotationQuery {
  /** HGNC symbol, exact and case-sensitive ("CYP2D6"). */
  gene?: string;
  /** Drug name as ClinPGx spells it, lower case ("codeine"). */
  chemical?: string;
}

export class PharmGkb {
  constructor(private readonly http: UpstreamClient) {}

  /** Clinical annotations for a gene, a drug, or both (AND); strongest evidence first. */
  async clinicalAnnotations(query: ClinicalAnnotationQuery, signal?: AbortSignal): Promise<ClinicalAnnotation[]> {
    const gene = query.gene?.trim();
    const chemical = query.chemical?.trim();
    if (!gene && !chemical) throw new InvalidInputError('gene', 'give a gene symbol, a chemical name, or both');
    let json: unknown;
    try {
      json = await this.http.json({
        source: SOURCE,
        path: '/v1/data/clinicalAnnotation',
        query: {
          ...(gene ? { 'location.genes.symbol': gene } : {}),
          ...(chemical ? { 'relatedChemicals.name': chemical } : {}),
          view: 'min',
        },
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      if (isNotFoundStatus(err)) return []; // ClinPGx answers "no match" with 404
      throw err;
    }
    return parseClinicalAnnotations(json);
  }
}

// ---------------------------------------------------------------- pure parsers

/** Sort key for a level of evidence: 1A = 6 > 1B > 2A > 2B > 3 > 4 = 1; unknown or null = 0. */
export function evidenceRank(level: string | null | undefined): number {
  const i = EVIDENCE_LEVELS.indexOf((level?.trim().toUpperCase() ?? '') as (typeof EVIDENCE_LEVELS)[number]);
  return i < 0 ? 0 : EVIDENCE_LEVELS.length - i;
}

/** `{ status: "success", data: [rows] }`, rows sorted strongest evidence first (stable). */
export function parseClinicalAnnotations(json: unknown): ClinicalAnnotation[] {
  const body = obj(json, 'answer');
  if (body.status !== undefined && body.status !== 'success') {
    throw schemaError(`status is ${JSON.stringify(body.status)}, not "success"`);
  }
  const rows = arr(field(body, 'data'), 'data').map((r, i) => parseRow(obj(r, `data[${i}]`)));
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => evidenceRank(b.row.levelOfEvidence) - evidenceRank(a.row.levelOfEvidence) || a.i - b.i)
    .map(({ row }) => row);
}

function parseRow(r: Obj): ClinicalAnnotation {
  const id = idText(r.id);
  if (!id) throw schemaError('a clinical annotation has no id');
  const location = r.location && typeof r.location === 'object' ? (r.location as Obj) : null;
  // Older/fuller views name genes in relatedGenes rather than location.genes.
  const genes = [...list(location?.genes, 'location.genes'), ...list(r.relatedGenes, 'relatedGenes')];
  return {
    id,
    accessionId: optStr(r.accessionId),
    name: str(r.name, 'clinicalAnnotation.name'),
    levelOfEvidence: level(field(r, 'levelOfEvidence')),
    genes: distinct(genes.map((g) => optStr(obj(g, 'genes[]').symbol))),
    chemicals: distinct(list(r.relatedChemicals, 'relatedChemicals').map((c) => optStr(obj(c, 'relatedChemicals[]').name))),
    phenotypes: distinct(list(r.relatedDiseases, 'relatedDiseases').map((d) => optStr(obj(d, 'relatedDiseases[]').name))),
    categories: distinct(list(r.types, 'types').map((t) => optStr(t))),
    url: `https://www.clinpgx.org/clinicalAnnotation/${id}`,
  };
}

/** `{ term: "1A", ... }` in the data API; a bare string is accepted too. */
function level(v: unknown): string | null {
  if (v === null) return null;
  if (typeof v === 'string') return optStr(v.trim());
  const term = obj(v, 'levelOfEvidence').term;
  return typeof term === 'string' ? optStr(term.trim()) : null;
}

/** A list the view may leave out (absent -> empty); anything else than a list is drift. */
function list(v: unknown, what: string): unknown[] {
  return v === undefined || v === null ? [] : arr(v, what);
}

function idText(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return optStr(v);
}

function distinct(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}
