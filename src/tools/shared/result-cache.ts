// The whole-result cache (store/result-cache.ts) as tools use it, and what both caches of whole
// answers (that one, in the store, and the server's in memory, server/result-cache.ts) key by besides
// tool, arguments and caller: the NLI judge (judgeKey) and the versions of the data and code the
// answer was made from (resultVersions). One place, so the two caches cannot disagree on what an
// answer depends on. Only an answer every consulted source contributed to is kept, for the shortest
// TTL among those sources; one served again says so (its sources read `cached`, and a warning gives
// the time it was computed: trial statuses and counts are as of then).
import { hash } from 'node:crypto';
import { statSync } from 'node:fs';
import type { AppContext } from '../../context.js';
import type { NliService, NliStatus } from '../../evidence/judge.js';
import type { TableLoad } from '../../genes/service.js';
import { libraryFiles } from '../../genesets/library-files.js';
import type { HgncTable } from '../../sources/hgnc-table.js';
import { resolveSource, SOURCE_IDS, type SourceId } from '../../sources/registry.js';
import type { SourceEntry } from '../../sources/report.js';
import type { CacheDecision, ResultKey } from '../../store/result-cache.js';
import { VERSION } from '../../version.js';
import type { ToolCall } from '../define.js';
import { BRIEF_TOOL } from '../names.js';
import { PATHWAY_LIBRARY } from '../target-brief/pathway-library.js';

/** The local data each cached tool reads besides upstream answers: its versions are part of the key. */
const DATA_READ: Readonly<Record<string, { hgncTable: boolean; geneSetLibraries: readonly string[] }>> = {
  [BRIEF_TOOL]: { hgncTable: true, geneSetLibraries: [PATHWAY_LIBRARY] },
};

/** The version of data not there (yet): a call fetches it, and its answer is kept under what it fetched. */
const ABSENT = 'absent';

export type DataVersions = Record<string, string>;

/**
 * The tool's answer through the cache. `fn` must run with the call it is given, not `call`: an
 * identical call may join the computation, which then runs with a signal of its own (cancelled only
 * when every caller waiting for it has cancelled), so one caller's cancellation cannot fail the
 * sources of another's answer.
 */
export async function throughResultCache<T extends { sources: SourceEntry[]; warnings: string[] }>(
  call: ToolCall,
  tool: string,
  args: unknown,
  fn: (call: ToolCall) => Promise<T>,
): Promise<T> {
  const { ctx } = call;
  const versions = await resultVersions(ctx, tool, call.signal);
  const key: ResultKey = { tool, args, tier: call.tier, judge: judgeKey(ctx.nli), versions };
  const out = await ctx.results.through(key, (signal) => fn(withSignal(call, signal)), (result) => cacheDecision(result.sources, ctx.config), {
    ...(call.signal ? { signal: call.signal } : {}),
    keepAs: async () => {
      const after = await versionsAfter(ctx, tool, versions).catch(() => undefined);
      return after && { ...key, versions: after };
    },
  });
  return out.served === 'cache' ? withCachedNote({ ...out.value, sources: out.value.sources.map(servedFromCache) }, out.computedAt) : out.value;
}

/**
 * What judges entailment, as both answer caches key it: everything a verdict depends on. The
 * model and its weights, its state (a model becoming ready changes every verdict), the entailment
 * probability a verdict needs (threshold) and the passage window the pipeline cuts abstracts into.
 */
export function judgeKey(nli: NliService, status: NliStatus = nli.status()): string {
  return JSON.stringify([status.model, status.dtype, status.state, status.entailmentMethod, nli.threshold, nli.window]);
}

/**
 * Versions of the code and of the local data `tool` reads: the HGNC table (its sha256; for a table
 * with no download record, such as one edited by hand, a hash of its content) and each gene-set
 * library (the sha256 of the copy on disk, which a refresh replaces). Reading them loads nothing new:
 * a library not on disk yet is `absent` (the call downloads it, under its own report).
 */
export async function resultVersions(ctx: AppContext, tool: string, signal?: AbortSignal): Promise<DataVersions> {
  const versions: DataVersions = { code: VERSION };
  const reads = DATA_READ[tool];
  if (!reads) return versions;
  if (reads.hgncTable) versions.hgncTable = tableVersion(await ctx.genes.load(signal ? { signal } : {}));
  for (const name of reads.geneSetLibraries) versions[`geneSets:${name}`] = await libraryVersion(ctx, name);
  return versions;
}

