// Operator commands: the NLI model (nli-commands.ts), the source registry with its metrics, and the cache.
import { stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { readMetrics } from '../sources/metrics-store.js';
import { resolveSource, SOURCE_IDS, sourceUrlVar } from '../sources/registry.js';
import type { Namespace } from '../store/index.js';
import { EXIT, heading, print, printJson, table } from './output.js';
import { addNliCommands } from './nli-commands.js';
import { withContext, type GlobalFlags } from './run-tool.js';

export function addAdminCommands(program: Command): void {
  addNliCommands(program);

  program
    .command('sources')
    .description('List upstream sources: base URL (and its override variable), rate limit, cache TTL, metrics')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      process.exitCode = await withContext(cmd.optsWithGlobals<GlobalFlags>(), async (ctx) => {
        const metrics = await readMetrics(ctx.store);
        const rows = SOURCE_IDS.map((id) => {
          const s = resolveSource(id, ctx.config);
          const m = metrics[id];
          return {
            id,
            name: s.name,
            kind: s.kind,
            baseUrl: s.baseUrl,
            overridden: s.overridden,
            overrideVariable: sourceUrlVar(id),
            perSecond: s.perSecond,
            ttlHours: Math.round(s.ttlMs / 3_600_000),
            licence: s.licence,
            metrics: m
              ? { requests: m.requests, cacheHits: m.cacheHits, failures: m.failures, retries: m.retries, meanMs: m.requests ? Math.round(m.totalMs / m.requests) : 0, ...(m.lastError ? { lastError: m.lastError } : {}) }
              : { requests: 0, cacheHits: 0, failures: 0, retries: 0, meanMs: 0 },
          };
        });
        if (opts.json) {
          printJson(rows);
          return;
        }
        print(
          table(
            rows.map((r) => [r.id, `${r.baseUrl}${r.overridden ? ' (override)' : ''}`, `${r.perSecond}/s`, `${r.ttlHours}h`, String(r.metrics.requests), String(r.metrics.cacheHits), String(r.metrics.failures), r.metrics.meanMs ? `${r.metrics.meanMs} ms` : '-']),
            ['source', 'base URL', 'rate', 'ttl', 'requests', 'cache hits', 'failures', 'mean latency'],
          ),
        );
        print(`\nOverride a base URL with BIOINTEL_SOURCE_<ID>_URL, e.g. ${sourceUrlVar('eutils')}=http://mirror/eutils`);
      });
    });

  const cache = program.command('cache').description('The upstream response cache and NLI verdict cache');
  cache
    .command('stats')
    .description('Entries in the caches and the size of the store')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      process.exitCode = await withContext(cmd.optsWithGlobals<GlobalFlags>(), async (ctx) => {
        const counts: Partial<Record<Namespace, number>> = {};
        for (const ns of ['cache', 'nli'] as const) counts[ns] = await countEntries(ctx.store.ns(ns));
        const bytes = ctx.store.kind === 'sqlite' ? (await stat(ctx.store.location).catch(() => undefined))?.size : undefined;
        const out = { store: ctx.store.kind, location: ctx.store.location, upstreamResponses: counts.cache, nliVerdicts: counts.nli, ...(bytes === undefined ? {} : { fileBytes: bytes }), enabled: ctx.config.cache };
        if (opts.json) printJson(out);
        else print(table(Object.entries(out).map(([k, v]) => [k, String(v)])));
      });
    });
  cache
    .command('clear')
    .description('Delete every cached upstream response and NLI verdict (snapshots and keys are kept)')
    .action(async (_opts: unknown, cmd: Command) => {
      process.exitCode = await withContext(cmd.optsWithGlobals<GlobalFlags>(), async (ctx) => {
        const before = (await countEntries(ctx.store.ns('cache'))) + (await countEntries(ctx.store.ns('nli')));
        await ctx.store.ns('cache').clear();
        await ctx.store.ns('nli').clear();
        print(`${heading('Cache cleared:')} ${before} entries removed from ${ctx.store.location}`);
      });
    });
}

async function countEntries(kv: { iterator?: (ns?: string) => AsyncGenerator<unknown> }): Promise<number> {
  if (!kv.iterator) return 0;
  let n = 0;
  for await (const _ of kv.iterator()) n++;
  return n;
}
