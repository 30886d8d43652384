// Issue 8, "getting the model is one step a user cannot miss": the built binary, started as a
// stdio or HTTP server without the model, downloads it in the background from the hub (here a
// fake one serving the generated tiny model); tool calls never wait for it; stderr and the status
// endpoint show it; BIOINTEL_NLI_AUTO_DOWNLOAD=0 turns it off.
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressBar } from '../../src/cli/download-progress.js';
import { BIN, runCli } from '../support/binary.js';
import { fakeSourceUrls, tempDir } from '../support/context.js';
import { HUB_MODEL, startFakeHub, type FakeHub } from '../support/fake-hub.js';
import { mountFakePubmed } from '../support/fake-pubmed.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';

let fake: FakeUpstream;
let hub: FakeHub;
beforeAll(async () => {
  fake = await startFakeUpstream();
  mountFakePubmed(fake, [{ pmid: '1001', title: 'Metformin and survival', abstract: 'Metformin improved survival of patients with diabetes.' }]);
  hub = await startFakeHub();
});
afterAll(async () => {
  await fake.close();
  await hub.close();
});

function env(autoDownload: '0' | '1'): Record<string, string> {
  const out: Record<string, string> = {
    ...(process.env as Record<string, string>),
    BIOINTEL_DATA_DIR: tempDir(),
    BIOINTEL_NLI: 'auto',
    BIOINTEL_NLI_MODEL: HUB_MODEL,
    BIOINTEL_NLI_REMOTE_HOST: hub.url,
    BIOINTEL_NLI_AUTO_DOWNLOAD: autoDownload,
    BIOINTEL_LOG_LEVEL: 'warn',
  };
  for (const [id, url] of Object.entries(fakeSourceUrls(fake.url))) out[`BIOINTEL_SOURCE_${id.toUpperCase()}_URL`] = url;
  return out;
}

/** Collects a stream's text and resolves when it matches. */
function watch(stream: { on(event: 'data', fn: (d: Buffer) => void): unknown }) {
  let text = '';
  const waiters: { re: RegExp; resolve: (m: string) => void }[] = [];
  stream.on('data', (d: Buffer) => {
    text += d.toString();
    for (const w of [...waiters]) {
      const m = w.re.exec(text);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m[0]);
      }
    }
  });
  return {
    text: () => text,
    until: (re: RegExp) => new Promise<string>((resolve) => (re.test(text) ? resolve(re.exec(text)![0]) : waiters.push({ re, resolve }))),
  };
}

interface Verdict {
  nliEnabled: boolean;
  evidenceStatus: string;
  entailmentMethod: string;
  warnings: string[];
}

const CALL = { name: 'svc_verify_claim', arguments: { claim: 'Metformin improves survival of patients with diabetes.', pmids: ['1001'] } };

