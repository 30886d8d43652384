// Prepared libraries on disk: the indexed form of a GMT file (src/analysis/prepared-library-codec.ts)
// kept beside it, so a run reads the index instead of parsing and indexing the file again.
//
// - A downloaded library `<dataDir>/genesets/<Name>.gmt` gets `<Name>.index` next to it; a user's
//   GMT file (which may sit in a read-only folder) gets `<dataDir>/genesets/prepared/<file>.<sha>.index`.
// - The index records the sha256 of the GMT bytes it was built from and the set-size window; it is
//   used only when the file read now has that sha256 (the caller hashes it) and the window matches.
//   Anything else (a changed file, another format, a truncated index) reads as "no index": the file
//   is parsed, and a fresh index replaces the old one.
// - Writing is best effort and atomic (a read-only data directory only costs the speed-up).
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PreparedLibrary } from '../analysis/enrichment-library.js';
import type { EnrichmentWorkspace } from '../analysis/enrichment-workspace.js';
import { decodeLibrary, encodeLibrary, readHeader } from '../analysis/prepared-library-codec.js';
import { readWhole, writeAtomic } from '../files.js';

export interface PreparedFromDisk {
  library: PreparedLibrary;
  /** The GMT parser's notes, kept with the index. */
  warnings: string[];
}

/** Where the index of `gmtFile` (with this content hash) lives. */
export function preparedPath(libraryDir: string, gmtFile: string, sha256: string): string {
  const abs = path.resolve(gmtFile);
  if (path.dirname(abs) === path.resolve(libraryDir) && abs.endsWith('.gmt')) return abs.slice(0, -'.gmt'.length) + '.index';
  return path.join(libraryDir, 'prepared', `${path.basename(abs)}.${sha256.slice(0, 16)}.index`);
}

export async function readPrepared(
  file: string,
  sha256: string,
  workspace: EnrichmentWorkspace,
  meta: { name: string; source?: string; date?: string },
  sizes: { minSize: number; maxSize: number },
): Promise<PreparedFromDisk | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readWhole(file);
  } catch {
    return undefined;
  }
  const header = readHeader(bytes);
  if (!header || header.sourceSha256 !== sha256 || header.minSize !== sizes.minSize || header.maxSize !== sizes.maxSize) return undefined;
  const library = decodeLibrary(bytes, workspace, meta);
  return library ? { library, warnings: header.warnings } : undefined;
}

export async function writePrepared(file: string, library: PreparedLibrary, sha256: string, warnings: readonly string[]): Promise<void> {
  const bytes = encodeLibrary(library, sha256, warnings);
  if (!bytes) return;
  await mkdir(path.dirname(file), { recursive: true });
  await writeAtomic(file, bytes);
  // Indexes of earlier versions of the same user file are dead weight.
  if (path.basename(path.dirname(file)) === 'prepared') {
    const stem = path.basename(file).replace(/\.[0-9a-f]{16}\.index$/, '');
    const stale = (await readdir(path.dirname(file))).filter((f) => f !== path.basename(file) && f.startsWith(`${stem}.`) && /\.[0-9a-f]{16}\.index$/.test(f) && f.slice(0, -'.0123456789abcdef.index'.length) === stem);
    await Promise.all(stale.map((f) => rm(path.join(path.dirname(file), f), { force: true })));
  }
}
