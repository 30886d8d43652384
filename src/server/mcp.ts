// createMcpServer(ctx): every transport (stdio, HTTP, in-memory tests) builds its server here, from
// the one tool registry, with its dependencies passed in.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Tier } from '../config.js';
import type { AppContext } from '../context.js';
import { answerSchema, defaultAnswer, type AnyTool, type Progress } from '../tools/define.js';
import { tools as allTools } from '../tools/index.js';
import { NAME, VERSION } from '../version.js';
import { toolErrorResult } from './error-result.js';
import { listedTool } from './tool-list.js';

export const SERVER_INSTRUCTIONS =
  'biointel answers biomedical questions from live public sources (PubMed, UniProt, Open Targets, ChEMBL, ' +
  'ClinicalTrials.gov, STRING, Reactome, ...). Every result carries an integrity block (PMID existence, NLI ' +
  'entailment, citation precision/recall/F1) and sources[] showing what was consulted. Prefer citing PMIDs ' +
  'that results mark as supported; never cite PMIDs that integrity reports as hallucinated.';

export interface McpServerOptions {
  /** Tier of the caller (HTTP: from the API key; stdio: the local operator's tier). */
  tier?: Tier;
  tools?: readonly AnyTool[];
}

export function createMcpServer(ctx: AppContext, options: McpServerOptions = {}): McpServer {
  const tier = options.tier ?? ctx.config.localTier;
  const server = new McpServer(
    { name: NAME, version: VERSION },
    { capabilities: { logging: {} }, instructions: SERVER_INSTRUCTIONS },
  );
  for (const tool of options.tools ?? allTools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: answerSchema(tool),
        annotations: { ...tool.annotations },
      },
      async (args: unknown, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => {
        try {
          const result = await tool.handler(args, {
            ctx,
            tier,
            progress: progressFor(extra),
            signal: extra.signal,
          });
          // The full result is the snapshot's; the answer is compact, and the text a summary of it.
          const answer = defaultAnswer(tool, result);
          return { structuredContent: answer, content: [{ type: 'text' as const, text: tool.summarize(answer) }] };
        } catch (err) {
          return toolErrorResult(err, ctx.log);
        }
      },
    );
  }
  guardToolCalls(server, options.tools ?? allTools, ctx);
  return server;
}

type RawHandler = (request: unknown, extra: unknown) => Promise<unknown>;

/**
 * Three things the SDK 1.x does its own way are decided here, around its tools handlers:
 * - tools/list carries lean JSON Schemas (tool-list.ts), built once per server;
 * - an unknown tool name is a protocol error (JSON-RPC -32602, as the MCP specification and
 *   DESIGN.md section 7 say), not the `isError` result the SDK gives;
 * - invalid arguments are checked against the tool's schema first, so the error result comes from
 *   the one place that writes errors for the model (tool-errors.ts: the field named, the nearest
 *   valid name of a misspelled argument), not from the SDK's generic dump of zod issues.
 * Tests pin both, so an SDK change cannot pass unseen.
 */
function guardToolCalls(server: McpServer, tools: readonly AnyTool[], ctx: AppContext): void {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, RawHandler> })._requestHandlers;
  const inner = handlers?.get('tools/call');
  if (!inner) return;
  const byName = new Map(tools.map((t) => [t.name, t]));
  // tools/list with lean schemas (tool-list.ts) instead of the SDK's verbatim conversion.
  const listed = tools.map(listedTool);
  server.server.removeRequestHandler('tools/list');
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.server.removeRequestHandler('tools/call');
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. Available tools: ${[...byName.keys()].join(', ')}`);
    }
    const parsed = await tool.input.safeParseAsync(request.params.arguments ?? {});
    if (!parsed.success) return toolErrorResult(parsed.error, ctx.log, tool.input);
    return (await inner(request, extra)) as never;
  });
}

/** MCP progress notifications, sent only when the client asked for them with a progressToken. */
function progressFor(extra: RequestHandlerExtra<ServerRequest, ServerNotification>): Progress {
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
