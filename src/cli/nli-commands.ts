// `biointel nli status|download`: the local NLI model that judges entailment. Definitions only: the
// actions (nli.ts) load when they run.
import type { Command } from 'commander';
import { ENV_VARS } from '../config-env.js';
import type { GlobalFlags } from './run-tool.js';

export function addNliCommands(program: Command): void {
  const nli = program.command('nli').description('The local NLI entailment model');
  nli
    .command('status')
    .description('Show whether the NLI model is ready, downloading, or why not')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      process.exitCode = await (await import('./nli.js')).nliStatus(opts, cmd.optsWithGlobals<GlobalFlags>());
    });
  nli
    .command('download')
    .description(`Download the NLI model into the data directory (model from ${ENV_VARS.nliModel}; a progress bar on a terminal)`)
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      process.exitCode = await (await import('./nli.js')).nliDownload(opts, cmd.optsWithGlobals<GlobalFlags>());
    });
}
