// The local HGNC table (DESIGN.md 4, gene symbols): HGNC's complete set downloaded once into
// `<dataDir>/genes/` and read from there, so that a 500-gene panel resolves with no request per
// gene. Kept as the gene-set libraries are (src/genesets/): the file as served, and a sidecar with
// its URL, download date and sha256; written to a temporary name and renamed.
//
// Decisions:
// - Refreshed when older than the hgnc_files TTL (30 days; HGNC updates weekly) or on
//   `biointel genes refresh`. A failed refresh keeps the copy that worked and says so; so does a
//   refresh whose file is cut short (hgnc-table.ts) or holds far fewer genes than that copy.
// - Read once per process (memoised): a server parses it once; a CLI run reads it once. The file is
//   checked against the sha256 of its sidecar every time it is read: a file changed by hand is
//   downloaded again (and used as is, with a warning, when that fails).
// - Never throws at the resolver: without a table (offline first run, unwritable directory) the
//   REST API resolves each symbol as before, and the reason is in the warnings.
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { errorMessage, UpstreamError } from '../errors.js';
import { readWhole } from '../files.js';
import { sha256, writeAtomic } from '../genesets/library-files.js';
import type { Logger } from '../log.js';
import { HgncFiles } from '../sources/hgnc-files.js';
import { parseHgncCompleteSet, type HgncTable } from '../sources/hgnc-table.js';
import type { UpstreamClient } from '../sources/http.js';
import { resolveSource } from '../sources/registry.js';
import type { SourceReport } from '../sources/report.js';
import { readTableSidecar, TABLE_FORMAT, type TableSidecar } from './sidecar.js';

export type { TableSidecar } from './sidecar.js';

export interface TableLoad {
  table?: HgncTable;
  /** Where this answer came from: memory (already read in this process), disk, or a download now. */
  origin?: 'memory' | 'disk' | 'download';
  sidecar?: TableSidecar;
  /** Why there is no table (the resolver then asks the REST API). */
  error?: string;
  warnings: string[];
}

export interface TableStatus {
  path: string;
  present: boolean;
  bytes?: number;
  sidecar?: TableSidecar;
  /** Older than the TTL: the next use downloads it again. */
  stale: boolean;
  ttlDays: number;
}

export interface LoadOptions {
  report?: SourceReport;
  signal?: AbortSignal;
  /** Download again even when the copy is fresh. */
  refresh?: boolean;
}

export interface GeneTableService {
  /** `<dataDir>/genes`. */
  readonly dir: string;
  load(options?: LoadOptions): Promise<TableLoad>;
  /** The table for the resolver (src/sources/hgnc.ts), or undefined while it cannot be had. */
  current(signal?: AbortSignal): Promise<HgncTable | undefined>;
  status(): Promise<TableStatus>;
}

export const TABLE_FILE = 'hgnc_complete_set.txt';
/** A refresh must keep at least this share of the genes of the copy on disk (see download()). */
const MIN_REFRESH_SHARE = 0.9;
const RETRY_REFRESH_MS = 3_600_000;

export function geneTableFiles(dataDir: string): { dir: string; tsv: string; sidecar: string } {
  const dir = path.join(dataDir, 'genes');
  return { dir, tsv: path.join(dir, TABLE_FILE), sidecar: path.join(dir, 'hgnc_complete_set.json') };
}

