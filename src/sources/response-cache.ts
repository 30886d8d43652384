// The upstream response cache: a small in-memory layer (hot entries, bounded by bytes) in front of
// the keyv store (SQLite by default). A cached call of a warm process then reads memory, not SQLite
// plus keyv's JSON envelope. What is stored has been checked by the client first (status, content
// type, the source's parser) and has had the configured secrets taken out: NCBI echoes the API key
// in some answers, and nothing the program writes to disk may carry it.
import type Keyv from 'keyv';

export interface StoredResponse {
  status: number;
  contentType: string;
  body: string;
}

interface Hot {
  value: StoredResponse;
  expiresAt: number;
  bytes: number;
}

export interface ResponseCacheOptions {
  /** Upper bound of the in-memory layer, in UTF-16 code units of bodies (default 32 M, ~64 MB). */
  hotBytes?: number;
  /** Values that must never be written: replaced by *** wherever they appear. */
  secrets?: readonly string[];
  now?: () => number;
}

const DEFAULT_HOT_BYTES = 32 * 1024 * 1024;
/** A single body larger than this share of the hot layer is kept on disk only. */
const MAX_HOT_SHARE = 0.25;

export class ResponseCache {
  private readonly hot = new Map<string, Hot>();
  private hotBytes = 0;
  private readonly limit: number;
  private readonly secrets: readonly string[];
  private readonly now: () => number;
  /** Reads answered by the in-memory layer (for tests and `biointel cache stats`). */
  hotHits = 0;

  constructor(
    private readonly store: Keyv | undefined,
    options: ResponseCacheOptions = {},
  ) {
    this.limit = options.hotBytes ?? DEFAULT_HOT_BYTES;
    this.secrets = options.secrets ?? [];
    this.now = options.now ?? Date.now;
  }

  async get(key: string): Promise<StoredResponse | undefined> {
    const hot = this.hot.get(key);
    if (hot) {
      if (hot.expiresAt > this.now()) {
        // Re-insert: Map order is the LRU order.
        this.hot.delete(key);
        this.hot.set(key, hot);
        this.hotHits++;
        return hot.value;
      }
      this.drop(key);
    }
    if (!this.store) return undefined;
    const stored = (await this.store.get(key)) as StoredResponse | undefined;
    // keyv does not report the remaining TTL; a disk hit is kept hot for at most a minute, so an
    // entry that expires on disk cannot live on for long in memory.
    if (stored) this.remember(key, stored, 60_000);
    return stored;
  }

  async set(key: string, value: StoredResponse, ttlMs: number): Promise<void> {
    const clean = this.scrub(value);
    this.remember(key, clean, ttlMs);
    await this.store?.set(key, clean, ttlMs);
  }

  /**
   * Keeps an answer in memory now, before its write to the store (which a call may hold until it
   * returns): an identical request arriving meanwhile is answered, not sent again.
   */
  hold(key: string, value: StoredResponse, ttlMs: number): void {
    this.remember(key, this.scrub(value), ttlMs);
  }

  /** Forgets a held answer that will not be written after all. */
  forget(key: string): void {
    this.drop(key);
  }

  async delete(key: string): Promise<void> {
    this.drop(key);
    await this.store?.delete(key);
  }

  /** The secrets taken out of a body before it is written anywhere (also used for recordings). */
  scrub(value: StoredResponse): StoredResponse {
    const body = scrubSecrets(value.body, this.secrets);
    return body === value.body ? value : { ...value, body };
  }

  private remember(key: string, value: StoredResponse, ttlMs: number): void {
    const bytes = value.body.length + value.contentType.length + 64;
    if (bytes > this.limit * MAX_HOT_SHARE) return;
    this.drop(key);
    this.hot.set(key, { value, expiresAt: this.now() + ttlMs, bytes });
    this.hotBytes += bytes;
    for (const [oldest, entry] of this.hot) {
      if (this.hotBytes <= this.limit) break;
      this.hot.delete(oldest);
      this.hotBytes -= entry.bytes;
    }
  }

  private drop(key: string): void {
    const entry = this.hot.get(key);
    if (!entry) return;
    this.hot.delete(key);
    this.hotBytes -= entry.bytes;
  }
}

/** Every literal occurrence of a secret (4 characters or more) replaced by ***. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join('***');
  return out;
}
