// Text sent to remote callers never shows where the server keeps its files: error messages of
// file-system and database failures quote paths (ENOENT: open '/srv/biointel/...'), and a model
// configured as a local folder is a path. Replaced by "<server path>", keeping the rest readable.
import os from 'node:os';
import path from 'node:path';

const HIDDEN = '<server path>';
// A POSIX absolute path under a file-system root (so URL paths such as /api/keys/usage in a hint
// stay), not inside a URL; a file: URL; a Windows drive path; a home-relative path.
const ROOTS = 'home|root|tmp|var|usr|opt|srv|etc|mnt|media|data|app|apps|work|workspace|Users|private|proc|dev|run|snap|nix|lib|bin|sbin|boot|Volumes';
const POSIX = new RegExp(`(?<![\\w:/.~-])/(?:${ROOTS})(?:/[\\w.@+~-]*)*`, 'g');
const FILE_URL = /file:\/\/[^\s"'<>)]*/gi;
const WINDOWS = /\b[A-Za-z]:\\[^\s"'<>]*/g;
const HOME_RELATIVE = /(?<![\w/])~\/[^\s"'<>)]*/g;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function hidePaths(text: string, known: readonly string[] = []): string {
  let out = text.replace(FILE_URL, HIDDEN);
  // Known directories (longest first), each with whatever path follows it.
  const dirs = [...known, os.homedir(), os.tmpdir(), process.cwd()]
    .filter((d) => d && d.length > 1 && path.isAbsolute(d))
    .sort((a, b) => b.length - a.length);
  for (const dir of dirs) out = out.replace(new RegExp(`${escape(dir)}(?:[/\\\\][^\\s"'<>)]*)?`, 'g'), HIDDEN);
  return out.replace(WINDOWS, HIDDEN).replace(HOME_RELATIVE, HIDDEN).replace(POSIX, HIDDEN);
}

/** hidePaths over every string in a JSON-like value. */
export function hidePathsDeep<T>(value: T, known: readonly string[] = []): T {
  if (typeof value === 'string') return hidePaths(value, known) as T;
  if (Array.isArray(value)) return value.map((v) => hidePathsDeep(v, known)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hidePathsDeep(v, known)])) as T;
  }
  return value;
}
