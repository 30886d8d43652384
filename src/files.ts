// Files written whole or not at all: every cache and index biointel keeps on disk is written to a
// temporary name in the same directory, then renamed over the old one.
import { randomUUID } from 'node:crypto';
import { open, rename, rm, writeFile } from 'node:fs/promises';

/** Write-then-rename in the same directory, so readers see the old file or the new one, never a mix. */
export async function writeAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}

/**
 * A whole file in one read (readFile reads in 512 KB steps, each a trip through the thread pool:
 * dozens of them for the multi-megabyte indexes this program keeps).
 */
export async function readWhole(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.allocUnsafe(size);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await handle.read(buffer, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return at === size ? buffer : buffer.subarray(0, at);
  } finally {
    await handle.close();
  }
}
