// API keys (DESIGN.md 2.3): issued by the operator (`biointel keys create`), printed once, stored
// only as a SHA-256 hash. A key is 192 random bits, so a fast hash is enough: nobody can guess or
// brute-force the preimage, and a lookup costs one store read.
//
// Layout in the `keys` namespace:
// - `hash:<sha256 of the key>` -> the key's record (never the key);
// - `id:<key id>` -> the hash, so `keys revoke/usage <label|prefix>` can find a record;
// - `used:<key id>` -> when the key was last used. Kept apart from the record so that noting a use
//   can never race with (and undo) a revocation written by another process.
// The key id (`k_` + 16 hex, random, unrelated to the key) names the key's owner in snapshots and
// usage counters; the hash itself never leaves this namespace.
import { createHash, randomBytes } from 'node:crypto';
import type Keyv from 'keyv';
import { TIERS, type Tier } from '../config.js';
import { BiointelError, InvalidInputError, NotFoundError } from '../errors.js';
import type { Store } from './index.js';

export const KEY_PREFIX = 'bik_';
/** Random characters of the key shown in listings (36 bits; 156 bits stay secret). */
const SHOWN_CHARS = 6;
const KEY_PATTERN = /^bik_[A-Za-z0-9_-]{32}$/;
const LABEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._@+-]{0,63}$/;
/** lastUsedAt is written at most this often per key (one store write per request would be waste). */
const TOUCH_EVERY_MS = 60_000;
/**
 * A presented key's record is read from the store at most this often per process: the read was the
 * largest part of a cached HTTP call. A revocation made in this process applies at once; one made
 * by another process (`biointel keys revoke` beside a running server) within this time.
 */
export const KEY_RECHECK_MS = 1000;

export interface ApiKey {
  id: string;
  label: string;
  tier: Tier;
  /** Analyses a day for this key; absent: the tier's default. */
  dailyLimit?: number;
  /** The first characters of the key, e.g. `bik_Ab3xY_`, to recognise it in listings. */
  prefix: string;
  createdAt: string;
  lastUsedAt?: string;
  revokedAt?: string;
}

export interface NewKey {
  tier: Tier;
  label: string;
  dailyLimit?: number;
}

