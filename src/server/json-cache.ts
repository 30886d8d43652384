// Results that never change while the server runs (the tool list) are serialised once, to bytes:
// the HTTP transport writes the kept bytes instead of stringifying and encoding 50 KB of schemas
// per request.
const kept = new WeakMap<object, Buffer>();

/** Marks a result as immutable from now on (it is frozen, so nobody can change it unseen). */
export function markStatic<T extends object>(value: T): T {
  kept.set(value, Buffer.from(JSON.stringify(value)));
  return Object.freeze(value);
}

/** Size of a static value's kept JSON (0 for other values). */
export function keptSize(value: object): number {
  return kept.get(value)?.length ?? 0;
}

/**
 * The bytes of a JSON-RPC response, as chunks to write in order: a static result's kept bytes
 * are reused, not copied.
 */
export function responseChunks(message: { jsonrpc: string; id: unknown; result?: unknown; error?: unknown }): Buffer[] {
  const result = message.result;
  const bytes = result !== null && typeof result === 'object' ? kept.get(result) : undefined;
  if (bytes) return [Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":`), bytes, Buffer.from('}')];
  return [Buffer.from(JSON.stringify(message))];
}
