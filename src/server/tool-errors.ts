// Thrown errors described for a person or a model: what failed and what to try next. Kept free of
// zod and the MCP SDK, so the CLI can print an error without loading them (start-up time);
// error-result.ts turns these descriptions into tool results.
import { BiointelError } from '../errors.js';

export function describeError(err: unknown): { code: string; message: string; hint?: string } {
  if (err instanceof BiointelError) {
    return { code: err.code, message: err.message, ...(err.hint ? { hint: err.hint } : {}) };
  }
  return {
    code: 'internal',
    message: `internal error: ${err instanceof Error ? err.message : String(err)}`,
    hint: 'This is a bug in biointel; please report it with the arguments you used.',
  };
}
