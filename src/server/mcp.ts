// createMcpServer(ctx): every transport (stdio, HTTP, in-memory tests) builds its server here, from
// the one tool registry, with its dependencies passed in. One server serves many callers (HTTP
// builds it once per process): who is calling comes with each message (call-info.ts), so the tier,
// the snapshots a call may see and the log level are decided per call, never per server.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  SetLevelRequestSchema,
  type LoggingLevel,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { Protocol, type RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { localCaller, type Caller } from '../caller.js';
import type { Tier } from '../config.js';
import type { AppContext } from '../context.js';
import { answerSchema, defaultAnswer, type AnyTool, type Progress } from '../tools/define.js';
import { tools as allTools } from '../tools/index.js';
import { judgeKey, resultVersions, versionsAfter, withCachedNote } from '../tools/shared/result-cache.js';
import { NAME, VERSION } from '../version.js';
import { callInfoOf } from './call-info.js';
import { asDeferred, type DeferredContext } from './deferred-context.js';
import { keptSize, markStatic } from './json-cache.js';
import { resultLogEntries, sendLogs } from './mcp-logging.js';
import { asCached, isCacheableTool, keepFor, ResultCache, resultKey } from './result-cache.js';
import { errorText, toolErrorResult } from './error-result.js';
import { listedTool } from './tool-list.js';

export const SERVER_INSTRUCTIONS =
  'biointel answers biomedical questions from live public sources (PubMed, UniProt, Open Targets, ChEMBL, ' +
  'ClinicalTrials.gov, STRING, Reactome, ...). Every result carries an integrity block (PMID existence, NLI ' +
  'entailment, citation precision/recall/F1) and sources[] showing what was consulted. Prefer citing PMIDs ' +
  'that results mark as supported; never cite PMIDs that integrity reports as hallucinated.';

export interface McpServerOptions {
  /** Tier of the local operator (stdio, in-memory); HTTP callers bring their own with each message. */
  tier?: Tier;
  tools?: readonly AnyTool[];
}

/** How long the NLI model's state is taken as known for the answer cache's key. */
const JUDGE_STATE_MS = 1000;

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * The server over a context, or over one built on first need (the stdio server's: deferred-context.ts).
 * Only the configuration is read before a tool is called.
 */
export function createMcpServer(context: AppContext | DeferredContext, options: McpServerOptions = {}): McpServer {
  const deferred = asDeferred(context);
  const local = localCaller({ localTier: options.tier ?? deferred.config.localTier });
  const tools = options.tools ?? allTools;
  const server = new McpServer(
    { name: NAME, version: VERSION },
    { capabilities: { logging: {} }, instructions: SERVER_INSTRUCTIONS },
  );
  // The level a stdio / in-memory client chose; HTTP clients keep theirs in their session.
  let localLevel: LoggingLevel | undefined;
  const levelOf = (extra: Extra): LoggingLevel | undefined => {
    const info = callInfoOf(extra);
    return info ? info.logLevel : localLevel;
  };

  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: answerSchema(tool),
        annotations: { ...tool.annotations },
      },
      async (args: unknown, extra: Extra) => {
        const caller = callInfoOf(extra)?.caller ?? local;
        const started = performance.now();
        try {
          const ctx = await deferred.get();
          // The call's own view of the snapshots: it sees what its caller may see, saves as its
          // caller, and cannot save once cancelled.
          const callCtx: AppContext = { ...ctx, snapshots: ctx.snapshots.scoped({ owner: caller.owner, signal: extra.signal }) };
          const result = await tool.handler(args, { ctx: callCtx, tier: caller.tier, caller, progress: progressFor(extra), signal: extra.signal });
          await sendLogs(extra.sendNotification, levelOf(extra), tool.name, resultLogEntries(tool.name, result, performance.now() - started));
          // The full result is the snapshot's; the answer is compact, and the text a summary of it.
          return toCallResult(tool, defaultAnswer(tool, result));
        } catch (err) {
          // Remote callers never see server paths; the operator may (the message helps them).
          const result = toolErrorResult(err, deferred.log, { hidePaths: caller.kind !== 'local' });
          await sendLogs(extra.sendNotification, levelOf(extra), tool.name, [{ level: 'error', message: errorText(result) }]);
          return result;
        }
      },
    );
  }
  wrapToolCalls(server, deferred, tools, { local, levelOf });
  keepToolList(server, tools, deferred);
  server.server.setRequestHandler(SetLevelRequestSchema, async (request, extra) => {
    const info = callInfoOf(extra);
    if (info) await info.setLogLevel?.(request.params.level);
    else localLevel = request.params.level;
    return {};
  });
  return server;
}

