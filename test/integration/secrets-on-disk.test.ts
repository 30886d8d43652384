// Secrets never reach disk. A canary NCBI key and e-mail are configured, the fake NCBI echoes the
// key the way the real one does in its 429 answer (../shared/fixtures/eutils/error-429-rate-limit-
// exceeded.json: {"error":"API rate limit exceeded","api-key":"...",...}) and in the good answers
// too; then every file the program wrote (data directory: SQLite cache and store; recordings) and
// everything it printed is searched for the canaries, byte for byte.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/binary.js';
import { fakeSourceUrls, tempDir } from '../support/context.js';
import { mountFakePubmed } from '../support/fake-pubmed.js';
import { startFakeUpstream, type FakeHandler, type FakeUpstream } from '../support/fake-upstream.js';

const KEY = 'canarykey0123456789abcdef0123456789';
const EMAIL = 'canary-mail@lab.example';

let fake: FakeUpstream;
const seen = { keyed: 0, throttled: 0 };

beforeAll(async () => {
  fake = await startFakeUpstream();
  // The fake PubMed's handlers, captured so that each answer can be wrapped.
  const handlers: { method: string; path: string | RegExp; handler: FakeHandler }[] = [];
  mountFakePubmed({ route: (method, p, handler) => void handlers.push({ method, path: p, handler: handler as FakeHandler }) } as FakeUpstream, [
    { pmid: '1001', title: 'Metformin and survival', abstract: 'Metformin improved survival of patients with diabetes.' },
  ]);
  const first = new Set<string>();
  for (const h of handlers) {
    fake.route(h.method, h.path, async (req) => {
      const key = req.query.get('api_key') ?? new URLSearchParams(req.body).get('api_key') ?? '';
      if (key === KEY) seen.keyed++;
      // Each endpoint is throttled once, echoing the key exactly as NCBI does.
      if (!first.has(req.path)) {
        first.add(req.path);
        seen.throttled++;
        return { status: 429, headers: { 'retry-after': '0' }, body: { error: 'API rate limit exceeded', 'api-key': key, count: '4', limit: '3' } };
      }
      const out = await h.handler(req);
      if (!out) return out;
      // The good answers echo it too (JSON: an extra field; XML: a comment), so stored bodies are tested.
      if (out.body && typeof out.body === 'object') return { ...out, body: { ...out.body, echo: `${key} ${EMAIL}` } };
      if (typeof out.body === 'string') return { ...out, body: out.body.replace('<PubmedArticleSet>', `<PubmedArticleSet><!-- ${key} ${EMAIL} -->`) };
      return out;
    });
  }
});
afterAll(() => fake.close());

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('secrets on disk', () => {
  it('no file the program writes, and nothing it prints, holds the NCBI key or e-mail', async () => {
    const dataDir = tempDir('biointel-canary-data-');
    const recordDir = tempDir('biointel-canary-rec-');
    const env: Record<string, string> = {
      BIOINTEL_DATA_DIR: dataDir,
      BIOINTEL_RECORD_DIR: recordDir,
      NCBI_API_KEY: KEY,
      BIOINTEL_NCBI_EMAIL: EMAIL,
      BIOINTEL_NLI: 'off',
      BIOINTEL_LOG_LEVEL: 'debug',
    };
    for (const [id, url] of Object.entries(fakeSourceUrls(fake.url))) env[`BIOINTEL_SOURCE_${id.toUpperCase()}_URL`] = url;
    const runs = [
      await runCli(['verify', 'Metformin improves survival in patients with diabetes.', '--pmids', '1001', '--json'], env),
      // Again: answered from the cache this time, which must not bring anything back either.
      await runCli(['verify', 'Metformin improves survival in patients with diabetes.', '--pmids', '1001', '--json'], env),
    ];
    // Exit 1: no NLI model here (BIOINTEL_NLI=off), so the claim is unjudged; the PMIDs were checked.
    for (const r of runs) expect(r.code, r.stderr).toBe(1);
    expect(JSON.parse(runs[0]!.stdout)).toMatchObject({ pmidsChecked: true, hallucinated: 0 });
    // The canary really was sent and echoed: otherwise this test would prove nothing.
    expect(seen.keyed).toBeGreaterThan(0);
    expect(seen.throttled).toBeGreaterThan(0);

    const written = [...filesUnder(dataDir), ...filesUnder(recordDir)];
    expect(written.some((f) => f.endsWith('.sqlite'))).toBe(true);
    expect(written.some((f) => f.startsWith(recordDir))).toBe(true);
    const leaks = written.filter((f) => {
      const bytes = readFileSync(f);
      return bytes.includes(KEY) || bytes.includes(EMAIL);
    });
    expect(leaks).toEqual([]);
    for (const r of runs) {
      expect(r.stdout + r.stderr).not.toContain(KEY);
      expect(r.stdout + r.stderr).not.toContain(EMAIL);
    }
  });
});