describe('NLI model download at server start', () => {
  it('stdio: downloads in the background; a call meanwhile is answered unjudged; afterwards it is judged', async () => {
    const gate = hub.hold();
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], env: env('1'), stderr: 'pipe' });
    const stderr = watch(transport.stderr!);
    const client = new Client({ name: 'auto-download-test', version: '0.0.0' });
    try {
      await client.connect(transport);
      await gate.arrived; // the weights are being fetched, and held back
      const during = (await client.callTool(CALL)).structuredContent as unknown as Verdict;
      expect(during).toMatchObject({ nliEnabled: false, evidenceStatus: 'unjudged', entailmentMethod: 'none' });
      expect(during.warnings.join(' ')).toMatch(/fixture\/tiny-nli \(q8\) is still downloading/);
      expect(stderr.text()).toContain(`the NLI model ${HUB_MODEL} is not downloaded; downloading it in the background from ${hub.url}`);
      gate.release();
      await stderr.until(/model fixture\/tiny-nli downloaded and loaded/);
      const after = (await client.callTool(CALL)).structuredContent as unknown as Verdict;
      expect(after).toMatchObject({ nliEnabled: true, entailmentMethod: `nli:${HUB_MODEL}@q8`, evidenceStatus: 'grounded' });
    } finally {
      gate.release();
      await client.close();
    }
  });

  it('HTTP: GET /api/nli/status says downloading with the bytes so far, then ready', async () => {
    const gate = hub.hold();
    const child = spawn(process.execPath, [BIN, 'serve', '--http', '--port', '0'], { env: env('1') });
    const stderr = watch(child.stderr);
    try {
      const url = (await stderr.until(/listening on http:\/\/[^\s/]+/)).replace('listening on ', '');
      await gate.arrived;
      const during = (await (await fetch(`${url}/api/nli/status`)).json()) as { state: string; download?: { loadedBytes: number; file: string } };
      expect(during.state).toBe('downloading');
      expect(during.download?.loadedBytes).toBeGreaterThan(0); // config and tokenizer files are in
      gate.release();
      await stderr.until(/downloaded and loaded/);
      const after = (await (await fetch(`${url}/api/nli/status`)).json()) as { state: string; download?: unknown };
      expect(after).toMatchObject({ state: 'ready', entailmentMethod: `nli:${HUB_MODEL}@q8` });
      expect(after.download).toBeUndefined();
    } finally {
      gate.release();
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    }
  });

  it('BIOINTEL_NLI_AUTO_DOWNLOAD=0: nothing is downloaded; answers are unjudged and say how to get the model', async () => {
    const before = hub.requests.length;
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], env: env('0'), stderr: 'pipe' });
    const stderr = watch(transport.stderr!);
    const client = new Client({ name: 'auto-download-off', version: '0.0.0' });
    await client.connect(transport);
    const r = (await client.callTool(CALL)).structuredContent as unknown as Verdict;
    await client.close();
    expect(r).toMatchObject({ nliEnabled: false, evidenceStatus: 'unjudged' });
    expect(r.warnings.join(' ')).toContain('is not downloaded. Run `biointel nli download`');
    expect(stderr.text()).not.toContain('in the background');
    expect(hub.requests.length).toBe(before);
  });
});

describe('biointel nli status|download', () => {
  it('nli status in another process sees a server downloading, with its progress', async () => {
    const gate = hub.hold();
    const serverEnv = env('1');
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], env: serverEnv, stderr: 'pipe' });
    const client = new Client({ name: 'downloading-server', version: '0.0.0' });
    try {
      await client.connect(transport);
      await gate.arrived;
      const r = await runCli(['nli', 'status', '--json'], { ...serverEnv, BIOINTEL_NLI_AUTO_DOWNLOAD: '0' });
      expect(r.code).toBe(1); // not ready yet
      const s = JSON.parse(r.stdout) as { state: string; download?: { loadedBytes: number } };
      expect(s.state).toBe('downloading');
      expect(s.download?.loadedBytes).toBeGreaterThan(0);
      const text = await runCli(['nli', 'status'], { ...serverEnv, BIOINTEL_NLI_AUTO_DOWNLOAD: '0' });
      expect(text.stdout).toMatch(/Downloading fixture\/tiny-nli: .*MB/);
      expect(text.stdout).toContain('Claims are answered "unjudged" until it is ready.');
    } finally {
      gate.release();
      await client.close();
    }
  });

  it('nli download fetches the model (progress on stderr, one line per file when not a terminal)', async () => {
    const r = await runCli(['nli', 'download'], env('0'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`NLI model ready: ${HUB_MODEL} (q8)`);
    expect(r.stderr).toContain('downloading onnx/model_quantized.onnx 100%');
  });

  it('offline: says the model host could not be reached and how to install from a folder', async () => {
    const r = await runCli(['nli', 'download'], { ...env('0'), BIOINTEL_NLI_REMOTE_HOST: 'http://127.0.0.1:9/' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('NLI model not ready: could not reach the model host http://127.0.0.1:9/');
    expect(r.stdout).toContain('set BIOINTEL_NLI_MODEL=/path/to/the/folder');
  });

  it('draws the progress bar a terminal shows', () => {
    expect(progressBar(21_800_000, 87_200_000, 8)).toBe('[##------]  25%  21.8/87.2 MB');
    expect(progressBar(87_200_000, 87_200_000, 4)).toBe('[####] 100%  87.2/87.2 MB');
    expect(progressBar(1_500_000, undefined)).toBe('1.5 MB');
  });
});
