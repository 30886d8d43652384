// The tool registry: the MCP server, the discovery document, the CLI and the README read this array.
import type { AnyTool } from './define.js';
import { generateInsightsTool } from './generate-insights.js';
import { getSnapshotTool } from './get-snapshot.js';
import { searchSnapshotsTool } from './search-snapshots.js';
import { targetBriefTool } from './target-brief.js';
import { verifyClaimTool } from './verify-claim.js';

export const tools: readonly AnyTool[] = [generateInsightsTool, verifyClaimTool, targetBriefTool, searchSnapshotsTool, getSnapshotTool];

export function findTool(name: string): AnyTool | undefined {
  return tools.find((t) => t.name === name);
}
