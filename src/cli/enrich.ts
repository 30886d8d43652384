// `biointel enrich`: over-representation of a gene panel in gene-set libraries, straight from the
// local engine (src/analysis/enrichment.ts) and the gene-set service (src/genesets/). Symbols are
// used exactly as given: HGNC resolution belongs to the analysis tools, and a terminal user who
// wants raw ORA on their own GMT should get exactly that.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { enrichMany, type EnrichmentRow } from '../analysis/enrichment.js';
import { BiointelError } from '../errors.js';
import { fileProblem } from '../genesets/library-files.js';
import { configSecrets, type Config } from '../config.js';
import { createGeneSetService, DEFAULT_LIBRARIES, type GeneSetService, type LibraryFailure, type LoadedLibrary } from '../genesets/service.js';
import { createLogger } from '../log.js';
import { UpstreamClient } from '../sources/http.js';
import { isEnrichrLibraryName } from '../sources/enrichr.js';
import { SourceReport, type SourceEntry } from '../sources/report.js';
import { genePanel } from '../tools/shared/schemas.js';
import { EXIT, print, printJson, reportError, UsageError } from './output.js';
import { answerExitCode } from './answer-exit.js';
import { enrichmentUntestedNote } from '../tools/shared/panel-analysis/enrichment-notes.js';
import { terminalProgress } from './progress.js';
import { renderCachedLibraries, renderEnrich } from './render/enrich.js';
import { configFromFlags, splitList, type GlobalFlags } from './flags.js';

export const Q_THRESHOLD = 0.05;
const MAX_TOP = 10_000;

export interface EnrichFlags {
  genes?: string[];
  geneSets?: string[];
  libraries?: string[];
  all?: boolean;
  top?: string;
  refreshLibraries?: boolean;
  listLibraries?: boolean;
  json?: boolean;
}

export interface EnrichInput {
  genes: string[];
  names: string[];
  files: string[];
  all: boolean;
  top: number;
  refresh: boolean;
}

export interface LibraryReport {
  library: string;
  origin: LoadedLibrary['origin'];
  path: string;
  url?: string;
  fetchedAt?: string;
  sha256: string;
  /** 'index': read from the prepared index on disk (checked by sha256); 'gmt': parsed and indexed in this run. */
  preparedFrom: LoadedLibrary['preparedFrom'];
  /** Universe: distinct genes of the library. */
  N: number;
  /** Panel genes found in the library. */
  n: number;
  sets: number;
  /** BH m: sets of 5..2000 genes. */
  tested: number;
  significant: number;
  withOverlap: number;
  notInLibrary: string[];
  rows: EnrichmentRow[];
}

export interface EnrichReport {
  genes: string[];
  qThreshold: number;
  showing: 'significant' | 'all';
  top: number;
  libraries: LibraryReport[];
  failures: LibraryFailure[];
  warnings: string[];
  sources: SourceEntry[];
}

const panelSchema = z.object({ genes: genePanel });

/** Flags to validated input; every problem is a usage error (exit 2) that names the flag. */
export async function parseEnrichFlags(opts: EnrichFlags): Promise<EnrichInput> {
  const given = splitList(opts.genes);
  if (!given) throw new UsageError('genes: required, e.g. --genes TP53,BRCA1,ATM');
  const genes = [...new Set(panelSchema.parse({ genes: given }).genes)];

  let top = 20;
  if (opts.top !== undefined) {
    top = Number(opts.top);
    if (!Number.isInteger(top) || top < 1 || top > MAX_TOP) throw new UsageError(`top: expected an integer 1-${MAX_TOP}, got "${opts.top}"`);
  }

  const names: string[] = [];
  for (const name of splitList(opts.libraries) ?? []) {
    if (name === 'defaults') names.push(...DEFAULT_LIBRARIES);
    else if (!isEnrichrLibraryName(name)) throw new UsageError(`libraries: "${name}" is not a valid Enrichr library name (letters, digits, _ - + .)`);
    else names.push(name);
  }

  const files = await checkGmtFiles(opts.geneSets);
  return { genes, names: [...new Set(names)], files, all: Boolean(opts.all), top, refresh: Boolean(opts.refreshLibraries) };
}

/** --gene-sets values as absolute paths of existing files; commas separate files, spaces do not (paths with spaces survive). */
export async function checkGmtFiles(values: readonly string[] | undefined): Promise<string[]> {
  const files = (values ?? []).flatMap((v) => v.split(',')).map((f) => f.trim()).filter(Boolean);
  for (const file of files) {
    const info = await stat(file).catch((err: unknown) => {
      throw new UsageError(`gene-sets: ${fileProblem(file, err)}`);
    });
    if (!info.isFile()) throw new UsageError(`gene-sets: ${file}: is not a file`);
  }
  return files.map((f) => path.resolve(f));
}

