// Gene-set libraries for enrichment (DESIGN.md 4): the default Enrichr libraries, downloaded once
// into `<dataDir>/genesets/` (library-files.ts), plus the user's GMT files. Libraries are parsed
// and indexed once per service instance (one per AppContext): preparing seven libraries costs
// ~0.5 s, a query against them a few ms.
//
// Decisions:
// - One failing library never fails the load: it lands in `failures` (and in the SourceReport for
//   downloads); the caller decides what an empty result means.
// - Nothing is saved that is not a library: the Enrichr client refuses error texts (a line that is
//   no gene set, src/sources/enrichr.ts), and a refresh that loses more than a tenth of the sets of
//   the copy on disk is refused here (a cut body); the old copy stays in use, with a warning.
// - Names or files asked for replace the defaults; nothing asked = defaults + config.geneSets.
// - A user file whose name (file name without extension) equals an Enrichr library name stands in
//   for it: no download. That is also the offline route, as is copying `<Name>.gmt` into the cache.
// - `files` are operator paths (CLI flags, BIOINTEL_GENESETS). Remote callers (MCP over HTTP)
//   must never be allowed to pass them: that would read arbitrary files on the server.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_SET_SIZES, prepareLibrary, type PreparedLibrary } from '../analysis/enrichment-library.js';
import { createEnrichmentWorkspace } from '../analysis/enrichment-workspace.js';
import { parseGmt, type ParsedGmt } from '../analysis/gmt.js';
import type { Config } from '../config.js';
import { errorMessage, UpstreamError } from '../errors.js';
import { readWhole } from '../files.js';
import { gmtText } from './gmt-text.js';
import type { Logger } from '../log.js';
import { Enrichr, isEnrichrLibraryName } from '../sources/enrichr.js';
import type { UpstreamClient } from '../sources/http.js';
import type { SourceReport } from '../sources/report.js';
import type { Progress } from '../tools/define.js';
import { preparedPath, readPrepared, writePrepared } from './prepared-index.js';
import {
  fileProblem,
  libraryDir,
  libraryFiles,
  listCachedLibraries,
  readSidecar,
  saveLibrary,
  SIDECAR_FORMAT,
  sha256,
  type CachedLibrary,
  type LibrarySidecar,
} from './library-files.js';

export type { CachedLibrary, LibrarySidecar } from './library-files.js';

import { DEFAULT_LIBRARIES } from './defaults.js';

export { DEFAULT_LIBRARIES };

export interface LoadedLibrary {
  name: string;
  /** 'enrichr': downloaded by biointel (sidecar verified); 'file': a user GMT or a hand-placed copy. */
  origin: 'enrichr' | 'file';
  path: string;
  /** The Enrichr URL it was downloaded from, for origin 'enrichr'. */
  url?: string;
  fetchedAt?: string;
  sha256: string;
  bytes: number;
  library: PreparedLibrary;
  /** 'index': the prepared index on disk was read (checked against sha256); 'gmt': the file was parsed and indexed. */
  preparedFrom: 'index' | 'gmt';
}

export interface LibraryFailure {
  name: string;
  /** The file concerned, for user GMT files. */
  path?: string;
  error: string;
}

export interface LoadOptions {
  /** Enrichr library names. */
  names?: readonly string[];
  /** GMT file paths (operator-supplied only; see the header). */
  files?: readonly string[];
  /** Re-download the Enrichr libraries even when cached; the old copy is kept if that fails. */
  refresh?: boolean;
  report?: SourceReport;
  progress?: Progress;
  signal?: AbortSignal;
}

export interface LoadResult {
  libraries: LoadedLibrary[];
  failures: LibraryFailure[];
  /** Degradations that did not fail a library (stale copy kept, cache not writable, GMT quirks). */
  warnings: string[];
}

export interface GeneSetService {
  /** `<dataDir>/genesets`. */
  readonly dir: string;
  load(options?: LoadOptions): Promise<LoadResult>;
  /** The local library cache: name, size, and from the sidecar the date, URL, sets and genes. */
  cached(): Promise<CachedLibrary[]>;
}

export interface GeneSetServiceDeps {
  config: Config;
  log: Logger;
  http: UpstreamClient;
}

interface Prepared {
  sha256: string;
  bytes: number;
  library: PreparedLibrary;
  gmtWarnings: string[];
  /** 'index': read from the prepared index on disk; 'gmt': parsed and indexed now. */
  preparedFrom: 'index' | 'gmt';
}

/** A refresh must keep at least this share of the sets of the copy on disk (see download()). */
const MIN_REFRESH_SHARE = 0.9;