/** Whether a string has the shape of a biointel key (cheap check before hashing). */
export function looksLikeKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export class KeyStore {
  private readonly kv: Keyv;
  private readonly touched = new Map<string, number>();
  /** Records of recently presented keys, by hash (never by key): see KEY_RECHECK_MS. */
  private readonly recent = new Map<string, { at: number; record: ApiKey | undefined }>();

  constructor(
    store: Store,
    private readonly now: () => number = Date.now,
  ) {
    this.kv = store.ns('keys');
    this.kv.throwOnErrors = true;
  }

  /** Creates a key; the returned `key` is the only copy there will ever be. */
  async create(input: NewKey): Promise<{ key: string; record: ApiKey }> {
    if (!TIERS.includes(input.tier)) throw new InvalidInputError('tier', `expected one of ${TIERS.join(', ')}, got "${String(input.tier)}"`);
    const label = input.label.trim();
    if (!LABEL_PATTERN.test(label)) {
      throw new InvalidInputError('label', 'use 1-64 characters: letters, digits, space and . _ @ + - (starting with a letter or digit)');
    }
    if (input.dailyLimit !== undefined && !(Number.isInteger(input.dailyLimit) && input.dailyLimit >= 0 && input.dailyLimit <= 100_000_000)) {
      throw new InvalidInputError('dailyLimit', `expected a whole number from 0 to 100000000, got ${String(input.dailyLimit)}`);
    }
    const existing = (await this.list()).find((k) => !k.revokedAt && k.label.toLowerCase() === label.toLowerCase());
    if (existing) throw new InvalidInputError('label', `an active key is already labelled "${existing.label}"`, 'Choose another label, or revoke that key first.');
    const key = KEY_PREFIX + randomBytes(24).toString('base64url');
    const record: ApiKey = {
      id: `k_${randomBytes(8).toString('hex')}`,
      label,
      tier: input.tier,
      ...(input.dailyLimit === undefined ? {} : { dailyLimit: input.dailyLimit }),
      prefix: key.slice(0, KEY_PREFIX.length + SHOWN_CHARS),
      createdAt: new Date(this.now()).toISOString(),
    };
    const hash = hashOf(key);
    await this.kv.set(`hash:${hash}`, record);
    await this.kv.set(`id:${record.id}`, hash);
    return { key, record };
  }

  /** The record of a presented key (revoked ones included: the caller says why it is refused). */
  async authenticate(key: string): Promise<ApiKey | undefined> {
    if (!looksLikeKey(key)) return undefined;
    const hash = hashOf(key);
    const t = this.now();
    const seen = this.recent.get(hash);
    if (seen && t - seen.at < KEY_RECHECK_MS) return seen.record;
    const record = (await this.kv.get(`hash:${hash}`)) as ApiKey | undefined;
    // Bounded: unknown keys presented by anyone must not grow it without limit.
    if (this.recent.size >= 1000) this.recent.clear();
    this.recent.set(hash, { at: t, record });
    return record;
  }

  /** Every key, newest first. */
  async list(): Promise<ApiKey[]> {
    const out: ApiKey[] = [];
    const used = new Map<string, string>();
    if (!this.kv.iterator) throw new BiointelError('unavailable', 'this store cannot list keys');
    for await (const [name, value] of this.kv.iterator(undefined)) {
      if (typeof name !== 'string') continue;
      if (name.startsWith('hash:') && value && typeof value === 'object') out.push(value as ApiKey);
      else if (name.startsWith('used:') && typeof value === 'string') used.set(name.slice('used:'.length), value);
    }
    for (const k of out) {
      const at = used.get(k.id);
      if (at) k.lastUsedAt = at;
    }
    return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.label.localeCompare(b.label));
  }

  /**
   * A key by label (case-insensitive; the active key first), by the prefix shown in listings, or
   * by id. Ambiguous prefixes are refused rather than guessed.
   */
  async find(ref: string): Promise<ApiKey> {
    const wanted = ref.trim();
    const all = await this.list();
    const byLabel = all.filter((k) => k.label.toLowerCase() === wanted.toLowerCase());
    if (byLabel.length) return byLabel.find((k) => !k.revokedAt) ?? (byLabel[0] as ApiKey);
    const byId = all.find((k) => k.id === wanted);
    if (byId) return byId;
    // A whole key pasted by mistake is matched by its shown prefix, never echoed back.
    const byPrefix = wanted.length >= KEY_PREFIX.length + 3 ? all.filter((k) => wanted.startsWith(k.prefix) || k.prefix.startsWith(wanted)) : [];
    if (byPrefix.length === 1) return byPrefix[0] as ApiKey;
    if (byPrefix.length > 1) {
      throw new InvalidInputError('key', `the prefix matches ${byPrefix.length} keys (${byPrefix.map((k) => k.label).join(', ')})`, 'Use the label instead.');
    }
    throw new NotFoundError('API key', looksLikeKey(wanted) ? `${wanted.slice(0, KEY_PREFIX.length + SHOWN_CHARS)}...` : wanted, 'List the keys with `biointel keys list`.');
  }

  /** Revokes a key: from now on it gets 401. Returns the record as revoked. */
  async revoke(ref: string): Promise<ApiKey> {
    const record = await this.find(ref);
    if (record.revokedAt) return record;
    const revoked: ApiKey = { ...record, revokedAt: new Date(this.now()).toISOString() };
    await this.write(revoked);
    return revoked;
  }

  /** Notes that a key was used (at most once a minute per key and process). */
  async touch(record: ApiKey): Promise<void> {
    const t = this.now();
    if (t - (this.touched.get(record.id) ?? -Infinity) < TOUCH_EVERY_MS) return;
    this.touched.set(record.id, t);
    await this.kv.set(`used:${record.id}`, new Date(t).toISOString());
  }

  private async write(record: ApiKey): Promise<void> {
    const hash = (await this.kv.get(`id:${record.id}`)) as string | undefined;
    if (!hash) throw new NotFoundError('API key', record.label);
    await this.kv.set(`hash:${hash}`, record);
    this.recent.delete(hash);
  }
}
