// stdio transport: what desktop assistants launch. stdout carries only MCP messages; everything
// else (logs, the NLI library's own output) goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { scheduleAutoDownload } from './auto-download.js';
import type { DeferredContext } from './deferred-context.js';
import { createMcpServer } from './mcp.js';

/** Serves MCP on stdin/stdout; the context is built after the first answers (deferred-context.ts). */
export async function runStdioServer(context: DeferredContext): Promise<void> {
  const server = createMcpServer(context);
  const transport = new StdioServerTransport();
  let closing = false;
  let autoDownload: { cancel(): void } | undefined;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    autoDownload?.cancel();
    await server.close().catch(() => undefined);
    await context.close().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // The client closing our stdin is the normal end of a stdio session.
  process.stdin.on('end', () => void shutdown(0));
  await server.connect(transport);
  context.log.info('stdio MCP server ready');
  // Background, when the model is missing (BIOINTEL_NLI_AUTO_DOWNLOAD), once the client's first
  // requests are answered. This also builds the context of a client that never lists the tools.
  autoDownload = scheduleAutoDownload({ startAutoDownload: () => context.prepare().then((ctx) => ctx?.nli.startAutoDownload()) });
}
