// `biointel keys ...` actions (definitions: key-commands.ts, loaded when one runs): the operator's
// side of API keys (DESIGN.md 2.3). A new key is printed once (stdout, so it can be piped into a
// secret store); the store keeps only its hash, so a lost key is revoked and replaced, never recovered.
import { keyCaller } from '../caller.js';
import type { Tier } from '../config.js';
import type { ApiKey } from '../store/keys.js';
import { KeyStore } from '../store/keys.js';
import { Quotas } from '../store/quotas.js';
import { tools } from '../tools/index.js';
import { EXIT, heading, print, printJson, table } from './output.js';
import { withContext, type GlobalFlags } from './run-tool.js';

const ANALYSIS_TOOLS = tools.filter((t) => t.quota !== 'none').map((t) => t.name);

function status(k: ApiKey): string {
  return k.revokedAt ? `revoked ${k.revokedAt.slice(0, 10)}` : 'active';
}

/** A key record as shown: never the key, never its hash. */
function shown(k: ApiKey): Record<string, unknown> {
  return { label: k.label, id: k.id, tier: k.tier, prefix: k.prefix, dailyLimit: k.dailyLimit ?? null, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt ?? null, revokedAt: k.revokedAt ?? null };
}

export async function createKey(opts: { tier: Tier; label: string; dailyLimit?: number; json?: boolean }, flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
    const { key, record } = await new KeyStore(ctx.store).create({ tier: opts.tier, label: opts.label, ...(opts.dailyLimit === undefined ? {} : { dailyLimit: opts.dailyLimit }) });
    if (opts.json) printJson({ key, ...shown(record) });
    else print(key);
    process.stderr.write(
      `Created a ${record.tier}-tier key "${record.label}" (${record.prefix}...). It is shown this once: store it now.\n` +
        'Clients send it in the X-API-Key header.\n',
    );
  });
}

export async function listKeys(opts: { json?: boolean }, flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
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
}

export async function revokeKey(ref: string, flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
    const before = await new KeyStore(ctx.store).find(ref);
    const k = await new KeyStore(ctx.store).revoke(ref);
    print(before.revokedAt ? `Key "${k.label}" (${k.prefix}...) was already revoked on ${k.revokedAt}.` : `${heading('Revoked')} key "${k.label}" (${k.prefix}...).`);
  });
}

export async function keyUsage(ref: string, opts: { json?: boolean }, flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
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
}
