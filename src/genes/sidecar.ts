// The download record of the local HGNC table: where and when the file came from, and the sha256
// that ties the record to the exact bytes on disk.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

export const TABLE_FORMAT = 1;

const sidecarSchema = z.object({
  format: z.literal(TABLE_FORMAT),
  source: z.literal('hgnc_files'),
  file: z.string(),
  url: z.string(),
  fetchedAt: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().nonnegative(),
  genes: z.number().int().nonnegative(),
});

export type TableSidecar = z.infer<typeof sidecarSchema>;

/** A missing, unreadable or foreign record reads as "no provenance", never as an error. */
export async function readTableSidecar(file: string): Promise<TableSidecar | undefined> {
  try {
    const parsed = sidecarSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
