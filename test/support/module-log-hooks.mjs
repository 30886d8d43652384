// Resolve hook of module-log.mjs (runs on the loader thread).
import { appendFileSync } from 'node:fs';

let file;

export async function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
