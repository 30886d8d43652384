// What the Enrichr client takes as a library download: whole GMT only. The real library files
// (../shared/genesets, one saved from Enrichr) pass; an error text in GMT-like columns and a body
// cut mid-line do not.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkGmtBody } from '../../src/sources/enrichr.js';
import { describeShared, sharedPath } from '../support/shared.js';

describe('checkGmtBody', () => {
  it('takes whole GMT: LF or CRLF, trailing tabs, Enrichr weights, a set without genes among sets', () => {
    expect(() => checkGmtBody('L', 'a (GO:0000001)\t\tTP53\tATM\t\nb\t\tBRCA1\n')).not.toThrow();
    expect(() => checkGmtBody('L', 'a\t\tTP53\tATM\r\nb\t\tBRCA1\r\n')).not.toThrow();
    expect(() => checkGmtBody('L', 'a\t\tTP53,1.0\tATM,0.5\n')).not.toThrow();
    expect(() => checkGmtBody('L', 'a\t\tTP53\nempty set\t\t\n\n')).not.toThrow();
  });

  it('refuses an error text in three tab-separated fields (once one set holding the gene "please retry later")', () => {
    expect(() => checkGmtBody('KEGG_2021_Human', 'error\tService temporarily unavailable\tplease retry later\n', 'text/plain')).toThrow(
      /library KEGG_2021_Human: response is not GMT text \(line 1 holds text with spaces where gene symbols belong\): .*please retry later/,
    );
    expect(() => checkGmtBody('L', 'a\t\tTP53\tATM\nnote\t\tsee the log for details\n')).toThrow(/line 2 holds text with spaces/);
  });

  it('takes a library whose last line has no line break (no raw Enrichr answer shows it always has one)', () => {
    expect(() => checkGmtBody('L', 'a\t\tTP53\tATM\nb\t\tBRCA1\tBRCA2')).not.toThrow();
  });

  it('still reads a one-line message without a line break as "not GMT", not as a cut library', () => {
    expect(() => checkGmtBody('L', '{"error":"Invalid library name"}')).toThrow(/response is not GMT text \(no tab-separated gene set found\)/);
  });
});

describeShared('checkGmtBody on the real library files', () => {
  it.each([
    'enrichr_GO_Biological_Process_2021.gmt',
    'msigdb_hallmark_v7.0_symbols.gmt',
    'msigdb_c2_cp_reactome_v6.0_symbols.gmt',
    'reactome_ReactomePathways_human_2021_names-hyphenated.gmt',
    'GO_BP_orgHs_3.16.gmt',
  ])('takes %s', (file) => {
    expect(() => checkGmtBody('L', readFileSync(sharedPath('genesets', file), 'utf8'))).not.toThrow();
  });
});
