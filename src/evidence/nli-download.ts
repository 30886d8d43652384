// Model download bookkeeping: progress over all files, a small progress file so that another
// process (`biointel nli status` next to a server that is downloading) sees the download and a
// second server does not start the same one, and the messages a user needs when it fails.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { DownloadProgress, ProgressFn } from './judge.js';
import { errorCode, firstLine, modelFileNames, type ModelSource } from './nli-load.js';

/** A progress file not updated for this long belongs to a download that died. */
const STALE_MS = 10 * 60_000;

interface ProgressFile extends DownloadProgress {
  pid: number;
  updatedAt: string;
}

export function progressFilePath(source: ModelSource, dtype: string): string {
  const name = `${source.ref.replace(/[^A-Za-z0-9._-]+/g, '_')}@${dtype}.json`;
  return path.join(source.cacheDir, '.downloads', name);
}

/** A download in progress in this or another live process, read from its progress file. */
export function readDownload(file: string): DownloadProgress | undefined {
  let p: ProgressFile;
  try {
    p = JSON.parse(readFileSync(file, 'utf8')) as ProgressFile;
  } catch {
    return undefined;
  }
  if (!alive(p.pid) || Date.now() - Date.parse(p.updatedAt) > STALE_MS) return undefined;
  return { file: p.file, loadedBytes: p.loadedBytes, ...(p.totalBytes === undefined ? {} : { totalBytes: p.totalBytes }), startedAt: p.startedAt };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Sums per-file progress into one figure, keeps the progress file current, and forwards events. */
export class DownloadTracker {
  readonly startedAt = new Date().toISOString();
  private readonly files = new Map<string, { loaded: number; total: number | undefined }>();
  private current = '';
  private writtenPercent = -1;

  constructor(
    private readonly file: string,
    private readonly forward?: ProgressFn,
  ) {
    this.write();
  }

  readonly onProgress: ProgressFn = (file, loaded, total) => {
    this.files.set(file, { loaded, total });
    this.current = file;
    const p = this.progress();
    const percent = p.totalBytes ? Math.floor((100 * p.loadedBytes) / p.totalBytes) : 0;
    if (percent !== this.writtenPercent) this.write();
    this.forward?.(file, loaded, total);
  };

  progress(): DownloadProgress {
    let loadedBytes = 0;
    let totalBytes = 0;
    let known = false;
    for (const f of this.files.values()) {
      loadedBytes += f.loaded;
      if (f.total !== undefined) {
        totalBytes += f.total;
        known = true;
      }
    }
    return { file: this.current, loadedBytes, ...(known ? { totalBytes } : {}), startedAt: this.startedAt };
  }

  /** Removes the progress file (download finished or failed). */
  end(): void {
    rmSync(this.file, { force: true });
  }

  private write(): void {
    const p = this.progress();
    this.writtenPercent = p.totalBytes ? Math.floor((100 * p.loadedBytes) / p.totalBytes) : 0;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const body: ProgressFile = { ...p, pid: process.pid, updatedAt: new Date().toISOString() };
      writeFileSync(this.file, JSON.stringify(body));
    } catch {
      // Only other processes read this file; a read-only data directory must not stop the download.
    }
  }
}

const NETWORK_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

/** True when the error means the model host could not be reached at all (offline, DNS, refused). */
export function isUnreachable(err: unknown): boolean {
  const code = errorCode(err);
  if (code && NETWORK_CODES.has(code)) return true;
  return err instanceof TypeError && /fetch failed/i.test(err.message);
}

/** What to do without network: the files to copy and the variable that points at them. */
export function offlineHelp(config: Config): string {
  const files = modelFileNames(config.nliDtype).join(', ');
  return (
    `To install without network: on a machine that can reach it, run \`biointel nli download\` (or fetch ${files} ` +
    `of ${config.nliModel}), copy that model folder here, and set BIOINTEL_NLI_MODEL=/path/to/the/folder.`
  );
}

/** The lastError of a failed download: an unreachable host is said plainly, with the way out. */
export function downloadFailure(config: Config, host: string, err: unknown): string {
  if (isUnreachable(err)) return `could not reach the model host ${host} (${firstLine(err)}). ${offlineHelp(config)}`;
  return `${err instanceof Error ? err.name : 'Error'}: ${firstLine(err)}`;
}
