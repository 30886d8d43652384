// Runs a registered tool from the terminal: the same zod validation, handler and typed errors as
// MCP, with a terminal renderer instead of structuredContent.
import type { Config, ConfigInput } from '../config.js';
import { configSecrets, loadConfig } from '../config.js';
import { createContext, type AppContext } from '../context.js';
import type { Snapshot } from '../store/snapshots.js';
import type { AnyTool } from '../tools/define.js';
import { EXIT, print, printJson, reportError } from './output.js';
import { terminalProgress } from './progress.js';

export interface GlobalFlags {
  dataDir?: string;
  cache?: boolean;
  logLevel?: string;
  nliModel?: string;
  recordDir?: string;
  replayDir?: string;
  /** Operator GMT files added to the default libraries (config geneSets). */
  geneSets?: string[];
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
  return loadConfig({ flags: picked });
}

/** Builds a context, runs fn, closes the context, returns an exit code; never throws. */
export async function withContext(flags: GlobalFlags, fn: (ctx: AppContext) => Promise<number | void>): Promise<number> {
  let config: Config | undefined;
  let ctx: AppContext | undefined;
  try {
    config = configFromFlags(flags);
    ctx = await createContext(config);
    return (await fn(ctx)) ?? EXIT.ok;
  } catch (err) {
    return reportError(err, config ? configSecrets(config) : []);
  } finally {
    await ctx?.close().catch(() => undefined);
  }
}

export interface RunOptions<T> {
  /** Side output after the result (e.g. an HTML report); its note goes to stderr. */
  after?: (result: T, snapshot: (id: string) => Promise<Snapshot | null>) => Promise<string | undefined>;
  /** The exit code a printed result deserves (default 0): a result that is not what was asked for fails. */
  exitCode?: (result: T) => number;
}

export async function runTool<T>(
  tool: AnyTool,
  rawArgs: Record<string, unknown>,
  flags: GlobalFlags & { json?: boolean },
  render: (result: T) => string,
  { after, exitCode }: RunOptions<T> = {},
): Promise<number> {
  const parsed = tool.input.safeParse(rawArgs);
  if (!parsed.success) return reportError(parsed.error, [], tool.input);
  return withContext(flags, async (ctx) => {
    const progress = terminalProgress();
    let result: T;
    try {
      result = (await tool.handler(parsed.data, { ctx, tier: ctx.config.localTier, progress })) as T;
    } finally {
      progress.stop();
    }
    if (flags.json) printJson(result);
    else print(render(result));
    // Side outputs (e.g. an HTML report) are announced on stderr so --json stays parseable.
    const note = after ? await after(result, (id) => ctx.snapshots.get(id)) : undefined;
    if (note) process.stderr.write(`${note}\n`);
    return exitCode ? exitCode(result) : EXIT.ok;
  });
}

/** "a,b c" and repeated flags both give ["a", "b", "c"]. */
export function splitList(values: string | readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  const list = (Array.isArray(values) ? values : [values]).flatMap((v: string) => v.split(/[\s,]+/)).filter(Boolean);
  return list.length ? list : undefined;
}
