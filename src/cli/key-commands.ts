// `biointel keys create|list|revoke|usage`: the operator's side of API keys (DESIGN.md 2.3). A new
// key is printed once (stdout, so it can be piped into a secret store); the store keeps only its
// hash, so a lost key is revoked and replaced, never recovered.
import { Command, Option } from 'commander';
import { keyCaller } from '../caller.js';
import { TIERS, type Tier } from '../config.js';
import type { ApiKey } from '../store/keys.js';
import { KeyStore } from '../store/keys.js';
import { Quotas } from '../store/quotas.js';
import { tools } from '../tools/index.js';
import { EXIT, heading, print, printJson, table, UsageError } from './output.js';
import { withContext, type GlobalFlags } from './run-tool.js';

const ANALYSIS_TOOLS = tools.filter((t) => t.quota !== 'none').map((t) => t.name);

function parseLimit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 100_000_000) throw new UsageError(`--daily-limit: expected a whole number from 0 to 100000000, got "${value}"`);
  return n;
}

function status(k: ApiKey): string {
  return k.revokedAt ? `revoked ${k.revokedAt.slice(0, 10)}` : 'active';
}

/** A key record as shown: never the key, never its hash. */
function shown(k: ApiKey): Record<string, unknown> {
  return { label: k.label, id: k.id, tier: k.tier, prefix: k.prefix, dailyLimit: k.dailyLimit ?? null, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt ?? null, revokedAt: k.revokedAt ?? null };
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
      process.exitCode = await withContext(cmd.optsWithGlobals<GlobalFlags>(), async (ctx) => {
        const { key, record } = await new KeyStore(ctx.store).create({ tier: opts.tier, label: opts.label, ...(opts.dailyLimit === undefined ? {} : { dailyLimit: opts.dailyLimit }) });
        if (opts.json) printJson({ key, ...shown(record) });
        else print(key);
        process.stderr.write(
          `Created a ${record.tier}-tier key "${record.label}" (${record.prefix}...). It is shown this once: store it now.\n` +
            'Clients send it in the X-API-Key header.\n',
        );
      });
    });

  keys
    .command('list')
    .description('List keys: label, tier, prefix, limits, created, last used, status (never the keys)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      process.exitCode = await withContext(cmd.optsWithGlobals<GlobalFlags>(), async (ctx) => {
        const all = await new KeyStore(ctx.store).list();
        if (opts.json) return printJson(all.map(shown));
        if (all.length === 0) return print('No API keys. Create one with: biointel keys create --tier researcher --label <who>');
        print(
          table(
            all.map((k) => [k.label, k.tier, `${k.prefix}...`, k.dailyLimit === undefined ? 'tier default' : String(k.dailyLimit), k.createdAt.slice(0, 16).replace('T', ' '), k.lastUsedAt ? k.lastUsedAt.slice(0, 16).replace('T', ' ') : 'never', status(k)]),
            ['label', 'tier', 'prefix', 'daily limit', 'created (UTC)', 'last used', 'status'],
          ),
        );
      });
    });

  keys
    .command('revoke')
    .description('Revoke a key: from now on it gets 401')
    .argument('<label|prefix>', 'the key\'s label, or the prefix shown by `keys list`')
    .action(async (ref: string, _opts: unknown, cmd: Command) => {
      process.exitCode = await withContext(cmd.optsWithGlobals<GlobalFlags>(), async (ctx) => {
        const before = await new KeyStore(ctx.store).find(ref);
        const k = await new KeyStore(ctx.store).revoke(ref);
        print(before.revokedAt ? `Key "${k.label}" (${k.prefix}...) was already revoked on ${k.revokedAt}.` : `${heading('Revoked')} key "${k.label}" (${k.prefix}...).`);
      });
    });

  keys
    .command('usage')
    .description("A key's analyses today, what remains, when the count resets, and totals by tool")
    .argument('<label|prefix>', 'the key\'s label, or the prefix shown by `keys list`')
    .option('--json', 'print JSON')
    .action(async (ref: string, opts: { json?: boolean }, cmd: Command) => {
      process.exitCode = await withContext(cmd.optsWithGlobals<GlobalFlags>(), async (ctx) => {
        const k = await new KeyStore(ctx.store).find(ref);
        const usage = await new Quotas(ctx.store.counters, ctx.config).usage(keyCaller(k), ANALYSIS_TOOLS);
        if (opts.json) return printJson({ key: shown(k), ...usage });
        print(
          table([
            ['key', `${k.label} (${k.prefix}...), ${status(k)}`],
            ['tier', usage.tier],
            ['daily limit', String(usage.dailyLimit ?? 'none')],
            ['used today', String(usage.usedToday)],
            ['remaining', String(usage.remaining ?? 'unlimited')],
            ['resets at', usage.resetsAt],
          ]),
        );
        const totals = Object.entries(usage.totalsByTool);
        print(totals.length ? `\n${heading('Analyses by tool')} (today / total)\n${table(totals.map(([tool, n]) => [tool, `${usage.todayByTool[tool] ?? 0} / ${n}`]))}` : '\nNo analyses yet.');
        return EXIT.ok;
      });
    });
}
