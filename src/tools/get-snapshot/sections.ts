// The sections of a saved result, and one section read by page. A section is a top-level field of
// the full result, or a list one level down ("evidenceBrief.statements"): what the compact answers
// name in `omitted`. Pure: the tool loads the snapshot, these functions cut it.
import { nearName } from '../../near-name.js';
import { InvalidInputError } from '../../errors.js';

/**
 * A default page stops before this many bytes of JSON (about 2,000-2,400 tokens): the page is in
 * the structured content and, for assistants that read only text, in the text block too.
 */
export const PAGE_BYTES = 8_000;
export const PAGE_LIMIT = { max: 100 } as const;

export interface SectionInfo {
  name: string;
  kind: 'list' | 'object' | 'value';
  /** List length. */
  items?: number;
  /** Size of the section as JSON, in bytes. */
  bytes: number;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bytesOf = (v: unknown) => Buffer.byteLength(JSON.stringify(v) ?? '', 'utf8');

function info(name: string, value: unknown): SectionInfo {
  if (Array.isArray(value)) return { name, kind: 'list', items: value.length, bytes: bytesOf(value) };
  return { name, kind: isPlainObject(value) ? 'object' : 'value', bytes: bytesOf(value) };
}

/** Every section: top-level fields, and the lists inside top-level objects. */
export function listSections(result: Record<string, unknown>): SectionInfo[] {
  const out: SectionInfo[] = [];
  for (const [key, value] of Object.entries(result)) {
    out.push(info(key, value));
    if (!isPlainObject(value)) continue;
    for (const [child, v] of Object.entries(value)) if (Array.isArray(v)) out.push(info(`${key}.${child}`, v));
  }
  return out;
}

export interface SectionPage {
  section: string;
  /** The section (object or value), or the page of a list. */
  value: unknown;
  page?: { offset: number; limit: number; total: number; next: number | null };
}

/** One section; lists are paged from `offset`, `limit` items (default: as many as fit PAGE_BYTES). */
export function readSection(result: Record<string, unknown>, section: string, offset = 0, limit?: number): SectionPage {
  const value = lookup(result, section);
  if (!Array.isArray(value)) {
    if (offset > 0 || limit !== undefined) throw new InvalidInputError('offset', `section "${section}" is not a list: omit offset and limit`);
    return { section, value };
  }
  const total = value.length;
  if (offset > total) throw new InvalidInputError('offset', `section "${section}" has ${total} items; offset ${offset} is past its end`);
  const count = limit ?? fitting(value, offset);
  const items = value.slice(offset, offset + count);
  const end = offset + items.length;
  return { section, value: items, page: { offset, limit: count, total, next: end < total ? end : null } };
}

/** How many items from `offset` fit in PAGE_BYTES (at least one, so a page always moves on). */
function fitting(list: readonly unknown[], offset: number): number {
  let bytes = 2;
  let n = 0;
  for (let i = offset; i < list.length && n < PAGE_LIMIT.max; i++) {
    bytes += bytesOf(list[i]) + 1;
    if (n > 0 && bytes > PAGE_BYTES) break;
    n++;
  }
  return n;
}

function lookup(result: Record<string, unknown>, section: string): unknown {
  const [head = '', child, ...rest] = section.split('.');
  const top = Object.hasOwn(result, head) ? result[head] : undefined;
  const value = child === undefined ? top : isPlainObject(top) && Object.hasOwn(top, child) && rest.length === 0 ? top[child] : undefined;
  if (value !== undefined) return value;
  const names = listSections(result).map((s) => s.name);
  const near = nearName(section, names);
  throw new InvalidInputError(
    'section',
    `this snapshot has no section "${section}"${near ? `; did you mean "${near}"?` : ''}`,
    `Sections: ${names.join(', ')}. Call svc_get_snapshot without section to list them with their sizes.`,
  );
}
