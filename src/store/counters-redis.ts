// Counters in Redis (see counters.ts for the contract). A `take` is one Lua script: Redis runs a
// script alone, so reading every counter, deciding and incrementing them is one atomic step for all
// the instances sharing the server. (Keys of one take must live on one node: plain Redis or a
// single primary, not a cluster.)
import { decide, type CounterSpec, type CounterStore, type TakeResult } from './counters.js';

/** The part of a node-redis client used here. */
export interface RedisScriptClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  mGet(keys: string[]): Promise<(string | null)[]>;
}

const PREFIX = 'biointel:counter:';

// ARGV holds limit and ttl (ms) per key; -1 means none. Returns {1, counts...} or {0, index, count}.
const TAKE = `
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[2 * i - 1])
  if limit >= 0 then
    local current = tonumber(redis.call('GET', key) or '0')
    if current + 1 > limit then return {0, i - 1, current} end
  end
end
local out = {1}
for i, key in ipairs(KEYS) do
  local value = redis.call('INCR', key)
  local ttl = tonumber(ARGV[2 * i])
  if ttl > 0 and value == 1 then redis.call('PEXPIRE', key, ttl) end
  out[i + 1] = value
end
return out`;

export function createRedisCounters(client: RedisScriptClient, close: () => Promise<void> = async () => undefined): CounterStore {
  return {
    kind: 'redis',
    async take(specs: readonly CounterSpec[]): Promise<TakeResult> {
      if (specs.length === 0) return decide(specs, []);
      const reply = (await client.eval(TAKE, {
        keys: specs.map((s) => PREFIX + s.key),
        arguments: specs.flatMap((s) => [String(s.limit ?? -1), String(s.ttlMs ?? -1)]),
      })) as number[];
      if (!Array.isArray(reply) || reply.length === 0) throw new Error('unexpected reply from the Redis counter script');
      if (Number(reply[0]) === 1) return { ok: true, counts: reply.slice(1).map(Number) };
      return { ok: false, index: Number(reply[1]), count: Number(reply[2]) };
    },
    async read(keys) {
      if (keys.length === 0) return [];
      const values = await client.mGet(keys.map((k) => PREFIX + k));
      return values.map((v) => (v === null ? 0 : Number(v)));
    },
    close,
  };
}
