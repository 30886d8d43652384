// One MCP server for every HTTP request of the process. The SDK's server speaks to one transport,
// and its streamable-HTTP transport serves one client (stateless mode even refuses a second
// request), which used to mean a new McpServer, and a new JSON-schema conversion, per POST. This
// transport multiplexes instead: each incoming request gets a process-unique internal id before it
// reaches the server, and responses and notifications tied to that id are routed back to the HTTP
// exchange it came from, under the client's own id. Clients choose ids freely (two clients may
// both send id 1); internal ids never collide.
//
// Cancellation: the client's notifications/cancelled names its own id; the dispatcher finds the
// call by (scope, id), where the scope is the session, or the caller when there is none, so a
// client can only cancel its own calls. A dropped connection cancels its calls the same way. The
// SDK then aborts the handler's signal and sends nothing; the exchange is answered here.
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC error code for a request the client cancelled (as in LSP; MCP defines none). */
export const REQUEST_CANCELLED = -32800;
/** The SDK's code for a request that ran out of time. */
export const REQUEST_TIMEOUT = -32001;

/** Where the messages of one HTTP exchange go. */
export interface ExchangeSink {
  /** The response to one of the exchange's requests, under the client's id. */
  respond(message: JSONRPCMessage): void;
  /** A notification (progress, log message) tied to one of its requests. */
  notify(message: JSONRPCMessage): void;
}

interface Pending {
  sink: ExchangeSink;
  clientId: RequestId;
  scope: string;
}

const isResponse = (m: JSONRPCMessage): m is JSONRPCMessage & { id: RequestId } =>
  'id' in m && ('result' in m || 'error' in m) && !('method' in m);

export class McpDispatcher implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  sessionId?: string;

  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly byClientId = new Map<string, number>();

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  /** Messages from the server: responses and related notifications find their exchange. */
  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isResponse(message)) {
      const internal = Number(message.id);
      const p = this.take(internal);
      if (p) p.sink.respond({ ...message, id: p.clientId } as JSONRPCMessage);
      return;
    }
    const related = options?.relatedRequestId;
    if (related !== undefined) this.pending.get(Number(related))?.sink.notify(message);
    // Anything else (list_changed and other server-wide notifications) has no stream to go to in
    // stateless HTTP; the server sends none.
  }

  /** In-flight requests (for drain and tests). */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Hands a client's request to the server; returns its internal id. */
  request(message: JSONRPCRequest, sink: ExchangeSink, scope: string, extra: MessageExtraInfo): number {
    const internal = this.nextId++;
    this.pending.set(internal, { sink, clientId: message.id, scope });
    this.byClientId.set(clientKey(scope, message.id), internal);
    this.onmessage?.({ ...message, id: internal }, extra);
    return internal;
  }

  /** Hands a client's notification to the server; notifications/cancelled is resolved first. */
  notification(message: JSONRPCNotification, scope: string, extra: MessageExtraInfo): void {
    if (message.method === 'notifications/cancelled') {
      const params = (message.params ?? {}) as { requestId?: unknown; reason?: unknown };
      const id = params.requestId;
      if (typeof id !== 'string' && typeof id !== 'number') return;
      const internal = this.byClientId.get(clientKey(scope, id));
      if (internal !== undefined) this.cancel(internal, typeof params.reason === 'string' ? params.reason.slice(0, 200) : 'cancelled by the client');
      return;
    }
    this.onmessage?.(message, extra);
  }

  /** Stops a call: its handler's signal aborts, and its exchange gets a "cancelled" error. */
  cancel(internal: number, reason: string, code = REQUEST_CANCELLED): void {
    const p = this.take(internal);
    if (!p) return;
    this.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: internal, reason } });
    p.sink.respond({ jsonrpc: '2.0', id: p.clientId, error: { code, message: code === REQUEST_CANCELLED ? `Request cancelled: ${reason}` : reason } });
  }

  private take(internal: number): Pending | undefined {
    const p = this.pending.get(internal);
    if (!p) return undefined;
    this.pending.delete(internal);
    const key = clientKey(p.scope, p.clientId);
    if (this.byClientId.get(key) === internal) this.byClientId.delete(key);
    return p;
  }
}

function clientKey(scope: string, id: RequestId): string {
  return `${scope}\u0000${typeof id}:${String(id)}`;
}
