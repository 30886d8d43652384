// `biointel repurpose`: svc_prioritize_repurposing from the terminal. Definition only: the action
// loads its implementation (repurpose.ts) when it runs.
import type { Command } from 'commander';
import type { GlobalFlags } from './run-tool.js';
import { ANSWER_EXIT_HELP } from './exit.js';

export interface RepurposeFlags {
  genes?: string[];
  disease?: string;
  tier?: string;
  json?: boolean;
}

export function addRepurposeCommand(program: Command): void {
  program
    .command('repurpose')
    .description('Drug repurposing candidates for a gene panel in a disease (svc_prioritize_repurposing)')
    .option('--genes <symbols...>', 'gene symbols (space or comma separated, at most 500); aliases are resolved through HGNC')
    .option('--disease <text>', 'disease to repurpose drugs for, e.g. "breast cancer"')
    // The values are those of TIER_FILTERS (src/analysis/repurposing.ts); written out so --help loads nothing else.
    .option('--tier <tier>', 'tier filter: I, II, all (default all; I is always empty here: tier I means already approved for the disease)')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExample:\n  biointel repurpose --genes EGFR,ERBB2,PIK3CA --disease "breast cancer" --tier II' + ANSWER_EXIT_HELP)
    .action(async (opts: RepurposeFlags, cmd: Command) => {
      const { runRepurpose } = await import('./repurpose.js');
      process.exitCode = await runRepurpose(opts, cmd.optsWithGlobals<GlobalFlags>());
    });
}
