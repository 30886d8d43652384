// The one place where thrown errors and invalid arguments become tool results written for the
// model: what failed and what to try next. Unexpected errors are logged with their stack (stderr)
// and summarised. The CLI prints the same descriptions (cli/output.ts, cli/run-tool.ts).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ZodError, type z } from 'zod';
import { UpstreamError } from '../errors.js';
import type { Logger } from '../log.js';
import { describeInvalidArguments } from './invalid-arguments.js';
import { describeError } from './tool-errors.js';

export function toolErrorResult(err: unknown, log: Logger, schema?: z.ZodType): CallToolResult {
  if (err instanceof ZodError) {
    const lines = describeInvalidArguments(err, schema);
    return { isError: true, content: [{ type: 'text', text: `Error (invalid_input): ${lines.join('\n')}\nNext: correct the arguments named above and call again.` }] };
  }
  const d = describeError(err);
  if (d.code === 'internal') log.error(d.message, { stack: err instanceof Error ? err.stack : undefined });
  else if (err instanceof UpstreamError) log.warn(d.message);
  const text = [`Error (${d.code}): ${d.message}`, d.hint ? `Next: ${d.hint}` : ''].filter(Boolean).join('\n');
  return { isError: true, content: [{ type: 'text', text }] };
}

