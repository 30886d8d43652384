// Who is calling a tool: the local operator (stdio, terminal commands), an anonymous HTTP client,
// or the holder of an API key. The tier decides what a result includes (DESIGN.md 2.3); the owner
// decides which saved analyses the call may see and whose its own snapshot is.
import type { Config, Tier } from './config.js';
import { ANONYMOUS_OWNER, LOCAL_OWNER, type SnapshotOwner } from './store/snapshot-index.js';

export interface Caller {
  kind: 'local' | 'anonymous' | 'key';
  tier: Tier;
  /** Owner of the snapshots this caller saves, and the only owner it sees (but `local`: all). */
  owner: SnapshotOwner;
  /** Who quotas and rate limits count: `key:<id>`, `addr:<client address>`, or `local`. */
  client: string;
  /** Key id and label (never the key or its hash), for usage reports and logs. */
  key?: { id: string; label: string; dailyLimit?: number };
}

export function localCaller(config: Pick<Config, 'localTier'>): Caller {
  return { kind: 'local', tier: config.localTier, owner: LOCAL_OWNER, client: LOCAL_OWNER };
}

export function anonymousCaller(address: string): Caller {
  return { kind: 'anonymous', tier: 'free', owner: ANONYMOUS_OWNER, client: `addr:${address}` };
}

export function keyCaller(key: { id: string; label: string; tier: Tier; dailyLimit?: number }): Caller {
  return {
    kind: 'key',
    tier: key.tier,
    owner: `key:${key.id}`,
    client: `key:${key.id}`,
    key: { id: key.id, label: key.label, ...(key.dailyLimit === undefined ? {} : { dailyLimit: key.dailyLimit }) },
  };
}
