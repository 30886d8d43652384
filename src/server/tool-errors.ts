// The one place where thrown errors become tool results written for the model: what failed and
// what to try next. Unexpected errors are logged with their stack (stderr) and summarised.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BiointelError, UpstreamError } from '../errors.js';
import type { Logger } from '../log.js';
import { hidePaths } from './public-text.js';

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

export interface ToolErrorOptions {
  /** Replace server file paths in the text (remote callers). */
  hidePaths?: boolean;
}

export function toolErrorResult(err: unknown, log: Logger, options: ToolErrorOptions = {}): CallToolResult {
  const d = describeError(err);
  if (d.code === 'internal') log.error(d.message, { stack: err instanceof Error ? err.stack : undefined });
  else if (err instanceof UpstreamError) log.warn(d.message);
  const text = [`Error (${d.code}): ${d.message}`, d.hint ? `Next: ${d.hint}` : ''].filter(Boolean).join('\n');
  return { isError: true, content: [{ type: 'text', text: options.hidePaths ? hidePaths(text) : text }] };
}

/** The text of an error result (for log notifications). */
export function errorText(result: CallToolResult): string {
  const first = result.content[0];
  return first && first.type === 'text' ? first.text : 'error';
}
