// The tool registry: the MCP server, the discovery document, the CLI and the README read this array.
import type { AnyTool } from './define.js';
import { getSnapshotTool } from './get-snapshot.js';
import { searchSnapshotsTool } from './search-snapshots.js';
import { verifyClaimTool } from './verify-claim.js';

export const tools: readonly AnyTool[] = [verifyClaimTool, searchSnapshotsTool, getSnapshotTool];

export function findTool(name: string): AnyTool | undefined {
  return tools.find((t) => t.name === name);
}
