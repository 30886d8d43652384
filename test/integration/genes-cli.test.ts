// `biointel genes refresh|status|resolve` through the built binary, against the fake HGNC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/binary.js';
import { fakeSourceUrls, tempDir } from '../support/context.js';
import { ownHgncDocs, routeFakeHgnc } from '../support/fake-hgnc.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
  routeFakeHgnc(fake, ownHgncDocs());
});
afterAll(() => fake.close());

function env(dataDir: string): Record<string, string> {
  const out: Record<string, string> = { BIOINTEL_DATA_DIR: dataDir, BIOINTEL_LOG_LEVEL: 'warn' };
  for (const [id, url] of Object.entries(fakeSourceUrls(fake.url))) out[`BIOINTEL_SOURCE_${id.toUpperCase()}_URL`] = url;
  return out;
}

describe('biointel genes', () => {
  it('refresh downloads the complete set once; status shows its record; resolve answers from it with no request', async () => {
    const dataDir = tempDir();
    const before = await runCli(['genes', 'status', '--json'], env(dataDir));
    expect(before.code).toBe(1);
    expect(JSON.parse(before.stdout)).toMatchObject({ present: false, stale: true });

    const refresh = await runCli(['genes', 'refresh', '--json'], env(dataDir));
    expect(refresh.code, refresh.stderr).toBe(0);
    const s = JSON.parse(refresh.stdout) as { refreshed: boolean; sidecar: { url: string; sha256: string; genes: number } };
    expect(s.refreshed).toBe(true);
    expect(s.sidecar).toMatchObject({ url: `${fake.url}/hgnc_files/tsv/tsv/hgnc_complete_set.txt`, genes: ownHgncDocs().filter((d) => d.status === 'Approved').length });
    expect(s.sidecar.sha256).toMatch(/^[0-9a-f]{64}$/);

    const status = await runCli(['genes', 'status'], env(dataDir));
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(s.sidecar.sha256);

    const sent = fake.requests.length;
    const resolve = await runCli(['genes', 'resolve', 'HER2,p53', 'ERK', 'NGL'], env(dataDir));
    expect(resolve.code, resolve.stderr).toBe(0);
    expect(resolve.stdout).toMatch(/HER2\s+ERBB2\s+alias/);
    expect(resolve.stdout).toMatch(/p53\s+TP53\s+alias/);
    expect(resolve.stdout).toMatch(/ERK\s+-\s+ambiguous\s+one of MAPK1, MAPK3/);
    expect(resolve.stdout).toMatch(/NGL\s+ERBB2\s+previous/);
    expect(resolve.stdout).toContain("with HGNC's complete set on disk");
    expect(fake.requests.length).toBe(sent);
  });
});
