// `biointel keys create|list|revoke|usage`: the operator's side of API keys (DESIGN.md 2.3). A new
// key is printed once (stdout, so it can be piped into a secret store); the store keeps only its
// hash, so a lost key is revoked and replaced, never recovered. Definitions only: the actions
// (key-actions.ts) load when one runs.
import { Command, Option } from 'commander';
import { TIERS, type Tier } from '../tiers.js';
import { UsageError } from './output.js';
import type { GlobalFlags } from './run-tool.js';

function parseLimit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 100_000_000) throw new UsageError(`--daily-limit: expected a whole number from 0 to 100000000, got "${value}"`);
  return n;
}

export function addKeyCommands(program: Command): void {
  const keys = program.command('keys').description('API keys for the HTTP server: create, list, revoke, usage');

  keys
    .command('create')
    .description('Create an API key and print it (once: only its hash is stored)')
    .addOption(new Option('--tier <tier>', 'free: ranked drug candidates withheld; researcher: everything').choices([...TIERS]).makeOptionMandatory())
    .requiredOption('--label <label>', 'who the key is for, e.g. "alice@lab" (1-64 characters, unique among active keys)')
    .option('--daily-limit <n>', 'analyses a day for this key (default: the tier\'s, BIOINTEL_FREE_DAILY_LIMIT / BIOINTEL_RESEARCHER_DAILY_LIMIT)', parseLimit)
    .option('--json', 'print JSON (the key included)')
    .addHelpText('after', '\nExample:\n  biointel keys create --tier researcher --label alice@lab --daily-limit 200')
    .action(async (opts: { tier: Tier; label: string; dailyLimit?: number; json?: boolean }, cmd: Command) => {
      process.exitCode = await (await import('./key-actions.js')).createKey(opts, cmd.optsWithGlobals<GlobalFlags>());
    });

  keys
    .command('list')
    .description('List keys: label, tier, prefix, limits, created, last used, status (never the keys)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      process.exitCode = await (await import('./key-actions.js')).listKeys(opts, cmd.optsWithGlobals<GlobalFlags>());
    });

  keys
    .command('revoke')
    .description('Revoke a key: from now on it gets 401')
    .argument('<label|prefix>', 'the key\'s label, or the prefix shown by `keys list`')
    .action(async (ref: string, _opts: unknown, cmd: Command) => {
      process.exitCode = await (await import('./key-actions.js')).revokeKey(ref, cmd.optsWithGlobals<GlobalFlags>());
    });

  keys
    .command('usage')
    .description("A key's analyses today, what remains, when the count resets, and totals by tool")
    .argument('<label|prefix>', 'the key\'s label, or the prefix shown by `keys list`')
    .option('--json', 'print JSON')
    .action(async (ref: string, opts: { json?: boolean }, cmd: Command) => {
      process.exitCode = await (await import('./key-actions.js')).keyUsage(ref, opts, cmd.optsWithGlobals<GlobalFlags>());
    });
}
