// A PreparedLibrary as bytes and back, so that a CLI run loads an indexed library from disk instead
// of parsing and indexing its GMT file again (68% of a `biointel enrich` run was that). Pure: the
// file handling is src/genesets/prepared-index.ts.
//
// Layout (little-endian, as typed arrays are on every platform Node runs on):
//   "BIPL" | u32 header length | header JSON | padding to 8 bytes |
//   the log-factorial table (two Float64Arrays, hi and lo, of N + 1 values) |
//   the Int32Arrays of the library, in ARRAYS order |
//   the string lists (genes, set ids, names, links) as UTF-8, one per line.
// Typed arrays are views over the file buffer: nothing is copied or recomputed. The header records
// the sha256 of the GMT bytes it was built from and the set-size window (it fixes the BH m); a reader
// checks both.
import type { EnrichmentWorkspace } from './enrichment-workspace.js';
import type { PreparedLibrary } from './enrichment-library.js';

/**
 * 3: the GMT text is decoded by src/genesets/gmt-text.ts (UTF-16 with a byte-order mark decoded,
 * non-UTF-8 refused). An index of format 2 may hold a UTF-16 file read as UTF-8 (sets named NUL,
 * no genes), keyed by the same bytes' sha256: it must be rebuilt, not trusted.
 */
export const CODEC_FORMAT = 3;
const MAGIC = 'BIPL';
const FLOATS = ['hi', 'lo'] as const;
const ARRAYS = ['offsets', 'members', 'setsBySize', 'sizesBySize', 'sizeRankOf', 'geneOffsets', 'geneSets'] as const;
const STRINGS = ['genes', 'setIds', 'setNames', 'setLinks'] as const;

export interface CodecHeader {
  format: number;
  /** sha256 of the GMT bytes the library was prepared from. */
  sourceSha256: string;
  name: string;
  source?: string;
  date?: string;
  N: number;
  setCount: number;
  testedCount: number;
  minSize: number;
  maxSize: number;
  maxTestedSize: number;
  /** What parsing the GMT file noted (duplicate genes, empty sets), said again when the index is used. */
  warnings: string[];
  arrays: Record<(typeof ARRAYS)[number], number>;
  strings: Record<(typeof STRINGS)[number], { bytes: number; count: number }>;
}

/** Bytes of a library, or undefined when a string holds a line break (it could not be read back). */
export function encodeLibrary(lib: PreparedLibrary, sourceSha256: string, warnings: readonly string[] = []): Buffer | undefined {
  const lists: Record<(typeof STRINGS)[number], readonly string[]> = {
    genes: lib.genes,
    setIds: lib.setIds,
    setNames: lib.setNames,
    setLinks: lib.setLinks.map((l) => l ?? ''),
  };
  const texts = {} as Record<(typeof STRINGS)[number], Buffer>;
  for (const key of STRINGS) {
    if (lists[key].some((x) => x.includes('\n'))) return undefined;
    texts[key] = Buffer.from(lists[key].join('\n'), 'utf8');
  }
  const header: CodecHeader = {
    format: CODEC_FORMAT,
    sourceSha256,
    name: lib.name,
    ...(lib.source !== undefined ? { source: lib.source } : {}),
    ...(lib.date !== undefined ? { date: lib.date } : {}),
    N: lib.N,
    setCount: lib.setCount,
    testedCount: lib.testedCount,
    minSize: lib.minSize,
    maxSize: lib.maxSize,
    maxTestedSize: lib.maxTestedSize,
    warnings: [...warnings],
    arrays: Object.fromEntries(ARRAYS.map((k) => [k, lib[k].length])) as CodecHeader['arrays'],
    strings: Object.fromEntries(STRINGS.map((k) => [k, { bytes: texts[k].length, count: lists[k].length }])) as CodecHeader['strings'],
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const start = align(8 + json.length);
  const floatBytes = FLOATS.reduce((s, k) => s + lib.logFact[k].byteLength, 0);
  const arrayBytes = ARRAYS.reduce((s, k) => s + lib[k].byteLength, 0);
  const out = Buffer.alloc(start + floatBytes + arrayBytes + STRINGS.reduce((s, k) => s + texts[k].length, 0));
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, 4);
  json.copy(out, 8);
  let at = start;
  for (const k of FLOATS) {
    const a = lib.logFact[k];
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).copy(out, at);
    at += a.byteLength;
  }
  for (const k of ARRAYS) {
    const a = lib[k];
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).copy(out, at);
    at += a.byteLength;
  }
  for (const k of STRINGS) {
    texts[k].copy(out, at);
    at += texts[k].length;
  }
  return out;
}

