// Operator commands: the NLI model (nli-commands.ts), the source registry with its metrics, and the
// cache. Definitions only: each action loads its implementation (admin.ts) when it runs.
import type { Command } from 'commander';
import { addNliCommands } from './nli-commands.js';
import type { GlobalFlags } from './run-tool.js';

export function addAdminCommands(program: Command): void {
  addNliCommands(program);

  program
    .command('sources')
    .description('List upstream sources: base URL (and its override variable), rate limit, cache TTL, metrics')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      process.exitCode = await (await import('./admin.js')).listSources(opts, cmd.optsWithGlobals<GlobalFlags>());
    });

  const cache = program.command('cache').description('The upstream response cache, NLI verdict cache and tool result cache');
  cache
    .command('stats')
    .description('Entries in the caches and the size of the store')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      process.exitCode = await (await import('./admin.js')).cacheStats(opts, cmd.optsWithGlobals<GlobalFlags>());
    });
  cache
    .command('clear')
    .description('Delete every cached upstream response, NLI verdict and whole tool result (snapshots and keys are kept)')
    .action(async (_opts: unknown, cmd: Command) => {
      process.exitCode = await (await import('./admin.js')).cacheClear(cmd.optsWithGlobals<GlobalFlags>());
    });
}
