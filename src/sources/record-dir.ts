// The recording directory (--record-dir, BIOINTEL_RECORD_DIR) is checked when the upstream client is
// made, as the data directory is when the store opens: a directory that cannot be used is the
// operator's mistake, told once with the flag's name, never a "failed" source on every request.
import { accessSync, constants, mkdirSync } from 'node:fs';
import { BiointelError } from '../errors.js';

export function checkRecordDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new BiointelError('invalid_input', `--record-dir (BIOINTEL_RECORD_DIR): cannot record into ${dir}: ${whyUnusable(err)}`, {
      hint: 'Point --record-dir at a directory this user can write, or leave it out.',
    });
  }
}

/** A file-system error in a few words (the data directory's wording, store/index.ts). */
export function whyUnusable(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EEXIST' || code === 'ENOTDIR') return 'a file is in the way';
  if (code === 'EROFS') return 'read-only file system';
  if (code === 'ENOSPC') return 'no space left on the device';
  return String(code ?? (err as Error).message);
}
