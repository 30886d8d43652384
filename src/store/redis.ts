// The Redis store (BIOINTEL_STORE_URL=redis://...): one connection per process shared by every
// namespace (cache, snapshots, keys, sessions...) and the quota counters, so several HTTP instances
// behind a load balancer see one cache, one set of snapshots and keys, and one count per quota.
import type Keyv from 'keyv';
import { BiointelError, errorMessage } from '../errors.js';
import { createRedisCounters, type RedisScriptClient } from './counters-redis.js';
import type { Namespace, Store } from './index.js';

interface RedisClient extends RedisScriptClient {
  isOpen: boolean;
  connect(): Promise<unknown>;
  close(): Promise<void>;
  destroy(): void;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

export async function openRedis(url: string, location: string): Promise<Store> {
  let mod: typeof import('@keyv/redis');
  try {
    mod = await import('@keyv/redis');
  } catch {
    throw new BiointelError('unavailable', 'BIOINTEL_STORE_URL points at Redis, but @keyv/redis is not installed', {
      hint: 'Install it next to biointel: npm install @keyv/redis',
    });
  }
  const { default: KeyvRedis, Keyv: KeyvClass, createClient } = mod;
  // Give up on a lost connection after a few quick attempts instead of queueing forever: a request
  // then fails with "store unavailable" (and /readyz says so) rather than hanging.
  // The first connection is not retried: a wrong URL is reported at start, not hidden by retries.
  let connected = false;
  const client = createClient({
    url,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (attempts: number) => (!connected || attempts > 20 ? false : Math.min(100 * 2 ** attempts, 2_000)),
    },
  }) as unknown as RedisClient;
  // node-redis emits 'error' on every failed reconnect; without a listener Node would crash. The
  // failure itself reaches callers as a rejected command.
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  try {
    // A port that accepts connections but does not speak Redis would leave connect() waiting.
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer within 5 s (is it a Redis server?)')), 5_000);
      }),
    ]);
    connected = true;
  } catch (err) {
    if (client.isOpen) client.destroy();
    throw new BiointelError('unavailable', `could not connect to Redis at ${location}: ${errorMessage(err)}`, {
      hint: 'Check that redis-server is running and BIOINTEL_STORE_URL is right (redis://[user:password@]host:6379[/db]).',
    });
  } finally {
    clearTimeout(timer);
  }
  const spaces = new Map<Namespace, Keyv>();
  return {
    kind: 'redis',
    location,
    counters: createRedisCounters(client),
    ns(name) {
      let kv = spaces.get(name);
      if (!kv) {
        const adapter = new KeyvRedis(client as never, { namespace: `biointel_${name}`, throwOnErrors: false });
        kv = new KeyvClass({ store: adapter, namespace: `biointel_${name}`, useKeyPrefix: false });
        kv.on('error', () => undefined);
        spaces.set(name, kv);
      }
      return kv;
    },
    async close() {
      spaces.clear();
      if (client.isOpen) await client.close().catch(() => client.destroy());
    },
  };
}
