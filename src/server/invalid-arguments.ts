// Invalid arguments described one line per problem, each naming its field; an unknown argument
// names the nearest valid one (a misspelled `includeDrug` is never silently ignored). Used by the
// MCP server (error-result.ts) and the CLI (run-tool.ts), which loads it only on a bad argument.
import { nearName } from '../near-name.js';
import { z, type ZodError } from 'zod';

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
        const near = nearName(key, valid);
        const list = valid.length ? ` Valid arguments${field ? ` of ${field}` : ''}: ${valid.join(', ')}.` : '';
        return `${name}: unknown argument${near ? `; did you mean "${near}"?` : '.'}${list}`;
      });
    }
    return [`${field || 'arguments'}: ${issue.message}`];
  });
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
