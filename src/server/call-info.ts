// What a transport tells the one MCP server about each message: who sent it, and the log level its
// client chose. The HTTP transport attaches it to each message as the SDK's `authInfo` (the only
// per-message channel the SDK hands to request handlers); stdio and in-memory transports attach
// nothing, which means the local operator.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../caller.js';

export interface CallInfo {
  caller: Caller;
  /** The level the client chose with logging/setLevel (kept in its session); undefined: not chosen. */
  logLevel?: LoggingLevel;
  /** Stores a level chosen with logging/setLevel (HTTP: in the session). */
  setLogLevel?: (level: LoggingLevel) => Promise<void>;
}

const KEY = 'biointel';

export function authInfoFor(info: CallInfo): AuthInfo {
  // Never the API key: handlers and logs only ever see who the caller is, not its credentials.
  return { token: '', clientId: info.caller.client, scopes: [], extra: { [KEY]: info } };
}

export function callInfoOf(extra: { authInfo?: AuthInfo } | undefined): CallInfo | undefined {
  return extra?.authInfo?.extra?.[KEY] as CallInfo | undefined;
}
