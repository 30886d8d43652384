// Who sent an HTTP request: an API key's holder (X-API-Key) or an anonymous client known by its
// address. An unknown or revoked key is refused with 401, never quietly served as anonymous: a
// caller who sends a key expects its tier, and a typo must not look like "drugs withheld".
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { anonymousCaller, keyCaller, type Caller } from '../caller.js';
import { BiointelError } from '../errors.js';
import type { KeyStore } from '../store/keys.js';

export class AuthError extends BiointelError {
  constructor(message: string, hint: string) {
    super('invalid_input', message, { hint });
  }
}

const KEY_HINT = 'Check the X-API-Key header (keys look like bik_ followed by 32 characters), or ask the operator for a key; omit the header to use the anonymous free tier.';

/**
 * The client's address: the socket's, or with `trustProxy` = N reverse proxies in front, the entry
 * N places from the end of X-Forwarded-For (each proxy appends the address it saw). Entries that
 * are not IP addresses are not believed.
 */
export function clientAddress(req: IncomingMessage, trustProxy: number): string {
  const socket = normalizeIp(req.socket.remoteAddress ?? '') || 'unknown';
  if (trustProxy <= 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  const candidate = hops[Math.max(0, hops.length - trustProxy)];
  return (candidate && normalizeIp(candidate)) || socket;
}

function normalizeIp(value: string): string {
  const v = value.startsWith('::ffff:') && isIP(value.slice(7)) === 4 ? value.slice(7) : value;
  return isIP(v) ? v.toLowerCase() : '';
}

export async function identify(req: IncomingMessage, keys: KeyStore, address: string): Promise<Caller> {
  const header = req.headers['x-api-key'];
  if (header === undefined) return anonymousCaller(address);
  const key = (Array.isArray(header) ? header.join(',') : header).trim();
  if (!key) throw new AuthError('The X-API-Key header is empty', KEY_HINT);
  const record = await keys.authenticate(key);
  if (!record) throw new AuthError('Unknown API key', KEY_HINT);
  if (record.revokedAt) {
    throw new AuthError(`This API key ("${record.label}") was revoked on ${record.revokedAt}`, 'Ask the operator for a new key; omit the header to use the anonymous free tier.');
  }
  void keys.touch(record).catch(() => undefined);
  return keyCaller(record);
}