/**
 * The versions to keep an answer under, read again once it is computed: data that was absent has
 * been fetched by the call (kept under what it fetched); undefined when a version it had changed
 * meanwhile (a refresh during the call), as it is not known which one the answer read.
 */
export async function versionsAfter(ctx: AppContext, tool: string, before: DataVersions): Promise<DataVersions | undefined> {
  const after = await resultVersions(ctx, tool);
  const changed = Object.keys(before).some((k) => before[k] !== ABSENT && before[k] !== after[k]);
  return changed ? undefined : after;
}

/** Kept only when no source failed, partly failed or was late; for the shortest TTL of those used. */
export function cacheDecision(sources: readonly SourceEntry[], config: Parameters<typeof resolveSource>[1]): CacheDecision {
  const used = sources.filter((s) => s.status === 'ok' || s.status === 'cached');
  const complete = sources.every((s) => s.status === 'ok' || s.status === 'cached' || s.status === 'skipped') && !sources.some((s) => s.late);
  const ttls = used.filter((s) => (SOURCE_IDS as readonly string[]).includes(s.id)).map((s) => resolveSource(s.id as SourceId, config).ttlMs);
  return { cacheable: complete && ttls.length > 0, ttlMs: ttls.length ? Math.min(...ttls) : 0 };
}

const CACHED_NOTE = 'Served from the answer cache, computed ';

/**
 * An answer served again, with a warning that says when it was computed (no field is added: the
 * warnings are every answer's). Said once: an answer the server keeps that the store cache served
 * already has it.
 */
export function withCachedNote<T>(answer: T, computedAt: number): T {
  const warnings = (answer as { warnings?: unknown }).warnings;
  if (!Array.isArray(warnings) || warnings.some((w) => typeof w === 'string' && w.startsWith(CACHED_NOTE))) return answer;
  const note = `${CACHED_NOTE}${new Date(computedAt).toISOString()}: what its sources said (trial statuses, counts, papers) is as of then.`;
  return { ...answer, warnings: [...(warnings as unknown[]), note] };
}

function servedFromCache(s: SourceEntry): SourceEntry {
  return s.status === 'ok' ? { ...s, status: 'cached', ms: 0 } : s;
}

/** The call as the shared computation runs it: with that computation's signal, not one caller's. */
function withSignal(call: ToolCall, signal: AbortSignal | undefined): ToolCall {
  const { signal: _own, ...rest } = call;
  return signal ? { ...rest, signal } : rest;
}

function tableVersion(load: TableLoad): string {
  if (load.sidecar) return load.sidecar.sha256;
  return load.table ? `content:${tableHash(load.table)}` : ABSENT;
}

const tableHashes = new WeakMap<HgncTable, string>();

/** A table with no download record, by its content: hashed once per table read (about 45,000 genes). */
function tableHash(table: HgncTable): string {
  let h = tableHashes.get(table);
  if (h === undefined) {
    h = hash('sha256', JSON.stringify(table.genes), 'hex');
    tableHashes.set(table, h);
  }
  return h;
}

/** Per gene-set service: the sha256 of each library file, as long as the file is the one read then. */
const libraryShas = new WeakMap<AppContext['genesets'], Map<string, { file: string; sha256: string }>>();

async function libraryVersion(ctx: AppContext, name: string): Promise<string> {
  const gmt = libraryFiles(ctx.genesets.dir, name).gmt;
  // Synchronous: a local file's stat costs a few microseconds, a round trip through libuv's pool more.
  let info: ReturnType<typeof statSync>;
  try {
    info = statSync(gmt, { throwIfNoEntry: false });
  } catch {
    return 'unreadable'; // the tool cannot read it either: its answer says so, and is not kept
  }
  if (!info?.isFile()) return ABSENT;
  // A refresh writes a new file (renamed into place): another size, time or inode. Until then the
  // sha256 read before stands, so a cached answer costs a stat, not a load of the library.
  const file = `${info.size}:${info.mtimeMs}:${info.ino}`;
  let known = libraryShas.get(ctx.genesets);
  if (!known) libraryShas.set(ctx.genesets, (known = new Map()));
  const hit = known.get(name);
  if (hit?.file === file) return hit.sha256;
  // The copy on disk, as the tool will read it (prepared once per process; the sha256 of its bytes).
  const loaded = await ctx.genesets.load({ names: [name] });
  const lib = loaded.libraries.find((l) => l.name === name);
  if (!lib) return 'unusable';
  known.set(name, { file, sha256: lib.sha256 });
  return lib.sha256;
}
