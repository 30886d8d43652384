// `biointel genes status|refresh|resolve`. Definitions only: each action loads its implementation
// (src/cli/genes.ts) when it runs, so `biointel --help` does not.
import type { Command } from 'commander';
import type { GlobalFlags } from './run-tool.js';

export function addGenesCommands(program: Command): void {
  const genes = program.command('genes').description("HGNC's complete set on disk: gene symbols, aliases and previous symbols resolved without a request per gene");
  genes
    .command('status')
    .description('Where the local HGNC table is, when and from where it was downloaded, its sha256')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const { genesStatus } = await import('./genes.js');
      process.exitCode = await genesStatus(opts, cmd.optsWithGlobals<GlobalFlags>());
    });
  genes
    .command('refresh')
    .description('Download HGNC\'s complete set again (otherwise refreshed when older than 30 days); a failed refresh keeps the old copy')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const { genesRefresh } = await import('./genes.js');
      process.exitCode = await genesRefresh(opts, cmd.optsWithGlobals<GlobalFlags>());
    });
  genes
    .command('resolve')
    .description('Resolve gene symbols as the analyses do: approved, previous symbol, alias; ambiguous aliases listed, never guessed')
    .argument('<symbols...>', 'symbols (space or comma separated)')
    .option('--json', 'print JSON')
    .addHelpText('after', '\nExample:\n  biointel genes resolve HER2 p53 ERK C9ORF72')
    .action(async (symbols: string[], opts: { json?: boolean }, cmd: Command) => {
      const { genesResolve } = await import('./genes.js');
      const { splitList } = await import('./flags.js');
      process.exitCode = await genesResolve(splitList(symbols) ?? [], opts, cmd.optsWithGlobals<GlobalFlags>());
    });
}
