// The tool registry: the MCP server, the discovery document, the CLI and the README read this array.
import type { AnyTool } from './define.js';
import { compareTargetsTool } from './compare-targets/tool.js';
import { diffSnapshotsTool } from './diff-snapshots/tool.js';
import { generateInsightsTool } from './insights/tool.js';
import { getSnapshotTool } from './get-snapshot/tool.js';
import { prioritizeRepurposingTool } from './repurposing/tool.js';
import { searchSnapshotsTool } from './search-snapshots/tool.js';
import { targetBriefTool } from './target-brief/tool.js';
import { validationPlanTool } from './validation-plan/tool.js';
import { verifyClaimTool } from './verify-claim/tool.js';

export const tools: readonly AnyTool[] = [
  generateInsightsTool,
  compareTargetsTool,
  verifyClaimTool,
  diffSnapshotsTool,
  targetBriefTool,
  prioritizeRepurposingTool,
  validationPlanTool,
  searchSnapshotsTool,
  getSnapshotTool,
];

export function findTool(name: string): AnyTool | undefined {
  return tools.find((t) => t.name === name);
}