/**
 * What `enrich` needs of a context: configuration, the upstream client (library downloads) and the
 * gene-set service; not the sources, the NLI judge or the store, whose modules would cost more to
 * load than the enrichment takes. The store is opened at the end only if something was fetched, to
 * add the upstream metrics that `biointel sources` shows.
 */
async function withGeneSets(flags: GlobalFlags, fn: (ctx: { genesets: GeneSetService; http: UpstreamClient }) => Promise<number | void>): Promise<number> {
  let config: Config | undefined;
  let http: UpstreamClient | undefined;
  try {
    config = configFromFlags(flags);
    const log = createLogger(config.logLevel, { secrets: configSecrets(config) });
    http = new UpstreamClient({ config, log });
    return (await fn({ genesets: createGeneSetService({ config, log, http }), http })) ?? EXIT.ok;
  } catch (err) {
    return reportError(err, config ? configSecrets(config) : []);
  } finally {
    const metrics = http?.metrics();
    if (config && metrics && Object.values(metrics).some((m) => m.requests + m.failures > 0)) {
      const [{ createStore }, { addMetrics }] = await Promise.all([import('../store/index.js'), import('../sources/metrics-store.js')]);
      const store = await createStore(config).catch(() => undefined);
      if (store) await addMetrics(store, metrics).catch(() => undefined).finally(() => store.close());
    }
  }
}

export async function runEnrich(opts: EnrichFlags, flags: GlobalFlags): Promise<number> {
  if (opts.listLibraries) {
    return withGeneSets(flags, async (ctx) => {
      const cached = await ctx.genesets.cached();
      if (opts.json) printJson({ dir: ctx.genesets.dir, libraries: cached });
      else print(renderCachedLibraries(ctx.genesets.dir, cached));
    });
  }
  let input: EnrichInput;
  try {
    input = await parseEnrichFlags(opts);
  } catch (err) {
    return reportError(err);
  }
  return withGeneSets(flags, async (ctx) => {
    const report = new SourceReport(ctx.http);
    const progress = terminalProgress();
    let loaded;
    try {
      loaded = await ctx.genesets.load({
        ...(input.names.length ? { names: input.names } : {}),
        ...(input.files.length ? { files: input.files } : {}),
        refresh: input.refresh,
        report,
        progress,
      });
    } finally {
      progress.stop();
    }
    const result = buildReport(input, loaded.libraries, enrichMany(input.genes, loaded.libraries.map((l) => l.library), { qThreshold: Q_THRESHOLD, rows: input.all ? 'all' : 'significant' }));
    result.failures = loaded.failures;
    result.warnings = [...loaded.warnings];
    result.sources = report.list();
    if (opts.json) printJson(result);
    else print(renderEnrich(result));
    if (loaded.libraries.length === 0) {
      throw new BiointelError('unavailable', 'no gene-set library could be loaded, so nothing was tested', {
        hint: 'See the failures above. Pass a local GMT file with --gene-sets, or retry when Enrichr is reachable.',
      });
    }
    // As the analyses: 1 when nothing was tested (no finding either way), 4 when a library or a
    // source failed while others answered (answer-exit.ts).
    const untested = enrichmentUntestedNote(result.libraries.map((l) => ({ library: l.library, n: l.n, tested: l.tested })));
    return answerExitCode({ sources: result.sources, enrichmentStatus: { failed: loaded.failures.map((f) => ({ library: f.path ?? f.name })) } }, untested);
  });
}

function buildReport(input: EnrichInput, libraries: readonly LoadedLibrary[], results: ReturnType<typeof enrichMany>): EnrichReport {
  const reports = results.map((r, i): LibraryReport => {
    const lib = libraries[i] as LoadedLibrary;
    const significant = r.rows.filter((row) => row.significant);
    return {
      library: r.library,
      origin: lib.origin,
      path: lib.path,
      ...(lib.url ? { url: lib.url } : {}),
      ...(lib.fetchedAt ? { fetchedAt: lib.fetchedAt } : {}),
      sha256: lib.sha256,
      preparedFrom: lib.preparedFrom,
      N: r.N,
      n: r.n,
      sets: lib.library.setCount,
      tested: r.tested,
      significant: significant.length,
      withOverlap: r.withOverlap,
      notInLibrary: r.notInLibrary,
      rows: (input.all ? r.rows : significant).slice(0, input.top),
    };
  });
  return {
    genes: input.genes,
    qThreshold: Q_THRESHOLD,
    showing: input.all ? 'all' : 'significant',
    top: input.top,
    libraries: reports,
    failures: [],
    warnings: [],
    sources: [],
  };
}
