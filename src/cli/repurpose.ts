// `biointel repurpose`, the part that runs: loaded by the command's action only.
import { prioritizeRepurposingTool } from '../tools/repurposing/tool.js';
import type { RepurposingOutput } from '../tools/repurposing/schema.js';
import { failedDrugSources, listAnd } from '../tools/shared/summary.js';
import { renderRepurpose } from './render/repurpose.js';
import type { RepurposeFlags } from './repurpose-command.js';
import { runTool, splitList, type GlobalFlags } from './run-tool.js';

export async function runRepurpose(opts: RepurposeFlags, globals: GlobalFlags): Promise<number> {
  const args: Record<string, unknown> = {
    genes: splitList(opts.genes) ?? [],
    diseaseContext: opts.disease ?? '',
    ...(opts.tier === undefined ? {} : { tierFilter: opts.tier }),
  };
  return runTool<RepurposingOutput>(prioritizeRepurposingTool, args, { ...globals, json: opts.json }, renderRepurpose, { couldNotAnswer: repurposingNotAnswered });
}

/**
 * Why the search does not answer (exit 1, answer-exit.ts): no drug was considered and a drug source
 * failed, so "no candidate" is not known. A tier withholding the list (free) answers as designed.
 */
export function repurposingNotAnswered(r: RepurposingOutput): string | null {
  if (r.note || r.counts.considered > 0) return null;
  const failed = failedDrugSources(r.sources);
  if (!failed.length) return null;
  return `no drug could be considered: ${listAnd(failed)} failed, so this is not a finding that no drug could be repurposed for ${r.diseaseContext}`;
}
