// "Cold" in the benchmarks: an empty response cache on a data directory that already holds what a
// first use installs (HGNC's complete set, gene-set libraries). It is installed once per run and
// copied for each measured call, so no call pays the one-time downloads (which would read as one
// more round).
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testContext, tempDir } from '../../test/support/context.js';
import type { FakeUpstream } from '../../test/support/fake-upstream.js';

/** A data directory with the HGNC table and the named gene-set libraries (all defaults when none named). */
export async function installData(fake: FakeUpstream, libraries?: readonly string[]): Promise<string> {
  const dir = tempDir('biointel-bench-data-');
  const ctx = await testContext({ cache: false, dataDir: dir }, fake.url);
  fake.delayAll(0);
  await ctx.genes.load();
  await ctx.genesets.load(libraries ? { names: [...libraries] } : {});
  await ctx.close();
  return dir;
}

/** A fresh copy of an installed data directory (or an empty one), for one measured call. */
export function dataDirFrom(installed: string | undefined): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'biointel-bench-run-'));
  if (installed) cpSync(installed, dir, { recursive: true });
  return dir;
}