export function createGeneTableService({ config, log, http }: { config: Config; log: Logger; http: UpstreamClient }): GeneTableService {
  const files = geneTableFiles(config.dataDir);
  const client = new HgncFiles(http);
  const ttlMs = resolveSource('hgnc_files', config).ttlMs;
  let memo: { load: TableLoad } | undefined;
  let pending: Promise<TableLoad> | undefined;
  let refreshFailedAt = 0;
  /** The last download that failed with no table to fall back on: not tried again for a while. */
  let unavailable: { at: number; load: TableLoad } | undefined;

  const isStale = (s: TableSidecar | undefined) => !s || Date.now() - Date.parse(s.fetchedAt) > ttlMs;

  async function readDisk(): Promise<{ table: HgncTable; sidecar: TableSidecar | undefined; warnings: string[] } | undefined> {
    let bytes: Buffer;
    try {
      bytes = await readWhole(files.tsv);
    } catch {
      return undefined;
    }
    const sidecar = await readTableSidecar(files.sidecar);
    const warnings: string[] = [];
    if (!sidecar || sidecar.sha256 !== sha256(bytes)) {
      warnings.push(`${files.tsv} does not match its download record (sha256); run \`biointel genes refresh\` to download it again`);
    }
    return { table: parseHgncCompleteSet(bytes.toString('utf8')), sidecar: warnings.length ? undefined : sidecar, warnings };
  }

  async function download(signal: AbortSignal | undefined, warnings: string[], genesOnDisk?: number): Promise<{ table: HgncTable; sidecar: TableSidecar }> {
    const got = await client.completeSet(signal);
    // HGNC withdraws a few genes a week: a file that lost a tenth of the copy on disk was cut at a
    // line break (a cut mid-line is refused by the parser). Refused before anything is written.
    if (genesOnDisk !== undefined && got.table.genes.length < genesOnDisk * MIN_REFRESH_SHARE) {
      throw new UpstreamError({
        source: 'hgnc_files',
        failure: 'schema',
        message: `HGNC complete set: the new download holds ${got.table.genes.length} genes where the copy on disk holds ${genesOnDisk}; refused as probably cut short`,
        hint: 'Run `biointel genes refresh` again later.',
      });
    }
    const bytes = Buffer.from(got.text, 'utf8');
    const sidecar: TableSidecar = {
      format: TABLE_FORMAT,
      source: 'hgnc_files',
      file: TABLE_FILE,
      url: got.url,
      fetchedAt: new Date().toISOString(),
      sha256: sha256(bytes),
      bytes: bytes.length,
      genes: got.table.genes.length,
    };
    try {
      await mkdir(files.dir, { recursive: true });
      // The file first, then its record: a crash in between leaves a file that reads as unrecorded.
      await writeAtomic(files.tsv, bytes);
      await writeAtomic(files.sidecar, `${JSON.stringify(sidecar, null, 2)}\n`);
    } catch (err) {
      warnings.push(`the HGNC complete set could not be saved to ${files.dir} (${errorMessage(err)}); it will be downloaded again next time`);
      log.warn('gene table directory not writable', { dir: files.dir, err });
    }
    log.info('downloaded the HGNC complete set', { genes: sidecar.genes, bytes: sidecar.bytes });
    return { table: got.table, sidecar };
  }

  async function fresh(options: LoadOptions): Promise<TableLoad> {
    const warnings: string[] = [];
    let disk: Awaited<ReturnType<typeof readDisk>>;
    try {
      disk = await readDisk();
    } catch (err) {
      warnings.push(`the local HGNC complete set is unusable (${errorMessage(err)})`);
    }
    if (disk && !options.refresh && !isStale(disk.sidecar)) {
      options.report?.servedLocally('hgnc_files', disk.table.genes.length, `HGNC complete set read from ${files.tsv}${disk.sidecar ? ` (downloaded ${disk.sidecar.fetchedAt.slice(0, 10)})` : ''}`);
      return { table: disk.table, origin: 'disk', ...(disk.sidecar ? { sidecar: disk.sidecar } : {}), warnings: [...warnings, ...disk.warnings] };
    }
    const run = () => download(options.signal, warnings, disk?.table.genes.length);
    let got: Awaited<ReturnType<typeof download>> | undefined;
    let failure: unknown;
    try {
      got = options.report ? await options.report.must('hgnc_files', run, { records: (x) => x.table.genes.length }) : await run();
    } catch (err) {
      failure = err;
    }
    if (got) return { table: got.table, origin: 'download', sidecar: got.sidecar, warnings };
    const why = errorMessage(failure);
    refreshFailedAt = Date.now();
    if (disk) {
      const when = disk.sidecar ? `downloaded ${disk.sidecar.fetchedAt.slice(0, 10)}` : 'of unknown date';
      return { table: disk.table, origin: 'disk', ...(disk.sidecar ? { sidecar: disk.sidecar } : {}), warnings: [...warnings, ...disk.warnings, `HGNC complete set: refresh failed (${why}); using the local copy ${when}`] };
    }
    const out: TableLoad = { error: why, warnings: [...warnings, `HGNC complete set unavailable (${why}): gene symbols were resolved one by one through the HGNC REST API`] };
    unavailable = { at: Date.now(), load: out };
    return out;
  }

  async function load(options: LoadOptions = {}): Promise<TableLoad> {
    // A stale table stays in use for an hour after a failed refresh, instead of one attempt per call.
    const keep = memo?.load.table && (!isStale(memo.load.sidecar) || Date.now() - refreshFailedAt < RETRY_REFRESH_MS);
    if (memo && keep && !options.refresh) {
      options.report?.servedLocally('hgnc_files', memo.load.table!.genes.length, 'HGNC complete set already read in this process');
      return { ...memo.load, origin: 'memory', warnings: [] };
    }
    // Offline with nothing on disk: one download attempt per hour, not one per call.
    if (!memo && unavailable && !options.refresh && Date.now() - unavailable.at < RETRY_REFRESH_MS) {
      options.report?.skip('hgnc_files', `not asked again within an hour of a failed download (${unavailable.load.error})`);
      return unavailable.load;
    }
    const joining = pending !== undefined && !options.refresh;
    if (!joining) pending = fresh(options).finally(() => (pending = undefined));
    const out = await pending!;
    // Joined a load already under way: the report still learns where the table came from.
    if (joining && out.table) options.report?.servedLocally('hgnc_files', out.table.genes.length, 'HGNC complete set shared with a concurrent load');
    if (out.table) memo = { load: out };
    return joining ? { ...out, warnings: [] } : out;
  }

  return {
    dir: files.dir,
    load,
    async current(signal) {
      return (await load(signal ? { signal } : {})).table;
    },
    async status() {
      const info = await stat(files.tsv).catch(() => undefined);
      const sidecar = await readTableSidecar(files.sidecar);
      return {
        path: files.tsv,
        present: Boolean(info?.isFile()),
        ...(info ? { bytes: info.size } : {}),
        ...(sidecar ? { sidecar } : {}),
        stale: isStale(sidecar),
        ttlDays: Math.round(ttlMs / 86_400_000),
      };
    },
  };
}
