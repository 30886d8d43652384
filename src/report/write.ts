// Writes the HTML report atomically: a temporary file in the target directory, flushed, then
// renamed over the target. A reader (a browser tab being refreshed, a sync client) never sees a
// half-written report, and a failed write leaves any previous report in place.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { BiointelError, InvalidInputError, errorMessage } from '../errors.js';
import type { InsightsOutput } from '../tools/shared/panel-analysis/schema.js';
import { renderHtmlReport, type ReportMeta } from './html.js';

export interface WrittenReport {
  /** Absolute path of the report. */
  path: string;
  bytes: number;
}

const FIELD = 'html';

// Errors the user fixes by choosing another path, as opposed to a full disk or an I/O fault.
const PATH_ERRORS: Record<string, string> = {
  ENOENT: 'the directory does not exist',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'the path is a directory; give a file name such as report.html',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENAMETOOLONG: 'the path is too long',
};

/**
 * Checks, before a long analysis runs, that `file` can be written: its directory exists and is
 * writable, and it is not a directory. Returns the absolute path; throws InvalidInputError otherwise.
 */
export async function assertWritableReportPath(file: string): Promise<string> {
  const abs = path.resolve(file);
  const existing = await stat(abs).catch(() => undefined);
  if (existing?.isDirectory()) throw pathError(abs, 'EISDIR');
  try {
    await access(existing ? abs : path.dirname(abs), constants.W_OK);
  } catch (err) {
    throw pathError(abs, codeOf(err), err);
  }
  return abs;
}

/** Renders `result` and writes it to `file` atomically. Throws a BiointelError naming the path. */
export async function writeHtmlReport(file: string, result: InsightsOutput, meta?: ReportMeta): Promise<WrittenReport> {
  return writeHtmlFile(file, () => renderHtmlReport(result, meta), savedSnapshot(result));
}

/**
 * Writes the markup `render` returns to `file` atomically. `snapshotId` names the saved result a
 * failed write points the user to.
 */
export async function writeHtmlFile(file: string, render: () => string, snapshotId?: string): Promise<WrittenReport> {
  const abs = path.resolve(file);
  if ((await stat(abs).catch(() => undefined))?.isDirectory()) throw pathError(abs, 'EISDIR', undefined, snapshotId);
  const content = render();
  // Same directory as the target: rename is atomic only within one file system.
  const tmp = path.join(path.dirname(abs), `.${path.basename(abs)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(tmp, 'wx', 0o644);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, abs);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw pathError(abs, codeOf(err), err, snapshotId);
  }
  return { path: abs, bytes: Buffer.byteLength(content, 'utf8') };
}

/** The snapshot id to point at after a failed write, unless the analysis said it was not saved. */
function savedSnapshot(result: InsightsOutput): string | undefined {
  return result.warnings.some((w) => w.includes('snapshot could not be saved')) ? undefined : result.snapshotId;
}

function codeOf(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : 'UNKNOWN';
}

function pathError(abs: string, code: string, cause?: unknown, snapshotId?: string): BiointelError {
  const saved = snapshotId ? ` The analysis itself is saved: biointel snapshots show ${snapshotId} --json.` : '';
  const reason = PATH_ERRORS[code];
  if (reason) {
    return new InvalidInputError(FIELD, `cannot write the HTML report to ${abs}: ${reason} (${code})`, `Choose a writable file path for --html, e.g. ./report.html.${saved}`);
  }
  return new BiointelError('unavailable', `cannot write the HTML report to ${abs}: ${cause === undefined ? code : errorMessage(cause)}`, {
    hint: `Check free disk space and retry.${saved}`,
    cause,
  });
}
