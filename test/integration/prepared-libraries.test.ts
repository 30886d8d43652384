// Prepared gene-set libraries on disk: a library parsed and indexed once is written beside its GMT
// file and read back by later runs, only while it matches the file's sha256; the answers are the
// same either way.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { enrichMany } from '../../src/analysis/enrichment.js';
import { prepareLibrary } from '../../src/analysis/enrichment-library.js';
import { createEnrichmentWorkspace } from '../../src/analysis/enrichment-workspace.js';
import { parseGmt } from '../../src/analysis/gmt.js';
import { decodeLibrary, encodeLibrary, readHeader } from '../../src/analysis/prepared-library-codec.js';
import { sha256 } from '../../src/genesets/library-files.js';
import { preparedPath } from '../../src/genesets/prepared-index.js';
import { testContext, tempDir } from '../support/context.js';
import { describeShared, sharedPath } from '../support/shared.js';

const contexts: AppContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});
async function context(dataDir: string): Promise<AppContext> {
  const ctx = await testContext({ dataDir }, undefined);
  contexts.push(ctx);
  return ctx;
}

const PANEL = ['CDK1', 'CCNB1', 'BUB1', 'MCM2', 'E2F1', 'PCNA', 'TOP2A', 'AURKA', 'PLK1', 'MKI67', 'NOTAGENE'];

describeShared('prepared libraries', () => {
  it('encode and decode give a library that answers exactly as the one prepared from the GMT file', () => {
    for (const file of ['msigdb_hallmark_v7.0_symbols.gmt', 'reactome_ReactomePathways_human_2021_names-hyphenated.gmt']) {
      const bytes = readFileSync(sharedPath('genesets', file));
      const direct = prepareLibrary(parseGmt(bytes.toString('utf8')), { name: file }, {}, createEnrichmentWorkspace());
      const encoded = encodeLibrary(direct, sha256(bytes), ['a note'])!;
      expect(readHeader(encoded)).toMatchObject({ sourceSha256: sha256(bytes), minSize: 5, maxSize: 2000, warnings: ['a note'], N: direct.N });
      const decoded = decodeLibrary(encoded, createEnrichmentWorkspace())!;
      expect(enrichMany(PANEL, [decoded], { rows: 'all' })).toEqual(enrichMany(PANEL, [direct], { rows: 'all' }));
      // Read and freshly prepared libraries share one workspace in a context: answers do not change.
      const ws = createEnrichmentWorkspace();
      const other = prepareLibrary(parseGmt(readFileSync(sharedPath('genesets', 'GO_CC_orgHs_3.16.gmt'), 'utf8')), { name: 'cc' }, {}, ws);
      const mixed = enrichMany(PANEL, [decodeLibrary(encoded, ws)!, other], { rows: 'all' });
      expect(mixed[0]).toEqual(enrichMany(PANEL, [direct], { rows: 'all' })[0]);
      expect(mixed[1]).toEqual(enrichMany(PANEL, [prepareLibrary(parseGmt(readFileSync(sharedPath('genesets', 'GO_CC_orgHs_3.16.gmt'), 'utf8')), { name: 'cc' })], { rows: 'all' })[0]);
      // A cut-short index is refused, never half-read.
      expect(decodeLibrary(encoded.subarray(0, encoded.length - 10), createEnrichmentWorkspace())).toBeUndefined();
    }
  });

  it('a GMT file is parsed once; later runs read its index; a changed file is parsed again and re-indexed', async () => {
    const dataDir = tempDir();
    const gmtDir = tempDir();
    const file = path.join(gmtDir, 'hallmark.gmt');
    writeFileSync(file, readFileSync(sharedPath('genesets', 'msigdb_hallmark_v7.0_symbols.gmt')));
    // A user's file: its index goes to the data directory, never into the user's folder.
    {
      const first = (await (await context(dataDir)).genesets.load({ files: [file] })).libraries[0]!;
      expect(first.preparedFrom).toBe('gmt');
      const indexFile = preparedPath(path.join(dataDir, 'genesets'), file, first.sha256);
      expect(indexFile.startsWith(path.join(dataDir, 'genesets', 'prepared'))).toBe(true);
      expect(existsSync(indexFile)).toBe(true);

      const again = (await (await context(dataDir)).genesets.load({ files: [file] })).libraries[0]!;
      expect(again.preparedFrom).toBe('index');
      expect(enrichMany(PANEL, [again.library], { rows: 'all' })).toEqual(enrichMany(PANEL, [first.library], { rows: 'all' }));
      expect(readdirSync(gmtDir)).toEqual(['hallmark.gmt']);
    }

    // The same file name with other content: the old index does not match its sha256.
    writeFileSync(file, 'ONLY_SET\t\tCDK1\tCCNB1\tBUB1\tMCM2\tE2F1\tPCNA\n');
    const changed = (await (await context(dataDir)).genesets.load({ files: [file] })).libraries[0]!;
    expect(changed.preparedFrom).toBe('gmt');
    expect(changed.library.setCount).toBe(1);
    expect((await (await context(dataDir)).genesets.load({ files: [file] })).libraries[0]!.preparedFrom).toBe('index');
  });

  it('a damaged index is ignored and replaced', async () => {
    const dataDir = tempDir();
    const dir = path.join(dataDir, 'genesets');
    mkdirSync(dir, { recursive: true });
    const file = path.join(tempDir(), 'sets.gmt');
    writeFileSync(file, readFileSync(sharedPath('genesets', 'msigdb_hallmark_v7.0_symbols.gmt')));
    const first = (await (await context(dataDir)).genesets.load({ files: [file] })).libraries[0]!;
    const indexFile = preparedPath(dir, file, first.sha256);
    writeFileSync(indexFile, readFileSync(indexFile).subarray(0, 1000));
    const second = (await (await context(dataDir)).genesets.load({ files: [file] })).libraries[0]!;
    expect(second.preparedFrom).toBe('gmt');
    expect(second.library.setCount).toBe(first.library.setCount);
    expect((await (await context(dataDir)).genesets.load({ files: [file] })).libraries[0]!.preparedFrom).toBe('index');
  });
});

describe('prepared-index placement', () => {
  it('beside a downloaded library, in prepared/ for any other file', () => {
    expect(preparedPath('/d/genesets', '/d/genesets/Reactome_2022.gmt', 'ab'.repeat(32))).toBe('/d/genesets/Reactome_2022.index');
    expect(preparedPath('/d/genesets', '/home/me/sets.gmt', 'ab'.repeat(32))).toBe(`/d/genesets/prepared/sets.gmt.${'ab'.repeat(8)}.index`);
  });
});
