// Runs a registered tool from the terminal: the same zod validation, handler and typed errors as
// MCP, with a terminal renderer instead of structuredContent.
import type { Config } from '../config.js';
import { configSecrets } from '../config.js';
import type { AppContext } from '../context.js';
import type { Snapshot } from '../store/snapshots.js';
import type { AnyTool } from '../tools/define.js';
import { EXIT, print, printJson, reportError } from './output.js';
import { configFromFlags, type GlobalFlags } from './flags.js';
import { terminalProgress } from './progress.js';

export { configFromFlags, splitList, type GlobalFlags } from './flags.js';

/** Builds a context, runs fn, closes the context, returns an exit code; never throws. */
export async function withContext(flags: GlobalFlags, fn: (ctx: AppContext) => Promise<number | void>): Promise<number> {
  let config: Config | undefined;
  let ctx: AppContext | undefined;
  try {
    config = configFromFlags(flags);
    const { createContext } = await import('../context.js');
    ctx = await createContext(config);
    return (await fn(ctx)) ?? EXIT.ok;
  } catch (err) {
    return reportError(err, config ? configSecrets(config) : []);
  } finally {
    await ctx?.close().catch(() => undefined);
  }
}

export async function runTool<T>(
  tool: AnyTool,
  rawArgs: Record<string, unknown>,
  flags: GlobalFlags & { json?: boolean },
  render: (result: T) => string,
  after?: (result: T, snapshot: (id: string) => Promise<Snapshot | null>) => Promise<string | undefined>,
  open: (flags: GlobalFlags, fn: (ctx: AppContext) => Promise<number | void>) => Promise<number> = withContext,
): Promise<number> {
  const parsed = tool.input.safeParse(rawArgs);
  if (!parsed.success) return reportError(parsed.error);
  return open(flags, async (ctx) => {
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
    return EXIT.ok;
  });
}
