// Terminal output of the CLI commands. Results go to stdout (these commands are not the MCP
// channel); errors and progress go to stderr. Exit codes (exit.ts): 0 ok, 1 failure, 2 usage
// error, 3 a claim judged and not supported (verify), 4 an answer a failed source left incomplete.
import { styleText } from 'node:util';
import type { ZodError } from 'zod';
import { describeError } from '../server/tool-errors.js';
import { redact } from '../log.js';
import { EXIT } from './exit.js';

export { EXIT };

export class UsageError extends Error {}

export function print(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

const color = process.stdout.isTTY && !process.env.NO_COLOR;
type Style = Parameters<typeof styleText>[0];
export function style(format: Style, text: string): string {
  return color ? styleText(format, text) : text;
}

export function heading(text: string): string {
  return style('bold', text);
}

/** Aligned columns for tables in the terminal. */
export function table(rows: readonly (readonly string[])[], header?: readonly string[]): string {
  const all = header ? [header, ...rows] : rows;
  const widths = all.reduce<number[]>((w, r) => r.map((c, i) => Math.max(w[i] ?? 0, c.length)), []);
  const line = (r: readonly string[]) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ');
  const out = all.map(line);
  if (header) out.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return out.join('\n');
}

/** Prints an error for a person and returns the exit code it deserves. */
export function reportError(err: unknown, secrets: readonly string[] = []): number {
  if (err instanceof UsageError) {
    process.stderr.write(`error: ${err.message}\n`);
    return EXIT.usage;
  }
  if (isZodError(err)) {
    for (const issue of err.issues) {
      const field = issue.path.length ? issue.path.join('.') : 'input';
      process.stderr.write(`error: ${field}: ${issue.message}\n`);
    }
    return EXIT.usage;
  }
  const d = describeError(err);
  process.stderr.write(redact(`error: ${d.message}\n${d.hint ? `hint: ${d.hint}\n` : ''}`, secrets));
  return d.code === 'invalid_input' ? EXIT.usage : EXIT.failure;
}

/** Told apart by shape, so that printing an error does not load zod (`biointel --help` never does). */
function isZodError(err: unknown): err is ZodError {
  return err instanceof Error && err.name === 'ZodError' && Array.isArray((err as { issues?: unknown }).issues);
}
