// openFDA drug labels (SPL): the current US label of a drug by generic name, for the boxed
// warning, indications, contraindications and warnings a safety summary cites.
//
// Quirks:
// - `search` is Elasticsearch query-string syntax; the name goes inside a quoted phrase, where
//   only `"` and `\` need escaping. A phrase on the analysed `openfda.generic_name` field matches
//   case-insensitively and also inside longer names ("imatinib" finds "IMATINIB MESYLATE").
// - No match is HTTP 404 with {"error":{"code":"NOT_FOUND","message":"No matches found!"}},
//   reported here as null; any other 404 (a wrong path) stays an error.
// - Every label section is an array of strings. New-format (PLR) labels put warnings under
//   `warnings_and_cautions` and have no `warnings`; OTC and old-format labels the reverse.
// - `openfda` (the harmonised names) can be `{}` for labels FDA could not match to a product.
// - `id` is the SPL version id, `set_id` the id that stays the same across versions (DailyMed
//   links use it); `openfda.spl_id` repeats `id`.
// @see https://open.fda.gov/apis/drug/label/
import { InvalidInputError, isNotFoundStatus, UpstreamError } from '../errors.js';
import type { UpstreamClient } from './http.js';
import { optStr, shapeOf } from './shape.js';

const SOURCE = 'openfda';
const { field, obj, arr, str, error: schemaError } = shapeOf(SOURCE, 'openFDA changed its drug label answer (results[] with set_id and section arrays).');

/** Warnings are long (often several KB); the first 600 characters are enough for a summary. */
export const WARNINGS_MAX_CHARS = 600;

export interface DrugLabel {
  /** SPL set id: stable across label versions. */
  setId: string;
  /** SPL document (version) id. */
  id: string;
  /** YYYYMMDD. */
  effectiveTime: string | null;
  genericNames: string[];
  brandNames: string[];
  manufacturer: string | null;
  /** All boxed-warning paragraphs, joined. */
  boxedWarning: string | null;
  indications: string | null;
  contraindications: string | null;
  /** `warnings`, else `warnings_and_cautions`; cut to WARNINGS_MAX_CHARS. */
  warnings: string | null;
  /** DailyMed page of the label. */
  url: string;
}

export class OpenFda {
  constructor(private readonly http: UpstreamClient) {}

  /** The most relevant label whose generic name matches `drugName`, or null when openFDA has none. */
  async label(drugName: string, signal?: AbortSignal): Promise<DrugLabel | null> {
    let json: unknown;
    try {
      json = await this.http.json({
        source: SOURCE,
        path: '/drug/label.json',
        query: { search: genericNameSearch(drugName), limit: 1 },
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      if (isNotFoundStatus(err) && /no matches found/i.test((err as UpstreamError).upstreamMessage ?? '')) return null;
      throw err;
    }
    return parseDrugLabel(json);
  }
}

/** `openfda.generic_name:"<name>"` with the name escaped for a query-string phrase. */
export function genericNameSearch(drugName: string): string {
  const name = drugName.trim();
  if (!name) throw new InvalidInputError('drugName', 'is empty');
  return `openfda.generic_name:"${name.replace(/[\\"]/g, '\\$&')}"`;
}

// ---------------------------------------------------------------- pure parser

/** First label of a search answer; null when `results` is empty. */
export function parseDrugLabel(json: unknown): DrugLabel | null {
  const results = arr(field(obj(json, 'label answer'), 'results'), 'results');
  if (!results.length) return null;
  const r = obj(results[0], 'results[0]');
  const names = r.openfda === undefined || r.openfda === null ? {} : obj(r.openfda, 'results[0].openfda');
  const setId = str(r.set_id, 'results[0].set_id');
  const id = optStr(r.id) ?? texts(names.spl_id, 'openfda.spl_id')[0];
  if (!id) throw schemaError('results[0] has neither id nor openfda.spl_id');
  const warnings = section(r.warnings, 'warnings') ?? section(r.warnings_and_cautions, 'warnings_and_cautions');
  return {
    setId,
    id,
    effectiveTime: optStr(r.effective_time),
    genericNames: texts(names.generic_name, 'openfda.generic_name'),
    brandNames: texts(names.brand_name, 'openfda.brand_name'),
    manufacturer: texts(names.manufacturer_name, 'openfda.manufacturer_name')[0] ?? null,
    boxedWarning: section(r.boxed_warning, 'boxed_warning'),
    indications: section(r.indications_and_usage, 'indications_and_usage'),
    contraindications: section(r.contraindications, 'contraindications'),
    warnings: warnings && warnings.length > WARNINGS_MAX_CHARS ? `${warnings.slice(0, WARNINGS_MAX_CHARS - 1)}…` : warnings,
    url: `https://dailymed.nlm.nih.gov/dailymed/lookup.cfm?setid=${encodeURIComponent(setId)}`,
  };
}

/** A string-array field; absent is empty, anything but an array is drift. */
function texts(v: unknown, what: string): string[] {
  if (v === undefined || v === null) return [];
  return arr(v, what).filter((s): s is string => typeof s === 'string' && s.trim() !== '');
}

/** A label section: its paragraphs joined, or null when the label has none. */
function section(v: unknown, what: string): string | null {
  const parts = texts(v, what).map((s) => s.trim());
  return parts.length ? parts.join('\n\n') : null;
}
