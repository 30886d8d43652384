// Record/replay of upstream exchanges. Keys ignore the base URL and the identity/secret
// parameters, so a recording made against the real API replays behind any mirror or key.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UpstreamError } from '../errors.js';
import type { QueryValue } from './http.js';

export interface Exchange {
  source: string;
  method: string;
  /** Path and query as sent, secrets redacted. */
  request: string;
  requestBody?: string;
  status: number;
  contentType: string;
  body: string;
  recordedAt: string;
}

const IGNORED_PARAMS = new Set(['api_key', 'email', 'tool']);

export function exchangeKey(parts: {
  source: string;
  method: string;
  path: string;
  query: Record<string, QueryValue>;
  body: string | undefined;
}): string {
  const query = Object.entries(parts.query)
    .filter(([k, v]) => v !== undefined && v !== null && !IGNORED_PARAMS.has(k))
    .map(([k, v]) => [k, String(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  const readable = parts.path.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 48) || 'root';
  const hash = createHash('sha256')
    .update(JSON.stringify([parts.source, parts.method, parts.path, query, parts.body ?? null]))
    .digest('hex')
    .slice(0, 20);
  return `${readable}-${hash}`;
}

export function recordingPath(dir: string, source: string, key: string): string {
  return path.join(dir, source, `${key}.json`);
}

export async function writeRecording(dir: string, source: string, key: string, exchange: Exchange): Promise<void> {
  const file = recordingPath(dir, source, key);
  await mkdir(path.dirname(file), { recursive: true });
  // Write then rename so a concurrent reader never sees half a file.
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, `${JSON.stringify(exchange, null, 2)}\n`);
  await rename(tmp, file);
}

export async function readRecording(
  dir: string,
  source: string,
  key: string,
  described: string,
): Promise<{ status: number; contentType: string; body: string }> {
  const file = recordingPath(dir, source, key);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UpstreamError({
      source,
      failure: 'replay-miss',
      message: `replay mode has no recording for ${described} (expected ${file})`,
      hint: 'Record the exchange first with BIOINTEL_RECORD_DIR, or unset BIOINTEL_REPLAY_DIR to call the live source.',
    });
  }
  const exchange = JSON.parse(text) as Exchange;
  return { status: exchange.status, contentType: exchange.contentType, body: exchange.body };
}
