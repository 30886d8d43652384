// Optional MCP sessions over HTTP. Every POST stands alone (stateless: plain callers never need a
// session), but a client that initializes gets an Mcp-Session-Id, and with it a place to keep what
// the protocol says lasts beyond one request: the log level it chose with logging/setLevel, and
// which of its requests a notifications/cancelled refers to. Sessions live in the shared store,
// so any instance behind a load balancer can serve any request of a session.
import { randomBytes } from 'node:crypto';
import type Keyv from 'keyv';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { Store } from '../store/index.js';

const TTL_MS = 7 * 86_400_000;
/** A session in use is kept alive by rewriting it at most this often. */
const REFRESH_MS = TTL_MS / 2;
const ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export interface Session {
  id: string;
  /** The caller that created it (caller.client): nobody else may use it. */
  client: string;
  createdAt: string;
  refreshedAt: string;
  logLevel?: LoggingLevel;
}

export class SessionStore {
  private readonly kv: Keyv;

  constructor(store: Store, private readonly now: () => number = Date.now) {
    this.kv = store.ns('sessions');
  }

  async create(client: string): Promise<Session> {
    const at = new Date(this.now()).toISOString();
    // 144 random bits, visible characters only (the header value is echoed by clients).
    const session: Session = { id: randomBytes(18).toString('base64url'), client, createdAt: at, refreshedAt: at };
    await this.kv.set(session.id, session, TTL_MS);
    return session;
  }

  /** The session, if it exists and belongs to this client (someone else's reads as unknown). */
  async get(id: string, client: string): Promise<Session | undefined> {
    if (!ID_PATTERN.test(id)) return undefined;
    const session = (await this.kv.get(id)) as Session | undefined;
    if (!session || session.client !== client) return undefined;
    if (this.now() - Date.parse(session.refreshedAt) > REFRESH_MS) await this.save({ ...session });
    return session;
  }

  async setLogLevel(session: Session, level: LoggingLevel): Promise<void> {
    session.logLevel = level;
    await this.save(session);
  }

  async delete(id: string): Promise<void> {
    await this.kv.delete(id);
  }

  private async save(session: Session): Promise<void> {
    session.refreshedAt = new Date(this.now()).toISOString();
    await this.kv.set(session.id, session, TTL_MS);
  }
}
