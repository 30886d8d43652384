// Global flags of every command, turned into a Config, and the list-flag splitter: small on
// purpose, so commands that do not need a whole context (enrich) can use them.
import type { Config, ConfigInput } from '../config.js';
import { loadConfig } from '../config.js';

export interface GlobalFlags {
  dataDir?: string;
  cache?: boolean;
  logLevel?: string;
  nliModel?: string;
  recordDir?: string;
  replayDir?: string;
  /** Operator GMT files added to the default libraries (config geneSets). */
  geneSets?: string[];
  /** `serve --http --cors-origin`: replaces BIOINTEL_CORS_ORIGINS. */
  corsOrigins?: string[];
}

export function configFromFlags(flags: GlobalFlags): Config {
  const picked: Partial<ConfigInput> = {};
  if (flags.dataDir) picked.dataDir = flags.dataDir;
  if (flags.cache === false) picked.cache = false;
  if (flags.logLevel) picked.logLevel = flags.logLevel as Config['logLevel'];
  if (flags.nliModel) picked.nliModel = flags.nliModel;
  if (flags.recordDir) picked.recordDir = flags.recordDir;
  if (flags.replayDir) picked.replayDir = flags.replayDir;
  if (flags.geneSets?.length) picked.geneSets = flags.geneSets;
  if (flags.corsOrigins?.length) picked.corsOrigins = flags.corsOrigins;
  return loadConfig({ flags: picked });
}

/** "a,b c" and repeated flags both give ["a", "b", "c"]. */
export function splitList(values: string | readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  const list = (Array.isArray(values) ? values : [values]).flatMap((v: string) => v.split(/[\s,]+/)).filter(Boolean);
  return list.length ? list : undefined;
}