type Job = { kind: 'enrichr'; name: string } | { kind: 'file'; name: string; path: string };
type Outcome = { loaded: LoadedLibrary; warnings: string[] } | { failure: LibraryFailure; warnings: string[] };

/** The library name of a user file: its file name without the extension. */
export function fileLibraryName(file: string): string {
  const base = path.basename(file);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

export function createGeneSetService({ config, log, http }: GeneSetServiceDeps): GeneSetService {
  const dir = libraryDir(config.dataDir);
  const enrichr = new Enrichr(http);
  // Keyed by absolute path; the entry is replaced when the file's size/mtime (or provenance) changes.
  const memo = new Map<string, { key: string; value: Promise<Prepared> }>();
  // Concurrent loads of a missing library share one download and one file write.
  const downloads = new Map<string, Promise<LoadedLibrary>>();
  // One workspace for every library of this service, so a query maps its panel once for all of them.
  const workspace = createEnrichmentWorkspace();

  function prepareFile(file: string, key: string, meta: (sha: string) => { name: string; source?: string; date?: string }): Promise<Prepared> {
    const hit = memo.get(file);
    if (hit?.key === key) return hit.value;
    const value = (async () => {
      const bytes = await readWhole(file);
      const sha = sha256(bytes);
      // The indexed form on disk, when it was built from exactly these bytes (prepared-index.ts).
      const indexFile = preparedPath(dir, file, sha);
      const prepared = await readPrepared(indexFile, sha, workspace, meta(sha), DEFAULT_SET_SIZES);
      if (prepared) return { sha256: sha, bytes: bytes.length, library: prepared.library, gmtWarnings: prepared.warnings, preparedFrom: 'index' as const };
      const parsed = parseGmt(gmtText(bytes, file));
      if (parsed.sets.length === 0) throw new Error(`${file}: no gene sets found (expected GMT lines: name<TAB>description<TAB>gene<TAB>gene...)`);
      const library = prepareLibrary(parsed, meta(sha), DEFAULT_SET_SIZES, workspace);
      await writePrepared(indexFile, library, sha, parsed.warnings).catch((err: unknown) => log.debug('could not save a prepared gene-set index', { file: indexFile, err }));
      return { sha256: sha, bytes: bytes.length, library, gmtWarnings: parsed.warnings, preparedFrom: 'gmt' as const };
    })();
    memo.set(file, { key, value });
    value.catch(() => {
      if (memo.get(file)?.value === value) memo.delete(file);
    });
    return value;
  }

  async function statKey(file: string): Promise<string> {
    const s = await stat(file);
    if (!s.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
    return `${s.size}:${s.mtimeMs}`;
  }

  async function loadUserFile(name: string, file: string): Promise<Outcome> {
    try {
      const key = await statKey(file);
      const p = await prepareFile(file, `file:${key}`, () => ({ name, source: file }));
      return { loaded: { name, origin: 'file', path: file, sha256: p.sha256, bytes: p.bytes, library: p.library, preparedFrom: p.preparedFrom }, warnings: gmtNotes(name, p.gmtWarnings) };
    } catch (err) {
      const error = (err as NodeJS.ErrnoException).code ? fileProblem(file, err) : errorMessage(err);
      return { failure: { name, path: file, error: `cannot load gene-set file ${error}` }, warnings: [] };
    }
  }

  /** The cached copy of an Enrichr library, or undefined when there is none. */
  async function loadCached(name: string): Promise<{ loaded: LoadedLibrary; warnings: string[] } | undefined> {
    const files = libraryFiles(dir, name);
    let key: string;
    try {
      key = await statKey(files.gmt);
    } catch {
      return undefined;
    }
    const sidecar = await readSidecar(files.sidecar);
    const p = await prepareFile(files.gmt, `cache:${key}:${sidecar?.sha256 ?? '-'}:${sidecar?.fetchedAt ?? '-'}`, (sha) =>
      sidecar?.sha256 === sha ? { name, source: sidecar.url, date: sidecar.fetchedAt } : { name, source: files.gmt },
    );
    const warnings = gmtNotes(name, p.gmtWarnings);
    if (sidecar?.sha256 === p.sha256 && sidecar.library === name) {
      return {
        loaded: { name, origin: 'enrichr', path: files.gmt, url: sidecar.url, fetchedAt: sidecar.fetchedAt, sha256: p.sha256, bytes: p.bytes, library: p.library, preparedFrom: p.preparedFrom },
        warnings,
      };
    }
    warnings.push(
      `${name}: ${files.gmt} has no matching download record (${path.basename(files.sidecar)}); used as a local file. Run \`biointel enrich --refresh-libraries\` to download it again.`,
    );
    return { loaded: { name, origin: 'file', path: files.gmt, sha256: p.sha256, bytes: p.bytes, library: p.library, preparedFrom: p.preparedFrom }, warnings };
  }

  /** The set count of the downloaded copy on disk, when its record describes the file there. */
  async function setsOnDisk(name: string): Promise<number | undefined> {
    const files = libraryFiles(dir, name);
    const [sidecar, info] = await Promise.all([readSidecar(files.sidecar), stat(files.gmt).catch(() => undefined)]);
    return sidecar?.library === name && info?.isFile() && sidecar.bytes === info.size ? sidecar.sets : undefined;
  }

  async function download(name: string, signal: AbortSignal | undefined, warnings: string[], previousSets?: number): Promise<LoadedLibrary> {
    const got = await enrichr.geneSetLibrary(name, signal);
    const bytes = Buffer.from(got.text, 'utf8');
    const parsed: ParsedGmt = parseGmt(got.text);
    if (parsed.sets.length === 0) {
      throw new UpstreamError({ source: 'enrichr', failure: 'parse', message: `library ${name}: the response holds no gene sets` });
    }
    // A library is versioned by its name: a refresh brings the same library, perhaps corrected. One
    // that lost much of its sets was cut off at a line break (the only cut that reads as whole GMT),
    // and would shrink every later run's universe: refused, and the copy on disk stays in use.
    if (previousSets !== undefined && parsed.sets.length < previousSets * MIN_REFRESH_SHARE) {
      throw new UpstreamError({
        source: 'enrichr',
        failure: 'parse',
        message: `library ${name}: the new download holds ${parsed.sets.length} gene sets where the copy on disk holds ${previousSets}; refused as probably cut short`,
        hint: 'Run `biointel enrich --refresh-libraries` again later; to take the smaller library anyway, delete its files from the gene-set cache first.',
      });
    }
    const fetchedAt = new Date().toISOString();
    const library = prepareLibrary(parsed, { name, source: got.url, date: fetchedAt }, DEFAULT_SET_SIZES, workspace);
    const sidecar: LibrarySidecar = {
      format: SIDECAR_FORMAT,
      library: name,
      source: 'enrichr',
      url: got.url,
      fetchedAt,
      sha256: sha256(bytes),
      bytes: bytes.length,
      sets: library.setCount,
      genes: library.N,
    };
    const files = libraryFiles(dir, name);
    warnings.push(...gmtNotes(name, parsed.warnings));
    try {
      await saveLibrary(dir, name, bytes, sidecar);
      await writePrepared(preparedPath(dir, files.gmt, sidecar.sha256), library, sidecar.sha256, parsed.warnings).catch((err: unknown) => log.debug('could not save a prepared gene-set index', { name, err }));
      // Seed the memo so the next load of the saved file reuses this PreparedLibrary.
      const key = `cache:${await statKey(files.gmt)}:${sidecar.sha256}:${fetchedAt}`;
      memo.set(files.gmt, { key, value: Promise.resolve({ sha256: sidecar.sha256, bytes: bytes.length, library, gmtWarnings: parsed.warnings, preparedFrom: 'gmt' as const }) });
    } catch (err) {
      // Still usable for this run; only the next run pays the download again.
      warnings.push(`${name}: could not save the library to ${dir} (${errorMessage(err)}); it will be downloaded again next time`);
      log.warn('gene-set library cache not writable', { dir, err });
    }
    log.info(`downloaded gene-set library ${name}`, { sets: library.setCount, genes: library.N, bytes: bytes.length });
    return { name, origin: 'enrichr', path: files.gmt, url: got.url, fetchedAt, sha256: sidecar.sha256, bytes: bytes.length, library, preparedFrom: 'gmt' };
  }

  async function loadEnrichr(name: string, options: LoadOptions): Promise<Outcome & { downloaded: boolean }> {
    const warnings: string[] = [];
    if (!isEnrichrLibraryName(name)) {
      return { failure: { name, error: `"${name}" is not a valid Enrichr library name (letters, digits, _ - + .)` }, warnings, downloaded: false };
    }
    let cached: Awaited<ReturnType<typeof loadCached>>;
    try {
      if (!options.refresh) cached = await loadCached(name);
    } catch (err) {
      const file = libraryFiles(dir, name).gmt;
      const why = (err as NodeJS.ErrnoException).code ? fileProblem(file, err) : errorMessage(err);
      const error = `cached library unusable: ${why}. Run \`biointel enrich --refresh-libraries\` to download it again.`;
      return { failure: { name, path: file, error }, warnings, downloaded: false };
    }
    if (cached) return { ...cached, downloaded: false };

    let failure: unknown;
    const fetchOnce = (): Promise<LoadedLibrary> => {
      let pending = downloads.get(name);
      if (!pending) {
        pending = (async () => download(name, options.signal, warnings, options.refresh ? await setsOnDisk(name) : undefined))().finally(() => downloads.delete(name));
        downloads.set(name, pending);
      }
      return pending;
    };
    const run = async (): Promise<LoadedLibrary> => {
      try {
        return await fetchOnce();
      } catch (err) {
        failure = err;
        throw err;
      }
    };
    const loaded = options.report
      ? await options.report.call('enrichr', run, { records: (l) => l.library.setCount, degrades: `gene-set library ${name} not used` })
      : await run().catch(() => undefined);
    if (loaded) return { loaded, warnings, downloaded: true };

    if (options.refresh) {
      // A failed refresh keeps the copy that worked before, and says so.
      const old = await loadCached(name).catch(() => undefined);
      if (old) {
        const when = old.loaded.fetchedAt ? ` downloaded ${old.loaded.fetchedAt.slice(0, 10)}` : '';
        return { loaded: old.loaded, warnings: [...warnings, ...old.warnings, `${name}: refresh failed (${errorMessage(failure)}); using the cached copy${when}`], downloaded: true };
      }
    }
    return { failure: { name, error: errorMessage(failure) }, warnings, downloaded: true };
  }

  function plan(options: LoadOptions): { jobs: Job[]; failures: LibraryFailure[] } {
    const asked = (options.names?.length ?? 0) + (options.files?.length ?? 0) > 0;
    const names = asked ? (options.names ?? []) : DEFAULT_LIBRARIES;
    const files = asked ? (options.files ?? []) : config.geneSets;
    const failures: LibraryFailure[] = [];
    const fileJobs = new Map<string, Job & { kind: 'file' }>();
    const seenPaths = new Set<string>();
    for (const f of files) {
      const abs = path.resolve(f);
      if (seenPaths.has(abs)) continue;
      seenPaths.add(abs);
      const name = fileLibraryName(abs);
      const other = fileJobs.get(name);
      if (other) {
        failures.push({ name, path: abs, error: `two gene-set files are named ${name} (${other.path} and ${abs}); rename one: the file name is the library name` });
        continue;
      }
      fileJobs.set(name, { kind: 'file', name, path: abs });
    }
    const jobs: Job[] = [];
    for (const name of new Set(names)) {
      const replacement = fileJobs.get(name);
      if (replacement) {
        jobs.push(replacement);
        fileJobs.delete(name);
      } else jobs.push({ kind: 'enrichr', name });
    }
    jobs.push(...fileJobs.values());
    return { jobs, failures };
  }

  return {
    dir,
    async load(options = {}) {
      const { jobs, failures } = plan(options);
      let done = 0;
      let fromCache = 0;
      options.progress?.report(0, jobs.length, 'Loading gene-set libraries');
      const outcomes = await Promise.all(
        jobs.map(async (job): Promise<Outcome> => {
          let out: Outcome;
          if (job.kind === 'file') out = await loadUserFile(job.name, job.path);
          else {
            const o = await loadEnrichr(job.name, options);
            if (!o.downloaded && 'loaded' in o) fromCache++;
            out = o;
          }
          options.progress?.report(++done, jobs.length, `Loaded gene-set library ${job.name}`);
          return out;
        }),
      );
      if (options.report && fromCache > 0) {
        options.report.servedLocally('enrichr', fromCache, `${fromCache} gene-set librar${fromCache === 1 ? 'y' : 'ies'} read from the local copy in ${dir}`);
      }
      const result: LoadResult = { libraries: [], failures, warnings: [] };
      for (const o of outcomes) {
        result.warnings.push(...o.warnings);
        if ('loaded' in o) result.libraries.push(o.loaded);
        else result.failures.push(o.failure);
      }
      for (const f of result.failures) log.debug('gene-set library not loaded', { name: f.name, error: f.error });
      return result;
    },
    cached: () => listCachedLibraries(dir),
  };
}

/** GMT quirks fixed while parsing, summarised: one line per library, not one per set. */
function gmtNotes(name: string, warnings: readonly string[]): string[] {
  if (warnings.length === 0) return [];
  const more = warnings.length > 1 ? ` (and ${warnings.length - 1} more)` : '';
  return [`${name}: ${warnings[0]}${more}`];
}
