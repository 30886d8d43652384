// `biointel compare`: svc_compare_targets from the terminal. Definition only: the action loads its
// implementation (compare.ts) when it runs.
import type { Command } from 'commander';
import type { GlobalFlags } from './run-tool.js';
import { ANSWER_EXIT_HELP } from './exit.js';

export interface CompareFlags {
  aGenes?: string[];
  aDisease?: string;
  bGenes?: string[];
  bDisease?: string;
  json?: boolean;
  html?: string;
}

export function addCompareCommand(program: Command): void {
  program
    .command('compare')
    .description('Compare two gene panels: shared and distinct pathways, drug candidates and evidence (svc_compare_targets)')
    .option('--a-genes <symbols...>', 'genes of panel A (space or comma separated, at most 500); aliases are resolved through HGNC')
    .option('--a-disease <text>', 'disease context of panel A, e.g. "breast cancer"')
    .option('--b-genes <symbols...>', 'genes of panel B')
    .option('--b-disease <text>', 'disease context of panel B (default: that of panel A)')
    .option('--html <file>', 'also write a self-contained HTML report of the whole comparison to <file>')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExample:\n  biointel compare --a-genes EGFR,ERBB2,PIK3CA --a-disease "breast cancer" --b-genes BRCA1,BRCA2,PALB2 --html compare.html' + ANSWER_EXIT_HELP)
    .action(async (opts: CompareFlags, cmd: Command) => {
      const { runCompare } = await import('./compare.js');
      process.exitCode = await runCompare(opts, cmd.optsWithGlobals<GlobalFlags>());
    });
}
