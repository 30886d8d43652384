// One POST /mcp as the MCP dispatcher sees it: the responses it is waiting for, and how they are
// written: one JSON body (a single response or a batch array), or an SSE stream that also carries
// the progress and log notifications of its calls while they run.
import type { ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { responseChunks } from './json-cache.js';
import type { ExchangeSink } from './mcp-dispatch.js';

const COMMA = Buffer.from(',');
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

export class HttpExchange implements ExchangeSink {
  private readonly bodies: Buffer[][] = [];
  private remaining: number;
  private finished = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly mode: 'json' | 'sse',
    expected: number,
    private readonly batch: boolean,
    private readonly headers: Record<string, string>,
    private readonly onEnd: () => void,
  ) {
    this.remaining = expected;
    if (mode === 'sse') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive', ...headers });
      res.flushHeaders();
    }
  }

  get done(): boolean {
    return this.finished;
  }

  respond(message: JSONRPCMessage): void {
    if (this.finished) return;
    const chunks = responseChunks(message as never);
    if (this.mode === 'sse') this.event(Buffer.concat(chunks).toString('utf8'));
    else this.bodies.push(chunks);
    if (--this.remaining <= 0) this.finish();
  }

  notify(message: JSONRPCMessage): void {
    if (this.finished || this.mode !== 'sse') return; // a JSON answer has nowhere to put them
    this.event(JSON.stringify(message));
  }

  /** Ends the exchange without waiting (connection gone). */
  abandon(): void {
    if (this.finished) return;
    this.finished = true;
    this.onEnd();
  }

  private event(json: string): void {
    if (!this.res.writableEnded) this.res.write(`event: message\ndata: ${json}\n\n`);
  }

  private finish(): void {
    this.finished = true;
    if (this.mode === 'sse') {
      this.res.end();
    } else if (!this.res.headersSent) {
      const chunks = this.batch ? [OPEN, ...this.bodies.flatMap((b, i) => (i === 0 ? b : [COMMA, ...b])), CLOSE] : (this.bodies[0] ?? []);
      this.res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(chunks.reduce((n, c) => n + c.length, 0)),
        'Cache-Control': 'no-store',
        ...this.headers,
      });
      // One writev for headers and every chunk; kept bytes are written without a copy.
      this.res.cork();
      for (const c of chunks) this.res.write(c);
      this.res.end();
      this.res.uncork();
    }
    this.onEnd();
  }
}
