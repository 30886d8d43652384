// `biointel analyze`: svc_generate_insights from the terminal.
import type { Command } from 'commander';
import { AUDIENCES } from '../analysis/evidence-brief.js';
import type { InsightsOutput } from '../tools/shared/panel-analysis/schema.js';
import { generateInsightsTool } from '../tools/insights/tool.js';
import { assertWritableReportPath, writeHtmlReport } from '../report/write.js';
import { EXIT, reportError } from './output.js';
import { enrichmentNotComputedNote } from '../tools/shared/panel-analysis/enrichment-status.js';
import { checkGmtFiles } from './enrich.js';
import { renderInsights } from './render/insights.js';
import { runTool, splitList, type GlobalFlags } from './run-tool.js';

interface AnalyzeFlags {
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
    .addHelpText('after', '\nExample:\n  biointel analyze --genes EGFR,ERBB2,PIK3CA,AKT1 --disease "breast cancer" --audience clinician --html report.html')
    .action(async (opts: AnalyzeFlags, cmd: Command) => {
      // Fail before a long analysis, not after it, on a report path or GMT file that cannot work.
      let geneSets: string[];
      try {
        if (opts.html) await assertWritableReportPath(opts.html);
        geneSets = await checkGmtFiles(opts.geneSets);
      } catch (err) {
        process.exitCode = reportError(err);
        return;
      }
      const args: Record<string, unknown> = {
        genes: splitList(opts.genes) ?? [],
        diseaseContext: opts.disease ?? '',
        includeDrugs: opts.drugs !== false,
        ...(opts.audience === undefined ? {} : { audience: opts.audience }),
      };
      const after = opts.html ? async (r: InsightsOutput) => writeReport(opts.html!, r) : undefined;
      process.exitCode = await runTool<InsightsOutput>(generateInsightsTool, args, { ...cmd.optsWithGlobals<GlobalFlags>(), json: opts.json, ...(geneSets.length ? { geneSets } : {}) }, renderInsights, {
        ...(after ? { after } : {}),
        exitCode: analysisExitCode,
      });
    });
}

/**
 * Exit 1 when the enrichment could not run (no gene-set library loaded): the report is printed, but
 * a script must not read an analysis without pathways as a finding of no enriched pathway.
 */
export function analysisExitCode(r: InsightsOutput): number {
  if (r.enrichmentStatus.state !== 'not_computed') return EXIT.ok;
  process.stderr.write(`error: ${enrichmentNotComputedNote(r.enrichmentStatus)}\n${r.enrichmentStatus.fix ? `hint: ${r.enrichmentStatus.fix}\n` : ''}`);
  return EXIT.failure;
}

async function writeReport(file: string, result: InsightsOutput): Promise<string> {
  const { path, bytes } = await writeHtmlReport(file, result);
  return `HTML report written to ${path} (${Math.ceil(bytes / 1024)} KB; opens offline in any browser)`;
}
