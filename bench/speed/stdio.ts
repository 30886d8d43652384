// Time from starting `biointel` (the stdio MCP server) to its answer to tools/list, after
// initialize, as a desktop assistant does it (test/support/binary.ts rawStdioSession).
import { rawStdioSession } from '../../test/support/binary.js';

export async function stdioToolsList(bin: string, env: NodeJS.ProcessEnv, node = process.execPath): Promise<{ ms: number; tools: number }> {
  const s = await rawStdioSession({ method: 'tools/list', params: {} }, env, bin, node);
  const line = s.stdout.split('\n').find((l) => l.includes('"id":2')) ?? '{}';
  const tools = (JSON.parse(line) as { result?: { tools?: unknown[] } }).result?.tools?.length ?? 0;
  return { ms: s.answeredMs, tools };
}
