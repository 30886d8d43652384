// `biointel enrich` on a GMT whose sets are all smaller than the sizes tested (5 to 2,000 genes):
// nothing was tested, which once printed "0 of 1 sets tested; ... No set with q <= 0.05" as if the
// panel had been tested and found nothing.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';

describe('biointel enrich: a library with no set of the sizes tested', () => {
  it('says "Not tested" and why, never "No set with q <= 0.05"', async () => {
    const gmt = path.join(tempDir(), 'mine.gmt');
    writeFileSync(gmt, 'DNA repair core\t\tBRCA1\tBRCA2\tATM\n');
    const r = await runCli(['enrich', '--genes', 'BRCA1,BRCA2,ATM', '--gene-sets', gmt], { BIOINTEL_LOG_LEVEL: 'silent', BIOINTEL_DATA_DIR: tempDir() });
    expect(r.code, r.stderr).toBe(1); // nothing tested: no finding either way
    expect(r.stdout).toContain('0 of 1 sets tested');
    expect(r.stdout).toContain('Not tested (no set has 5 to 2,000 genes (the sizes tested)): this library says nothing about enrichment of this panel.');
    expect(r.stdout).not.toContain('No set with q <= 0.05');
  });
});
