// createMcpServer(ctx): every transport (stdio, HTTP, in-memory tests) builds its server here, from
// the one tool registry, with its dependencies passed in.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, McpError, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Tier } from '../config.js';
import type { AppContext } from '../context.js';
import type { AnyTool, Progress } from '../tools/define.js';
import { tools as allTools } from '../tools/index.js';
import { NAME, VERSION } from '../version.js';
import { toolErrorResult } from './tool-errors.js';

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
        outputSchema: tool.output,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (args: unknown, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => {
        try {
          const result = await tool.handler(args, {
            ctx,
            tier,
            progress: progressFor(extra),
            signal: extra.signal,
          });
          return {
            structuredContent: result as Record<string, unknown>,
            content: [{ type: 'text' as const, text: JSON.stringify(result) }],
          };
        } catch (err) {
          return toolErrorResult(err, ctx.log);
        }
      },
    );
  }
  rejectUnknownTools(server, (options.tools ?? allTools).map((t) => t.name));
  return server;
}

type RawHandler = (request: unknown, extra: unknown) => Promise<unknown>;

/**
 * An unknown tool name is a protocol error (JSON-RPC -32602, as the MCP specification and
 * DESIGN.md section 7 say), not a tool result: the SDK 1.x answers it as an `isError` result, so
 * its tools/call handler is wrapped. Tests pin the behaviour, so an SDK change cannot pass unseen.
 */
function rejectUnknownTools(server: McpServer, names: readonly string[]): void {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, RawHandler> })._requestHandlers;
  const inner = handlers?.get('tools/call');
  if (!inner) return;
  const known = new Set(names);
  server.server.removeRequestHandler('tools/call');
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (!known.has(request.params.name)) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. Available tools: ${names.join(', ')}`);
    }
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
