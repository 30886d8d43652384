// `biointel compare` action: svc_compare_targets from the terminal (definition: compare-command.ts).
import type { Snapshot } from '../store/snapshots.js';
import { renderCompareReport } from '../report/compare.js';
import { assertWritableReportPath, writeHtmlFile } from '../report/write.js';
import type { CompareOutput } from '../tools/compare-targets/schema.js';
import { compareTargetsTool } from '../tools/compare-targets/tool.js';
import { PATHWAYS_NOT_COMPARED } from '../analysis/panel-view.js';
import { reportError } from './output.js';
import { renderCompare } from './render/compare.js';
import { compactComparison } from '../tools/compare-targets/assemble.js';
import type { CompareFlags } from './compare-command.js';
import { runTool, splitList, type GlobalFlags } from './run-tool.js';

export async function runCompare(opts: CompareFlags, flags: GlobalFlags): Promise<number> {
  try {
    if (opts.html) await assertWritableReportPath(opts.html);
  } catch (err) {
    return reportError(err);
  }
  const args = {
    panelA: { genes: splitList(opts.aGenes) ?? [], diseaseContext: opts.aDisease ?? '' },
    panelB: { genes: splitList(opts.bGenes) ?? [], diseaseContext: opts.bDisease ?? opts.aDisease ?? '' },
  };
  const after = opts.html ? async (r: CompareOutput, snapshot: (id: string) => Promise<Snapshot | null>) => writeReport(opts.html!, r, snapshot) : undefined;
  return runTool<CompareOutput>(compareTargetsTool, args, { ...flags, json: opts.json }, (r) => renderCompare(compactComparison(r)), { ...(after ? { after } : {}), couldNotAnswer: comparisonNotAnswered });
}

/**
 * Why the comparison does not answer (exit 1, answer-exit.ts): pathways could not be compared
 * (enrichment did not run, or tested nothing, on a side), as `analyze` does. A side too small for
 * enrichment to judge is compared, with a hedge in the same note: that is an answer.
 */
export function comparisonNotAnswered(r: CompareOutput): string | null {
  return r.pathwayNote?.startsWith(PATHWAYS_NOT_COMPARED) ? r.pathwayNote : null;
}

/** The report shows the whole comparison: the saved one, not the answer with its lists cut. */
async function writeReport(file: string, answer: CompareOutput, snapshot: (id: string) => Promise<Snapshot | null>): Promise<string> {
  const saved = await snapshot(answer.snapshotId);
  const whole = (saved?.result as CompareOutput | undefined) ?? answer;
  const { path, bytes } = await writeHtmlFile(file, () => renderCompareReport(whole), saved ? answer.snapshotId : undefined);
  return `HTML report written to ${path} (${Math.ceil(bytes / 1024)} KB; opens offline in any browser)`;
}
