// What POST /mcp accepts, checked before anything runs: JSON-RPC 2.0 messages (one, or a batch up
// to the configured size) or the plain form of DESIGN.md 2.2 (`{"method","params"}`, no jsonrpc or
// id), which is turned into a JSON-RPC request with a generated id.
import { randomUUID } from 'node:crypto';
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

export interface ParsedBody {
  messages: JSONRPCMessage[];
  /** The body was an array (answer with an array). */
  batch: boolean;
  /** At least one message came in the plain form (answer with JSON, never SSE). */
  plain: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string | number => (typeof v === 'string' && v.length <= 200) || (typeof v === 'number' && Number.isSafeInteger(v));
const METHOD = /^[A-Za-z0-9_./-]{1,100}$/;

export const isRequest = (m: JSONRPCMessage): m is JSONRPCRequest => 'method' in m && 'id' in m;
export const isNotification = (m: JSONRPCMessage): m is JSONRPCNotification => 'method' in m && !('id' in m);

/** Validates and normalizes a parsed body; returns an error text naming the problem. */
export function parseMcpBody(parsed: unknown, maxBatch: number): ParsedBody | { error: string } {
  const batch = Array.isArray(parsed);
  const raw = batch ? parsed : [parsed];
  if (raw.length === 0) return { error: 'an empty batch: send at least one message' };
  if (raw.length > maxBatch) return { error: `a batch may hold at most ${maxBatch} messages; this one has ${raw.length}` };
  let plain = false;
  const messages: JSONRPCMessage[] = [];
  for (const [i, m] of raw.entries()) {
    const where = batch ? `message ${i}: ` : '';
    if (!isRecord(m)) return { error: `${where}each message must be a JSON object` };
    if (!('jsonrpc' in m)) {
      // The plain form: a request without jsonrpc/id.
      if (typeof m.method !== 'string' || !METHOD.test(m.method)) {
        return { error: `${where}expected a JSON-RPC 2.0 message, or the plain form {"method": "tools/call", "params": {...}}` };
      }
      if (m.params !== undefined && !isRecord(m.params)) return { error: `${where}params must be an object` };
      plain = true;
      messages.push({ jsonrpc: '2.0', id: isId(m.id) ? m.id : randomUUID(), method: m.method, ...(m.params === undefined ? {} : { params: m.params }) } as JSONRPCRequest);
      continue;
    }
    if (m.jsonrpc !== '2.0') return { error: `${where}jsonrpc must be "2.0"` };
    if ('method' in m) {
      if (typeof m.method !== 'string' || !METHOD.test(m.method)) return { error: `${where}method must be a method name (letters, digits, / . _ -), at most 100 characters` };
      if (m.params !== undefined && !isRecord(m.params)) return { error: `${where}params must be an object` };
      if ('id' in m && !isId(m.id)) return { error: `${where}id must be a string (at most 200 characters) or an integer` };
      messages.push(m as unknown as JSONRPCMessage);
      continue;
    }
    // A response from the client: only meaningful to a server that sends requests (this one does not).
    if ('id' in m && ('result' in m || 'error' in m)) {
      messages.push(m as unknown as JSONRPCMessage);
      continue;
    }
    return { error: `${where}not a JSON-RPC request, notification or response` };
  }
  if (batch && messages.some((m) => 'method' in m && m.method === 'initialize')) {
    return { error: 'initialize must be sent alone, not in a batch' };
  }
  return { messages, batch, plain };
}
