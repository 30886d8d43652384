// `biointel analyze`: svc_generate_insights from the terminal. Definition only: the action loads
// its implementation (analyze.ts) when it runs.
import type { Command } from 'commander';
import { AUDIENCES } from '../analysis/audiences.js';
import type { GlobalFlags } from './run-tool.js';
import { ANSWER_EXIT_HELP } from './exit.js';

export interface AnalyzeFlags {
  genes?: string[];
  disease?: string;
  audience?: string;
  drugs?: boolean;
  json?: boolean;
  html?: string;
  geneSets?: string[];
}

export function addAnalyzeCommand(program: Command): void {
  program
    .command('analyze')
    .description('Gene-panel insights: enrichment, strategies, drug candidates, hypotheses, evidence brief (svc_generate_insights)')
    .option('--genes <symbols...>', 'gene symbols (space or comma separated, at most 500); aliases are resolved through HGNC')
    .option('--disease <text>', 'disease context, e.g. "breast cancer"')
    .option('--audience <who>', `who the evidence brief is for: ${AUDIENCES.join(', ')} (default researcher)`)
    .option('--no-drugs', 'skip drug candidates (faster; no drug sources are called)')
    .option('--gene-sets <files...>', 'your own GMT files, tested in addition to the default libraries (comma separated); env BIOINTEL_GENESETS')
    .option('--html <file>', 'also write a self-contained HTML report to <file>')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExample:\n  biointel analyze --genes EGFR,ERBB2,PIK3CA,AKT1 --disease "breast cancer" --audience clinician --html report.html' + ANSWER_EXIT_HELP)
    .action(async (opts: AnalyzeFlags, cmd: Command) => {
      const { runAnalyze } = await import('./analyze.js');
      process.exitCode = await runAnalyze(opts, cmd.optsWithGlobals<GlobalFlags>());
    });
}