/** The header alone (cheap: checked before anything else is read). */
export function readHeader(bytes: Buffer): CodecHeader | undefined {
  if (bytes.length < 8 || bytes.toString('latin1', 0, 4) !== MAGIC) return undefined;
  const length = bytes.readUInt32LE(4);
  if (8 + length > bytes.length) return undefined;
  try {
    const header = JSON.parse(bytes.toString('utf8', 8, 8 + length)) as CodecHeader;
    return header.format === CODEC_FORMAT ? header : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The library back, its genes registered in `workspace` (shared with the other libraries of a
 * context); `meta` names it as the caller knows it. Undefined when the bytes are not a whole index.
 */
export function decodeLibrary(bytes: Buffer, workspace: EnrichmentWorkspace, meta?: { name: string; source?: string; date?: string }): PreparedLibrary | undefined {
  const header = readHeader(bytes);
  if (!header) return undefined;
  const named = meta ?? header;
  // Views need an 8-byte aligned start in the underlying ArrayBuffer: copy the rare buffer that is not.
  const buf = bytes.byteOffset % 8 === 0 ? bytes : copyAligned(bytes);
  let at = align(8 + buf.readUInt32LE(4));
  const floats = {} as Record<(typeof FLOATS)[number], Float64Array>;
  for (const k of FLOATS) {
    if (at + 8 * (header.N + 1) > buf.length) return undefined;
    floats[k] = new Float64Array(buf.buffer, buf.byteOffset + at, header.N + 1);
    at += 8 * (header.N + 1);
  }
  const arrays = {} as Record<(typeof ARRAYS)[number], Int32Array>;
  for (const k of ARRAYS) {
    const n = header.arrays[k];
    if (at + 4 * n > buf.length) return undefined;
    arrays[k] = new Int32Array(buf.buffer, buf.byteOffset + at, n);
    at += 4 * n;
  }
  // Gene symbols are needed at once (they are registered in the workspace); the set ids, names and
  // links only for the rows a query reports, so they are split on first use.
  const texts = {} as Record<(typeof STRINGS)[number], { start: number; end: number; count: number }>;
  for (const k of STRINGS) {
    const { bytes: size, count } = header.strings[k];
    if (at + size > buf.length) return undefined;
    texts[k] = { start: at, end: at + size, count };
    at += size;
  }
  if (at !== buf.length) return undefined;
  const list = (k: (typeof STRINGS)[number]): string[] => {
    const t = texts[k];
    return t.count === 0 ? [] : buf.toString('utf8', t.start, t.end).split('\n');
  };
  const genes = list('genes');
  if (genes.length !== header.N || genes.length !== texts.genes.count) return undefined;
  let geneIndex: Map<string, number> | undefined;
  let setIds: string[] | undefined;
  let setNames: string[] | undefined;
  let setLinks: (string | undefined)[] | undefined;
  return {
    name: named.name,
    ...(named.source !== undefined ? { source: named.source } : {}),
    ...(named.date !== undefined ? { date: named.date } : {}),
    N: header.N,
    setCount: header.setCount,
    testedCount: header.testedCount,
    minSize: header.minSize,
    maxSize: header.maxSize,
    maxTestedSize: header.maxTestedSize,
    genes,
    get geneIndex() {
      return (geneIndex ??= new Map(genes.map((g, i) => [g, i])));
    },
    workspace,
    // Not registered in the workspace: a query finds its symbols by binary search (geneIdOf).
    geneOfSymbol: new Int32Array(0),
    geneIdOf: (symbol: string) => sortedIndexOf(genes, symbol),
    ...arrays,
    get setIds() {
      return (setIds ??= list('setIds'));
    },
    get setNames() {
      return (setNames ??= list('setNames'));
    },
    get setLinks() {
      return (setLinks ??= list('setLinks').map((l) => l || undefined));
    },
    logFact: floats,
  };
}

/** Index of `value` in `sorted` (ascending by code unit, as prepareLibrary orders genes), or -1. */
export function sortedIndexOf(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = sorted[mid] as string;
    if (at === value) return mid;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Sections start on 8 bytes (Float64Array views); Int32Array sections keep 4-byte multiples. */
function align(n: number): number {
  return (n + 7) & ~7;
}

function copyAligned(bytes: Buffer): Buffer {
  const out = Buffer.from(new ArrayBuffer(bytes.length));
  bytes.copy(out);
  return out;
}
