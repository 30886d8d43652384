// Names that become file names (Enrichr libraries in the cache) or labels (user GMT files).
import { describe, expect, it } from 'vitest';
import { fileLibraryName } from '../../src/genesets/service.js';
import { checkGmtBody, isEnrichrLibraryName } from '../../src/sources/enrichr.js';

describe('gene-set library names', () => {
  it('accepts real Enrichr names and refuses anything path-like', () => {
    for (const ok of ['Reactome_2022', 'GO_Biological_Process_2023', 'COVID-19_Related_Gene_Sets', 'ENCODE_TF_ChIP-seq_2015', 'Enrichr_Submissions_TF-Gene_Coocurrence']) {
      expect(isEnrichrLibraryName(ok)).toBe(true);
    }
    for (const bad of ['', '..', '../x', 'a/b', 'a\\b', '.hidden', 'x..y', 'name with space', 'a'.repeat(129)]) {
      expect(isEnrichrLibraryName(bad)).toBe(false);
    }
  });

  it('names a user file after its file name without the extension', () => {
    expect(fileLibraryName('/data/sets/my_pathways.gmt')).toBe('my_pathways');
    expect(fileLibraryName('h.all.v7.0.symbols.gmt')).toBe('h.all.v7.0.symbols');
    expect(fileLibraryName('/x/.hidden')).toBe('.hidden');
    expect(fileLibraryName('/x/noext')).toBe('noext');
  });

  it('accepts a GMT body whose description column is empty, and rejects text without gene columns', () => {
    expect(() => checkGmtBody('L', 'term (GO:0000001)\t\tTP53\tATM\n')).not.toThrow();
    expect(() => checkGmtBody('L', 'just a message\n')).toThrow(/library L: response is not GMT text/);
    expect(() => checkGmtBody('L', 'name\tdescription only\n')).toThrow(/not GMT/);
  });
});
