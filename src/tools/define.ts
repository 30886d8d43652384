// A tool is data: name, schemas, annotations and a handler. The MCP server, the discovery
// document, the CLI and the README all read the same definitions from tools/index.ts.
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import type { Tier } from '../config.js';
import type { AppContext } from '../context.js';

export interface Progress {
  /** Reports progress; `total` may be unknown. Cheap to call: callers need not throttle. */
  report(done: number, total: number | undefined, message: string): void;
}

export const silentProgress: Progress = { report: () => undefined };

export interface ToolCall {
  ctx: AppContext;
  /** The caller's tier: decides whether ranked drug candidates are included (DESIGN.md 2.3). */
  tier: Tier;
  progress: Progress;
  signal?: AbortSignal;
  /** Who is calling (absent: the local operator). ctx.snapshots is already scoped to this caller. */
  caller?: Caller;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  openWorldHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /**
   * Whether a call counts against the caller's daily analyses (DESIGN.md 2.3). Default 'analysis';
   * tools that only read saved snapshots are 'none'.
   */
  quota?: 'analysis' | 'none';
  handler(input: z.output<I>, call: ToolCall): Promise<z.input<O>>;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return def;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any, any>;
