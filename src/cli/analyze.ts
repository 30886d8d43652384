// `biointel analyze` action: svc_generate_insights from the terminal (definition: analyze-command.ts).
import type { InsightsOutput } from '../tools/shared/panel-analysis/schema.js';
import { generateInsightsTool } from '../tools/insights/tool.js';
import { assertWritableReportPath, writeHtmlReport } from '../report/write.js';
import type { AnalyzeFlags } from './analyze-command.js';
import type { NotAnswered } from './answer-exit.js';
import { reportError } from './output.js';
import { enrichmentNotComputedNote, enrichmentUntestedNote } from '../tools/shared/panel-analysis/enrichment-status.js';
import { checkGmtFiles } from './enrich.js';
import { renderInsights } from './render/insights.js';
import { runTool, splitList, type GlobalFlags } from './run-tool.js';

export async function runAnalyze(opts: AnalyzeFlags, flags: GlobalFlags): Promise<number> {
  // Fail before a long analysis, not after it, on a report path or GMT file that cannot work.
  let geneSets: string[];
  try {
    if (opts.html) await assertWritableReportPath(opts.html);
    geneSets = await checkGmtFiles(opts.geneSets);
  } catch (err) {
    return reportError(err);
  }
  const args: Record<string, unknown> = {
    genes: splitList(opts.genes) ?? [],
    diseaseContext: opts.disease ?? '',
    includeDrugs: opts.drugs !== false,
    ...(opts.audience === undefined ? {} : { audience: opts.audience }),
  };
  const after = opts.html ? async (r: InsightsOutput) => writeReport(opts.html!, r) : undefined;
  return runTool<InsightsOutput>(generateInsightsTool, args, { ...flags, json: opts.json, ...(geneSets.length ? { geneSets } : {}) }, renderInsights, {
    ...(after ? { after } : {}),
    couldNotAnswer: analysisNotAnswered,
  });
}

/**
 * Why the analysis does not answer (exit 1, answer-exit.ts): its enrichment could not run (no
 * gene-set library loaded) or tested nothing (no panel gene in any library). The report is printed,
 * but a script must not read an analysis without pathways as a finding of no enriched pathway.
 */
export function analysisNotAnswered(r: InsightsOutput): NotAnswered | null {
  const notComputed = enrichmentNotComputedNote(r.enrichmentStatus);
  if (notComputed) return { error: notComputed, hint: r.enrichmentStatus.fix };
  return enrichmentUntestedNote(r.enrichment) ?? null;
}

async function writeReport(file: string, result: InsightsOutput): Promise<string> {
  const { path, bytes } = await writeHtmlReport(file, result);
  return `HTML report written to ${path} (${Math.ceil(bytes / 1024)} KB; opens offline in any browser)`;
}
