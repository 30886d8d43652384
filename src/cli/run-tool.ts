// Runs a registered tool from the terminal: the same zod validation, handler and typed errors as
// MCP, with a terminal renderer instead of structuredContent.
import type { Config } from '../config.js';
import { configSecrets } from '../config.js';
import type { AppContext } from '../context.js';
import type { Snapshot } from '../store/snapshots.js';
import type { AnyTool } from '../tools/define.js';
import { answerExitCode, type NotAnswered } from './answer-exit.js';
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

export interface RunOptions<T> {
  /** Side output after the result (e.g. an HTML report); its note goes to stderr. */
  after?: (result: T, snapshot: (id: string) => Promise<Snapshot | null>) => Promise<string | undefined>;
  /**
   * Why the printed result does not answer the question (exit 1, said on stderr), or null. Without
   * `exitCode`, the exit code is the shared rule of answer-exit.ts: 1 for this, else 4 when a source
   * the answer used failed, failed in part or was late, else 0.
   */
  couldNotAnswer?: (result: T) => NotAnswered | null | undefined;
  /** A command's own exit codes instead of the shared rule (verify: 0, 1 or 3). */
  exitCode?: (result: T) => number;
  /** How the context is opened (default withContext; snapshot search opens the store alone). */
  open?: (flags: GlobalFlags, fn: (ctx: AppContext) => Promise<number | void>) => Promise<number>;
}

export async function runTool<T>(
  tool: AnyTool,
  rawArgs: Record<string, unknown>,
  flags: GlobalFlags & { json?: boolean },
  render: (result: T) => string,
  { after, couldNotAnswer, exitCode, open = withContext }: RunOptions<T> = {},
): Promise<number> {
  const parsed = tool.input.safeParse(rawArgs);
  if (!parsed.success) {
    // Loaded only here: it needs zod's classes and a string-distance package (start-up time).
    const { describeInvalidArguments } = await import('../server/invalid-arguments.js');
    for (const line of describeInvalidArguments(parsed.error, tool.input)) process.stderr.write(`error: ${line}\n`);
    return EXIT.usage;
  }
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
    return exitCode ? exitCode(result) : answerExitCode(result, couldNotAnswer?.(result));
  });
}
