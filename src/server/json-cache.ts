// Results that never change while the server runs (the tool list) are serialised once: the HTTP
// transport writes the kept JSON text instead of stringifying 50 KB of schemas per request.
const texts = new WeakMap<object, string>();

/** Marks a result as immutable from now on (it is frozen, so nobody can change it unseen). */
export function markStatic<T extends object>(value: T): T {
  texts.set(value, JSON.stringify(value));
  return Object.freeze(value);
}

/** JSON text of a value; kept text for static results. */
export function toJson(value: unknown): string {
  return (value !== null && typeof value === 'object' && texts.get(value)) || JSON.stringify(value);
}

/** JSON text of a JSON-RPC response, reusing a static result's kept text. */
export function responseJson(message: { jsonrpc: string; id: unknown; result?: unknown; error?: unknown }): string {
  if (message.result !== undefined && message.result !== null && typeof message.result === 'object') {
    const kept = texts.get(message.result);
    if (kept !== undefined) return `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${kept}}`;
  }
  return JSON.stringify(message);
}
