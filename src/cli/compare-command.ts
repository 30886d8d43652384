// `biointel compare`: svc_compare_targets from the terminal.
import type { Command } from 'commander';
import type { Snapshot } from '../store/snapshots.js';
import { renderCompareReport } from '../report/compare.js';
import { assertWritableReportPath, writeHtmlFile } from '../report/write.js';
import type { CompareOutput } from '../tools/compare-targets/schema.js';
import { compareTargetsTool } from '../tools/compare-targets/tool.js';
import { reportError } from './output.js';
import { renderCompare } from './render/compare.js';
import { compactComparison } from '../tools/compare-targets/assemble.js';
import { runTool, splitList, type GlobalFlags } from './run-tool.js';

interface CompareFlags {
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
    .addHelpText('after', '\nExample:\n  biointel compare --a-genes EGFR,ERBB2,PIK3CA --a-disease "breast cancer" --b-genes BRCA1,BRCA2,PALB2 --html compare.html')
    .action(async (opts: CompareFlags, cmd: Command) => {
      try {
        if (opts.html) await assertWritableReportPath(opts.html);
      } catch (err) {
        process.exitCode = reportError(err);
        return;
      }
      const args = {
        panelA: { genes: splitList(opts.aGenes) ?? [], diseaseContext: opts.aDisease ?? '' },
        panelB: { genes: splitList(opts.bGenes) ?? [], diseaseContext: opts.bDisease ?? opts.aDisease ?? '' },
      };
      const after = opts.html ? async (r: CompareOutput, snapshot: (id: string) => Promise<Snapshot | null>) => writeReport(opts.html!, r, snapshot) : undefined;
      process.exitCode = await runTool<CompareOutput>(compareTargetsTool, args, { ...cmd.optsWithGlobals<GlobalFlags>(), json: opts.json }, (r) => renderCompare(compactComparison(r)), { ...(after ? { after } : {}) });
    });
}

/** The report shows the whole comparison: the saved one, not the answer with its lists cut. */
async function writeReport(file: string, answer: CompareOutput, snapshot: (id: string) => Promise<Snapshot | null>): Promise<string> {
  const saved = await snapshot(answer.snapshotId);
  const whole = (saved?.result as CompareOutput | undefined) ?? answer;
  const { path, bytes } = await writeHtmlFile(file, () => renderCompareReport(whole), saved ? answer.snapshotId : undefined);
  return `HTML report written to ${path} (${Math.ceil(bytes / 1024)} KB; opens offline in any browser)`;
}
