// A tool is data: name, schemas, annotations, a handler and its default answer. The MCP server, the
// discovery document, the CLI and the README all read the same definitions from tools/index.ts.
//
// Two shapes per tool: the handler returns the full result (what the snapshot keeps, what the CLI's
// --json and the HTML report show); `answer` makes the default MCP answer from it (top items of each
// section, counts of what was left out, how to get the rest: shared/compact.ts), so an answer fits
// a model's context. Tools whose full result is already small have no `answer`: they return it whole.
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import type { Tier } from '../config.js';
import type { AppContext } from '../context.js';
import { memoUntilFailure } from '../memo.js';

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

/**
 * MCP tool annotations, every one set deliberately (a client assumes the worst of an absent hint:
 * destructive, not idempotent, open world). A tool that only adds snapshots is not destructive.
 */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolAnswer<O extends z.ZodObject, A extends z.ZodObject> {
  /** The output schema advertised in tools/list: the shape of the default answer. */
  schema: A;
  /** The default answer made from the full result. Pure. */
  compact(full: z.input<O>): z.input<A>;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject, A extends z.ZodObject = O> {
  name: string;
  title: string;
  description: string;
  input: I;
  /** The full result. */
  output: O;
  /** The default MCP answer, when the full result is too large to return whole. */
  answer?: ToolAnswer<O, A>;
  /** The MCP text block: a short readable summary of the answer (not a copy of the JSON). */
  summarize(answer: z.input<A>): string;
  annotations: ToolAnnotations;
  /**
   * Whether a call counts against the caller's daily analyses (DESIGN.md 2.3). Default 'analysis';
   * tools that only read saved snapshots are 'none'.
   */
  quota?: 'analysis' | 'none';
  handler(input: z.output<I>, call: ToolCall): Promise<z.input<O>>;
}

/**
 * A handler whose code is loaded on its first call. tools/list needs a tool's schemas, not the code
 * that runs it: this way the stdio server answers a client's first requests before the analyses,
 * sources and evidence pipeline are evaluated (test/integration/start-graph.test.ts holds the line;
 * bench/speed measures the start).
 */
export function loadOnCall<I, O>(load: () => Promise<(input: I, call: ToolCall) => Promise<O>>): (input: I, call: ToolCall) => Promise<O> {
  const handler = memoUntilFailure(load); // a failed load is tried again on the next call
  return async (input, call) => (await handler.get())(input, call);
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject, A extends z.ZodObject = O>(def: ToolDefinition<I, O, A>): ToolDefinition<I, O, A> {
  return def;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any, any, any>;

/** The schema of what a tool answers over MCP by default. */
export function answerSchema(tool: AnyTool): z.ZodObject {
  return (tool.answer?.schema ?? tool.output) as z.ZodObject;
}

/** The default MCP answer for a full result. */
export function defaultAnswer(tool: AnyTool, full: unknown): Record<string, unknown> {
  return (tool.answer ? tool.answer.compact(full) : full) as Record<string, unknown>;
}