/** A tool's answer as MCP sends it: structured content, and a short readable summary as text. */
function toCallResult(tool: AnyTool, answer: Record<string, unknown>): CallToolResult {
  return { structuredContent: answer, content: [{ type: 'text' as const, text: tool.summarize(answer) }] };
}

type RawHandler = (request: unknown, extra: unknown) => Promise<unknown>;

function innerHandler(server: McpServer, method: string): RawHandler | undefined {
  return (server.server as unknown as { _requestHandlers?: Map<string, RawHandler> })._requestHandlers?.get(method);
}

/**
 * The outer tools/call handler, around the SDK's (which validates results):
 * - an unknown tool name is a protocol error (JSON-RPC -32602, as the MCP specification and
 *   DESIGN.md section 7 say), not the `isError` result SDK 1.x gives; tests pin the behaviour;
 * - invalid arguments are checked against the tool's schema first, so the error result comes from
 *   the one place that writes errors for the model (error-result.ts: the field named, the nearest
 *   valid name of a misspelled argument), not from the SDK's generic dump of zod issues;
 * - answers of read-only analyses are served again from memory (result-cache.ts) as the bytes kept
 *   from the first answer, without running the tool or validating again; off with the cache
 *   (--no-cache). Registered on the protocol directly, so the SDK does not validate twice.
 */
