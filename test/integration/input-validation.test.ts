// Bad input gets a clear error naming the field, from the one place that writes errors for the
// model (src/server/tool-errors.ts), before any source is asked: unknown (misspelled) arguments,
// gene symbols outside the characters HGNC uses, free text that is not well-formed Unicode or holds
// control characters. And every tool sets all four MCP annotations deliberately.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { geneSymbol } from '../../src/tools/shared/schemas.js';
import { tools } from '../../src/tools/index.js';
import { testContext } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { connectInMemory } from '../support/mcp-client.js';

let fake: FakeUpstream;
let client: Client;
beforeAll(async () => {
  fake = await startFakeUpstream();
  client = await connectInMemory(await testContext({}, fake.url));
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function error(name: string, args: Record<string, unknown>): Promise<string> {
  const res = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(res.isError, JSON.stringify(res.content)).toBe(true);
  return (res.content[0] as { text: string }).text;
}

describe('unknown arguments', () => {
  it('rejects a misspelled argument, naming it and the nearest valid name', async () => {
    const text = await error('svc_generate_insights', { genes: ['EGFR'], diseaseContext: 'breast cancer', includeDrug: false });
    expect(text).toContain('Error (invalid_input): includeDrug: unknown argument; did you mean "includeDrugs"?');
    expect(text).toContain('Valid arguments: genes, diseaseContext, audience, includeDrugs.');
    expect(fake.requests).toHaveLength(0);
  });

  it('rejects unknown arguments on every tool of the registry', async () => {
    for (const t of tools) expect(await error(t.name, { bogusArgument: 1 }), t.name).toContain('bogusArgument: unknown argument');
  });

  it('still names the field and the limit for other problems', async () => {
    expect(await error('svc_get_snapshot', { snapshotId: 'snap_1', limit: 0 })).toMatch(/snapshotId: a snapshot id is[\s\S]*limit: /);
    expect(await error('svc_get_snapshot', { snapshotId: 'snap_1', offset: '2' })).toContain('offset: offset must be a whole number from 0 to 1000000');
  });
});

describe('gene symbols and free text', () => {
  const BAD_SYMBOLS = ['<SCRIPT>', 'EGF\u0000R', 'EGFR\r\nX-Injected: 1', '\uD800', 'BRAF\uDC00', 'EGFR;DROP', 'ERBB 2', 'ΤP53'];

  it('accepts the characters HGNC symbols, previous symbols and aliases use', () => {
    for (const s of ['TP53', 'tp53', 'HLA-A', 'C1orf112', 'MT-ND1', 'IGH@', 'H2AC18', 'KIAA0100', 'RNU6-1', 'HIST1H2BC', 'NKX2.1', 'TRA_V1']) expect(geneSymbol.safeParse(s).success, s).toBe(true);
  });

  it('rejects markup, NUL, CRLF, unpaired surrogates and other characters, naming the field, before any request', async () => {
    for (const bad of BAD_SYMBOLS) {
      expect(await error('svc_generate_insights', { genes: ['EGFR', bad], diseaseContext: 'breast cancer' }), JSON.stringify(bad)).toContain('genes.1: a gene symbol has only letters, digits and - . _ @');
      expect(await error('svc_get_target_brief', { gene: bad }), JSON.stringify(bad)).toContain('gene: a gene symbol has only');
      expect(await error('svc_search_snapshots', { gene: bad }), JSON.stringify(bad)).toContain('gene: a gene symbol has only');
      expect(await error('svc_verify_claim', { claim: 'EGFR drives breast cancer.', geneContext: [bad] }), JSON.stringify(bad)).toContain('geneContext.0: a gene symbol has only');
    }
    expect(fake.requests).toHaveLength(0); // the unpaired surrogate no longer reaches (and crashes) the HGNC client
  });

  it('rejects free text that is not well-formed Unicode or holds control characters', async () => {
    const genes = ['EGFR'];
    expect(await error('svc_generate_insights', { genes, diseaseContext: 'breast\uD800cancer' })).toContain('diseaseContext: the disease context is not well-formed Unicode');
    expect(await error('svc_generate_insights', { genes, diseaseContext: 'breast\u0000cancer' })).toContain('diseaseContext: the disease context holds a control character');
    expect(await error('svc_get_target_brief', { gene: 'EGFR', diseaseContext: 'lung\r\ncancer' })).toContain('diseaseContext: the disease context holds a control character (line breaks included)');
    expect(await error('svc_search_snapshots', { disease: 'breast\u001b[31m' })).toContain('disease: the disease filter holds a control character');
    expect(await error('svc_verify_claim', { claim: 'Metformin \uDFFF improves survival.' })).toContain('claim: the claim is not well-formed Unicode');
    expect(await error('svc_verify_claim', { claim: 'Metformin improves\u0007 survival.' })).toContain('claim: the claim holds a control character');
    expect(fake.requests).toHaveLength(0);
  });

  it('lets a claim span lines (several sentences are checked one by one)', async () => {
    const res = (await client.callTool({ name: 'svc_verify_claim', arguments: { claim: 'Metformin improves survival.\nIt is cheap.', pmids: ['1001'] } })) as CallToolResult;
    expect(JSON.stringify(res.content)).not.toContain('invalid_input');
  });
});

describe('annotations', () => {
  it('sets all four hints on every tool; a tool that only adds snapshots is not destructive', async () => {
    const listed = (await client.listTools()).tools;
    expect(listed.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
    for (const t of listed) {
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) expect(typeof t.annotations?.[hint], `${t.name}.${hint}`).toBe('boolean');
      if (t.annotations?.readOnlyHint) expect(t.annotations.destructiveHint, t.name).toBe(false);
    }
    expect(listed.find((t) => t.name === 'svc_generate_insights')?.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
  });
});
