// The snapshot search index in columns, as it is kept on disk next to the SQLite file (so that a CLI
// search reads one file instead of 100,000 rows) and searched without building an object per
// snapshot: createdAt, tool, disease and quality are typed arrays, gene lists and the postings of
// each gene key are CSR arrays, strings are byte ranges decoded only for the hits shown.
//
// Layout: "BISI" | u32 header length | header JSON | padding to 8 | sections in SECTIONS order |
// string blobs in BLOBS order. The header carries the sha256 of everything after it (checked on
// load) and where in the SQLite table the index stops (rowid, row count, key of that row), which
// the feed checks against the table before trusting the file (snapshot-sync.ts).
import { hash } from 'node:crypto';
import { geneKey, normaliseDisease, type OwnedSummary, type SnapshotSummary } from './snapshot-index.js';

const MAGIC = 'BISI';
// 3: each entry's owner (snapshot ownership); older files are read as absent, and rebuilt.
export const FROZEN_FORMAT = 3;

const F64 = ['t', 'quality'] as const;
const BLOBS = ['ids', 'created', 'tools', 'diseases', 'genes', 'keys', 'owners'] as const;
/** Every blob is a list of strings with its offsets (no separator: any character may occur). */
const I32 = ['tool', 'disease', 'owner', 'geneOffsets', 'keyOffsets', 'keyEntries', ...BLOBS.map((b) => `${b}At` as const)] as const;
// After the Int32 sections: each panel's genes as indexes into the gene table, 16-bit when the table
// is small enough (it is: tens of thousands of distinct symbols), else 32-bit.

/** Where in the SQLite table the frozen index stops. */
export interface FrozenPosition {
  lastRowid: number;
  rowsSeen: number;
  /** Key (snapshot id) of the row at lastRowid: a different table with the same rowids is not mistaken for this one. */
  lastKey: string | null;
}

interface Header extends FrozenPosition {
  format: number;
  count: number;
  /** Bytes per gene reference (2 or 4). */
  geneRefBytes: 2 | 4;
  /** createdAt is the ISO form of `t` for every entry, so the strings are not kept. */
  createdFromT: boolean;
  sha256: string;
  sizes: Record<string, number>;
}

export interface FrozenPart {
  readonly count: number;
  readonly position: FrozenPosition;
  /** createdAt in ms, ascending (ties by id). */
  readonly t: Float64Array;
  /** Entry indices of a gene key (upper-cased symbol), ascending; empty when absent. */
  entriesOf(key: string): Int32Array;
  hasKey(key: string): boolean;
  /** 1 for each entry whose disease contains `needle` (already normalised). */
  diseaseMask(needle: string): Uint8Array;
  diseaseOf(entry: number): number;
  /** The entry's owner, as an index into the owner table. */
  ownerOf(entry: number): number;
  /** The index of an owner in the table; undefined when no entry has that owner. */
  ownerIndex(owner: string): number | undefined;
  ownerName(index: number): string;
  id(entry: number): string;
  summary(entry: number): SnapshotSummary;
  /** Every id (for de-duplication when rows are added on top; built on first use). */
  ids(): Set<string>;
}

