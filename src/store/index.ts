// keyv everywhere (DESIGN.md section 6): one SQLite file in the data directory by default, or a
// shared Redis/Postgres store for several HTTP instances. One table (namespace) per kind of data
// so that clearing the cache never touches snapshots or keys.
import { accessSync, constants, mkdirSync } from 'node:fs';
import path from 'node:path';
import Keyv, { type KeyvStoreAdapter } from 'keyv';
import type { Config } from '../config.js';
import { BiointelError } from '../errors.js';
import { createMemoryCounters, type CounterStore } from './counters.js';
import { createSqliteCounters } from './counters-sqlite.js';
import { openRedis } from './redis.js';

export const NAMESPACES = ['cache', 'nli', 'snapshots', 'snapshot_index', 'keys', 'usage', 'sessions', 'results'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export interface Store {
  kind: 'sqlite' | 'memory' | 'redis' | 'postgres';
  /** Where the data lives (file path or redacted URL), for `biointel cache stats`. */
  location: string;
  ns(name: Namespace): Keyv;
  /** Exact counters for quotas and usage (atomic across processes sharing the store). */
  counters: CounterStore;
  close(): Promise<void>;
}

/** An in-memory store: tests, and `--no-store` style one-off runs. */
export function createMemoryStore(): Store {
  const spaces = new Map<Namespace, Keyv>();
  const counters = createMemoryCounters();
  return {
    kind: 'memory',
    location: 'memory',
    counters,
    ns(name) {
      let kv = spaces.get(name);
      if (!kv) {
        kv = new Keyv({ namespace: name });
        spaces.set(name, kv);
      }
      return kv;
    },
    async close() {
      spaces.clear();
      await counters.close();
    },
  };
}

export async function createStore(config: Config): Promise<Store> {
  const url = config.storeUrl ?? `sqlite://${path.join(config.dataDir, 'biointel.sqlite')}`;
  if (url.startsWith('sqlite://')) return openSqlite(url.slice('sqlite://'.length));
  if (/^rediss?:\/\//.test(url)) return openRedis(url, redactUrl(url));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  if (url === 'memory') return createMemoryStore();
  throw new BiointelError('invalid_input', `BIOINTEL_STORE_URL: unsupported scheme in "${redactUrl(url)}"`, {
    hint: 'Use sqlite:///path/file.sqlite, redis://host:6379 or postgres://user@host/db.',
  });
}

async function openSqlite(file: string): Promise<Store> {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    accessSync(path.dirname(file), constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EEXIST' || code === 'ENOTDIR' ? 'a file is in the way' : code === 'EROFS' ? 'read-only file system' : String(code ?? (err as Error).message);
    throw new BiointelError('unavailable', `cannot use the data directory ${path.dirname(file)}: ${why}`, {
      hint: 'Point BIOINTEL_DATA_DIR (or --data-dir) at a directory this user can write, e.g. --data-dir ~/.cache/biointel.',
    });
  }
  const { KeyvSqlite } = await import('@keyv/sqlite');
  const spaces = new Map<Namespace, { kv: Keyv; adapter: InstanceType<typeof KeyvSqlite> }>();
  let walSet = false;
  // Opened on first use: a CLI command that never counts never opens the connection.
  const counters = createSqliteCounters(file);
  return {
    kind: 'sqlite',
    location: file,
    counters,
    ns(name) {
      let entry = spaces.get(name);
      if (!entry) {
        // busyTimeout lets concurrent writers (two CLI runs, HTTP + CLI) wait instead of failing.
        const adapter = new KeyvSqlite({ uri: `sqlite://${file}`, table: name, busyTimeout: 10_000, iterationLimit: 1000 });
        if (!walSet) {
          walSet = true;
          void adapter.query('PRAGMA journal_mode=WAL').catch(() => undefined);
        }
        entry = { kv: new Keyv({ store: adapter, namespace: name }), adapter };
        spaces.set(name, entry);
      }
      return entry.kv;
    },
    async close() {
      await Promise.all([...spaces.values()].map((e) => e.adapter.disconnect().catch(() => undefined)));
      spaces.clear();
      await counters.close().catch(() => undefined);
    },
  };
}

/** Postgres (@keyv/postgres, installed by the operator) holds cache and snapshots; it has no atomic counters here. */
async function openPostgres(url: string): Promise<Store> {
  const pkg = '@keyv/postgres';
  let mod: { default: new (url: string, opts?: Record<string, unknown>) => KeyvStoreAdapter };
  try {
    mod = (await import(/* @vite-ignore */ pkg)) as typeof mod;
  } catch {
    throw new BiointelError('unavailable', `BIOINTEL_STORE_URL points at postgres, but ${pkg} is not installed`, {
      hint: `Install it next to biointel: npm install ${pkg}`,
    });
  }
  const spaces = new Map<Namespace, Keyv>();
  const refuse = (): never => {
    throw new BiointelError('unavailable', 'API keys and quotas need a SQLite or Redis store; postgres:// holds cache and snapshots only', {
      hint: 'Use BIOINTEL_STORE_URL=redis://host:6379 for several HTTP instances.',
    });
  };
  return {
    kind: 'postgres',
    location: redactUrl(url),
    counters: { kind: 'unsupported', take: async () => refuse(), read: async () => refuse(), close: async () => undefined },
    ns(name) {
      let kv = spaces.get(name);
      if (!kv) {
        kv = new Keyv({ store: new mod.default(url), namespace: `biointel_${name}` });
        spaces.set(name, kv);
      }
      return kv;
    },
    async close() {
      await Promise.all([...spaces.values()].map((kv) => kv.disconnect().catch(() => undefined)));
    },
  };
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
