// Every PMID an answer carries, wherever it sits (brief statements, drug candidates, hypotheses,
// strategies, CIViC evidence, trials' references...), found and removed by one convention so that
// stage 0 sees them all and a nonexistent one is stripped everywhere. Pure: any tool's result can
// go through it.
//
// The convention (field names, at any depth):
//   `pmids`, `citations`, `...Pmids` (e.g. supportingPmids, evidencePmids)  arrays of PMIDs
//   `pmid` (string or null), `...Pmid` (optional, e.g. bestPmid)             one PMID
// Out-of-range citation markers ("#7") and anything that is not PMID-shaped are not collected.

const LIST_KEY = /^(pmids|citations)$|Pmids$/;
const ONE_KEY = /^pmid$|Pmid$/;
const PMID_SHAPE = /^[1-9]\d{0,8}$/;

export function isPmidListKey(key: string): boolean {
  return LIST_KEY.test(key);
}

export function isPmidKey(key: string): boolean {
  return ONE_KEY.test(key);
}

/** Distinct PMIDs anywhere in a value, in first-seen order. */
export function collectPmids(value: unknown): string[] {
  const out = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (isPmidListKey(k) && Array.isArray(x)) for (const p of x) addPmid(out, p);
      else if (isPmidKey(k)) addPmid(out, x);
      else visit(x);
    }
  };
  visit(value);
  return [...out];
}

function addPmid(out: Set<string>, p: unknown): void {
  if (typeof p === 'string' && PMID_SHAPE.test(p)) out.add(p);
}

export interface StripOptions {
  /** Array fields whose rows are about one PMID (e.g. citation metrics): a row whose `pmid` is
   * stripped is dropped whole instead of keeping a row about nothing. */
  dropRowsUnder?: readonly string[];
}

export interface Stripped<T> {
  value: T;
  /** Occurrences removed (a PMID cited in three places counts three). */
  removed: number;
}

/**
 * A copy of `value` with every PMID in `gone` removed: taken out of PMID lists, a `pmid` field set
 * to null, a `...Pmid` field left out (or the row dropped, see StripOptions). Everything else is copied as it is.
 */
export function stripPmids<T>(value: T, gone: ReadonlySet<string>, options: StripOptions = {}): Stripped<T> {
  const dropRows = new Set(options.dropRowsUnder ?? []);
  let removed = 0;
  const goneHere = (p: unknown) => typeof p === 'string' && gone.has(p);
  const copy = (v: unknown, dropRowsOfThis = false): unknown => {
    if (Array.isArray(v)) {
      const rows = dropRowsOfThis
        ? v.filter((row) => {
            const drop = row !== null && typeof row === 'object' && goneHere((row as Record<string, unknown>).pmid);
            if (drop) removed++;
            return !drop;
          })
        : v;
      return rows.map((x) => copy(x));
    }
    if (!v || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (isPmidListKey(k) && Array.isArray(x)) {
        const kept = x.filter((p) => !goneHere(p));
        removed += x.length - kept.length;
        out[k] = kept;
      } else if (isPmidKey(k) && goneHere(x)) {
        removed++;
        if (k === 'pmid') out[k] = null; // `pmid` fields are nullable; `...Pmid` ones are optional
      } else out[k] = copy(x, dropRows.has(k));
    }
    return out;
  };
  if (gone.size === 0) return { value, removed: 0 };
  return { value: copy(value) as T, removed };
}