/** Summaries with their owners, in chronological order (createdAt, then id), to bytes. */
export function encodeFrozen(owned: readonly OwnedSummary[], position: FrozenPosition): Buffer {
  const sorted: readonly SnapshotSummary[] = owned.map((o) => o.summary);
  const intern = () => {
    const ids = new Map<string, number>();
    const list: string[] = [];
    return {
      list,
      of(s: string): number {
        let i = ids.get(s);
        if (i === undefined) {
          i = list.length;
          ids.set(s, i);
          list.push(s);
        }
        return i;
      },
    };
  };
  const tools = intern();
  const diseases = intern();
  const genes = intern();
  const keys = intern();
  const owners = intern();
  const n = sorted.length;
  const owner = Int32Array.from(owned, (o) => owners.of(o.owner));
  const t = new Float64Array(n);
  const quality = new Float64Array(n);
  const tool = new Int32Array(n);
  const disease = new Int32Array(n);
  const geneOffsets = new Int32Array(n + 1);
  const refs: number[] = [];
  const postings: number[][] = [];
  sorted.forEach((s, e) => {
    t[e] = Date.parse(s.createdAt) || 0;
    quality[e] = s.qualityScore;
    tool[e] = tools.of(s.tool);
    disease[e] = diseases.of(s.diseaseContext);
    const seenKeys = new Set<number>();
    for (const g of s.genes) {
      refs.push(genes.of(g));
      const k = keys.of(geneKey(g));
      if (seenKeys.has(k)) continue;
      seenKeys.add(k);
      (postings[k] ??= []).push(e);
    }
    geneOffsets[e + 1] = refs.length;
  });
  const keyOffsets = new Int32Array(keys.list.length + 1);
  keys.list.forEach((_, k) => (keyOffsets[k + 1] = (keyOffsets[k] as number) + (postings[k]?.length ?? 0)));
  const keyEntries = Int32Array.from(postings.flatMap((p) => p ?? []));
  const createdFromT = sorted.every((s, e) => new Date(t[e] as number).toISOString() === s.createdAt);
  const lists: Record<(typeof BLOBS)[number], readonly string[]> = {
    ids: sorted.map((s) => s.id),
    created: createdFromT ? [] : sorted.map((s) => s.createdAt),
    tools: tools.list,
    diseases: diseases.list,
    genes: genes.list,
    keys: keys.list,
    owners: owners.list,
  };
  const arrays: Record<string, Float64Array | Int32Array> = { t, quality, tool, disease, owner, geneOffsets, keyOffsets, keyEntries };
  const geneRefBytes = genes.list.length <= 0xffff ? 2 : 4;
  const geneRefs = geneRefBytes === 2 ? Uint16Array.from(refs) : Int32Array.from(refs);
  const blobs = {} as Record<(typeof BLOBS)[number], Buffer>;
  for (const k of BLOBS) {
    const joined = joinWithOffsets(lists[k]);
    blobs[k] = joined.bytes;
    arrays[`${k}At`] = joined.offsets;
  }
  const sizes: Record<string, number> = {};
  for (const k of [...F64, ...I32]) sizes[k] = arrays[k]!.length;
  sizes.geneRefs = geneRefs.length;
  for (const k of BLOBS) sizes[k] = blobs[k].length;
  const body = Buffer.concat([...[...F64, ...I32].map((k) => bytesOf(arrays[k]!)), bytesOf(geneRefs), ...BLOBS.map((k) => blobs[k])]);
  const header: Header = { format: FROZEN_FORMAT, count: n, geneRefBytes, createdFromT, ...position, sha256: hash('sha256', body, 'hex'), sizes };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const start = align8(8 + json.length);
  const out = Buffer.alloc(start + body.length);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, 4);
  json.copy(out, 8);
  body.copy(out, start);
  return out;
}

