// The MCP surface through the official SDK client over an in-memory transport.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define.js';
import { tools } from '../../src/tools/index.js';
import { BiointelError, UpstreamError } from '../../src/errors.js';
import { testContext } from '../support/context.js';
import { connectInMemory } from '../support/mcp-client.js';

describe('MCP over in-memory transport', () => {
  it('lists every registered tool with input and output schemas and annotations', async () => {
    const client = await connectInMemory(await testContext());
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
    for (const t of listed) {
      const def = tools.find((d) => d.name === t.name)!;
      expect(t.description).toBe(def.description);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.annotations).toMatchObject(def.annotations);
      // every input field is described for the model
      for (const [field, schema] of Object.entries(t.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${t.name}.${field}`).toBeTruthy();
      }
    }
    const verify = listed.find((t) => t.name === 'svc_verify_claim')!;
    expect(verify.inputSchema.required).toEqual(['claim']);
  });

  it('gives a tool error (not a crash) for bad arguments, naming the field', async () => {
    const client = await connectInMemory(await testContext());
    const res = (await client.callTool({ name: 'svc_verify_claim', arguments: { claim: 42 } })) as CallToolResult;
    expect(res.isError).toBe(true);
    expect(JSON.stringify(res.content)).toContain('claim');
  });

  it('answers an unknown tool with a JSON-RPC error (-32602) listing the tools', async () => {
    const client = await connectInMemory(await testContext());
    const err = await client.callTool({ name: 'svc_nope', arguments: {} }).then(
      () => undefined,
      (e: unknown) => e as { code?: number; message?: string },
    );
    expect(err?.code).toBe(-32602);
    expect(err?.message).toContain('Unknown tool: svc_nope');
    expect(err?.message).toContain('svc_verify_claim');
  });

  const echo = defineTool({
    name: 'test_echo',
    title: 'Echo',
    description: 'echo for tests',
    input: z.object({ text: z.string().describe('text'), fail: z.enum(['upstream', 'bug']).optional().describe('fail mode') }),
    output: z.object({ text: z.string(), tier: z.string() }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  summarize: (r) => r.text,
    async handler(input, call) {
      if (input.fail === 'upstream') throw new UpstreamError({ source: 'uniprot', failure: 'http', status: 503, message: 'request failed', upstreamMessage: 'maintenance' });
      if (input.fail === 'bug') throw new TypeError('x is undefined');
      for (let i = 1; i <= 3; i++) call.progress.report(i, 3, `step ${i}`);
      return { text: input.text, tier: call.tier };
    },
  });

  it("returns structuredContent and the tool's text summary (not a copy of the JSON), with the caller tier", async () => {
    const client = await connectInMemory(await testContext(), { tools: [echo], tier: 'free' });
    const res = (await client.callTool({ name: 'test_echo', arguments: { text: 'hi' } })) as CallToolResult;
    expect(res.structuredContent).toEqual({ text: 'hi', tier: 'free' });
    expect(res.content).toEqual([{ type: 'text', text: 'hi' }]);
  });

  it('sends progress notifications when the client gives a progressToken', async () => {
    const client = await connectInMemory(await testContext(), { tools: [echo] });
    const seen: number[] = [];
    await client.callTool({ name: 'test_echo', arguments: { text: 'x' } }, undefined, { onprogress: (p) => seen.push(p.progress) });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('turns typed errors into tool results that say what failed and what to try next', async () => {
    const client = await connectInMemory(await testContext(), { tools: [echo] });
    const up = (await client.callTool({ name: 'test_echo', arguments: { text: 'x', fail: 'upstream' } })) as CallToolResult;
    const text = (up.content[0] as { text: string }).text;
    expect(up.isError).toBe(true);
    expect(text).toContain('Error (upstream): uniprot (HTTP 503): request failed: maintenance');
    expect(text).toContain('Next:');
    const bug = (await client.callTool({ name: 'test_echo', arguments: { text: 'x', fail: 'bug' } })) as CallToolResult;
    expect((bug.content[0] as { text: string }).text).toContain('internal error: x is undefined');
    expect(new BiointelError('internal', 'm').code).toBe('internal');
  });
});
