// Measures what biointel puts into a model's context: the bytes and cl100k tokens of tools/list and
// of each scenario's default answer (the whole tools/call result: structured content and text
// block), through the official SDK client over the in-memory transport, on recorded worlds.
// Tokenizer: gpt-tokenizer's cl100k_base (README "Dependencies and why").
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { createMemoryStore } from '../../src/store/index.js';
import { testContext, tempDir } from '../../test/support/context.js';
import { startFakeUpstream } from '../../test/support/fake-upstream.js';
import { connectInMemory } from '../../test/support/mcp-client.js';
import { SCENARIOS, type Scenario, type State } from './scenarios.js';
import { mountWorld, type WorldName } from './worlds.js';

export interface Size {
  bytes: number;
  tokens: number;
}

export interface AnswerSize extends Size {
  tool: string;
  scenario: string;
  budget: number;
  /** Of which the text block. */
  textTokens: number;
}

export interface Footprint {
  toolsList: Size & { perTool: (Size & { tool: string })[] };
  answers: AnswerSize[];
}

export function size(value: unknown): Size {
  const json = JSON.stringify(value);
  return { bytes: Buffer.byteLength(json, 'utf8'), tokens: countTokens(json) };
}

export async function measureFootprint(scenarios: readonly Scenario[] = SCENARIOS): Promise<Footprint> {
  const answers: AnswerSize[] = [];
  let toolsList: Footprint['toolsList'] | undefined;
  for (const world of [...new Set(scenarios.map((s) => s.world))] as WorldName[]) {
    const fake = await startFakeUpstream();
    try {
      const mounted = mountWorld(fake, world);
      const ctx = await testContext({ dataDir: tempDir() }, fake.url, { store: createMemoryStore() });
      const client = await connectInMemory(ctx);
      if (!toolsList) toolsList = await listSize(client);
      const state: State = { world: mounted };
      for (const s of scenarios.filter((x) => x.world === world)) answers.push(await callSize(client, s, state));
      await ctx.close();
    } finally {
      await fake.close();
    }
  }
  return { toolsList: toolsList!, answers };
}

async function listSize(client: Client): Promise<Footprint['toolsList']> {
  const list = await client.listTools();
  return { ...size(list), perTool: list.tools.map((t) => ({ tool: t.name, ...size(t) })) };
}

async function callSize(client: Client, s: Scenario, state: State): Promise<AnswerSize> {
  const res = (await client.callTool({ name: s.tool, arguments: s.args(state) })) as CallToolResult;
  if (res.isError) throw new Error(`${s.tool} (${s.name}) failed: ${JSON.stringify(res.content)}`);
  const sc = res.structuredContent as { snapshotId?: unknown; panelA?: { snapshotId: string }; panelB?: { snapshotId: string } } | undefined;
  if (sc?.panelA && sc.panelB) state.sides = [sc.panelA.snapshotId, sc.panelB.snapshotId];
  else if (typeof sc?.snapshotId === 'string') state.snapshotId = sc.snapshotId;
  const text = res.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return { tool: s.tool, scenario: s.name, budget: s.budget, ...size(res), textTokens: countTokens(text) };
}
