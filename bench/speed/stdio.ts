// Time from starting `biointel` (the stdio MCP server) to its answer to tools/list, after
// initialize, as a desktop assistant does it.
import { spawn } from 'node:child_process';

export function stdioToolsList(bin: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; tools: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('no tools/list answer within 60 s'));
    }, 60_000);
    child.on('error', reject);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.includes('"id":2'));
      if (!line) return;
      const ms = performance.now() - started;
      clearTimeout(timer);
      child.kill();
      const tools = (JSON.parse(line) as { result?: { tools?: unknown[] } }).result?.tools?.length ?? 0;
      resolve({ ms, tools });
    });
    const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
  });
}
