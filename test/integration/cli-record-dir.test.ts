// `--record-dir` (and BIOINTEL_RECORD_DIR) checked up front, as `--data-dir` is: a file in the way is
// a usage error naming the flag, before anything is asked upstream, never every source "failed".
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCliEnv, runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describe('biointel --record-dir', () => {
  it('a file in the way is a usage error (exit 2) naming the flag, and nothing is sent', async () => {
    const file = path.join(tempDir(), 'afile');
    writeFileSync(file, 'x');
    const args = ['repurpose', '--genes', 'EGFR,ERBB2', '--disease', 'breast cancer', '--json'];
    const byFlag = await runCli([...args, '--record-dir', file], fakeCliEnv(fake.url));
    expect(byFlag.code, byFlag.stderr).toBe(2);
    expect(byFlag.stderr).toContain('--record-dir');
    expect(byFlag.stderr).toContain('a file is in the way');
    expect(byFlag.stdout).toBe('');
    const byEnv = await runCli(args, { ...fakeCliEnv(fake.url), BIOINTEL_RECORD_DIR: file });
    expect(byEnv.code, byEnv.stderr).toBe(2);
    expect(byEnv.stderr).toContain('BIOINTEL_RECORD_DIR');
    expect(fake.requests).toHaveLength(0);
  });
});
