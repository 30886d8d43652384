// The stdio MCP server's start, what desktop assistants launch: built as one standalone file
// (dist/stdio/stdio-main.js, tsup.config.ts) that src/cli.ts imports only for that command. Node
// then reads one file instead of the dozens of shared chunks the commands' build splits into: 15 ms
// of the 215 ms to the first tools/list answer (bench/speed).
import { withContext, type GlobalFlags } from './cli/run-tool.js';
import { runStdioServer } from './server/stdio.js';

export function serveStdio(flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
    await runStdioServer(ctx);
    return new Promise<number>(() => undefined); // the transport keeps the process alive
  });
}
