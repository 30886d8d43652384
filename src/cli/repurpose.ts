// `biointel repurpose`, the part that runs: loaded by the command's action only.
import { prioritizeRepurposingTool } from '../tools/repurposing/tool.js';
import type { RepurposingOutput } from '../tools/repurposing/schema.js';
import { renderRepurpose } from './render/repurpose.js';
import type { RepurposeFlags } from './repurpose-command.js';
import { runTool, splitList, type GlobalFlags } from './run-tool.js';

export async function runRepurpose(opts: RepurposeFlags, globals: GlobalFlags): Promise<number> {
  const args: Record<string, unknown> = {
    genes: splitList(opts.genes) ?? [],
    diseaseContext: opts.disease ?? '',
    ...(opts.tier === undefined ? {} : { tierFilter: opts.tier }),
  };
  return runTool<RepurposingOutput>(prioritizeRepurposingTool, args, { ...globals, json: opts.json }, renderRepurpose);
}
