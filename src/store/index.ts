// keyv everywhere (DESIGN.md section 6): one SQLite file in the data directory by default, or a
// shared Redis/Postgres store for several HTTP instances. One table (namespace) per kind of data
// so that clearing the cache never touches snapshots or keys.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Keyv, { type KeyvStoreAdapter } from 'keyv';
import type { Config } from '../config.js';
import { BiointelError } from '../errors.js';

export const NAMESPACES = ['cache', 'nli', 'snapshots', 'snapshot_index', 'keys', 'usage', 'results'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export interface Store {
  kind: 'sqlite' | 'memory' | 'redis' | 'postgres';
  /** Where the data lives (file path or redacted URL), for `biointel cache stats`. */
  location: string;
  ns(name: Namespace): Keyv;
  close(): Promise<void>;
}

/** An in-memory store: tests, and `--no-store` style one-off runs. */
export function createMemoryStore(): Store {
  const spaces = new Map<Namespace, Keyv>();
  return {
    kind: 'memory',
    location: 'memory',
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
    },
  };
}

export async function createStore(config: Config): Promise<Store> {
  const url = config.storeUrl ?? `sqlite://${path.join(config.dataDir, 'biointel.sqlite')}`;
  if (url.startsWith('sqlite://')) return openSqlite(url.slice('sqlite://'.length));
  if (/^rediss?:\/\//.test(url)) return openShared('redis', url, '@keyv/redis');
  if (/^postgres(ql)?:\/\//.test(url)) return openShared('postgres', url, '@keyv/postgres');
  if (url === 'memory') return createMemoryStore();
  throw new BiointelError('invalid_input', `BIOINTEL_STORE_URL: unsupported scheme in "${redactUrl(url)}"`, {
    hint: 'Use sqlite:///path/file.sqlite, redis://host:6379 or postgres://user@host/db.',
  });
}

async function openSqlite(file: string): Promise<Store> {
  mkdirSync(path.dirname(file), { recursive: true });
  const { KeyvSqlite } = await import('@keyv/sqlite');
  const spaces = new Map<Namespace, { kv: Keyv; adapter: InstanceType<typeof KeyvSqlite> }>();
  let walSet = false;
  return {
    kind: 'sqlite',
    location: file,
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
    },
  };
}

async function openShared(kind: 'redis' | 'postgres', url: string, pkg: string): Promise<Store> {
  let mod: { default: new (url: string, opts?: Record<string, unknown>) => KeyvStoreAdapter };
  try {
    mod = (await import(/* @vite-ignore */ pkg)) as typeof mod;
  } catch {
    throw new BiointelError('unavailable', `BIOINTEL_STORE_URL points at ${kind}, but ${pkg} is not installed`, {
      hint: `Install it next to biointel: npm install ${pkg}`,
    });
  }
  const spaces = new Map<Namespace, Keyv>();
  return {
    kind,
    location: redactUrl(url),
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

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
