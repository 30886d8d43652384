// The on-disk library cache: `<dataDir>/genesets/<Library>.gmt` holds the bytes Enrichr served and
// `<Library>.json` (the sidecar) records where and when they came from. Files are written to a
// temporary name and renamed, so a crash or a concurrent process never leaves a half library that
// a later run would trust. Nothing expires: libraries are versioned by name (Reactome_2022), and a
// refresh is an explicit user action (`biointel enrich --refresh-libraries`).
import { hash } from 'node:crypto';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeAtomic } from '../files.js';

export { writeAtomic };

export const SIDECAR_FORMAT = 1;

const sidecarSchema = z.object({
  format: z.literal(SIDECAR_FORMAT),
  library: z.string(),
  source: z.literal('enrichr'),
  url: z.string(),
  fetchedAt: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().nonnegative(),
  sets: z.number().int().nonnegative(),
  genes: z.number().int().nonnegative(),
});

/** Provenance of one downloaded library; the sha256 ties it to the exact .gmt bytes. */
export type LibrarySidecar = z.infer<typeof sidecarSchema>;

/** One entry of `cached()`: counts come from the sidecar, so listing never parses a library. */
export interface CachedLibrary {
  name: string;
  path: string;
  bytes: number;
  modifiedAt: string;
  /** Absent for a .gmt placed there by hand (no sidecar, or one that no longer matches). */
  sidecar?: LibrarySidecar;
}

export function libraryDir(dataDir: string): string {
  return path.join(dataDir, 'genesets');
}

/** Callers validate `name` first (isEnrichrLibraryName): it must not be able to leave `dir`. */
export function libraryFiles(dir: string, name: string): { gmt: string; sidecar: string } {
  return { gmt: path.join(dir, `${name}.gmt`), sidecar: path.join(dir, `${name}.json`) };
}

export function sha256(bytes: Uint8Array): string {
  return hash('sha256', bytes, 'hex');
}

/** A missing, unreadable or foreign sidecar reads as "no provenance", never as an error. */
export async function readSidecar(file: string): Promise<LibrarySidecar | undefined> {
  try {
    const parsed = sidecarSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The .gmt first, then its sidecar: a crash in between leaves a file without provenance, which
 * loads as a local file (and says so) rather than as a download it may not be. */
export async function saveLibrary(dir: string, name: string, bytes: Uint8Array, sidecar: LibrarySidecar): Promise<void> {
  const files = libraryFiles(dir, name);
  await mkdir(dir, { recursive: true });
  await writeAtomic(files.gmt, bytes);
  await writeAtomic(files.sidecar, `${JSON.stringify(sidecar, null, 2)}\n`);
}

export async function listCachedLibraries(dir: string): Promise<CachedLibrary[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: CachedLibrary[] = [];
  for (const entry of entries.filter((e) => e.endsWith('.gmt')).sort()) {
    const name = entry.slice(0, -'.gmt'.length);
    const files = libraryFiles(dir, name);
    const info = await stat(files.gmt).catch(() => undefined);
    if (!info?.isFile()) continue;
    const sidecar = await readSidecar(files.sidecar);
    // A sidecar whose size disagrees describes other bytes (file replaced by hand): not shown as provenance.
    const matches = sidecar !== undefined && sidecar.library === name && sidecar.bytes === info.size;
    out.push({
      name,
      path: files.gmt,
      bytes: info.size,
      modifiedAt: info.mtime.toISOString(),
      ...(matches ? { sidecar } : {}),
    });
  }
  return out;
}

/** A one-line reason for a failed read, naming the path (the raw errno text is cryptic). */
export function fileProblem(file: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const why =
    code === 'ENOENT'
      ? 'file not found'
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'EISDIR'
          ? 'is a directory, not a GMT file'
          : err instanceof Error
            ? err.message
            : String(err);
  return `${file}: ${why}`;
}
