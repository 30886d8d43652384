// Browser-facing protections of the HTTP server: Host-header validation against DNS rebinding,
// and CORS for the widget and other pages that call the API from a browser.
//
// DNS rebinding: a page on evil.example can make its own hostname resolve to 127.0.0.1 and then
// talk to a local server "same-origin". The browser still sends `Host: evil.example`, so only Host
// values the operator trusts are answered. Ports do not matter for this attack (the attacker
// controls the name, not the port), so names are compared without their port.
import type { IncomingMessage } from 'node:http';

const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]', '']);

export function isWildcardHost(host: string): boolean {
  return WILDCARD_BINDS.has(host.trim());
}

/** `::1` -> `[::1]`: the form an IPv6 literal takes in a Host header and a URL. */
export function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** An allowedHosts entry as a Host header would carry it: `name`, `name:port`, `[v6]`, `[v6]:port`. */
function hostEntry(entry: string): string {
  const e = entry.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  // Two colons or more without brackets can only be a bare IPv6 literal.
  return !e.startsWith('[') && e.indexOf(':') !== e.lastIndexOf(':') ? `[${e}]` : e;
}

/** The name part of a Host header value, lower-cased: `Example.org:8787` -> `example.org`. */
export function hostName(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end === -1 ? h : h.slice(0, end + 1);
  }
  const colon = h.indexOf(':');
  // More than one colon without brackets is not a valid Host; keep it whole so it matches nothing.
  return colon === -1 || h.indexOf(':', colon + 1) !== -1 ? h : h.slice(0, colon);
}

export interface HostPolicy {
  /** True when every Host is accepted (allowedHosts contains `*`). */
  any: boolean;
  /** Accepted names (without port) and exact `name:port` values. */
  allowed: ReadonlySet<string>;
}

/**
 * Allowed: localhost, 127.0.0.1, [::1], the bind host (unless it is 0.0.0.0 or ::), and every
 * entry of config.allowedHosts (BIOINTEL_ALLOWED_HOSTS). An entry without a port accepts that
 * name on any port; an entry with a port accepts only that port; `*` disables the check (for
 * deployments behind a proxy that already validates Host).
 */
export function hostPolicy(bindHost: string, allowedHosts: readonly string[]): HostPolicy {
  const allowed = new Set<string>(LOCAL_NAMES);
  if (!isWildcardHost(bindHost)) allowed.add(hostForUrl(bindHost.trim().toLowerCase()));
  let any = false;
  for (const entry of allowedHosts) {
    const e = entry.trim().toLowerCase();
    if (e === '*') any = true;
    else if (e) allowed.add(hostEntry(e));
  }
  return { any, allowed };
}

export function isHostAllowed(policy: HostPolicy, hostHeader: string | undefined): boolean {
  if (policy.any) return true;
  if (!hostHeader) return false;
  const h = hostHeader.trim().toLowerCase();
  return policy.allowed.has(h) || policy.allowed.has(hostName(h));
}

export function hostRejection(hostHeader: string | undefined, bindHost: string): { message: string; hint: string } {
  const shown = hostHeader === undefined ? '(no Host header)' : `"${hostHeader.slice(0, 200)}"`;
  const wildcard = isWildcardHost(bindHost)
    ? ' The server listens on all interfaces, so every public name it is reached by must be listed.'
    : '';
  return {
    message: `Host ${shown} is not allowed (DNS-rebinding protection)`,
    hint:
      'If this host is yours, add it to BIOINTEL_ALLOWED_HOSTS (comma-separated, e.g. ' +
      `BIOINTEL_ALLOWED_HOSTS=biointel.example.org) or the allowedHosts setting and restart.${wildcard}`,
  };
}

export const CORS_ALLOW_METHODS = 'GET, POST, DELETE, OPTIONS';
export const CORS_ALLOW_HEADERS = 'Content-Type, X-API-Key, Mcp-Session-Id, Mcp-Protocol-Version, Accept, Last-Event-ID';
export const CORS_EXPOSE_HEADERS = 'Mcp-Session-Id, Retry-After';

// Origin (the MCP transport specification: servers MUST validate it). A page on another site can
// send a "simple" POST (text/plain, no preflight) and, if the server answers with CORS headers,
// read the answer. So every request that carries an Origin is refused with 403 unless it is
//   - the server's own loopback origin (http://127.0.0.1:PORT, http://localhost:PORT,
//     http://[::1]:PORT on the port the request came in on), or
//   - listed in corsOrigins (BIOINTEL_CORS_ORIGINS / --cors-origin): pages embedding the widget.
// Requests without Origin (curl, SDK clients, a plain <script src>) are not from a cross-site page
// and are served. `*` in the list allows every origin: an explicit opt-out, warned about at start.

export interface CorsPolicy {
  any: boolean;
  origins: ReadonlySet<string>;
}

/** `https://Example.org:443/` -> `https://example.org`: the form browsers send in Origin. */
export function normalizeOrigin(value: string): string {
  const v = value.trim().replace(/\/+$/, '').toLowerCase();
  try {
    const u = new URL(v);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && v.startsWith(`${u.protocol}//`)) return u.origin;
  } catch {
    // not a URL: kept as written, so it can only match itself
  }
  return v;
}

export function corsPolicy(corsOrigins: readonly string[]): CorsPolicy {
  const origins = new Set(corsOrigins.map(normalizeOrigin).filter(Boolean));
  return { any: origins.has('*'), origins };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an Origin is this server's own loopback origin (same port as the request's socket). */
export function isOwnLoopbackOrigin(origin: string, localPort: number | undefined): boolean {
  try {
    const u = new URL(origin);
    const port = u.port || (u.protocol === 'https:' ? '443' : '80');
    return u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname) && localPort !== undefined && port === String(localPort);
  } catch {
    return false;
  }
}

export function isOriginAllowed(policy: CorsPolicy, origin: string | undefined, localPort?: number): boolean {
  if (origin === undefined) return true;
  if (policy.any) return true;
  const o = origin.trim().toLowerCase();
  // "null" is the opaque origin of sandboxed frames and file: pages: never one we can vouch for.
  if (o === 'null' || o === '') return false;
  return policy.origins.has(normalizeOrigin(o)) || isOwnLoopbackOrigin(o, localPort);
}

/** Headers that let an allowed browser origin read the response. */
export function corsHeaders(policy: CorsPolicy, req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  if (origin === undefined || !isOriginAllowed(policy, origin, req.socket.localPort)) return {};
  return {
    // The answer depends on the request's Origin: caches must key on it.
    'Access-Control-Allow-Origin': policy.any ? '*' : origin,
    Vary: 'Origin',
    'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS,
  };
}

export function preflightHeaders(policy: CorsPolicy, req: IncomingMessage): Record<string, string> {
  return {
    ...corsHeaders(policy, req),
    'Access-Control-Allow-Methods': CORS_ALLOW_METHODS,
    'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
    'Access-Control-Max-Age': '600',
  };
}

export function originRejection(origin: string): { message: string; hint: string } {
  return {
    message: `Origin ${origin.slice(0, 200)} is not allowed`,
    hint:
      'A web page may call this server only from an origin the operator lists: add it (scheme://host[:port]) to ' +
      'BIOINTEL_CORS_ORIGINS (comma-separated) or pass --cors-origin to `biointel serve --http`.',
  };
}
