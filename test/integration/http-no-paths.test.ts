// Remote callers never see where the server keeps its files: not in /api/nli/status (a local
// model folder, the model cache, a load error quoting a file), not in tool errors, not in
// /readyz. The local operator (stdio, terminal) still sees paths: they help fix the problem.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hidePaths } from '../../src/server/public-text.js';
import { defineTool } from '../../src/tools/define.js';
import { tempDir } from '../support/context.js';
import { connectInMemory } from '../support/mcp-client.js';
import { postJson, startTestServer, testTools, type TestServer } from './http-support.js';

const dataDir = tempDir('biointel-paths-');
const failTool = defineTool({
  name: 'test_fail_with_path',
  title: 'Fail (test)',
  description: 'Throws an error quoting server files, as a file-system failure would.',
  input: z.object({}),
  output: z.object({}),
  summarize: (a) => JSON.stringify(a),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  quota: 'none',
  async handler() {
    throw new Error(`ENOENT: no such file or directory, open '${dataDir}/genesets/Reactome_2022.gmt' (also /srv/biointel/cache.sqlite)`);
  },
});

let srv: TestServer;
beforeAll(async () => {
  // NLI on, with a model "folder" that does not exist: status reports it, with a load error.
  srv = await startTestServer({ tools: [...testTools, failTool] }, { dataDir, nli: 'auto', nliModel: '/srv/models/private-nli-model' });
});
afterAll(() => srv.close());

describe('over HTTP', () => {
  it('GET /api/nli/status names no server path', async () => {
    const res = await fetch(`${srv.url}/api/nli/status`);
    const text = await res.text();
    const status = JSON.parse(text) as Record<string, unknown>;
    expect(status).not.toHaveProperty('cacheDir');
    expect(status.state).toBe('not_downloaded');
    expect(status.model).toBe('<server path>');
    expect(text).not.toContain(dataDir);
    expect(text).not.toContain('/srv/');
  });

  it('tool errors name no server path', async () => {
    const res = (await (await postJson(`${srv.url}/mcp`, { method: 'tools/call', params: { name: 'test_fail_with_path', arguments: {} } })).json()) as { result: { isError: boolean; content: { text: string }[] } };
    const text = res.result.content[0]?.text ?? '';
    expect(res.result.isError).toBe(true);
    expect(text).toBe("Error (internal): internal error: ENOENT: no such file or directory, open '<server path>' (also <server path>)\nNext: This is a bug in biointel; please report it with the arguments you used.");
  });
});

describe('for the local operator', () => {
  it('keeps the path in the error (it helps fixing it)', async () => {
    const client = await connectInMemory(srv.ctx, { tools: [...testTools, failTool] });
    const res = (await client.callTool({ name: 'test_fail_with_path', arguments: {} })) as { content: { text: string }[] };
    expect(res.content[0]?.text).toContain(`${dataDir}/genesets/Reactome_2022.gmt`);
    await client.close();
  });
});

describe('hidePaths', () => {
  it('hides file paths and keeps URLs and URL paths', () => {
    expect(hidePaths('see https://example.org/home/x, GET /api/keys/usage and POST /mcp')).toBe('see https://example.org/home/x, GET /api/keys/usage and POST /mcp');
    expect(hidePaths("open '/var/lib/biointel/x.sqlite'")).toBe("open '<server path>'");
    expect(hidePaths('file:///root/model/x.onnx failed')).toBe('<server path> failed');
    expect(hidePaths('C:\\Users\\me\\data and ~/models/x')).toBe('<server path> and <server path>');
    expect(hidePaths('under /opt/custom/dir', ['/opt/custom'])).toBe('under <server path>');
  });
});
