// The one place where thrown errors and invalid arguments become tool results written for the
// model: what failed and what to try next. Unexpected errors are logged with their stack (stderr)
// and summarised. The CLI prints the same descriptions (cli/output.ts).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { closest } from 'fastest-levenshtein';
import { z, ZodError } from 'zod';
import { BiointelError, UpstreamError } from '../errors.js';
import type { Logger } from '../log.js';

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

/**
 * One line per problem, each starting with the field it concerns ("genes.2: ..."). An unknown
 * argument names the nearest valid one: a misspelled `includeDrug` is never silently ignored.
 */
export function describeInvalidArguments(err: ZodError, schema?: z.ZodType): string[] {
  return err.issues.flatMap((issue) => {
    const field = issue.path.length ? issue.path.map(String).join('.') : '';
    if (issue.code === 'unrecognized_keys') {
      const valid = schema ? keysAt(schema, issue.path) : [];
      return issue.keys.map((key) => {
        const name = field ? `${field}.${key}` : key;
        const near = valid.length ? closest(key, valid) : undefined;
        const list = valid.length ? ` Valid arguments${field ? ` of ${field}` : ''}: ${valid.join(', ')}.` : '';
        return `${name}: unknown argument${near ? `; did you mean "${near}"?` : '.'}${list}`;
      });
    }
    return [`${field || 'arguments'}: ${issue.message}`];
  });
}

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

/** The field names of the object schema at `path` (wrappers and arrays looked through). */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let s: z.ZodType | undefined = unwrap(schema);
  for (const seg of path) {
    if (!s) return [];
    if (s instanceof z.ZodArray) s = unwrap(s.element as z.ZodType);
    else if (s instanceof z.ZodObject) s = unwrap((s.shape as Record<string, z.ZodType>)[String(seg)]);
    else return [];
  }
  return s instanceof z.ZodObject ? Object.keys(s.shape) : [];
}

function unwrap(s: z.ZodType | undefined): z.ZodType | undefined {
  let cur = s;
  while (cur && (cur instanceof z.ZodOptional || cur instanceof z.ZodDefault || cur instanceof z.ZodNullable)) cur = cur.unwrap() as z.ZodType;
  return cur;
}
