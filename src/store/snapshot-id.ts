// Snapshot ids: `snap_` + 26 lower-case Crockford base32 characters, ULID layout:
//   10 characters = milliseconds since the epoch (48 bits), so ids sort by creation time as strings;
//   16 characters = 80 random bits (crypto), so ids cannot be guessed or enumerated from a known one.
// Within one process, ids made in the same millisecond increment the random part instead of drawing
// a new one (ULID "monotonic" mode), so two saves in a row still sort in the order they were made.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const TIME_CHARS = 10;
const RANDOM_CHARS = 16;
const MAX_TIME = 2 ** 48 - 1;

export const SNAPSHOT_ID_PREFIX = 'snap_';
export const SNAPSHOT_ID_PATTERN = /^snap_[0-9a-hjkmnp-tv-z]{26}$/;
/** What a well-formed id looks like, for error messages. */
export const SNAPSHOT_ID_EXAMPLE = 'snap_01jc4x9m2k7q8r3t5v6w7x8y9z';

let lastMs = -1;
let lastRandom: number[] = [];

/** A new snapshot id for time `at` (default now). */
export function newSnapshotId(at: Date | number = Date.now()): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_TIME) throw new RangeError(`snapshot id time out of range: ${String(at)}`);
  let random: number[];
  if (ms === lastMs && lastRandom.length === RANDOM_CHARS) {
    random = increment(lastRandom) ?? randomDigits();
  } else {
    random = randomDigits();
  }
  lastMs = ms;
  lastRandom = random;
  return SNAPSHOT_ID_PREFIX + encodeTime(ms) + random.map((d) => ALPHABET[d]).join('');
}

export function isSnapshotId(value: string): boolean {
  return SNAPSHOT_ID_PATTERN.test(value);
}

/** The creation time encoded in an id (milliseconds), or null when it is not a snapshot id. */
export function snapshotIdTime(id: string): number | null {
  if (!isSnapshotId(id)) return null;
  let ms = 0;
  for (const ch of id.slice(SNAPSHOT_ID_PREFIX.length, SNAPSHOT_ID_PREFIX.length + TIME_CHARS)) ms = ms * 32 + ALPHABET.indexOf(ch);
  return ms <= MAX_TIME ? ms : null;
}

function encodeTime(ms: number): string {
  let out = '';
  let rest = ms;
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function randomDigits(): number[] {
  const bytes = randomBytes(10); // 80 bits = 16 base32 digits exactly
  const digits: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      digits.push((acc >> bits) & 31);
    }
    acc &= (1 << bits) - 1;
  }
  return digits;
}

/** +1 in base 32; null on overflow (2^80 ids in one millisecond: draw again). */
function increment(digits: readonly number[]): number[] | null {
  const out = [...digits];
  for (let i = out.length - 1; i >= 0; i--) {
    const d = (out[i] ?? 0) + 1;
    if (d < 32) {
      out[i] = d;
      return out;
    }
    out[i] = 0;
  }
  return null;
}
