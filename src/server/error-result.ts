// The one place where thrown errors and invalid arguments become tool results written for the
// model: what failed and what to try next. Unexpected errors are logged with their stack (stderr)
// and summarised. The CLI prints the same descriptions (cli/output.ts, cli/run-tool.ts).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ZodError, type z } from 'zod';
import { UpstreamError } from '../errors.js';
import type { Logger } from '../log.js';
import { describeInvalidArguments } from './invalid-arguments.js';
import { hidePaths } from './public-text.js';
import { describeError } from './tool-errors.js';

export interface ToolErrorOptions {
  /** The tool's input schema: an unknown argument is answered with the nearest valid name. */
  schema?: z.ZodType;
  /** Replace server file paths in the text (remote callers). */
  hidePaths?: boolean;
}

export function toolErrorResult(err: unknown, log: Logger, options: ToolErrorOptions = {}): CallToolResult {
  let text: string;
  if (err instanceof ZodError) {
    const lines = describeInvalidArguments(err, options.schema);
    text = `Error (invalid_input): ${lines.join('\n')}\nNext: correct the arguments named above and call again.`;
  } else {
    const d = describeError(err);
    if (d.code === 'internal') log.error(d.message, { stack: err instanceof Error ? err.stack : undefined });
    else if (err instanceof UpstreamError) log.warn(d.message);
    text = [`Error (${d.code}): ${d.message}`, d.hint ? `Next: ${d.hint}` : ''].filter(Boolean).join('\n');
  }
  return { isError: true, content: [{ type: 'text', text: options.hidePaths ? hidePaths(text) : text }] };
}

/** The text of an error result (for log notifications). */
export function errorText(result: CallToolResult): string {
  const first = result.content[0];
  return first && first.type === 'text' ? first.text : 'error';
}