function wrapToolCalls(
  server: McpServer,
  deferred: DeferredContext,
  tools: readonly AnyTool[],
  opts: { local: Caller; levelOf: (extra: Extra) => LoggingLevel | undefined },
): void {
  const inner = innerHandler(server, 'tools/call');
  if (!inner) return;
  const names = tools.map((t) => t.name);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const config = deferred.config;
  const cacheable = new Set(config.cache ? tools.filter(isCacheableTool).map((t) => t.name) : []);
  const results = new ResultCache<CallToolResult>();
  // What judges claims is part of the key (judgeKey, shared with the store's cache: model, weights,
  // state, threshold, window): a model that finishes downloading (here or in another process)
  // gives new results from the next call on.
  // The model's full state is read at most once a second: it looks for another process's download
  // on disk, which cost a cached HTTP call as much as the rest of its lookup. A change in this
  // process (its download finished, the model loaded) is seen at once.
  let judged: { at: number; local: string | undefined; key: string } | undefined;
  const judge = (nli: AppContext['nli']): string => {
    const now = performance.now();
    const local = nli.localState?.();
    if (judged && judged.local === local && now - judged.at < JUDGE_STATE_MS) return judged.key;
    judged = { at: now, local, key: judgeKey(nli) };
    return judged.key;
  };
  server.server.removeRequestHandler('tools/call');
  Protocol.prototype.setRequestHandler.call(server.server, CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const tool = byName.get(name);
    if (!tool) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${String(name).slice(0, 100)}. Available tools: ${names.join(', ')}`);
    }
    const started = performance.now();
    // The key is made of the arguments as sent: a kept answer means these very arguments passed
    // the schema before, so a repeat is served without validating them again.
    let key: string | undefined;
    let keyed: { ctx: AppContext; caller: Caller; judge: string; versions: Record<string, string> } | undefined;
    if (cacheable.has(name)) {
      // The key needs the judge's state, so the context; one that cannot be built is the tool's
      // error result, as when the tool itself runs into it.
      const built = await deferred.get().then(
        (ctx) => ({ ctx }),
        (err: unknown) => ({ err }),
      );
      const caller = callInfoOf(extra)?.caller ?? opts.local;
      if (!('ctx' in built)) return toolErrorResult(built.err, deferred.log, { hidePaths: caller.kind !== 'local' }) as never;
      // And the versions of the local data the tool reads (the HGNC table, gene-set libraries), as
      // the store's cache keys them; when they cannot be read, the call is neither served nor kept.
      const versions = await resultVersions(built.ctx, name, extra.signal).catch(() => undefined);
      if (versions) {
        keyed = { ctx: built.ctx, caller, judge: judge(built.ctx.nli), versions };
        key = resultKey(name, request.params.arguments ?? {}, caller, JSON.stringify([keyed.judge, versions]));
      }
    }
    const kept = key === undefined ? undefined : results.get(key);
    if (kept) {
      await sendLogs(extra.sendNotification, opts.levelOf(extra), name, resultLogEntries(name, kept.structuredContent, performance.now() - started));
      return kept as never;
    }
    const parsed = await tool.input.safeParseAsync(request.params.arguments ?? {});
    if (!parsed.success) {
      const caller = callInfoOf(extra)?.caller ?? opts.local;
      return toolErrorResult(parsed.error, deferred.log, { schema: tool.input, hidePaths: caller.kind !== 'local' }) as never;
    }
    const result = (await inner(request, extra)) as CallToolResult;
    const ttl = keyed === undefined || result.isError || extra.signal.aborted ? undefined : keepFor(result.structuredContent, config);
    // Kept under the data it was made from: what it fetched if that was absent, nothing if refreshed meanwhile.
    const after = keyed && ttl !== undefined ? await versionsAfter(keyed.ctx, name, keyed.versions).catch(() => undefined) : undefined;
    if (keyed && after && ttl !== undefined) {
      const again = markStatic(toCallResult(tool, withCachedNote(asCached(result.structuredContent), Date.now()) as Record<string, unknown>));
      results.set(resultKey(name, request.params.arguments ?? {}, keyed.caller, JSON.stringify([keyed.judge, after])), again, keptSize(again), ttl);
    }
    return result as never;
  });
}

/**
 * tools/list with lean JSON Schemas (tool-list.ts) instead of the SDK's verbatim conversion (most of
 * the CPU of answering it, and twice the tokens). The registry never changes while the server runs,
 * so the list is built once, already serialised for the HTTP transport (json-cache.ts).
 */
function keepToolList(server: McpServer, tools: readonly AnyTool[], deferred: DeferredContext): void {
  const listed = markStatic({ tools: tools.map(listedTool) });
  const list = (): Promise<object> => Promise.resolve(listed);
  toolLists.set(server, list);
  server.server.removeRequestHandler('tools/list');
  server.server.setRequestHandler(ListToolsRequestSchema, async () => {
    // A client that has the list calls tools next: a deferred context starts building once this
    // answer is written.
    deferred.warm();
    return listed as never;
  });
}

const toolLists = new WeakMap<McpServer, () => Promise<object>>();

/** The server's tools/list result, converted once (the HTTP transport answers tools/list with it directly). */
export function toolListOf(server: McpServer): (() => Promise<object>) | undefined {
  return toolLists.get(server);
}

/** MCP progress notifications, sent only when the client asked for them with a progressToken. */
function progressFor(extra: Extra): Progress {
  const token = extra._meta?.progressToken;
  if (token === undefined) return { report: () => undefined };
  let last = -1;
  return {
    report(done, total, message) {
      if (done <= last) return; // the spec requires progress to increase with each notification
      last = done;
      void extra
        .sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: done, ...(total === undefined ? {} : { total }), message },
        })
        .catch(() => undefined);
    },
  };
}
