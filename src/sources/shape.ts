// Shape checks for upstream answers. Parsers read untyped JSON; when a field they rely on is
// missing or of the wrong type the answer is malformed (schema drift), and that must reach the
// caller as an UpstreamError naming the source, never turn into an empty list.
import { UpstreamError } from '../errors.js';
import type { SourceId } from './registry.js';

export type Obj = Record<string, unknown>;

export interface Shape {
  error(what: string, hint?: string): UpstreamError;
  /** A selected field: absent means the answer no longer has it; null stays a legitimate value. */
  field(o: Obj, key: string, hint?: string): unknown;
  obj(v: unknown, what: string): Obj;
  arr(v: unknown, what: string): unknown[];
  /** A non-empty string. */
  str(v: unknown, what: string): string;
  num(v: unknown, what: string): number;
}

export function shapeOf(source: SourceId, defaultHint: string): Shape {
  const error = (what: string, hint?: string) =>
    new UpstreamError({ source, failure: 'schema', message: `unexpected answer shape: ${what}`, hint: hint ?? defaultHint });
  return {
    error,
    field(o, key, hint) {
      if (!(key in o)) throw error(`field "${key}" is missing`, hint);
      return o[key];
    },
    obj(v, what) {
      if (!v || typeof v !== 'object' || Array.isArray(v)) throw error(`${what} is not an object`);
      return v as Obj;
    },
    arr(v, what) {
      if (!Array.isArray(v)) throw error(`${what} is not a list`);
      return v;
    },
    str(v, what) {
      if (typeof v !== 'string' || !v) throw error(`${what} is not a string`);
      return v;
    },
    num(v, what) {
      if (typeof v !== 'number' || !Number.isFinite(v)) throw error(`${what} is not a number`);
      return v;
    },
  };
}

export function optStr(v: unknown): string | null {
  return typeof v === 'string' && v ? v : null;
}

export function optNum(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Numbers that some APIs send as strings ("180.16", "4.0"); anything unparseable is null. */
export function numeric(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || !v.trim()) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

export { uniqueBy } from '../collections.js';