/** The frozen part, or undefined when the bytes are not a whole, unaltered index of this format. */
export function decodeFrozen(raw: Buffer): FrozenPart | undefined {
  if (raw.length < 8 || raw.toString('latin1', 0, 4) !== MAGIC) return undefined;
  const length = raw.readUInt32LE(4);
  let header: Header;
  try {
    header = JSON.parse(raw.toString('utf8', 8, 8 + length)) as Header;
  } catch {
    return undefined;
  }
  if (header.format !== FROZEN_FORMAT) return undefined;
  const bytes = raw.byteOffset % 8 === 0 ? raw : Buffer.from(new Uint8Array(raw));
  const start = align8(8 + length);
  if (hash('sha256', bytes.subarray(start), 'hex') !== header.sha256) return undefined;
  let at = start;
  const f64: Record<string, Float64Array> = {};
  const i32: Record<string, Int32Array> = {};
  for (const k of F64) {
    f64[k] = new Float64Array(bytes.buffer, bytes.byteOffset + at, header.sizes[k]);
    at += 8 * header.sizes[k]!;
  }
  for (const k of I32) {
    i32[k] = new Int32Array(bytes.buffer, bytes.byteOffset + at, header.sizes[k]);
    at += 4 * header.sizes[k]!;
  }
  const refCount = header.sizes.geneRefs ?? 0;
  const geneRefs = header.geneRefBytes === 2 ? new Uint16Array(bytes.buffer, bytes.byteOffset + at, refCount) : new Int32Array(bytes.buffer, bytes.byteOffset + at, refCount);
  at += header.geneRefBytes * refCount;
  const blob: Record<string, Buffer> = {};
  for (const k of BLOBS) {
    blob[k] = bytes.subarray(at, at + header.sizes[k]!);
    at += header.sizes[k]!;
  }
  if (at !== bytes.length) return undefined;
  const { tool, disease, owner, geneOffsets, keyOffsets, keyEntries } = i32 as Record<(typeof I32)[number], Int32Array>;
  const item = (k: (typeof BLOBS)[number], i: number) => blob[k]!.toString('utf8', i32[`${k}At`]![i], i32[`${k}At`]![i + 1]);
  const lines = (k: (typeof BLOBS)[number]) => Array.from({ length: i32[`${k}At`]!.length - 1 }, (_, i) => item(k, i));
  const tools = lines('tools');
  const diseases = lines('diseases');
  const normalised = diseases.map(normaliseDisease);
  const owners = lines('owners');
  const ownerIds = new Map(owners.map((o, i) => [o, i]));
  let genes: string[] | undefined;
  let keyIndex: Map<string, number> | undefined;
  let idSet: Set<string> | undefined;
  const keyOf = (key: string) => (keyIndex ??= new Map(lines('keys').map((k, i) => [k, i]))).get(key);
  const part: FrozenPart = {
    count: header.count,
    position: { lastRowid: header.lastRowid, rowsSeen: header.rowsSeen, lastKey: header.lastKey },
    t: f64.t!,
    entriesOf(key) {
      const k = keyOf(key);
      return k === undefined ? new Int32Array(0) : keyEntries.subarray(keyOffsets[k], keyOffsets[k + 1]);
    },
    hasKey: (key) => keyOf(key) !== undefined,
    diseaseMask(needle) {
      const mask = new Uint8Array(diseases.length);
      normalised.forEach((d, i) => (mask[i] = d.includes(needle) ? 1 : 0));
      return mask;
    },
    diseaseOf: (e) => disease[e] as number,
    ownerOf: (e) => owner[e] as number,
    ownerIndex: (o) => ownerIds.get(o),
    ownerName: (i) => owners[i] as string,
    id: (e) => item('ids', e),
    summary(e) {
      genes ??= lines('genes');
      const list: string[] = [];
      for (let j = geneOffsets[e] as number; j < (geneOffsets[e + 1] as number); j++) list.push(genes[geneRefs[j] as number] as string);
      const createdAt = header.createdFromT ? new Date(part.t[e] as number).toISOString() : item('created', e);
      return { id: part.id(e), createdAt, tool: tools[tool[e] as number] as string, genes: list, diseaseContext: diseases[disease[e] as number] as string, qualityScore: f64.quality![e] as number };
    },
    ids() {
      if (!idSet) {
        idSet = new Set();
        for (let e = 0; e < header.count; e++) idSet.add(part.id(e));
      }
      return idSet;
    },
  };
  return part;
}

function joinWithOffsets(values: readonly string[]): { bytes: Buffer; offsets: Int32Array } {
  const offsets = new Int32Array(values.length + 1);
  const parts = values.map((v) => Buffer.from(v, 'utf8'));
  parts.forEach((p, i) => (offsets[i + 1] = (offsets[i] as number) + p.length));
  return { bytes: Buffer.concat(parts), offsets };
}

function bytesOf(a: Float64Array | Int32Array | Uint16Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
