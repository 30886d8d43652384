// The official SDK client connected in memory to createMcpServer(ctx): protocol-level tests
// without processes or ports.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AppContext } from '../../src/context.js';
import { createMcpServer, type McpServerOptions } from '../../src/server/mcp.js';

export async function connectInMemory(ctx: AppContext, options: McpServerOptions = {}): Promise<Client> {
  const server = createMcpServer(ctx, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'biointel-test', version: '0.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

/** Calls a tool and returns its structuredContent, failing loudly on a tool error. */
export async function callOk<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const res = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (res.isError) throw new Error(`tool error: ${JSON.stringify(res.content)}`);
  return res.structuredContent as T;
}
